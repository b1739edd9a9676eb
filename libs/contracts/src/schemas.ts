import { ASSIGNABLE_ROLES, PASSWORD_MIN_LENGTH, REWARD_CATEGORIES, ROLES } from '@reloc/domain';

/** JSON Schemas of the request bodies (spec §7). Unknown fields are refused, never stored. */
const email = { type: 'string', format: 'email', maxLength: 254 } as const;
const name = { type: 'string', minLength: 1, maxLength: 100 } as const;
const amount = { type: 'number', minimum: 0 } as const;

/**
 * POST /login-partner checks what the console's form checks (§5 "Login and lead form", issue
 * 15 point 13): the e-mail required ('Obligatoire') and one, the password 8 characters at least.
 */
export const loginPartnerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['email', 'password'],
  properties: {
    email: { ...email, minLength: 1 },
    password: { type: 'string', minLength: PASSWORD_MIN_LENGTH, maxLength: 200 },
  },
} as const;
export type LoginPartnerBody = { email: string; password: string };

export const callbackSsoSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['code'],
  properties: {
    code: { type: 'string', minLength: 1, maxLength: 4096 },
    state: { type: 'string', maxLength: 512 },
  },
} as const;
export type CallbackSsoBody = { code: string; state?: string };

export const listUsersSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    roles: { type: 'array', items: { type: 'string', enum: [...ROLES] }, maxItems: 6 },
    search: { type: 'string', maxLength: 200 },
  },
} as const;
export type ListUsersBody = { roles?: string[]; search?: string };

export const createUserSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['firstName', 'lastName', 'role', 'email'],
  properties: {
    firstName: name,
    lastName: name,
    role: { type: 'string', enum: [...ASSIGNABLE_ROLES] },
    email,
  },
} as const;
export type CreateUserBody = { firstName: string; lastName: string; role: string; email: string };

const rewardGrid = {
  type: 'object',
  additionalProperties: false,
  properties: Object.fromEntries(REWARD_CATEGORIES.map((key) => [key, amount])),
} as const;

export const updateUserSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['email'],
  properties: {
    email,
    firstName: name,
    lastName: name,
    trigram: { anyOf: [{ type: 'string', pattern: '^[A-Z]{3}$' }, { type: 'null' }] },
    role: { type: 'string', enum: [...ROLES] },
    version: { type: 'integer', enum: [1, 2] },
    rewards: {
      type: 'object',
      additionalProperties: false,
      properties: { sentToAL: rewardGrid, paid: rewardGrid, custom: { type: 'number' } },
    },
  },
} as const;
export type UpdateUserBody = {
  email: string;
  firstName?: string;
  lastName?: string;
  trigram?: string | null;
  role?: string;
  version?: 1 | 2;
  rewards?: {
    sentToAL?: Record<string, number>;
    paid?: Record<string, number>;
    custom?: number;
  };
};

export const deactivateUserSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['replaceBy'],
  properties: { replaceBy: { type: 'string', minLength: 1, maxLength: 254 } },
} as const;
export type DeactivateUserBody = { replaceBy: string };

export const emptyBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {},
} as const;

export const addCommentSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['content'],
  properties: {
    content: { type: 'string', minLength: 1, maxLength: 10000 },
    visibility: { type: 'string', enum: ['all', 'sales'] },
  },
} as const;
export type AddCommentBody = { content: string; visibility?: 'all' | 'sales' };
