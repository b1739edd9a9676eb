const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * When an event happened: the `at` its metadata carries (the command's time, or a demo
 * event's own backdated time), else when the store recorded it. Timelines and the audit's
 * state at an instant read this, so the demo shows a history (issue 15 point 26). The
 * metadata is covered by the event's chain hash: a changed `at` breaks the chain.
 */
export function occurredAt(event: {
  metadata?: Record<string, unknown> | null;
  createdAt: string;
}): string {
  const at = event.metadata?.at;
  if (typeof at === 'string' && ISO_INSTANT.test(at) && !Number.isNaN(Date.parse(at)))
    return new Date(at).toISOString();
  return event.createdAt;
}
