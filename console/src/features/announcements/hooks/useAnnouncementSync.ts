import type { Announcement } from '@reloc/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../../shared/api/client';
import { notifyError } from '../../../shared/ui/toaster';
import { putAnnouncement } from '../api';
import { type AnnouncementForm, announcementErrors, bodyOf, changedKeys, formOf } from '../form';

/** Autosave every 1000 ms (spec §9, like the prospect and project pages). */
export const ANNOUNCEMENT_SYNC_INTERVAL_MS = 1000;
/** After a failed call (not a refusal), wait before trying again: one snackbar per streak. */
const RETRY_AFTER_FAILURE_MS = 5000;

export type AnnouncementSyncStatus = 'saved' | 'pending' | 'invalid' | 'saving' | 'error';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The announcement page's forms and their autosave: every second, on a hidden tab, `pagehide`
 * and when the page unmounts, PUT the changed fields, skipped while a required one is empty.
 * A failure shows 'Une erreur a eu lieu' and keeps what the user typed.
 */
export function useAnnouncementSync(initial: Announcement) {
  const id = initial._id;
  const [announcement, setAnnouncement] = useState(initial);
  const [form, setForm] = useState<AnnouncementForm>(() => formOf(initial));
  const [baseline, setBaseline] = useState<AnnouncementForm>(() => formOf(initial));
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const formRef = useRef(form);
  const baselineRef = useRef(baseline);
  const inFlight = useRef(false);
  const failedAt = useRef<number | null>(null);
  const refused = useRef<AnnouncementForm | null>(null);

  const setField = useCallback((key: keyof AnnouncementForm, value: string) => {
    formRef.current = { ...formRef.current, [key]: value };
    setForm(formRef.current);
    setServerErrors(({ [key]: _, ...rest }) => rest);
  }, []);

  const flush = useCallback(async () => {
    if (inFlight.current) return;
    if (failedAt.current !== null && Date.now() - failedAt.current < RETRY_AFTER_FAILURE_MS) return;
    const current = formRef.current;
    const keys = changedKeys(current, baselineRef.current);
    if (keys.length === 0) return;
    if (Object.keys(announcementErrors(current)).length > 0) return;
    if (refused.current && same(refused.current, current)) return;
    inFlight.current = true;
    setSaving(true);
    try {
      const answer = await putAnnouncement(id, bodyOf(current, keys));
      baselineRef.current = { ...baselineRef.current };
      for (const key of keys) baselineRef.current[key] = current[key];
      setBaseline(baselineRef.current);
      setAnnouncement(answer);
      failedAt.current = null;
      refused.current = null;
      setFailed(false);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        refused.current = current;
        if (error.errors) setServerErrors(error.errors);
      } else {
        failedAt.current = Date.now();
      }
      if (!failed) notifyError(error);
      setFailed(true);
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  }, [id, failed]);

  const flushRef = useRef(flush);
  useEffect(() => {
    flushRef.current = flush;
  });

  useEffect(() => {
    const run = () => void flushRef.current();
    const timer = window.setInterval(run, ANNOUNCEMENT_SYNC_INTERVAL_MS);
    const onHidden = () => {
      if (document.visibilityState !== 'hidden') return;
      failedAt.current = null;
      run();
    };
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', run);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', run);
      failedAt.current = null;
      run(); // leaving the page
    };
  }, []);

  const localErrors = useMemo(() => announcementErrors(form), [form]);
  const errors = useMemo(() => ({ ...serverErrors, ...localErrors }), [serverErrors, localErrors]);
  const pending = changedKeys(form, baseline).length > 0;
  const status: AnnouncementSyncStatus = saving
    ? 'saving'
    : !pending
      ? 'saved'
      : Object.keys(localErrors).length > 0
        ? 'invalid'
        : failed
          ? 'error'
          : 'pending';

  return { announcement, setAnnouncement, form, errors, status, setField, flush };
}

export type AnnouncementSync = ReturnType<typeof useAnnouncementSync>;
