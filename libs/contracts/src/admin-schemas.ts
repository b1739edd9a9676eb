import { integerQuery } from './validator';
import { MAIL_TYPES } from '@reloc/domain';

/** POST /addMasterPassword: a user's e-mail, or a project's client (its userId or its id). */
export const addMasterPasswordSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['target'],
  properties: { target: { type: 'string', minLength: 1, maxLength: 254 } },
} as const;
export type AddMasterPasswordBody = { target: string };

/** POST /admin/impersonate: 'Incarner' the staff member with this e-mail. */
export const impersonateSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['email'],
  properties: { email: { type: 'string', format: 'email', maxLength: 254 } },
} as const;
export type ImpersonateBody = { email: string };

/** POST /projects/{id}/mails: one of the client mails of §3. */
export const sendClientMailSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['type'],
  properties: { type: { type: 'string', enum: [...MAIL_TYPES] } },
} as const;
export type SendClientMailBody = { type: (typeof MAIL_TYPES)[number] };

/** GET /reports/companies?startDate&endDate&version=4 (ISO dates or date-times). */
export const companiesReportQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    startDate: { type: 'string', minLength: 10, maxLength: 40 },
    endDate: { type: 'string', minLength: 10, maxLength: 40 },
    version: { type: 'string', enum: ['4'] },
  },
} as const;
export type CompaniesReportQuery = { startDate?: string; endDate?: string; version?: '4' };

/** GET /user/inactiveStaff?page&pageSize (zero-based page, 100 or 200 rows). */
export const inactiveStaffQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    page: integerQuery(0, 999999),
    pageSize: { type: 'string', enum: ['100', '200'] },
  },
} as const;
export type InactiveStaffQuery = { page?: string; pageSize?: '100' | '200' };
