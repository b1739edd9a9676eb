import type { Announcement } from '@reloc/domain';
import { useFormSync } from '../../../shared/sync/useFormSync';
import { putAnnouncement } from '../api';
import { type AnnouncementForm, announcementErrors, bodyOf, changedKeys, formOf } from '../form';

/** Autosave every 1000 ms (spec §9, like the prospect and project pages). */
export const ANNOUNCEMENT_SYNC_INTERVAL_MS = 1000;

/** The announcement page's forms autosaved every second, skipped while a required one is empty. */
export function useAnnouncementSync(initial: Announcement) {
  const sync = useFormSync<AnnouncementForm, Announcement>({
    initial,
    formOf,
    changedKeys,
    errorsOf: announcementErrors,
    save: (form, keys) => putAnnouncement(initial._id, bodyOf(form, keys)),
    intervalMs: ANNOUNCEMENT_SYNC_INTERVAL_MS,
  });
  const {
    doc: announcement,
    setDoc: setAnnouncement,
    form,
    errors,
    status,
    setField,
    flush,
  } = sync;
  return { announcement, setAnnouncement, form, errors, status, setField, flush };
}

export type AnnouncementSync = ReturnType<typeof useAnnouncementSync>;
