/**
 * The fields an event changed, read from the aggregate before and after it: pure, so the
 * history of any stream is computed the same way whatever its events carry.
 */
export type FieldChange = { field: string; label: string; before: unknown; after: unknown };

/** Bookkeeping of the deciders, not business fields: never listed as changes. */
export const BOOKKEEPING_FIELDS: readonly string[] = [
  'revision',
  'fieldRevisions',
  'fieldAuthors',
  'activeAlerts',
];

/** Secrets the history never shows, even to admins. */
const SECRET_FIELD =
  /^(password|passwordHash|token|secret|.*(Password|PasswordHash|Token|Secret))$/;
export const MASKED = '••••••';

export function isSecretField(field: string): boolean {
  const last = field.split('.').pop() ?? field;
  return SECRET_FIELD.test(last);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Deep equality of JSON-like values (key order does not matter). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') {
    // undefined and null both mean "no value" in a read-only view.
    return (a ?? null) === (b ?? null);
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]));
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ra), ...Object.keys(rb)]);
  for (const key of keys) if (!jsonEqual(ra[key], rb[key])) return false;
  return true;
}

/** Replaces every secret field, at any depth, by a mask (null stays null). */
export function redactSecrets<T>(value: T): T {
  if (Array.isArray(value)) return value.map(redactSecrets) as T;
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value))
    out[key] = isSecretField(key) && item != null ? MASKED : redactSecrets(item);
  return out as T;
}

export type DiffOptions = {
  /** French label of a field path ('job', 'assignees.sale'); the path itself when unknown. */
  labelOf?: (field: string) => string;
  /** Top-level fields to ignore (BOOKKEEPING_FIELDS by default). */
  ignore?: readonly string[];
  /** Top-level plain-object fields compared key by key ('assignees' → 'assignees.sale'). */
  expand?: readonly string[];
};

/**
 * The fields that differ between two states, in the order of the state's keys: the expanded
 * plain objects (assignees, progress…) give one change per key; other values as a whole.
 */
export function diffFields(before: unknown, after: unknown, options: DiffOptions = {}) {
  const labelOf = options.labelOf ?? ((field: string) => field);
  const ignore = new Set(options.ignore ?? BOOKKEEPING_FIELDS);
  const expand = new Set(options.expand ?? []);
  const changes: FieldChange[] = [];
  const walk = (a: unknown, b: unknown, path: string) => {
    const ra = isPlainObject(a) ? a : {};
    const rb = isPlainObject(b) ? b : {};
    for (const key of new Set([...Object.keys(ra), ...Object.keys(rb)])) {
      if (!path && ignore.has(key)) continue;
      const field = path ? `${path}.${key}` : key;
      const x = ra[key];
      const y = rb[key];
      if (jsonEqual(x, y)) continue;
      if (!path && expand.has(key) && (isPlainObject(x) || isPlainObject(y))) {
        walk(x, y, field);
        continue;
      }
      const secret = isSecretField(field);
      changes.push({
        field,
        label: labelOf(field),
        before: secret && x != null ? MASKED : redactSecrets(x ?? null),
        after: secret && y != null ? MASKED : redactSecrets(y ?? null),
      });
    }
  };
  walk(before, after, '');
  return changes;
}
