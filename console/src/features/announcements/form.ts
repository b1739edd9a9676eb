import {
  type Announcement,
  ANNOUNCEMENT_FIELDS,
  ANNOUNCEMENT_STATUS_LABELS,
  type AnnouncementField,
  isAnnouncementStatus,
  validateAnnouncement,
} from '@reloc/domain';

/** The editable fields as the inputs hold them ('' for empty). */
export type AnnouncementForm = Record<AnnouncementField, string>;

export function formOf(announcement: Announcement): AnnouncementForm {
  return Object.fromEntries(
    ANNOUNCEMENT_FIELDS.map((field) => [field, announcement[field] ?? '']),
  ) as AnnouncementForm;
}

export function changedKeys(
  form: AnnouncementForm,
  baseline: AnnouncementForm,
): AnnouncementField[] {
  return ANNOUNCEMENT_FIELDS.filter((field) => form[field] !== baseline[field]);
}

/** Only the changed fields; an emptied one is sent as null. */
export function bodyOf(form: AnnouncementForm, keys: AnnouncementField[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((key) => [key, form[key].trim() === '' ? null : form[key]]));
}

/** §5 "Announcements": title, url and address required (the API checks the same). */
export const announcementErrors = (form: AnnouncementForm) => validateAnnouncement(form);

export const statusLabel = (status: string) =>
  isAnnouncementStatus(status) ? ANNOUNCEMENT_STATUS_LABELS[status] : 'Inconnu';

/** Client-side search (§2): every word in the title, the address or the sales trigram. */
export function matchesSearch(announcement: Announcement, search: string): boolean {
  const words = search.toLocaleLowerCase('fr-FR').split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const text = [announcement.title, announcement.address, announcement.saleTrigram]
    .filter(Boolean)
    .join(' ')
    .toLocaleLowerCase('fr-FR');
  return words.every((word) => text.includes(word));
}

/** Newest first (§2). */
export const byCreationDesc = (a: Announcement, b: Announcement) =>
  b.createdAt.localeCompare(a.createdAt) || b._id.localeCompare(a._id);
