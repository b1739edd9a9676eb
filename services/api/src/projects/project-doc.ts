import { emptyProject, type Project } from '@reloc/domain';

/**
 * How `project_docs` stores a file: without the top-level fields that still hold their empty
 * project's value when it is a primitive (most of a file's ~170 fields are null): a third of
 * the JSON to write and parse. Read back through `parseProjectDoc` only.
 */
const EMPTY = emptyProject('') as unknown as Record<string, unknown>;

/** Keys whose empty value is a primitive, with that value. */
const DEFAULTS = new Map(
  Object.entries(EMPTY).filter(([, value]) => value === null || typeof value !== 'object'),
);

/**
 * Every key of an empty project, in its order: primitives with their empty value, the others
 * undefined until the stored doc sets them (it always holds them). A state's keys are the
 * empty project's in this order, then those its events added: assigning the stored doc over
 * a copy of this gives back the same keys in the same order.
 */
const BASE: Record<string, unknown> = Object.fromEntries(
  Object.keys(EMPTY).map((key) => [key, DEFAULTS.get(key)]),
);

/** The JSON `project_docs` holds for this file. */
export function stringifyProjectDoc(project: Project): string {
  const record = project as unknown as Record<string, unknown>;
  const stored: Record<string, unknown> = {};
  for (const key in record) {
    const value = record[key];
    if (value === DEFAULTS.get(key) && DEFAULTS.has(key)) continue;
    stored[key] = value;
  }
  return JSON.stringify(stored);
}

/** A file as `project_docs` holds it (also the whole documents written before this format). */
export function parseProjectDoc(raw: string): Project {
  return Object.assign({ ...BASE }, JSON.parse(raw)) as Project;
}
