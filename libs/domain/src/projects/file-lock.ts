import { isRole } from '../auth/roles';
import { PROJECT_MESSAGES } from '../rules/messages';
import { DomainError } from '../shared/errors';
import { canEditProject, ProgressMap } from './stages';

/** The server's own jobs (signature filing, distances): not a person, never locked out. */
export const SYSTEM_ROLE = 'SYSTEM';

/**
 * §4 "Edit mode is on unless progress is at or after sentToAL. From then on only admins or
 * super admins can edit", read as a staff member would: at or after sentToAL a non-admin
 * changes nothing on the file. Not its fields, tags, final property or stage (project
 * decider), nor abandoning, restarting, lifting alerts, services, nor its proposals
 * (adding one, status, visits, opinion, comments on them), nor its documents and folders.
 * Reading, downloading and the file's comment thread stay open. Refused with 403
 * "Le dossier n'est plus modifiable".
 */
export function fileLocked(project: { progress: ProgressMap }, role: string): boolean {
  if (role === SYSTEM_ROLE) return false;
  return !canEditProject(project, isRole(role) ? role : 'USER');
}

export function requireFileEditable(project: { progress: ProgressMap }, role: string): void {
  if (fileLocked(project, role)) throw new DomainError(PROJECT_MESSAGES.readOnly, 'forbidden');
}
