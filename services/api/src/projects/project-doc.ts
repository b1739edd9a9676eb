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

/** Each key as it opens its member in the JSON (`"key":`), made once per key. */
const MEMBER = new Map<string, string>();

/**
 * The JSON `project_docs` holds for this file: what `JSON.stringify` writes for the file
 * without its empty fields, built member by member (no copy of the file to stringify).
 */
export function stringifyProjectDoc(project: Project): string {
  const record = project as unknown as Record<string, unknown>;
  let json = '';
  for (const key in record) {
    const value = record[key];
    if (value === DEFAULTS.get(key) && DEFAULTS.has(key)) continue;
    // Undefined (no JSON): JSON.stringify leaves such a member out of an object.
    const text = JSON.stringify(value) as string | undefined;
    if (text === undefined) continue;
    let member = MEMBER.get(key);
    if (member === undefined) MEMBER.set(key, (member = `${JSON.stringify(key)}:`));
    json += (json ? ',' : '{') + member + text;
  }
  return json ? `${json}}` : '{}';
}

/** A file as `project_docs` holds it (also the whole documents written before this format). */
export function parseProjectDoc(raw: string): Project {
  return Object.assign({ ...BASE }, JSON.parse(raw)) as Project;
}
