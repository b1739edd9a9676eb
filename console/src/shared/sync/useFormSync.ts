import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../api/client';
import { notifyError } from '../ui/toaster';

/** After a failed call (not a refusal), wait before trying again: one snackbar per streak. */
const RETRY_AFTER_FAILURE_MS = 5000;

export type FormSyncStatus = 'saved' | 'pending' | 'invalid' | 'saving' | 'error';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export type FormSyncOptions<Form extends object, Doc> = {
  initial: Doc;
  formOf: (doc: Doc) => Form;
  changedKeys: (form: Form, baseline: Form) => (keyof Form)[];
  /** The client-side rules: a form with errors is not sent. */
  errorsOf: (form: Form) => Record<string, string>;
  /** Sends the changed fields; answers the saved document. */
  save: (form: Form, keys: (keyof Form)[]) => Promise<Doc>;
  intervalMs: number;
};

/**
 * A detail page's form and its autosave: every `intervalMs`, on a hidden tab, `pagehide` and
 * when the page unmounts, `save` the changed fields, skipped while the rules fail or while the
 * form is the one the server just refused (400). A failure shows the snackbar and keeps what
 * the user typed.
 */
export function useFormSync<Form extends object, Doc>(options: FormSyncOptions<Form, Doc>) {
  const { formOf, changedKeys, errorsOf } = options;
  const [doc, setDoc] = useState(options.initial);
  const [form, setForm] = useState<Form>(() => formOf(options.initial));
  const [baseline, setBaseline] = useState<Form>(() => formOf(options.initial));
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const formRef = useRef(form);
  const baselineRef = useRef(baseline);
  const optionsRef = useRef(options);
  const inFlight = useRef(false);
  const failedRef = useRef(false);
  const failedAt = useRef<number | null>(null);
  /** A form the server refused (400): not sent again until the user changes something. */
  const refused = useRef<Form | null>(null);
  useEffect(() => {
    optionsRef.current = options;
  });

  const setField = useCallback(<K extends keyof Form>(key: K, value: Form[K]) => {
    formRef.current = { ...formRef.current, [key]: value };
    setForm(formRef.current);
    setServerErrors(({ [key as string]: _, ...rest }) => rest);
  }, []);

  /** Reads the field as it is now (not as it was at the last render). */
  const fieldNow = useCallback(<K extends keyof Form>(key: K): Form[K] => formRef.current[key], []);

  const flush = useCallback(async () => {
    if (inFlight.current) return;
    if (failedAt.current !== null && Date.now() - failedAt.current < RETRY_AFTER_FAILURE_MS) return;
    const { changedKeys: changed, errorsOf: rules, save } = optionsRef.current;
    const current = formRef.current;
    const keys = changed(current, baselineRef.current);
    if (keys.length === 0) return;
    if (Object.keys(rules(current)).length > 0) return;
    if (refused.current && same(refused.current, current)) return;
    inFlight.current = true;
    setSaving(true);
    try {
      const answer = await save(current, keys);
      baselineRef.current = { ...baselineRef.current };
      for (const key of keys) baselineRef.current[key] = current[key];
      setBaseline(baselineRef.current);
      setDoc(answer);
      failedAt.current = null;
      refused.current = null;
      failedRef.current = false;
      setFailed(false);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        refused.current = current;
        if (error.errors) setServerErrors(error.errors);
      } else {
        failedAt.current = Date.now();
      }
      if (!failedRef.current) notifyError(error);
      failedRef.current = true;
      setFailed(true);
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  }, []);

  useEffect(() => {
    const run = () => void flush();
    const timer = window.setInterval(run, optionsRef.current.intervalMs);
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
  }, [flush]);

  const localErrors = useMemo(() => errorsOf(form), [errorsOf, form]);
  const errors = useMemo(() => ({ ...serverErrors, ...localErrors }), [serverErrors, localErrors]);
  const pending = changedKeys(form, baseline).length > 0;
  const status: FormSyncStatus = saving
    ? 'saving'
    : !pending
      ? 'saved'
      : Object.keys(localErrors).length > 0
        ? 'invalid'
        : failed
          ? 'error'
          : 'pending';

  return { doc, setDoc, form, errors, status, setField, fieldNow, flush };
}
