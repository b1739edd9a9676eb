import { useCallback } from 'react';
import { type FormSyncStatus, useFormSync } from '../../../shared/sync/useFormSync';
import { putHost } from '../api';
import { bodyOf, changedKeys, formOf, type HostForm, hostEditErrors } from '../form';
import type { HostDto } from '../types';

/** Host sync every 2 s (spec §9). */
export const HOST_SYNC_INTERVAL_MS = 2000;

export type HostSyncStatus = FormSyncStatus;

/** The host page's form synced every 2 s, skipped while the §5 edit rules fail. */
export function useHostSync(initial: HostDto) {
  const sync = useFormSync<HostForm, HostDto>({
    initial,
    formOf,
    changedKeys,
    errorsOf: hostEditErrors,
    save: (form, keys) => putHost(initial._id, bodyOf(form, keys)),
    intervalMs: HOST_SYNC_INTERVAL_MS,
  });
  const { setField, fieldNow } = sync;

  /** Photos change after an upload: applied to the list as it is then, not as it was. */
  const updatePhotos = useCallback(
    (update: (photos: string[]) => string[]) =>
      setField('photoUrlEstate', update(fieldNow('photoUrlEstate'))),
    [setField, fieldNow],
  );

  const { doc: host, form, errors, status, flush } = sync;
  return { host, form, errors, status, setField, updatePhotos, flush };
}

export type HostSync = ReturnType<typeof useHostSync>;
