import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../../shared/api/client';
import { notifyError } from '../../../shared/ui/toaster';
import { putHost } from '../api';
import {
  bodyOf,
  changedKeys,
  formOf,
  type HostForm,
  type HostFormKey,
  hostEditErrors,
} from '../form';
import type { HostDto } from '../types';

/** Host sync every 2 s (spec §9). */
export const HOST_SYNC_INTERVAL_MS = 2000;
/** After a failed call (not a refusal), wait before trying again: one snackbar per streak. */
const RETRY_AFTER_FAILURE_MS = 5000;

export type HostSyncStatus = 'saved' | 'pending' | 'invalid' | 'saving' | 'error';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The host page's form and its sync: every 2 s, on a hidden tab, `pagehide` and when the page
 * unmounts, PUT /hosts/{id} with the changed fields, skipped while the §5 edit rules fail. A
 * failure shows the snackbar and keeps what the user typed.
 */
export function useHostSync(initial: HostDto) {
  const id = initial._id;
  const [host, setHost] = useState(initial);
  const [form, setForm] = useState<HostForm>(() => formOf(initial));
  const [baseline, setBaseline] = useState<HostForm>(() => formOf(initial));
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const formRef = useRef(form);
  const baselineRef = useRef(baseline);
  const inFlight = useRef(false);
  const failedAt = useRef<number | null>(null);
  /** A form the server refused (400): not sent again until the user changes something. */
  const refused = useRef<HostForm | null>(null);

  const setField = useCallback(<K extends HostFormKey>(key: K, value: HostForm[K]) => {
    formRef.current = { ...formRef.current, [key]: value };
    setForm(formRef.current);
    setServerErrors(({ [key]: _, ...rest }) => rest);
  }, []);

  /** Photos change after an upload: applied to the list as it is then, not as it was. */
  const updatePhotos = useCallback(
    (update: (photos: string[]) => string[]) =>
      setField('photoUrlEstate', update(formRef.current.photoUrlEstate)),
    [setField],
  );

  const flush = useCallback(async () => {
    if (inFlight.current) return;
    if (failedAt.current !== null && Date.now() - failedAt.current < RETRY_AFTER_FAILURE_MS) return;
    const current = formRef.current;
    const keys = changedKeys(current, baselineRef.current);
    if (keys.length === 0) return;
    if (Object.keys(hostEditErrors(current)).length > 0) return; // §5: skipped while invalid
    if (refused.current && same(refused.current, current)) return;
    inFlight.current = true;
    setSaving(true);
    try {
      const answer = await putHost(id, bodyOf(current, keys));
      baselineRef.current = { ...baselineRef.current };
      for (const key of keys) Object.assign(baselineRef.current, { [key]: current[key] });
      setBaseline(baselineRef.current);
      setHost(answer);
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
    const timer = window.setInterval(run, HOST_SYNC_INTERVAL_MS);
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

  const localErrors = useMemo(() => hostEditErrors(form), [form]);
  const errors = useMemo(() => ({ ...serverErrors, ...localErrors }), [serverErrors, localErrors]);
  const pending = changedKeys(form, baseline).length > 0;
  const status: HostSyncStatus = saving
    ? 'saving'
    : !pending
      ? 'saved'
      : Object.keys(localErrors).length > 0
        ? 'invalid'
        : failed
          ? 'error'
          : 'pending';

  return { host, form, errors, status, setField, updatePhotos, flush };
}

export type HostSync = ReturnType<typeof useHostSync>;
