import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../../shared/api/client';
import { notifyError } from '../../../../shared/ui/toaster';
import { fetchProject, putLeaseFields } from '../../api';
import type { ConflictBody, ProjectDoc } from '../../types';
import * as draftOps from '../draft';
import type { DraftState } from '../draft';

/** Prospect and project autosave every 1000 ms (spec §9). */
export const AUTOSAVE_INTERVAL_MS = 1000;
/** After a failed save, wait this long before trying again (one snackbar per failure streak). */
const RETRY_AFTER_FAILURE_MS = 5000;

export type SaveStatus = 'saved' | 'pending' | 'saving' | 'error';

const isConflict = (error: unknown): error is ApiError & { body: ConflictBody } =>
  error instanceof ApiError &&
  error.status === 409 &&
  typeof error.body === 'object' &&
  error.body !== null &&
  Array.isArray((error.body as ConflictBody).fields);

/**
 * The project page's draft and its autosave: every second, on leaving the page (hidden tab,
 * pagehide, route change), PUT /lease/{id} with only the changed fields and the revision the
 * draft started from. A 409 turns the named fields into conflicts; the user's text stays.
 */
/** Where a draft is saved and re-read (the project's lease calls by default; prospects reuse it). */
export type DraftIo = {
  save: (id: string, revision: number, changes: Record<string, unknown>) => Promise<ProjectDoc>;
  reload: (id: string) => Promise<ProjectDoc>;
};

const LEASE_IO: DraftIo = { save: putLeaseFields, reload: (id) => fetchProject(id) };

export function useProjectDraft(initial: ProjectDoc, io: DraftIo = LEASE_IO) {
  const [state, setState] = useState<DraftState>(() => draftOps.startDraft(initial));
  const [status, setStatus] = useState<SaveStatus>('saved');
  const ref = useRef(state);
  const inFlight = useRef(false);
  const failedAt = useRef<number | null>(null);
  const id = initial._id;
  const ioRef = useRef(io);
  useEffect(() => {
    ioRef.current = io;
  });

  const update = useCallback((next: (s: DraftState) => DraftState) => {
    ref.current = next(ref.current);
    setState(ref.current);
    const pending = Object.keys(draftOps.pendingChanges(ref.current)).length > 0;
    if (!inFlight.current) setStatus((s) => (pending ? (s === 'error' ? s : 'pending') : 'saved'));
  }, []);

  const flush = useCallback(async () => {
    if (inFlight.current) return;
    if (failedAt.current !== null && Date.now() - failedAt.current < RETRY_AFTER_FAILURE_MS) return;
    const sent = draftOps.pendingChanges(ref.current);
    if (Object.keys(sent).length === 0) return;
    inFlight.current = true;
    setStatus('saving');
    try {
      const next = await ioRef.current.save(id, ref.current.base._revision, sent);
      failedAt.current = null;
      ref.current = draftOps.adoptBase(ref.current, next, sent);
    } catch (error) {
      if (isConflict(error)) {
        ref.current = draftOps.markConflicts(ref.current, error.body.fields, error.body.current);
        setState(ref.current);
        try {
          ref.current = draftOps.adoptBase(ref.current, await ioRef.current.reload(id));
        } catch (reload) {
          notifyError(reload);
        }
      } else {
        if (failedAt.current === null) notifyError(error);
        failedAt.current = Date.now();
      }
    } finally {
      inFlight.current = false;
      setState(ref.current);
      const pending = Object.keys(draftOps.pendingChanges(ref.current)).length > 0;
      setStatus(failedAt.current !== null ? 'error' : pending ? 'pending' : 'saved');
    }
  }, [id]);

  useEffect(() => {
    const timer = window.setInterval(() => void flush(), AUTOSAVE_INTERVAL_MS);
    const onHidden = () => {
      if (document.visibilityState === 'hidden') {
        failedAt.current = null;
        void flush();
      }
    };
    const onPageHide = () => void flush();
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onPageHide);
      failedAt.current = null;
      void flush(); // leaving the page (route change)
    };
  }, [flush]);

  return {
    state,
    status,
    flush,
    setField: useCallback(
      (field: string, value: unknown) => update((s) => draftOps.editField(s, field, value)),
      [update],
    ),
    /** A project answered by a workflow call (POST /lease/{id}): adopted, edits kept. */
    adopt: useCallback((next: ProjectDoc) => update((s) => draftOps.adoptBase(s, next)), [update]),
    keepMine: useCallback((field: string) => update((s) => draftOps.keepMine(s, field)), [update]),
    takeTheirs: useCallback(
      (field: string) => update((s) => draftOps.takeTheirs(s, field)),
      [update],
    ),
  };
}

export type ProjectDraft = ReturnType<typeof useProjectDraft>;
