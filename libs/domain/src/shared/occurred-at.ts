const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * When an event happened: the `at` its metadata carries (the command's time, or a demo
 * event's own backdated time), else when the store recorded it. Timelines and the audit's
 * state at an instant read this, so the demo shows a history (issue 15 point 26). The
 * metadata is covered by the event's chain hash: a changed `at` breaks the chain.
 */
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Digits of `text` from `start` to `end` (excluded) as a number, or -1 if one is not a digit. */
function digits(text: string, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

/**
 * `at` is already what `new Date(at).toISOString()` gives (YYYY-MM-DDTHH:mm:ss.sssZ with a
 * real date and time): answered without building a Date (replays read one per event).
 */
function isCanonicalInstant(at: string): boolean {
  if (at.length !== 24 || at[4] !== '-' || at[7] !== '-' || at[10] !== 'T') return false;
  if (at[13] !== ':' || at[16] !== ':' || at[19] !== '.' || at[23] !== 'Z') return false;
  const year = digits(at, 0, 4);
  const month = digits(at, 5, 7);
  const day = digits(at, 8, 10);
  if (year < 0 || month < 1 || month > 12 || day < 1) return false;
  const leap = month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > DAYS_IN_MONTH[month - 1] + (leap ? 1 : 0)) return false;
  const hours = digits(at, 11, 13);
  const minutes = digits(at, 14, 16);
  const seconds = digits(at, 17, 19);
  return (
    hours >= 0 &&
    hours < 24 &&
    minutes >= 0 &&
    minutes < 60 &&
    seconds >= 0 &&
    seconds < 60 &&
    digits(at, 20, 23) >= 0
  );
}

export function occurredAt(event: {
  metadata?: Record<string, unknown> | null;
  createdAt: string;
}): string {
  const at = event.metadata?.at;
  if (typeof at !== 'string') return event.createdAt;
  if (isCanonicalInstant(at)) return at;
  if (ISO_INSTANT.test(at) && !Number.isNaN(Date.parse(at))) return new Date(at).toISOString();
  return event.createdAt;
}
