const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** An instant as French readers expect it, in Paris time. */
export function parisDateTime(iso: string): string {
  return new Intl.DateTimeFormat('fr-FR', {
    dateStyle: 'short',
    timeStyle: 'medium',
    timeZone: 'Europe/Paris',
  }).format(new Date(iso));
}

/** A value of the history in one short French line (PDF and plain text). */
export function formatAuditValue(value: unknown, max = 160): string {
  let text: string;
  if (value === null || value === undefined || value === '') text = '—';
  else if (typeof value === 'string' && ISO_INSTANT.test(value)) text = parisDateTime(value);
  else if (typeof value === 'boolean') text = value ? 'Oui' : 'Non';
  else if (typeof value === 'string' || typeof value === 'number') text = String(value);
  else if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null))
    text = value.length ? value.map((v) => formatAuditValue(v, max)).join(', ') : '—';
  else if (typeof value === 'object' && typeof (value as { label?: unknown }).label === 'string')
    text = (value as { label: string }).label;
  else text = JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
