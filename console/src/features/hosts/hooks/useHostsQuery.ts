import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AvailabilityFilter, HostsQuery } from '../types';

/** URL search params of /hosts: `q` the search, `dispo` 1 or 0 (a chip), `page` from 1. */
export const PARAM_INPUT = 'q';
export const PARAM_AVAILABILITY = 'dispo';
export const PARAM_PAGE = 'page';

function availabilityOf(value: string | null): AvailabilityFilter {
  if (value === '1') return true;
  if (value === '0') return false;
  return null;
}

/** The list query lives in the URL, so a reload or the back button keeps it. */
export function useHostsQuery() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get(PARAM_PAGE)) || 1));
  const query: HostsQuery = {
    input: params.get(PARAM_INPUT) ?? '',
    isActive: availabilityOf(params.get(PARAM_AVAILABILITY)),
    page,
  };

  const update = useCallback(
    (changes: Record<string, string | null>, replace = false) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );

  return {
    query,
    /** A new search starts at page 1; typing replaces the history entry. */
    setInput: (input: string) => update({ [PARAM_INPUT]: input.trim(), [PARAM_PAGE]: null }, true),
    /** A chip toggles: choosing the active one again shows every host. */
    toggleAvailability: (value: boolean) =>
      update({
        [PARAM_AVAILABILITY]: query.isActive === value ? null : value ? '1' : '0',
        [PARAM_PAGE]: null,
      }),
    setPage: (next: number) => update({ [PARAM_PAGE]: next > 1 ? String(next) : null }),
  };
}
