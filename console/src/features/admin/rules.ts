import {
  MESSAGES,
  REWARD_CATEGORIES,
  type RewardCategory,
  type Role,
  TRIGRAM_PATTERN,
} from '@reloc/domain';
import type { AdminUser } from './types';

export const REWARD_STEPS = ['sentToAL', 'paid'] as const;
export type RewardStep = (typeof REWARD_STEPS)[number];

export const REWARD_STEP_LABELS: Record<RewardStep, string> = {
  sentToAL: 'Envoyé à AL',
  paid: 'Payé',
};
export const REWARD_LABELS: Record<RewardCategory, string> = {
  lead: 'Lead',
  sale: 'Commercial',
  dispatcher: 'Répartiteur',
  reloc: 'Reloc',
  alsender: 'Envoi AL',
  allRolesBonus: 'Bonus tous rôles',
  visits: 'Visites',
};

/** The form as typed: reward fields stay text until they are checked. */
export type UserForm = {
  email: string;
  firstName: string;
  lastName: string;
  role: Role | '';
  trigram: string;
  version: '1' | '2';
  rewards: Record<RewardStep, Record<RewardCategory, string>>;
  custom: string;
};

export const rewardKey = (step: RewardStep, category: RewardCategory) => `${step}.${category}`;

export function formOf(user: AdminUser | null): UserForm {
  const grid = (step: RewardStep) =>
    Object.fromEntries(
      REWARD_CATEGORIES.map((c) => [c, user ? String(user.rewards?.[step]?.[c] ?? 0) : '0']),
    ) as Record<RewardCategory, string>;
  return {
    email: user?.email ?? '',
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    role: user?.role ?? '',
    trigram: user?.trigram ?? '',
    version: String(user?.version ?? 1) as '1' | '2',
    rewards: { sentToAL: grid('sentToAL'), paid: grid('paid') },
    custom: user ? String(user.rewards?.custom ?? 0) : '0',
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const isNumeric = (value: string) => /^-?\d+(?:[.,]\d+)?$/.test(value.trim());
export const toNumber = (value: string) => Number(value.trim().replace(',', '.'));

/**
 * §5 "Users and admin": e-mail required and valid (only when adding), first and last names
 * required, every reward field required, numeric and at least 0; the custom adjustment has no rule.
 */
export function validateUserForm(form: UserForm, adding: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  if (adding) {
    if (!form.email.trim()) errors.email = MESSAGES.required;
    else if (!EMAIL.test(form.email.trim())) errors.email = MESSAGES.email;
  }
  if (!form.firstName.trim()) errors.firstName = MESSAGES.required;
  if (!form.lastName.trim()) errors.lastName = MESSAGES.required;
  if (!form.role) errors.role = MESSAGES.required;
  if (form.trigram.trim() && !TRIGRAM_PATTERN.test(form.trigram.trim()))
    errors.trigram = 'Trois lettres majuscules';
  for (const step of REWARD_STEPS) {
    for (const category of REWARD_CATEGORIES) {
      const value = form.rewards[step][category];
      const key = rewardKey(step, category);
      if (!value.trim()) errors[key] = MESSAGES.required;
      else if (!isNumeric(value)) errors[key] = MESSAGES.number;
      else if (toNumber(value) < 0) errors[key] = MESSAGES.minValue(0);
    }
  }
  return errors;
}

/** Only numeric reward values are sent (§5); the custom adjustment only when it is a number. */
export function rewardsOf(form: UserForm) {
  const grid = (step: RewardStep) =>
    Object.fromEntries(
      REWARD_CATEGORIES.filter((c) => isNumeric(form.rewards[step][c])).map((c) => [
        c,
        toNumber(form.rewards[step][c]),
      ]),
    );
  return {
    sentToAL: grid('sentToAL'),
    paid: grid('paid'),
    ...(isNumeric(form.custom) ? { custom: toNumber(form.custom) } : {}),
  };
}

/** §6: only the super admin, only SALE, OPERATOR, VENDOR or ADMIN not yet deactivated. */
export function canDeactivate(meRole: Role | undefined, user: AdminUser): boolean {
  return (
    meRole === 'SUPERADMIN' &&
    !user.isDeactivated &&
    (['SALE', 'OPERATOR', 'VENDOR', 'ADMIN'] as Role[]).includes(user.role)
  );
}

/** Reports tabs (§2) and the name suffix that puts a file in each. */
export const REPORT_TABS = [
  'companies',
  'factures-recues',
  'factures-emises',
  'mandats',
  'commercial',
  'b2c',
] as const;
export type ReportTab = (typeof REPORT_TABS)[number];

export function reportTabOf(name: string): ReportTab | null {
  const base = name.toLowerCase().replace(/\.[a-z0-9]+$/, '');
  return REPORT_TABS.find((tab) => base.endsWith(`-${tab}`) || base === tab) ?? null;
}
