import { DASHBOARD_STATUSES } from '@reloc/domain';

/** A day ('2026-01-31') or an instant (ISO 8601); the range rules are the domain's. */
const date = {
  type: 'string',
  maxLength: 40,
  anyOf: [{ format: 'date' }, { format: 'date-time' }],
} as const;

/** POST /reports/dashboard (spec §7 "Dashboard and reports"). */
export const dashboardReportSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    startDate: date,
    endDate: date,
    as: { type: 'string', pattern: '^[A-Z]{3}$' },
    focus: {
      type: 'object',
      additionalProperties: false,
      required: ['month', 'status'],
      properties: {
        month: { type: 'string', pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$' },
        status: { type: 'string', enum: [...DASHBOARD_STATUSES] },
      },
    },
  },
} as const;
export type DashboardReportBody = {
  startDate?: string;
  endDate?: string;
  as?: string;
  focus?: { month: string; status: (typeof DASHBOARD_STATUSES)[number] };
};
