import { useCallback, useEffect, useRef } from 'react';

/**
 * `fn` called `wait` ms after the last call, with that call's arguments. The latest `fn` runs, so
 * it sees the state of the render before it fires (a router setter, for instance).
 */
export function useDebouncedCallback<Args extends unknown[]>(
  fn: (...args: Args) => void,
  wait: number,
): (...args: Args) => void {
  const latest = useRef(fn);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    latest.current = fn;
  });
  useEffect(() => () => window.clearTimeout(timer.current), []);

  return useCallback(
    (...args: Args) => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => latest.current(...args), wait);
    },
    [wait],
  );
}
