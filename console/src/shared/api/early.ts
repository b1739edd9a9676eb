import { tokenClaims } from './token';

/**
 * Calls started at start-up, before the screens that need them are loaded (main.tsx), so they
 * run beside the code's download instead of after it. A screen takes one at most once, and only
 * for the session it was asked for (a logout, another login or an impersonation in between:
 * it is asked again), while it is fresh; otherwise, or when it failed, the screen asks again
 * through the usual path (refresh and logout included).
 */
type Early = { sid: string; at: number; answer: Promise<unknown>; value?: { of: unknown } };

/** Older than this, an early answer is not shown (the screen took long to come up). */
export const EARLY_MAX_AGE_MS = 30_000;

const calls = new Map<string, Early>();

/** Starts `run` for the stored session under `key` (nothing without a session). */
export function startEarly(key: string, run: () => Promise<unknown>): void {
  const sid = tokenClaims()?.sid;
  if (!sid) return;
  const early: Early = { sid, at: Date.now(), answer: run() };
  // Kept for takeEarlyNow; nobody may take it: its failure is not an unhandled rejection.
  early.answer.then(
    (value) => (early.value = { of: value }),
    () => undefined,
  );
  calls.set(key, early);
}

const usable = (early: Early | undefined): early is Early =>
  !!early && early.sid === tokenClaims()?.sid && Date.now() - early.at <= EARLY_MAX_AGE_MS;

/**
 * The early answer of `key` when it was asked for the current session and is fresh (taken
 * once), else `fetch()`; an early failure falls back to `fetch()` as well.
 */
export function earlyOr<T>(key: string, fetch: () => Promise<T>): Promise<T> {
  const early = calls.get(key);
  calls.delete(key);
  return usable(early) ? (early.answer as Promise<T>).catch(() => fetch()) : fetch();
}

/**
 * The early answer of `key` if it is already in, on the same terms as earlyOr (taken once):
 * a screen can then draw it on its first render.
 */
export function takeEarlyNow<T>(key: string): T | undefined {
  const early = calls.get(key);
  if (!early?.value) return undefined;
  calls.delete(key);
  return usable(early) ? (early.value.of as T) : undefined;
}

/** Forgets every early call (tests; a session that ends). */
export function forgetEarly(): void {
  calls.clear();
}
