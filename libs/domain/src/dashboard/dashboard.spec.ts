import { DomainError } from '../shared/errors';
import {
  b2cBuckets,
  dashboardScope,
  DashboardViewer,
  focusBuckets,
  monthLabel,
  monthlySeries,
  monthsBetween,
  PROPORTION_TICKS,
  proportionBuckets,
  roundedPercent,
  statBuckets,
  statusesReachedAt,
  visibleStatuses,
  yearlyTotals,
} from './dashboard';

const NOW = new Date('2026-11-23T12:00:00.000Z');
const admin: DashboardViewer = {
  id: 'a',
  role: 'ADMIN',
  trigram: 'CMA',
  createdAt: '2020-01-01T00:00:00.000Z',
};
const operator: DashboardViewer = {
  id: 'o',
  role: 'OPERATOR',
  trigram: 'JBE',
  createdAt: '2020-01-01T00:00:00.000Z',
};

function thrown(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('did not throw');
}

describe('dashboard range and rights (§6, §9 "Dashboard")', () => {
  it('gives an admin every staff member from the start of last year, charts up to this month', () => {
    const scope = dashboardScope(admin, {}, NOW, null);
    expect(scope.viewed).toBeNull();
    expect(scope.start).toBe('2025-01-01T00:00:00.000Z');
    expect(scope.end).toBe('2026-11-30T23:59:59.999Z');
    expect(scope.months[0]).toBe('2025-01');
    expect(scope.months.at(-1)).toBe('2026-11');
    expect(scope.months).toHaveLength(23);
    expect(scope.statuses).toContain('paid');
    expect(scope.b2c).toBe(true);
  });

  it('lets an admin pick a staff member and a range; paid only when the viewed user is admin', () => {
    const viewed = { id: 'o', role: 'OPERATOR' as const, trigram: 'JBE' };
    const scope = dashboardScope(
      admin,
      { startDate: '2024-03-10', endDate: '2024-05-02', as: 'JBE' },
      NOW,
      viewed,
    );
    expect(scope.viewed).toEqual(viewed);
    expect(scope.start).toBe('2024-03-10T00:00:00.000Z');
    expect(scope.end).toBe('2024-05-02T23:59:59.999Z');
    expect(scope.months).toEqual(['2024-03', '2024-04', '2024-05']);
    expect(scope.statuses).not.toContain('paid');
    const asAdmin = dashboardScope(admin, { as: 'MRO' }, NOW, {
      id: 'm',
      role: 'ADMIN',
      trigram: 'MRO',
    });
    expect(asAdmin.statuses).toContain('paid');
  });

  it('gives a non-admin only their own data from one year ago, whatever they send', () => {
    const scope = dashboardScope(
      operator,
      { startDate: '2019-01-01', endDate: '2030-12-31' },
      NOW,
      null,
    );
    expect(scope.viewed).toEqual({ id: 'o', role: 'OPERATOR', trigram: 'JBE' });
    expect(scope.start).toBe('2025-11-23T12:00:00.000Z');
    expect(scope.end).toBe('2026-11-30T23:59:59.999Z');
    expect(scope.months[0]).toBe('2025-11');
    expect(scope.statuses).not.toContain('paid');
    expect(scope.b2c).toBe(false);
    expect(dashboardScope(operator, { as: 'JBE' }, NOW, null).viewed?.trigram).toBe('JBE');
  });

  it('starts a recent non-admin at their creation date', () => {
    const recent = { ...operator, createdAt: '2026-09-15T08:00:00.000Z' };
    const scope = dashboardScope(recent, {}, NOW, null);
    expect(scope.start).toBe('2026-09-15T08:00:00.000Z');
    expect(scope.months).toEqual(['2026-09', '2026-10', '2026-11']);
  });

  it('refuses a non-admin naming someone else (403)', () => {
    const error = thrown(() => dashboardScope(operator, { as: 'CMA' }, NOW, null));
    expect(error).toBeInstanceOf(DomainError);
    expect(error.kind).toBe('forbidden');
  });

  it('refuses a start after the end, in French (400)', () => {
    const error = thrown(() =>
      dashboardScope(admin, { startDate: '2026-05-01', endDate: '2026-04-01' }, NOW, null),
    );
    expect(error.kind).toBe('invalid');
    expect(error.message).toBe('La date de début doit précéder la date de fin');
  });

  it('draws nothing for a range entirely in the future', () => {
    expect(dashboardScope(admin, { startDate: '2027-02-01' }, NOW, null).months).toEqual([]);
  });
});

describe('dashboard buckets', () => {
  const scope = dashboardScope(
    admin,
    { startDate: '2026-01-01', endDate: '2026-03-31' },
    NOW,
    null,
  );

  it('counts a file for every key stage it passed, even when jumping', () => {
    expect(statusesReachedAt('projectCreated')).toEqual(['created']);
    expect(statusesReachedAt('docsLease')).toEqual(['created', 'toAssign']);
    expect(statusesReachedAt('relanceAL')).toEqual(['created', 'toAssign', 'signed', 'sentToAL']);
    expect(statusesReachedAt('paid')).toHaveLength(5);
    expect(visibleStatuses(false)).not.toContain('paid');
  });

  it('keeps the months and statuses of the scope, in order', () => {
    const buckets = statBuckets(
      [
        { month: '2026-02', status: 'created', count: 2 },
        { month: '2026-01', status: 'sentToAL', count: 1 },
        { month: '2026-01', status: 'created', count: 4 },
        { month: '2025-12', status: 'created', count: 9 },
        { month: '2026-01', status: 'bogus', count: 9 },
        { month: '2026-03', status: 'paid', count: 0 },
      ],
      scope,
    );
    expect(buckets).toEqual([
      { _id: { month: '2026-01', status: 'created' }, count: 4 },
      { _id: { month: '2026-01', status: 'sentToAL' }, count: 1 },
      { _id: { month: '2026-02', status: 'created' }, count: 2 },
    ]);
    expect(monthlySeries(buckets, scope.months, 'created')).toEqual([
      { month: '2026-01', count: 4 },
      { month: '2026-02', count: 2 },
      { month: '2026-03', count: 0 },
    ]);
    expect(yearlyTotals(buckets, scope.months, scope.statuses)).toEqual([
      { year: '2026', totals: { created: 6, toAssign: 0, signed: 0, sentToAL: 1, paid: 0 } },
    ]);
  });

  it('gives proportions as rounded percent of the month’s new files, axis 0–100 by 10', () => {
    expect(PROPORTION_TICKS).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
    expect(roundedPercent(1, 3)).toBe(33);
    expect(roundedPercent(2, 3)).toBe(67);
    expect(roundedPercent(1, 0)).toBe(0);
    const buckets = proportionBuckets(
      [
        { month: '2026-01', status: 'created', count: 3 },
        { month: '2026-01', status: 'toAssign', count: 2 },
        { month: '2026-01', status: 'sentToAL', count: 1 },
      ],
      scope,
    );
    expect(buckets).toEqual([
      { _id: { month: '2026-01', status: 'toAssign' }, percent: 67 },
      { _id: { month: '2026-01', status: 'signed' }, percent: 0 },
      { _id: { month: '2026-01', status: 'sentToAL' }, percent: 33 },
      { _id: { month: '2026-01', status: 'paid' }, percent: 0 },
    ]);
  });

  it('sums B2C seen and saved per month with their trigrams', () => {
    const b2c = b2cBuckets(
      [
        { day: '2026-01-03', trigram: 'SPE', seen: 2, saved: 1 },
        { day: '2026-01-20', trigram: 'CMA', seen: 1, saved: 0 },
        { day: '2026-02-01', trigram: 'SPE', seen: 0, saved: 3 },
        { day: '2025-12-31', trigram: 'SPE', seen: 5, saved: 5 },
      ],
      scope,
    );
    expect(b2c.seen).toEqual([{ _id: '2026-01', count: 3, trigrams: ['CMA', 'SPE'] }]);
    expect(b2c.saved).toEqual([
      { _id: '2026-01', count: 1, trigrams: ['SPE'] },
      { _id: '2026-02', count: 3, trigrams: ['SPE'] },
    ]);
  });

  it('breaks a bar down by company, most first', () => {
    expect(
      focusBuckets([
        { company: 'Acme', count: 1 },
        { company: null, count: 2 },
        { company: 'Beta', count: 2 },
        { company: ' ', count: 1 },
      ]),
    ).toEqual([
      { _id: 'Sans entreprise', count: 3 },
      { _id: 'Beta', count: 2 },
      { _id: 'Acme', count: 1 },
    ]);
  });

  it('labels months in French and lists them across years', () => {
    expect(monthLabel('2026-02')).toBe('févr. 2026');
    expect(
      monthsBetween(new Date('2025-11-15T00:00:00Z'), new Date('2026-02-01T00:00:00Z')),
    ).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });
});
