import { DomainError } from '../shared/errors';

/** Two field values are the same when their JSON forms match, whatever the key order. */
export function sameValue(a: unknown, b: unknown): boolean {
  return stableJson(a ?? null) === stableJson(b ?? null);
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * A save touched fields someone else changed since the revision it started from (409):
 * `fields` names them and `current` holds their values now, so nothing is lost.
 */
export class FieldConflictError extends DomainError {
  constructor(
    readonly fields: string[],
    readonly current: Record<string, unknown>,
    readonly revision: number,
  ) {
    super('conflict', 'conflict');
    this.name = 'FieldConflictError';
  }
}
