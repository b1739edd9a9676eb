import { DomainEvent } from '../shared/decider';
import { occurredAt } from '../shared/occurred-at';
import { AuditStreamType } from './audit-registry';
import {
  BOOKKEEPING_FIELDS,
  diffFields,
  FieldChange,
  isPlainObject,
  redactSecrets,
} from './field-diff';

/** What the history reads of a recorded event. */
export type AuditSourceEvent = {
  type: string;
  data: unknown;
  revision: number;
  createdAt: string;
  metadata?: Record<string, unknown>;
};

const asDomainEvent = (event: AuditSourceEvent) =>
  ({ type: event.type, data: event.data }) as DomainEvent;

/** Folds the stream with its decider and lists, per event, the fields it changed. */
export function changesPerEvent(
  type: AuditStreamType,
  events: readonly AuditSourceEvent[],
): FieldChange[][] {
  let state = type.decider.initialState();
  return events.map((event) => {
    const next = type.decider.evolve(state, asDomainEvent(event));
    const changes = diffFields(state, next, { labelOf: type.labelOf, expand: type.expand });
    state = next;
    return changes;
  });
}

/** ms since the epoch of a strict ISO 8601 instant with a time zone; null otherwise. */
export function parseInstant(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;
  if (!iso.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

export type AuditStateAt = {
  /** Revision of the last event folded; -1 when the stream did not exist yet. */
  revision: number;
  /** The aggregate then (secrets masked); null before the first event. */
  state: unknown;
};

/**
 * The aggregate as it was at `atMs`: every event that happened at or before that instant
 * (its metadata's `at`, else its recording time), folded.
 */
export function stateAt(
  type: AuditStreamType,
  events: readonly AuditSourceEvent[],
  atMs: number,
): AuditStateAt {
  let state = type.decider.initialState();
  let revision = -1;
  for (const event of events) {
    if (Date.parse(occurredAt(event)) > atMs) break;
    state = type.decider.evolve(state, asDomainEvent(event));
    revision = event.revision;
  }
  return { revision, state: revision < 0 ? null : redactSecrets(state) };
}

export type AuditStateField = { field: string; label: string; value: unknown };
export type AuditStateGroup = { title: string; fields: AuditStateField[] };

const OTHER_GROUP = 'Autres données';

/**
 * The state as a read-only list of labelled fields, grouped: a label 'Garant 1 : nom' goes
 * to the group 'Garant 1'; the expanded objects (assignees…) each make their own group; the
 * other labelled fields the aggregate's group; fields without a French label come last.
 */
export function describeState(type: AuditStreamType, state: unknown): AuditStateGroup[] {
  if (!isPlainObject(state)) return [];
  const groups = new Map<string, AuditStateField[]>();
  const add = (title: string, field: AuditStateField) => {
    const list = groups.get(title) ?? [];
    list.push(field);
    groups.set(title, list);
  };
  groups.set(type.label, []);
  const expand = new Set(type.expand);
  const safe = redactSecrets(state);
  for (const [key, value] of Object.entries(safe)) {
    if (BOOKKEEPING_FIELDS.includes(key)) continue;
    if (expand.has(key) && isPlainObject(value)) {
      const title = type.labelOf(key);
      for (const [sub, item] of Object.entries(value))
        add(title, { field: `${key}.${sub}`, label: type.labelOf(`${key}.${sub}`), value: item });
      continue;
    }
    const label = type.labelOf(key);
    const split = label.indexOf(' : ');
    if (split > 0) {
      const rest = label.slice(split + 3);
      add(label.slice(0, split), {
        field: key,
        label: rest.charAt(0).toUpperCase() + rest.slice(1),
        value,
      });
    } else add(label === key ? OTHER_GROUP : type.label, { field: key, label, value });
  }
  const other = groups.get(OTHER_GROUP);
  groups.delete(OTHER_GROUP);
  if (other) groups.set(OTHER_GROUP, other);
  return [...groups]
    .filter(([, fields]) => fields.length)
    .map(([title, fields]) => ({ title, fields }));
}
