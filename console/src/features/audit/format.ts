const pad = (n: number) => String(n).padStart(2, '0');

/** '23/11/2026 13:39:04' in local time; '' when invalid. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return (
    `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/** The value of an `<input type="datetime-local" step="1">` for an instant. */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/**
 * The instant a picked local date-time means: the end of the second (or minute) shown, so
 * every event of that second is included. null when the value is incomplete.
 */
export function fromLocalInput(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  const date = new Date(
    Number(y),
    Number(mo) - 1,
    Number(d),
    Number(h),
    Number(mi),
    s === undefined ? 59 : Number(s),
    999,
  );
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** A value of the file in one short French line (instants in local time). */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non';
  if (typeof value === 'string' && ISO_INSTANT.test(value)) return formatDateTime(value);
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value))
    return value.length ? value.map((item) => formatValue(item)).join(', ') : '—';
  if (typeof value === 'object' && typeof (value as { label?: unknown }).label === 'string')
    return (value as { label: string }).label;
  const text = JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/** Who made an event: name (trigram), the trigram alone, or 'Système'. */
export function actorLabel(actor: { name: string | null; trigram: string | null } | null): string {
  if (!actor) return 'Système';
  if (actor.name && actor.trigram) return `${actor.name} (${actor.trigram})`;
  return actor.name ?? actor.trigram ?? 'Système';
}

/** 'DD/MM/YYYY HH:MM[:SS]' typed in French → the instant it means (as fromLocalInput). */
export function fromFrenchDateTime(text: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})\s+(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!match) return null;
  const [, d, mo, y, h, mi, s] = match;
  if (Number(mo) < 1 || Number(mo) > 12 || Number(d) < 1 || Number(h) > 23 || Number(mi) > 59)
    return null;
  const days = new Date(Number(y), Number(mo), 0).getDate();
  if (Number(d) > days || (s !== undefined && Number(s) > 59)) return null;
  return fromLocalInput(`${y}-${mo}-${d}T${h}:${mi}${s === undefined ? '' : `:${s}`}`);
}
