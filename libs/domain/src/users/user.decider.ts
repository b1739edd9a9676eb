import { Role, isRole, isStaff } from '../auth/roles';
import { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';
import {
  DEACTIVATABLE_ROLES,
  RewardCategory,
  Rewards,
  TRIGRAM_PATTERN,
  User,
  UserVersion,
  emptyRewards,
  normaliseEmail,
} from './user';

export type RewardsPatch = {
  sentToAL?: Partial<Record<RewardCategory, number>>;
  paid?: Partial<Record<RewardCategory, number>>;
  custom?: number;
};

export type UserChanges = {
  firstName?: string;
  lastName?: string;
  role?: Role;
  trigram?: string | null;
  version?: UserVersion;
  rewards?: RewardsPatch;
};

export type UserCommand =
  | {
      type: 'CreateUser';
      userId: string;
      email: string;
      firstName: string;
      lastName: string;
      role: Role;
      trigram?: string | null;
      at: string;
    }
  | { type: 'UpdateUser'; changes: UserChanges }
  | { type: 'SetPassword'; passwordHash: string }
  | { type: 'DeactivateUser'; replacedBy: string | null }
  | { type: 'DeleteUser' }
  | { type: 'RecordImpersonation'; by: { id: string; email: string }; at: string };

export type UserEvent =
  | {
      type: 'UserCreated';
      data: {
        userId: string;
        email: string;
        firstName: string;
        lastName: string;
        role: Role;
        trigram: string | null;
        createdAt: string;
      };
    }
  | { type: 'UserUpdated'; data: { userId: string; changes: UserChanges } }
  | { type: 'UserPasswordSet'; data: { userId: string; passwordHash: string } }
  | { type: 'UserDeactivated'; data: { userId: string; replacedBy: string | null } }
  | { type: 'UserDeleted'; data: { userId: string; email: string } }
  /** A super admin signed in as this user ('Incarner'): the audit trail of who, whom, when. */
  | {
      type: 'UserImpersonated';
      data: { userId: string; email: string; byUserId: string; byEmail: string; at: string };
    };

export type UserState = User | null;

const initialState = (): UserState => null;

function requireUser(state: UserState): User {
  if (!state || state.deleted) throw new DomainError('Introuvable', 'notFound');
  return state;
}

function checkName(
  field: 'firstName' | 'lastName',
  value: string | undefined,
  errors: Record<string, string>,
) {
  if (value !== undefined && !value.trim()) errors[field] = 'Obligatoire';
}

function checkTrigram(value: string | null | undefined, errors: Record<string, string>) {
  if (value !== undefined && value !== null && !TRIGRAM_PATTERN.test(value))
    errors.trigram = 'Trois lettres majuscules';
}

function invalidIfAny(errors: Record<string, string>) {
  if (Object.keys(errors).length) throw new DomainError('Requête invalide', 'invalid', errors);
}

/** Keeps only the changes that differ from the current user, so no-op saves write nothing. */
function effectiveChanges(user: User, changes: UserChanges): UserChanges {
  const out: UserChanges = {};
  if (changes.firstName !== undefined && changes.firstName.trim() !== user.firstName)
    out.firstName = changes.firstName.trim();
  if (changes.lastName !== undefined && changes.lastName.trim() !== user.lastName)
    out.lastName = changes.lastName.trim();
  if (changes.role !== undefined && changes.role !== user.role) out.role = changes.role;
  if (changes.trigram !== undefined && changes.trigram !== user.trigram)
    out.trigram = changes.trigram;
  if (changes.version !== undefined && changes.version !== user.version)
    out.version = changes.version;
  if (changes.rewards) {
    const rewards: RewardsPatch = {};
    for (const step of ['sentToAL', 'paid'] as const) {
      const patch = changes.rewards[step];
      if (!patch) continue;
      const diff: Partial<Record<RewardCategory, number>> = {};
      for (const [key, value] of Object.entries(patch) as [RewardCategory, number][]) {
        if (user.rewards[step][key] !== value) diff[key] = value;
      }
      if (Object.keys(diff).length) rewards[step] = diff;
    }
    if (changes.rewards.custom !== undefined && changes.rewards.custom !== user.rewards.custom)
      rewards.custom = changes.rewards.custom;
    if (Object.keys(rewards).length) out.rewards = rewards;
  }
  return out;
}

function decide(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'CreateUser': {
      if (state && !state.deleted) throw new DomainError('duplicateMail', 'conflict');
      const errors: Record<string, string> = {};
      checkName('firstName', command.firstName, errors);
      checkName('lastName', command.lastName, errors);
      checkTrigram(command.trigram, errors);
      if (!isRole(command.role)) errors.role = 'Invalide';
      invalidIfAny(errors);
      return [
        {
          type: 'UserCreated',
          data: {
            userId: command.userId,
            email: normaliseEmail(command.email),
            firstName: command.firstName.trim(),
            lastName: command.lastName.trim(),
            role: command.role,
            trigram: command.trigram ?? null,
            createdAt: command.at,
          },
        },
      ];
    }
    case 'UpdateUser': {
      const user = requireUser(state);
      const errors: Record<string, string> = {};
      checkName('firstName', command.changes.firstName, errors);
      checkName('lastName', command.changes.lastName, errors);
      checkTrigram(command.changes.trigram, errors);
      invalidIfAny(errors);
      const changes = effectiveChanges(user, command.changes);
      if (!Object.keys(changes).length) return [];
      return [{ type: 'UserUpdated', data: { userId: user.id, changes } }];
    }
    case 'SetPassword': {
      const user = requireUser(state);
      return [
        { type: 'UserPasswordSet', data: { userId: user.id, passwordHash: command.passwordHash } },
      ];
    }
    case 'DeactivateUser': {
      const user = requireUser(state);
      if (user.isDeactivated || !DEACTIVATABLE_ROLES.includes(user.role))
        throw new DomainError('Ce compte ne peut pas être désactivé', 'invalid');
      if (command.replacedBy === user.id)
        throw new DomainError('Le remplaçant doit être un autre membre de l’équipe', 'invalid');
      return [
        { type: 'UserDeactivated', data: { userId: user.id, replacedBy: command.replacedBy } },
      ];
    }
    case 'DeleteUser': {
      const user = requireUser(state);
      return [{ type: 'UserDeleted', data: { userId: user.id, email: user.email } }];
    }
    case 'RecordImpersonation': {
      const user = requireUser(state);
      if (user.isDeactivated)
        throw new DomainError('Ce compte est désactivé : il ne peut pas être incarné', 'invalid');
      if (!isStaff(user.role))
        throw new DomainError('Un client ne peut pas être incarné dans le back-office', 'invalid');
      if (command.by.id === user.id)
        throw new DomainError('Vous ne pouvez pas vous incarner vous-même', 'invalid');
      return [
        {
          type: 'UserImpersonated',
          data: {
            userId: user.id,
            email: user.email,
            byUserId: command.by.id,
            byEmail: command.by.email,
            at: command.at,
          },
        },
      ];
    }
  }
}

function applyRewards(rewards: Rewards, patch: RewardsPatch): Rewards {
  return {
    sentToAL: { ...rewards.sentToAL, ...patch.sentToAL },
    paid: { ...rewards.paid, ...patch.paid },
    custom: patch.custom ?? rewards.custom,
  };
}

function evolve(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserCreated':
      return {
        id: event.data.userId,
        email: event.data.email,
        firstName: event.data.firstName,
        lastName: event.data.lastName,
        role: event.data.role,
        trigram: event.data.trigram,
        version: 1,
        isDeactivated: false,
        deleted: false,
        createdAt: event.data.createdAt,
        passwordHash: null,
        rewards: emptyRewards(),
      };
    case 'UserUpdated': {
      if (!state) return state;
      const { rewards, ...rest } = event.data.changes;
      return {
        ...state,
        ...rest,
        rewards: rewards ? applyRewards(state.rewards, rewards) : state.rewards,
      };
    }
    case 'UserPasswordSet':
      return state && { ...state, passwordHash: event.data.passwordHash };
    case 'UserDeactivated':
      return state && { ...state, isDeactivated: true };
    case 'UserDeleted':
      return state && { ...state, deleted: true };
    case 'UserImpersonated':
      return state;
  }
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState,
  decide,
  evolve,
};
export { applyRewards };
