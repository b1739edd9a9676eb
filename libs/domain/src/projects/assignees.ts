import { Role, isAdmin } from '../auth/roles';
import { isObjectId } from '../shared/ids';
import { TRIGRAM_PATTERN } from '../users/user';
import { ASSIGNEE_ROLES, AssigneeRole } from './project';

export const ASSIGNEE_LABELS: Record<AssigneeRole, string> = {
  prescriptor: 'Prescripteur',
  lead: 'Lead',
  sale: 'Commercial',
  dispatcher: 'Répartiteur',
  reloc: 'Reloc',
  alsender: 'Envoi AL',
};

/**
 * §6 staff-field permissions for non-admins: 'no-button' hides set/clear, 'self' lets one
 * only take an empty place or clear one's own. Admins and super admins may set any.
 */
export type AssigneePermission = 'no-button' | 'self';
export const ASSIGNEE_PERMISSIONS: Record<AssigneeRole, AssigneePermission> = {
  prescriptor: 'no-button',
  lead: 'self',
  sale: 'self',
  dispatcher: 'self',
  reloc: 'self',
  alsender: 'self',
};

export function isAssigneeRole(value: unknown): value is AssigneeRole {
  return typeof value === 'string' && (ASSIGNEE_ROLES as readonly string[]).includes(value);
}

/** A trigram, or for the prescriptor a 24-hex id; null clears. */
export function isAssigneeValue(role: AssigneeRole, value: unknown): boolean {
  if (value === null) return true;
  return role === 'prescriptor'
    ? isObjectId(value)
    : typeof value === 'string' && TRIGRAM_PATTERN.test(value);
}

/**
 * §6 "Only active staff with a trigram are listed for assignment", held on the server too:
 * lead, sale, dispatcher, reloc and alsender take only an active staff trigram (a deactivated
 * member or nobody would leave the file to nobody and bill ghosts); clearing is always
 * allowed. The prescriptor is a prospect id, not staff. Errors are keyed `assignees.<role>`.
 */
export function inactiveAssignees(
  assignees: Partial<Record<AssigneeRole, string | null>> | undefined,
  activeStaff: readonly string[] | undefined,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const active = new Set(activeStaff ?? []);
  for (const role of ASSIGNEE_ROLES) {
    const value = assignees?.[role];
    if (role === 'prescriptor' || value === null || value === undefined || value === '') continue;
    if (!active.has(value)) errors[`assignees.${role}`] = 'Invalide';
  }
  return errors;
}

/** Whether `role` (with `trigram`) may change an assignee from `from` to `to`. */
export function canAssign(
  role: Role,
  trigram: string | null,
  assignee: AssigneeRole,
  from: string | null,
  to: string | null,
): boolean {
  if (isAdmin(role)) return true;
  if (ASSIGNEE_PERMISSIONS[assignee] === 'no-button' || !trigram) return false;
  return (from === null && to === trigram) || (from === trigram && to === null);
}
