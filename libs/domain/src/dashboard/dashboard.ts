import { Role, isAdmin } from '../auth/roles';
import { API_MESSAGES } from '../auth/login';
import { DomainError } from '../shared/errors';
import { ProjectStage, stageIndex } from '../projects/stages';

/**
 * The dashboard 'Vos indicateurs' (spec §2 "Dashboard", §6, §7 POST /reports/dashboard, §9):
 * who sees what over which range, and the buckets its charts and tables are drawn from.
 */

/** The facts counted per month: a file created, then the key stages it reached. */
export const DASHBOARD_STATUSES = ['created', 'toAssign', 'signed', 'sentToAL', 'paid'] as const;
export type DashboardStatus = (typeof DASHBOARD_STATUSES)[number];

export const DASHBOARD_STATUS_LABELS: Record<DashboardStatus, string> = {
  created: 'Dossiers créés',
  toAssign: 'Dossiers à répartir',
  signed: 'Baux signés',
  sentToAL: 'Dossiers envoyés à AL',
  paid: 'Dossiers payés',
};

/** The stage from which a file counts as having reached each status (first time only). */
export const DASHBOARD_STATUS_STAGE: Record<DashboardStatus, ProjectStage> = {
  created: 'projectCreated',
  toAssign: 'toAssign',
  signed: 'signed',
  sentToAL: 'sentToAL',
  paid: 'paid',
};

/** The evolution bar charts, in order; the fourth (paid) only when the viewed user is admin. */
export const EVOLUTION_CHARTS: readonly DashboardStatus[] = [
  'created',
  'toAssign',
  'sentToAL',
  'paid',
];

/** The proportions chart: share of a month's new files that reached each later status. */
export const PROPORTION_STATUSES: readonly DashboardStatus[] = [
  'toAssign',
  'signed',
  'sentToAL',
  'paid',
];

/** Axis of the proportions chart: 0 to 100 in steps of 10 (§9). */
export const PROPORTION_TICKS: readonly number[] = Array.from({ length: 11 }, (_, i) => i * 10);

export function isDashboardStatus(value: unknown): value is DashboardStatus {
  return typeof value === 'string' && (DASHBOARD_STATUSES as readonly string[]).includes(value);
}

/** Statuses a file reaches by moving to `stage` (a jump over a key stage still counts it). */
export function statusesReachedAt(stage: ProjectStage): DashboardStatus[] {
  return DASHBOARD_STATUSES.filter(
    (status) => stageIndex(DASHBOARD_STATUS_STAGE[status]) <= stageIndex(stage),
  );
}

/** Statuses shown for a viewed user: paid only when that user is admin (§6). */
export function visibleStatuses(viewedIsAdmin: boolean): DashboardStatus[] {
  return DASHBOARD_STATUSES.filter((status) => status !== 'paid' || viewedIsAdmin);
}

// Range and rights.

export type DashboardViewer = { id: string; role: Role; trigram: string | null; createdAt: string };
/** The staff member named by `as`, as the API found them. */
export type DashboardViewed = { id: string; role: Role; trigram: string | null };

export type DashboardRequest = {
  startDate?: string;
  endDate?: string;
  as?: string;
  focus?: { month: string; status: string };
};

export type DashboardScope = {
  /** null: every staff member (an admin who named nobody). */
  viewed: DashboardViewed | null;
  /** What the charts show: `start` to `end`, `end` never after the current month. */
  start: string;
  end: string;
  months: string[];
  statuses: DashboardStatus[];
  b2c: boolean;
};

export const DASHBOARD_MESSAGES = {
  startAfterEnd: 'La date de début doit précéder la date de fin',
  invalidDate: 'Date invalide',
} as const;

const pad = (n: number) => String(n).padStart(2, '0');
export const monthOf = (iso: string) => iso.slice(0, 7);

function startOfDay(value: string, field: string): Date {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : value);
  if (Number.isNaN(date.getTime()))
    throw new DomainError(DASHBOARD_MESSAGES.invalidDate, 'invalid', {
      [field]: DASHBOARD_MESSAGES.invalidDate,
    });
  return date;
}

function endOfDay(value: string, field: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? startOfDay(`${value}T23:59:59.999Z`, field)
    : startOfDay(value, field);
}

/** The last instant of `now`'s month (UTC): charts run only up to the current month (§9). */
export function endOfCurrentMonth(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - 1);
}

/** Default range: start of the previous year to end of the current year (§9). */
export function defaultDashboardRange(now: Date): { start: Date; end: Date } {
  const year = now.getUTCFullYear();
  return {
    start: new Date(Date.UTC(year - 1, 0, 1)),
    end: new Date(Date.UTC(year + 1, 0, 1) - 1),
  };
}

/** 'YYYY-MM' of every month from `start` to `end`, both included. */
export function monthsBetween(start: Date, end: Date): string[] {
  const out: string[] = [];
  let year = start.getUTCFullYear();
  let month = start.getUTCMonth();
  const last = end.getUTCFullYear() * 12 + end.getUTCMonth();
  while (year * 12 + month <= last) {
    out.push(`${year}-${pad(month + 1)}`);
    month += 1;
    if (month === 12) [year, month] = [year + 1, 0];
  }
  return out;
}

/**
 * Who is viewed over which range (§6): an admin may name anyone (`as`) and any range (the
 * default one otherwise); a non-admin always gets their own data, from the later of one year
 * ago or their creation date, whatever dates they send, and is refused (403) when naming
 * someone else. Dates are checked for everyone: a bad one is a 400 in French.
 */
export function dashboardScope(
  viewer: DashboardViewer,
  request: DashboardRequest,
  now: Date,
  named: DashboardViewed | null,
): DashboardScope {
  const requestedStart = request.startDate ? startOfDay(request.startDate, 'startDate') : null;
  const requestedEnd = request.endDate ? endOfDay(request.endDate, 'endDate') : null;
  if (requestedStart && requestedEnd && requestedStart > requestedEnd)
    throw new DomainError(DASHBOARD_MESSAGES.startAfterEnd, 'invalid', {
      startDate: DASHBOARD_MESSAGES.startAfterEnd,
    });
  const cap = endOfCurrentMonth(now);
  let viewed: DashboardViewed | null;
  let start: Date;
  let end: Date;
  if (isAdmin(viewer.role)) {
    viewed = named;
    const defaults = defaultDashboardRange(now);
    start = requestedStart ?? defaults.start;
    end = requestedEnd ?? defaults.end;
  } else {
    if (request.as !== undefined && request.as !== viewer.trigram)
      throw new DomainError(API_MESSAGES.forbidden, 'forbidden');
    viewed = { id: viewer.id, role: viewer.role, trigram: viewer.trigram };
    const yearAgo = new Date(now.getTime());
    yearAgo.setUTCFullYear(yearAgo.getUTCFullYear() - 1);
    const created = new Date(viewer.createdAt);
    start = !Number.isNaN(created.getTime()) && created > yearAgo ? created : yearAgo;
    end = cap;
  }
  if (end > cap) end = cap;
  const months = start <= end ? monthsBetween(start, end) : [];
  return {
    viewed,
    start: start.toISOString(),
    end: end.toISOString(),
    months,
    statuses: visibleStatuses(viewed === null || isAdmin(viewed.role)),
    b2c: isAdmin(viewer.role),
  };
}

// Buckets (the §7 answer: `_id` and `count`).

export type StatBucket = { _id: { month: string; status: DashboardStatus }; count: number };
export type ProportionBucket = { _id: { month: string; status: DashboardStatus }; percent: number };
export type FocusBucket = { _id: string; count: number };
export type B2cBucket = { _id: string; count: number; trigrams: string[] };

export type StatRow = { month: string; status: string; count: number };

/** Keeps the rows of the scope's months and statuses, as buckets, in month then status order. */
export function statBuckets(rows: readonly StatRow[], scope: DashboardScope): StatBucket[] {
  const months = new Set(scope.months);
  const order = (b: StatBucket) => `${b._id.month}:${DASHBOARD_STATUSES.indexOf(b._id.status)}`;
  return rows
    .filter(
      (row): row is StatRow & { status: DashboardStatus } =>
        months.has(row.month) &&
        isDashboardStatus(row.status) &&
        scope.statuses.includes(row.status) &&
        row.count > 0,
    )
    .map((row) => ({ _id: { month: row.month, status: row.status }, count: row.count }))
    .sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
}

/** `part` of `whole` as a rounded percent, 0 when there is no whole (§9). */
export function roundedPercent(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((100 * part) / whole)));
}

/**
 * The proportions chart: for the files created in each month (`created` rows of the cohort),
 * the rounded percent that has since reached each later status. Months without new files
 * are left out.
 */
export function proportionBuckets(
  cohortRows: readonly StatRow[],
  scope: DashboardScope,
): ProportionBucket[] {
  const counts = new Map(cohortRows.map((row) => [`${row.month}:${row.status}`, row.count]));
  const out: ProportionBucket[] = [];
  for (const month of scope.months) {
    const created = counts.get(`${month}:created`) ?? 0;
    if (!created) continue;
    for (const status of PROPORTION_STATUSES) {
      if (!scope.statuses.includes(status)) continue;
      out.push({
        _id: { month, status },
        percent: roundedPercent(counts.get(`${month}:${status}`) ?? 0, created),
      });
    }
  }
  return out;
}

export type ActivityRow = { day: string; trigram: string | null; seen: number; saved: number };

/** The B2C line chart: seen and saved per month of the scope, with who contributed. */
export function b2cBuckets(
  rows: readonly ActivityRow[],
  scope: DashboardScope,
): { seen: B2cBucket[]; saved: B2cBucket[] } {
  const months = new Set(scope.months);
  const build = (key: 'seen' | 'saved') => {
    const byMonth = new Map<string, { count: number; trigrams: Set<string> }>();
    for (const row of rows) {
      const month = monthOf(row.day);
      if (!months.has(month) || row[key] <= 0) continue;
      const entry = byMonth.get(month) ?? { count: 0, trigrams: new Set<string>() };
      entry.count += row[key];
      if (row.trigram) entry.trigrams.add(row.trigram);
      byMonth.set(month, entry);
    }
    return scope.months
      .filter((month) => byMonth.has(month))
      .map((month) => {
        const entry = byMonth.get(month)!;
        return { _id: month, count: entry.count, trigrams: [...entry.trigrams].sort() };
      });
  };
  return { seen: build('seen'), saved: build('saved') };
}

/** The drill-down of one bar: its files by company, most first ('Sans entreprise' if none). */
export function focusBuckets(rows: readonly { company: string | null; count: number }[]) {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const name = row.company?.trim() || 'Sans entreprise';
    counts.set(name, (counts.get(name) ?? 0) + row.count);
  }
  return [...counts.entries()]
    .map(([_id, count]): FocusBucket => ({ _id, count }))
    .sort((a, b) => b.count - a.count || a._id.localeCompare(b._id, 'fr'));
}

// Display helpers shared by the console.

/** One count per month (zeros filled) for a status: the series of an evolution chart. */
export function monthlySeries(
  stats: readonly StatBucket[],
  months: readonly string[],
  status: DashboardStatus,
): { month: string; count: number }[] {
  const counts = new Map(
    stats.filter((b) => b._id.status === status).map((b) => [b._id.month, b.count]),
  );
  return months.map((month) => ({ month, count: counts.get(month) ?? 0 }));
}

/** The yearly tables: per year of the range, the total of each status. */
export function yearlyTotals(
  stats: readonly StatBucket[],
  months: readonly string[],
  statuses: readonly DashboardStatus[],
): { year: string; totals: Record<DashboardStatus, number> }[] {
  const years = [...new Set(months.map((m) => m.slice(0, 4)))];
  return years.map((year) => {
    const totals = Object.fromEntries(DASHBOARD_STATUSES.map((s) => [s, 0])) as Record<
      DashboardStatus,
      number
    >;
    for (const bucket of stats)
      if (bucket._id.month.startsWith(year) && statuses.includes(bucket._id.status))
        totals[bucket._id.status] += bucket.count;
    return { year, totals };
  });
}

const MONTH_NAMES = [
  'janv.',
  'févr.',
  'mars',
  'avr.',
  'mai',
  'juin',
  'juil.',
  'août',
  'sept.',
  'oct.',
  'nov.',
  'déc.',
];

/** 'YYYY-MM' as 'janv. 2026'. */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return `${MONTH_NAMES[m - 1] ?? '?'} ${year}`;
}
