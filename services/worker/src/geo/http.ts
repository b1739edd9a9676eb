/** The fetch the adapters use; tests and callers may pass another (same signature). */
export type Fetch = typeof fetch;

export const DEFAULT_TIMEOUT_MS = 10_000;

/** `base` + `path`, keeping any path of the base ('http://h/api' + 'search/'). */
export function joinUrl(base: string, path: string): URL {
  return new URL(path, base.endsWith('/') ? base : `${base}/`);
}
