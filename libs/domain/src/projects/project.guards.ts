import { Role, isRole, isStaff } from '../auth/roles';
import { PROJECT_MESSAGES } from '../rules/messages';
import { DomainError } from '../shared/errors';
import { Project, projectExists } from './project';
import { ProjectActor } from './project.commands';
import { canEditProject } from './stages';

/** The actor's role; anything unknown counts as USER, who may do nothing here. */
export function roleOf(actor: ProjectActor): Role {
  return isRole(actor.role) ? actor.role : 'USER';
}

export function requireStaff(actor: ProjectActor): Role {
  const role = roleOf(actor);
  if (!isStaff(role)) throw new DomainError(PROJECT_MESSAGES.adminsOnly, 'forbidden');
  return role;
}

export function requireProject(state: Project): Project {
  if (!projectExists(state)) throw new DomainError(PROJECT_MESSAGES.notFound, 'notFound');
  return state;
}

/** Edit mode (§4): refused at or after sentToAL unless admin. */
export function requireEditable(state: Project, role: Role): void {
  if (!canEditProject(state, role)) throw new DomainError(PROJECT_MESSAGES.readOnly, 'forbidden');
}

export function invalidIfAny(
  errors: Record<string, string>,
  message: string = PROJECT_MESSAGES.invalidRequest,
) {
  if (Object.keys(errors).length) throw new DomainError(message, 'invalid', errors);
}
