import { MESSAGES } from '../rules/messages';
import { Rules, validate } from '../rules/engine';

/** §4 "Announcement statuses", in order, with their French labels. */
export const ANNOUNCEMENT_STATUSES = [
  'prospect',
  'toCallback',
  'waiting',
  'ok',
  'stopped',
] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];

export const ANNOUNCEMENT_STATUS_LABELS: Record<AnnouncementStatus, string> = {
  prospect: 'Prospect',
  toCallback: 'À rappeler',
  waiting: 'En attente',
  ok: 'Projet',
  stopped: 'Abandonné',
};

export const isAnnouncementStatus = (value: unknown): value is AnnouncementStatus =>
  typeof value === 'string' && (ANNOUNCEMENT_STATUSES as readonly string[]).includes(value);

/** §9: announcements are paged by 200. */
export const ANNOUNCEMENTS_PAGE_SIZE = 200;

/** The fields staff edit on the announcement page (§3 "Announcement"). */
export const ANNOUNCEMENT_FIELDS = [
  'title',
  'url',
  'address',
  'description',
  'saleTrigram',
  'contactName',
  'contactPhoneNumber',
  'contactEmail',
] as const;
export type AnnouncementField = (typeof ANNOUNCEMENT_FIELDS)[number];
export type AnnouncementFields = Record<AnnouncementField, string | null>;

/** §3 "Announcement" (B2C). `_id` carries the creation date. */
export type Announcement = AnnouncementFields & {
  _id: string;
  currentProgress: AnnouncementStatus;
  stopReason: string | null;
  projectId: string | null;
  createdAt: string;
};

export const ANNOUNCEMENT_MESSAGES = {
  notFound: 'Annonce introuvable',
  alreadyExists: 'Cette annonce existe déjà',
  invalidRequest: 'Requête invalide',
  reasonRequired: 'Indiquez la raison de l’abandon',
  contactEmailRequired: 'L’e-mail du contact est obligatoire pour convertir l’annonce',
  stoppedComment: (reason: string) => `Abandonné car "${reason}"`,
} as const;

/** §5 "Announcements": title, url and address are required; the contact e-mail must be one. */
export const ANNOUNCEMENT_RULES: Rules = {
  title: [{ kind: 'required' }],
  url: [{ kind: 'required' }],
  address: [{ kind: 'required' }],
  contactEmail: [{ kind: 'email' }],
};

const URL_PATTERN = /^https?:\/\/\S+$/i;

/** Field → French message for the info and contact forms (the API answers the same). */
export function validateAnnouncement(fields: Partial<AnnouncementFields>): Record<string, string> {
  const errors = validate(fields as Record<string, unknown>, ANNOUNCEMENT_RULES);
  const url = fields.url?.trim();
  if (!errors.url && url && !URL_PATTERN.test(url)) errors.url = MESSAGES.invalid;
  return errors;
}

export function emptyAnnouncementFields(): AnnouncementFields {
  return Object.fromEntries(ANNOUNCEMENT_FIELDS.map((f) => [f, null])) as AnnouncementFields;
}

/** A contact name split into first and last names for the client file ('Marie Dupont'). */
export function splitContactName(name: string | null): { firstName: string; lastName: string } {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (!words.length) return { firstName: '', lastName: '' };
  if (words.length === 1) return { firstName: words[0], lastName: '' };
  return { firstName: words[0], lastName: words.slice(1).join(' ') };
}
