import { integerQuery } from './validator';
import { AnnouncementField, ANNOUNCEMENTS_PAGE_SIZE } from '@reloc/domain';

/**
 * Schemas of the announcement calls (spec §7 "Prospects and announcements") and the lead form.
 * Shapes and types only: the §5 rules (title, url, address required…) are the decider's.
 */
const text = (max: number) => ({ type: ['string', 'null'], maxLength: max }) as const;

/** One schema per editable field: the compiler fails here if the domain gains a field. */
export const ANNOUNCEMENT_FIELD_SCHEMAS: Record<AnnouncementField, object> = {
  title: text(300),
  url: text(2000),
  address: text(500),
  description: text(10000),
  saleTrigram: text(3),
  contactName: text(200),
  contactPhoneNumber: text(50),
  contactEmail: text(254),
};

/** Keys GET /announcements/{id} answers that a synced body may carry back: ignored. */
export const ANNOUNCEMENT_SERVER_KEYS = ['_id', 'projectId', 'createdAt', 'statusLabel'] as const;

export const createAnnouncementSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { ...ANNOUNCEMENT_FIELD_SCHEMAS },
} as const;
export type CreateAnnouncementBody = Partial<Record<AnnouncementField, string | null>>;

export const updateAnnouncementSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...ANNOUNCEMENT_FIELD_SCHEMAS,
    currentProgress: { type: 'string', maxLength: 30 },
    stopReason: text(1000),
    ...Object.fromEntries(ANNOUNCEMENT_SERVER_KEYS.map((key) => [key, {}])),
  },
} as const;
export type UpdateAnnouncementBody = Partial<Record<AnnouncementField, string | null>> & {
  currentProgress?: string;
  stopReason?: string | null;
} & Partial<Record<(typeof ANNOUNCEMENT_SERVER_KEYS)[number], unknown>>;

/** GET /announcements?search&offset&size (query strings, coerced). */
export const listAnnouncementsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    search: { type: 'string', maxLength: 200 },
    offset: integerQuery(0, 999999999),
    size: integerQuery(0, 9999),
  },
} as const;
export type ListAnnouncementsQuery = { search?: string; offset?: string; size?: string };
export const ANNOUNCEMENTS_MAX_PAGE_SIZE = ANNOUNCEMENTS_PAGE_SIZE;

/** POST /leads: the sales/lead form (§5 "Login and lead form": e-mail required). */
export const createLeadSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['email'],
  properties: {
    email: { type: 'string', maxLength: 254 },
    firstName: text(100),
    lastName: text(100),
    phoneNumber: text(30),
    sale: text(3),
  },
} as const;
export type CreateLeadBody = {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  phoneNumber?: string | null;
  sale?: string | null;
};
