import type {
  B2cBucket,
  DashboardStatus,
  FocusBucket,
  ProportionBucket,
  StatBucket,
} from '@reloc/domain';

/** POST /v1/reports/dashboard body (spec §7 "Dashboard and reports"). */
export type DashboardQuery = {
  startDate?: string;
  endDate?: string;
  as?: string;
  focus?: { month: string; status: DashboardStatus };
};

/** Its answer: buckets keyed by `_id` with a count, and the scope the server applied. */
export type DashboardReport = {
  range: { startDate: string; endDate: string };
  months: string[];
  viewed: { trigram: string | null; isAdmin: boolean } | null;
  statuses: DashboardStatus[];
  stats: StatBucket[];
  proportions: ProportionBucket[];
  focusStats: FocusBucket[];
  b2c: { seen: B2cBucket[]; saved: B2cBucket[] } | null;
};
