import { useEffect, useState } from 'react';
import { ApiError } from '../api/client';
import { notifyError } from '../ui/toaster';

/** null while loading; `missing` for an unknown or malformed id; `failed` after the snackbar. */
export type LoadedById<T> = { doc: T } | { missing: true } | { failed: true } | null;

/** Loads the document of a detail page by its route id, aborting when the id changes. */
export function useLoadById<T>(
  id: string,
  fetcher: (id: string, signal: AbortSignal) => Promise<T>,
): LoadedById<T> {
  const [loaded, setLoaded] = useState<LoadedById<T>>(null);
  useEffect(() => {
    const controller = new AbortController();
    setLoaded(null);
    fetcher(id, controller.signal).then(
      (doc) => setLoaded({ doc }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
          setLoaded({ missing: true });
          return;
        }
        notifyError(error);
        setLoaded({ failed: true });
      },
    );
    return () => controller.abort();
  }, [id, fetcher]);
  return loaded;
}
