import type { ProjectDoc } from '../types';

/**
 * The local draft of a project page (pure functions, tested on their own):
 * - `base`: the project as the server last answered it (with its `_revision`);
 * - `draft`: the user's edits not yet saved (field → value);
 * - `conflicts`: fields someone else changed meanwhile (field → their value). A conflicting
 *   field keeps the user's text in `draft` and is not sent until the user chooses.
 */
export type DraftState = {
  base: ProjectDoc;
  draft: Record<string, unknown>;
  conflicts: Record<string, unknown>;
};

export const sameValue = (a: unknown, b: unknown): boolean =>
  Object.is(a, b) ||
  ((a === null || a === undefined || a === '') && (b === null || b === undefined || b === '')) ||
  (typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b));

export const startDraft = (base: ProjectDoc): DraftState => ({ base, draft: {}, conflicts: {} });

export function valueOf(state: DraftState, field: string): unknown {
  return field in state.draft ? state.draft[field] : state.base[field];
}

export function editField(state: DraftState, field: string, value: unknown): DraftState {
  return { ...state, draft: { ...state.draft, [field]: value } };
}

/** What the next PUT carries: changed fields, conflicts held back. */
export function pendingChanges(state: DraftState): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(state.draft)) {
    if (field in state.conflicts) continue;
    if (!sameValue(value, state.base[field])) changes[field] = value;
  }
  return changes;
}

/**
 * A newer project from the server (a 200 of PUT with `sent`, a POST action, or a fresh GET).
 * Saved fields leave the draft; fields still being edited stay; a field the server now holds
 * with another value than the one the user started from (or sent) is a conflict.
 */
export function adoptBase(
  state: DraftState,
  next: ProjectDoc,
  sent: Record<string, unknown> = {},
): DraftState {
  const draft: Record<string, unknown> = {};
  const conflicts: Record<string, unknown> = { ...state.conflicts };
  for (const [field, value] of Object.entries(state.draft)) {
    const wasSent = field in sent;
    if (wasSent && sameValue(value, sent[field]) && sameValue(next[field], value)) continue;
    if (sameValue(next[field], value)) {
      delete conflicts[field];
      continue;
    }
    draft[field] = value;
    const expected = wasSent ? sent[field] : state.base[field];
    if (field in conflicts) conflicts[field] = next[field];
    else if (!sameValue(next[field], expected)) conflicts[field] = next[field];
  }
  for (const field of Object.keys(conflicts)) if (!(field in draft)) delete conflicts[field];
  return { base: next, draft, conflicts };
}

/** A 409 `{fields, current}`: those fields become conflicts, the user's text stays. */
export function markConflicts(
  state: DraftState,
  fields: readonly string[],
  current: Record<string, unknown>,
): DraftState {
  const conflicts = { ...state.conflicts };
  for (const field of fields) if (field in state.draft) conflicts[field] = current[field];
  return { ...state, conflicts };
}

/** 'Garder ma version': the user's value is sent with the newer revision. */
export function keepMine(state: DraftState, field: string): DraftState {
  const { [field]: _, ...conflicts } = state.conflicts;
  return { ...state, conflicts };
}

/** 'Prendre la leur': the other value replaces the user's. */
export function takeTheirs(state: DraftState, field: string): DraftState {
  const { [field]: theirs, ...conflicts } = state.conflicts;
  const { [field]: _, ...draft } = state.draft;
  return { base: { ...state.base, [field]: theirs }, draft, conflicts };
}
