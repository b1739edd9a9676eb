import { integerQuery } from './validator';
/** Billing queries and the file's billing overrides (spec §7 "Staff, users and billing"). */
const month = { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' } as const;
const objectId = { type: 'string', pattern: '^[0-9a-f]{24}$' } as const;
const booleanText = { type: 'string', enum: ['true', 'false'] } as const;

export const BILLING_SORT_FIELDS = ['date', 'actor', 'total', 'custom', 'confirmed'] as const;
export type BillingSortField = (typeof BILLING_SORT_FIELDS)[number];

/** GET /billing: query parameters arrive as text. */
export const billingListQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    skipZero: booleanText,
    from: month,
    to: month,
    page: integerQuery(0, 999999),
    pageSize: { type: 'string', enum: ['100', '200'] },
    sortBy: { type: 'string', enum: BILLING_SORT_FIELDS },
    sortDirection: { type: 'string', enum: ['asc', 'desc'] },
    filter: { type: 'string', maxLength: 200 },
    id: objectId,
  },
} as const;
export type BillingListQuery = {
  skipZero?: 'true' | 'false';
  from?: string;
  to?: string;
  page?: string;
  pageSize?: '100' | '200';
  sortBy?: BillingSortField;
  sortDirection?: 'asc' | 'desc';
  filter?: string;
  id?: string;
};

/** GET /reports/billing: the list's filters plus the kind of spreadsheet. */
export const billingReportQuerySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['type'],
  properties: {
    ...billingListQuerySchema.properties,
    type: { type: 'string', enum: ['simple', 'detailed'] },
  },
} as const;
export type BillingReportQuery = BillingListQuery & { type: 'simple' | 'detailed' };

/** GET /user/billing/history?from&to (months YYYY-MM). */
export const billingHistoryQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { from: month, to: month },
} as const;
export type BillingHistoryQuery = { from?: string; to?: string };

const rewardCategories = [
  'lead',
  'sale',
  'dispatcher',
  'reloc',
  'alsender',
  'allRolesBonus',
  'visits',
] as const;
const overrideValue = { type: ['number', 'null'], minimum: 0 } as const;
const stepOverrides = {
  type: 'object',
  additionalProperties: false,
  properties: Object.fromEntries(rewardCategories.map((c) => [c, overrideValue])),
} as const;

/** PUT /lease/{id}/billing (super admin): per step, per category, euros ≥ 0 or null. */
export const billingOverridesSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['sentToAL', 'paid'],
  properties: { sentToAL: stepOverrides, paid: stepOverrides },
} as const;
export type BillingOverridesBody = {
  sentToAL: Partial<Record<(typeof rewardCategories)[number], number | null>>;
  paid: Partial<Record<(typeof rewardCategories)[number], number | null>>;
};
