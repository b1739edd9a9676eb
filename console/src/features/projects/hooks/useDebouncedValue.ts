import { useEffect, useRef, useState } from 'react';

/**
 * `value` once it has not changed for `wait` ms, and at least every `maxWait` ms while it keeps
 * changing (spec §9: project filter search 300 ms, max wait 8 s).
 */
export function useDebouncedValue<T>(value: T, wait: number, maxWait: number): T {
  const [debounced, setDebounced] = useState(value);
  const pendingSince = useRef<number | null>(null);

  useEffect(() => {
    if (Object.is(value, debounced)) {
      pendingSince.current = null;
      return;
    }
    const now = Date.now();
    pendingSince.current ??= now;
    const delay = Math.max(0, Math.min(wait, pendingSince.current + maxWait - now));
    const timer = setTimeout(() => {
      pendingSince.current = null;
      setDebounced(value);
    }, delay);
    return () => clearTimeout(timer);
  }, [value, debounced, wait, maxWait]);

  return debounced;
}
