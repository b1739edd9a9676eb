import { isAdmin, Role } from '../auth/roles';
import { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';
import type { BillingOverrides } from '../projects/project';
import type { VisitAuthor } from '../proposals/proposal';
import { REWARD_ROLES, RewardCategory, RewardGrid } from '../users/user';

/**
 * §3 "Billing entry", §4 "Moving projects", §9 "Billing": what a file earns its assignees.
 * Rewards and overrides are typed in euros (the user form); every computed amount is in
 * integer cents.
 */
export const BILLING_STEPS = ['sentToAL', 'paid'] as const;
export type BillingStep = (typeof BILLING_STEPS)[number];
/** A line of the preview for a file not yet at sentToAL: its visits at the forecast rate. */
export type BillingLineStep = BillingStep | 'forecast';
export type RewardRole = (typeof REWARD_ROLES)[number];
/** Billing roles plus the bonus markers allRolesBonus and visits. */
export type BillingRoleMarker = RewardCategory;

/** §9: forecast visit amount, 30 € per visit. */
export const FORECAST_VISIT_CENTS = 3000;

export const BILLING_MESSAGES = {
  alreadyConfirmed: 'Ce pointage est déjà confirmé',
  notFound: 'Pointage introuvable',
  reviewerOnly: 'Réservé aux administrateurs',
} as const;

/** Euros (as typed in a reward or an override) to integer cents; a negative or non-number is 0. */
export function toCents(euros: number | null | undefined): number {
  if (typeof euros !== 'number' || !Number.isFinite(euros) || euros <= 0) return 0;
  return Math.round(euros * 100);
}

/** A visit as billing sees it. */
export type BillingVisit = {
  author: VisitAuthor | null;
  dateVisite: string | null;
  cancelled: boolean;
};

/** A visit counts when it is not cancelled and has a date (on or before `until`, when given). */
export function visitCounts(visit: BillingVisit, until?: string): boolean {
  if (visit.cancelled || !visit.dateVisite) return false;
  return until === undefined || visit.dateVisite <= until;
}

/**
 * Visits per staff key: 'operator' is the file's reloc assignee, 'sale' its sale assignee;
 * 'other' and unauthored visits earn nobody.
 */
export function visitsByAssignee(
  visits: readonly BillingVisit[],
  assignees: Partial<Record<RewardRole, string | null>>,
  until?: string,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const visit of visits) {
    if (!visitCounts(visit, until)) continue;
    const key =
      visit.author === 'operator'
        ? assignees.reloc
        : visit.author === 'sale'
          ? assignees.sale
          : null;
    if (key) out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

/** What a file looked like when it first reached a step: who held which role, and their grids. */
export type BillingSnapshot = {
  step: BillingStep;
  /** Role → staff key (a user id once resolved), or null. */
  assignees: Partial<Record<RewardRole, string | null>>;
  /** Staff key → that user's reward grid for this step (euros), as it was then. */
  rewards: Record<string, RewardGrid>;
  /** Staff key → visits frozen for this file. */
  visits: Record<string, number>;
};

export type BillingLine = {
  /** Staff key (user id). */
  actor: string;
  step: BillingLineStep;
  /** Integer cents. */
  amount: number;
  roles: BillingRoleMarker[];
};

function rate(
  category: RewardCategory,
  grid: RewardGrid | undefined,
  overrides: BillingOverrides[BillingStep] | undefined,
): number {
  const override = overrides?.[category];
  if (override !== undefined && override !== null) return toCents(override);
  return toCents(grid?.[category]);
}

/**
 * The lines of a file at a step: per assignee, the reward of each role held (the file's
 * override replaces it when not null), allRolesBonus when one person holds all five roles,
 * and their visits × the visits reward (override per visit when set). Deterministic order.
 */
export function billingLines(
  snapshot: BillingSnapshot,
  overrides: BillingOverrides = { sentToAL: {}, paid: {} },
): BillingLine[] {
  const stepOverrides = overrides[snapshot.step];
  const actors: string[] = [];
  const rolesOf = new Map<string, BillingRoleMarker[]>();
  const add = (actor: string, marker: BillingRoleMarker) => {
    if (!rolesOf.has(actor)) {
      actors.push(actor);
      rolesOf.set(actor, []);
    }
    (rolesOf.get(actor) as BillingRoleMarker[]).push(marker);
  };
  for (const role of REWARD_ROLES) {
    const actor = snapshot.assignees[role];
    if (actor) add(actor, role);
  }
  for (const actor of [...actors]) {
    const held = rolesOf.get(actor) as BillingRoleMarker[];
    if (REWARD_ROLES.every((role) => held.includes(role))) add(actor, 'allRolesBonus');
  }
  for (const [actor, count] of Object.entries(snapshot.visits).sort(([a], [b]) =>
    a.localeCompare(b),
  )) {
    if (count > 0) add(actor, 'visits');
  }
  return actors.map((actor) => {
    const grid = snapshot.rewards[actor];
    const roles = rolesOf.get(actor) as BillingRoleMarker[];
    const amount = roles.reduce((sum, marker) => {
      const unit = rate(marker, grid, stepOverrides);
      return sum + (marker === 'visits' ? unit * (snapshot.visits[actor] ?? 0) : unit);
    }, 0);
    return { actor, step: snapshot.step, amount, roles };
  });
}

/**
 * The forecast rate of one visit (issue 15): what the sentToAL line will pay for it, so the
 * file's sentToAL visits override when set, else the person's own sentToAL grid when it
 * names a rate (above 0), else the §9 default of 30 €.
 */
export function forecastVisitCents(
  grid: Partial<RewardGrid> | undefined,
  overrides?: BillingOverrides,
): number {
  const override = overrides?.sentToAL?.visits;
  if (override !== undefined && override !== null) return toCents(override);
  const own = grid?.visits;
  return typeof own === 'number' && own > 0 ? toCents(own) : FORECAST_VISIT_CENTS;
}

/**
 * §4: before sentToAL the visits are a forecast, per visiting assignee, at each person's own
 * visit rate (`rewards`: staff key → sentToAL grid); 30 € for a person without one.
 */
export function forecastLines(
  visits: Record<string, number>,
  rewards: Record<string, Partial<RewardGrid> | undefined> = {},
  overrides?: BillingOverrides,
): BillingLine[] {
  return Object.entries(visits)
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([actor, count]) => ({
      actor,
      step: 'forecast' as const,
      amount: count * forecastVisitCents(rewards[actor], overrides),
      roles: ['visits'],
    }));
}

/** Month key YYYY-MM of an ISO date (UTC). */
export function billingMonthOf(iso: string): string {
  return iso.slice(0, 7);
}

export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/* ---------------- the confirmation of a billing entry (stream billing-<id>) ---------------- */

export type ConfirmedLine = {
  lineId: string;
  projectId: string;
  step: BillingLineStep;
  amount: number;
};

export type BillingEntryState = { confirmed: boolean; confirmedAt: string | null };

export type ConfirmBilling = {
  type: 'ConfirmBilling';
  billingId: string;
  actor: { id: string; role: Role | string };
  at: string;
  /** What the reviewer saw and confirms: the entry as read from the read model. */
  entry: {
    userId: string;
    month: string;
    total: number;
    custom: number;
    lines: ConfirmedLine[];
    confirmed: boolean;
  };
};
export type BillingCommand = ConfirmBilling;

export type BillingEntryConfirmed = {
  type: 'BillingEntryConfirmed';
  data: {
    billingId: string;
    userId: string;
    month: string;
    /** Integer cents: lines plus custom. */
    total: number;
    custom: number;
    lines: ConfirmedLine[];
    by: string;
    at: string;
  };
};
export type BillingEvent = BillingEntryConfirmed;

function decideBilling(command: BillingCommand, state: BillingEntryState): BillingEvent[] {
  if (!isAdmin(command.actor.role as Role))
    throw new DomainError(BILLING_MESSAGES.reviewerOnly, 'forbidden');
  if (state.confirmed || command.entry.confirmed)
    throw new DomainError(BILLING_MESSAGES.alreadyConfirmed, 'conflict');
  const linesTotal = command.entry.lines.reduce((sum, line) => sum + line.amount, 0);
  if (linesTotal + command.entry.custom !== command.entry.total)
    throw new DomainError('Requête invalide', 'invalid', { total: 'Total incohérent' });
  return [
    {
      type: 'BillingEntryConfirmed',
      data: {
        billingId: command.billingId,
        userId: command.entry.userId,
        month: command.entry.month,
        total: command.entry.total,
        custom: command.entry.custom,
        lines: command.entry.lines,
        by: command.actor.id,
        at: command.at,
      },
    },
  ];
}

function evolveBilling(state: BillingEntryState, event: BillingEvent): BillingEntryState {
  switch (event.type) {
    case 'BillingEntryConfirmed':
      return { confirmed: true, confirmedAt: event.data.at };
  }
}

export const billingDecider: Decider<BillingCommand, BillingEvent, BillingEntryState> = {
  initialState: (): BillingEntryState => ({ confirmed: false, confirmedAt: null }),
  decide: decideBilling,
  evolve: evolveBilling,
};
