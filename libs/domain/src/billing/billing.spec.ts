import { deciderSpec } from '../testing/decider-spec';
import { emptyRewardGrid, RewardGrid } from '../users/user';
import {
  BillingEntryConfirmed,
  billingDecider,
  billingLines,
  BillingSnapshot,
  ConfirmBilling,
  forecastLines,
  forecastVisitCents,
  FORECAST_VISIT_CENTS,
  billingMonthOf,
  toCents,
  visitsByAssignee,
} from './billing';

const grid = (patch: Partial<RewardGrid>): RewardGrid => ({ ...emptyRewardGrid(), ...patch });
const AT = '2026-11-10T10:00:00.000Z';

describe('billing amounts', () => {
  it('turns euros into integer cents, never negative', () => {
    expect(toCents(12.34)).toBe(1234);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(-5)).toBe(0);
    expect(toCents(null)).toBe(0);
    expect(toCents(Number.NaN)).toBe(0);
  });

  it('pays each assignee the reward of each role they hold at the step', () => {
    const snapshot: BillingSnapshot = {
      step: 'sentToAL',
      assignees: { lead: 'u1', sale: 'u1', reloc: 'u2', dispatcher: null, alsender: 'u3' },
      rewards: {
        u1: grid({ lead: 10, sale: 20.5 }),
        u2: grid({ reloc: 100 }),
        u3: grid({ alsender: 0 }),
      },
      visits: {},
    };
    expect(billingLines(snapshot)).toEqual([
      { actor: 'u1', step: 'sentToAL', amount: 3050, roles: ['lead', 'sale'] },
      { actor: 'u2', step: 'sentToAL', amount: 10000, roles: ['reloc'] },
      { actor: 'u3', step: 'sentToAL', amount: 0, roles: ['alsender'] },
    ]);
  });

  it('adds allRolesBonus to an assignee holding all five roles', () => {
    const all = { lead: 'u1', sale: 'u1', dispatcher: 'u1', reloc: 'u1', alsender: 'u1' };
    const rewards = {
      u1: grid({ lead: 1, sale: 1, dispatcher: 1, reloc: 1, alsender: 1, allRolesBonus: 50 }),
    };
    expect(billingLines({ step: 'paid', assignees: all, rewards, visits: {} })).toEqual([
      {
        actor: 'u1',
        step: 'paid',
        amount: 5500,
        roles: ['lead', 'sale', 'dispatcher', 'reloc', 'alsender', 'allRolesBonus'],
      },
    ]);
    const four = { ...all, alsender: 'u2' };
    const [line] = billingLines({ step: 'paid', assignees: four, rewards, visits: {} });
    expect(line.roles).not.toContain('allRolesBonus');
    expect(line.amount).toBe(400);
  });

  it('pays visits at the visits reward of the step, per visit', () => {
    const snapshot: BillingSnapshot = {
      step: 'sentToAL',
      assignees: { reloc: 'u2', sale: 'u1' },
      rewards: { u1: grid({ sale: 10, visits: 25 }), u2: grid({ reloc: 100, visits: 40 }) },
      visits: { u2: 3, u1: 0 },
    };
    expect(billingLines(snapshot)).toEqual([
      { actor: 'u1', step: 'sentToAL', amount: 1000, roles: ['sale'] },
      { actor: 'u2', step: 'sentToAL', amount: 10000 + 3 * 4000, roles: ['reloc', 'visits'] },
    ]);
  });

  it("lets the file's override replace a reward, and null keep the computed one", () => {
    const snapshot: BillingSnapshot = {
      step: 'sentToAL',
      assignees: { reloc: 'u2' },
      rewards: { u2: grid({ reloc: 100, visits: 40 }) },
      visits: { u2: 2 },
    };
    const overrides = { sentToAL: { reloc: 0, visits: 10 }, paid: { reloc: 999 } };
    expect(billingLines(snapshot, overrides)[0].amount).toBe(2 * 1000);
    const nulls = { sentToAL: { reloc: null, visits: null }, paid: {} };
    expect(billingLines(snapshot, nulls)[0].amount).toBe(10000 + 2 * 4000);
  });

  it('counts visits done (not cancelled, with a date) by the reloc and sale assignees', () => {
    const visits = [
      { author: 'operator' as const, dateVisite: '2026-11-01T09:00:00.000Z', cancelled: false },
      { author: 'operator' as const, dateVisite: '2026-11-02T09:00:00.000Z', cancelled: true },
      { author: 'operator' as const, dateVisite: null, cancelled: false },
      { author: 'sale' as const, dateVisite: '2026-11-03T09:00:00.000Z', cancelled: false },
      { author: 'other' as const, dateVisite: '2026-11-03T09:00:00.000Z', cancelled: false },
      { author: null, dateVisite: '2026-11-03T09:00:00.000Z', cancelled: false },
      { author: 'sale' as const, dateVisite: '2026-12-03T09:00:00.000Z', cancelled: false },
    ];
    expect(visitsByAssignee(visits, { reloc: 'R', sale: 'S' })).toEqual({ R: 1, S: 2 });
    expect(visitsByAssignee(visits, { reloc: 'R', sale: 'S' }, AT)).toEqual({ R: 1, S: 1 });
    expect(visitsByAssignee(visits, { reloc: null, sale: null })).toEqual({});
  });

  it('forecasts visits before sentToAL at 30 € each', () => {
    expect(FORECAST_VISIT_CENTS).toBe(3000);
    expect(forecastLines({ b: 2, a: 1, c: 0 })).toEqual([
      { actor: 'a', step: 'forecast', amount: 3000, roles: ['visits'] },
      { actor: 'b', step: 'forecast', amount: 6000, roles: ['visits'] },
    ]);
  });

  it("forecasts at each person's own sentToAL visit rate, the file's override first (issue 15 point 20)", () => {
    const rewards = { a: grid({ visits: 15 }), b: grid({ visits: 0 }) };
    expect(forecastLines({ a: 2, b: 1, c: 1 }, rewards)).toEqual([
      { actor: 'a', step: 'forecast', amount: 3000, roles: ['visits'] },
      // No rate in the grid: the §9 default.
      { actor: 'b', step: 'forecast', amount: 3000, roles: ['visits'] },
      { actor: 'c', step: 'forecast', amount: 3000, roles: ['visits'] },
    ]);
    expect(forecastLines({ a: 1 }, { a: grid({ visits: 12.5 }) })[0].amount).toBe(1250);
    expect(forecastLines({ a: 1 }, rewards, { sentToAL: { visits: 20 }, paid: {} })[0].amount).toBe(
      2000,
    );
    expect(forecastVisitCents(undefined)).toBe(3000);
  });

  it('reads the month of a date', () => {
    expect(billingMonthOf(AT)).toBe('2026-11');
  });
});

describe('billing entry confirmation', () => {
  const spec = deciderSpec(billingDecider);
  const entry = {
    userId: 'u1',
    month: '2026-11',
    total: 13000,
    custom: 3000,
    lines: [{ lineId: 'l1', projectId: 'p1', step: 'sentToAL' as const, amount: 10000 }],
    confirmed: false,
  };
  const confirm = (role: string, patch: Partial<typeof entry> = {}): ConfirmBilling => ({
    type: 'ConfirmBilling',
    billingId: 'b1',
    actor: { id: 'admin', role },
    at: AT,
    entry: { ...entry, ...patch },
  });
  const confirmed: BillingEntryConfirmed = {
    type: 'BillingEntryConfirmed',
    data: {
      billingId: 'b1',
      userId: 'u1',
      month: '2026-11',
      total: 13000,
      custom: 3000,
      lines: entry.lines,
      by: 'admin',
      at: AT,
    },
  };

  it('records what an admin or the super admin confirmed, totals included', () => {
    spec.given([]).when(confirm('ADMIN')).then([confirmed]);
    spec
      .given([])
      .when(confirm('SUPERADMIN'))
      .then([{ ...confirmed }]);
  });

  it('refuses other roles', () => {
    for (const role of ['OPERATOR', 'SALE', 'VENDOR', 'USER'])
      spec.given([]).when(confirm(role)).thenThrows('Réservé aux administrateurs', 'forbidden');
  });

  it('is read-only once confirmed', () => {
    spec
      .given([confirmed])
      .when(confirm('ADMIN'))
      .thenThrows('Ce pointage est déjà confirmé', 'conflict');
    spec
      .given([])
      .when(confirm('ADMIN', { confirmed: true }))
      .thenThrows('Ce pointage est déjà confirmé');
  });

  it('refuses totals that do not add up', () => {
    spec
      .given([])
      .when(confirm('ADMIN', { total: 1 }))
      .thenThrows('Requête invalide', 'invalid');
  });
});
