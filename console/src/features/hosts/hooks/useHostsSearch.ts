import { useEffect, useState } from 'react';
import { notifyError } from '../../../shared/ui/toaster';
import { searchHosts } from '../api';
import type { HostsPage, HostsQuery } from '../types';

type SearchState = { page: HostsPage | null; loading: boolean; failed: boolean };

/** The page of hosts for `query`; a newer query aborts the call in flight. */
export function useHostsSearch(query: HostsQuery): SearchState {
  const [state, setState] = useState<SearchState>({ page: null, loading: true, failed: false });
  const { input, isActive, page } = query;

  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true, failed: false }));
    searchHosts({ input, isActive, page }, controller.signal).then(
      (result) => setState({ page: result, loading: false, failed: false }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        notifyError(error);
        setState({ page: null, loading: false, failed: true });
      },
    );
    return () => controller.abort();
  }, [input, isActive, page]);

  return state;
}
