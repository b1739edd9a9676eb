import { Role, StaffRole } from '../auth/roles';

export const REWARD_ROLES = ['lead', 'sale', 'dispatcher', 'reloc', 'alsender'] as const;
export const REWARD_CATEGORIES = [...REWARD_ROLES, 'allRolesBonus', 'visits'] as const;
export type RewardCategory = (typeof REWARD_CATEGORIES)[number];
export type RewardGrid = Record<RewardCategory, number>;
export type Rewards = { sentToAL: RewardGrid; paid: RewardGrid; custom: number };

export const USER_VERSIONS = [1, 2] as const;
export type UserVersion = (typeof USER_VERSIONS)[number];

/** Roles a user may be given when added from the admin page (USER is excluded). */
export const ASSIGNABLE_ROLES: readonly StaffRole[] = [
  'OPERATOR',
  'SALE',
  'VENDOR',
  'ADMIN',
  'SUPERADMIN',
];

/** Roles that can be deactivated (only when not deactivated yet). */
export const DEACTIVATABLE_ROLES: readonly Role[] = ['SALE', 'OPERATOR', 'VENDOR', 'ADMIN'];

export function emptyRewardGrid(): RewardGrid {
  return { lead: 0, sale: 0, dispatcher: 0, reloc: 0, alsender: 0, allRolesBonus: 0, visits: 0 };
}

export function emptyRewards(): Rewards {
  return { sentToAL: emptyRewardGrid(), paid: emptyRewardGrid(), custom: 0 };
}

export type User = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  trigram: string | null;
  version: UserVersion;
  isDeactivated: boolean;
  deleted: boolean;
  createdAt: string;
  passwordHash: string | null;
  rewards: Rewards;
};

export const TRIGRAM_PATTERN = /^[A-Z]{3}$/;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
