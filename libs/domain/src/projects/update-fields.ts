import { MESSAGES, PROJECT_MESSAGES } from '../rules/messages';
import { DomainError } from '../shared/errors';
import {
  ProjectFieldChanges,
  ProjectField,
  isEditableField,
  isFieldValue,
  isProjectField,
} from './fields';
import { FieldConflictError, sameValue } from './field-conflict';
import { Project } from './project';
import { RecordSystemFields, UpdateFields } from './project.commands';
import { ProjectFieldsChanged } from './project.events';
import { invalidIfAny, requireEditable, requireProject, requireStaff } from './project.guards';
import { CLIENT_FIELDS, COMPUTED_FIELDS } from './fields';

function checkChanges(
  changes: Record<string, unknown>,
  allowed: (field: string) => field is ProjectField,
): ProjectFieldChanges {
  if (!changes || typeof changes !== 'object' || Array.isArray(changes))
    throw new DomainError(PROJECT_MESSAGES.invalidRequest, 'invalid');
  const errors: Record<string, string> = {};
  for (const [field, value] of Object.entries(changes)) {
    if (!allowed(field)) errors[field] = MESSAGES.unknownField;
    else if (!isFieldValue(field, value)) errors[field] = MESSAGES.invalid;
  }
  invalidIfAny(errors);
  return changes as ProjectFieldChanges;
}

function changedOnly(project: Project, changes: ProjectFieldChanges): ProjectFieldChanges {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(changes))
    if (!sameValue(project[field as ProjectField], value)) out[field] = value;
  return out as ProjectFieldChanges;
}

function event(project: Project, changes: ProjectFieldChanges, by: string): ProjectFieldsChanged[] {
  if (!Object.keys(changes).length) return [];
  return [{ type: 'ProjectFieldsChanged', data: { projectId: project._id, changes, by } }];
}

/**
 * Autosave: only the changed fields, with the revision the edit started from. A field that
 * someone else changed since then, to another value, is a conflict; the others merge.
 * Without a base revision (the spec's body) the changed fields apply to the latest state.
 */
export function updateFields(command: UpdateFields, state: Project): ProjectFieldsChanged[] {
  const project = requireProject(state);
  const role = requireStaff(command.actor);
  requireEditable(project, role);
  const { baseRevision } = command;
  if (baseRevision !== undefined && !Number.isInteger(baseRevision))
    throw new DomainError(PROJECT_MESSAGES.invalidRequest, 'invalid', {
      _revision: MESSAGES.invalid,
    });
  const changes = changedOnly(project, checkChanges(command.changes, isEditableField));
  // Without a base revision there is nothing to conflict with: the latest state is the base.
  const conflicts = Object.keys(changes).filter(
    (field) =>
      baseRevision !== undefined &&
      (project.fieldRevisions[field] ?? -1) > baseRevision &&
      project.fieldAuthors[field] !== command.actor.id,
  );
  if (conflicts.length) {
    const current = Object.fromEntries(
      conflicts.map((field) => [field, project[field as ProjectField]]),
    );
    throw new FieldConflictError(conflicts, current, project.revision);
  }
  return event(project, changes, command.actor.id);
}

const SYSTEM_FIELDS = new Set<string>([...CLIENT_FIELDS, ...COMPUTED_FIELDS]);
const isSystemField = (field: string): field is ProjectField =>
  isProjectField(field) && SYSTEM_FIELDS.has(field);

/** Distances computed by the server and the client's own notes: no edit mode, no conflict. */
export function recordSystemFields(
  command: RecordSystemFields,
  state: Project,
): ProjectFieldsChanged[] {
  const project = requireProject(state);
  const changes = changedOnly(project, checkChanges(command.changes, isSystemField));
  return event(project, changes, command.actor.id);
}
