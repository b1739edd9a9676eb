import { Role, isSuperAdmin } from '../auth/roles';
import { PROJECT_MESSAGES } from '../rules/messages';
import { DomainError, DomainErrorKind } from '../shared/errors';
import { missingFields, SubmitReadiness, submitBlockers } from './completeness';
import { ASSIGNEE_ROLES, Project } from './project';
import { ChangeStage, ProjectActor } from './project.commands';
import { ProjectStageChanged } from './project.events';
import { requireProject, requireStaff, roleOf } from './project.guards';
import {
  ProjectStage,
  READ_ONLY_COLUMNS,
  canEditProject,
  canSeeStage,
  hasReached,
  isProjectStage,
  stageIndex,
} from './stages';

/**
 * Stage rules (§4 "Moving projects", §6), written once and used by the api and the console:
 *
 * - Who may move a file: admins and the super admin any file; OPERATOR and SALE (the staff
 *   working the boards) any file; a VENDOR only a file where his trigram holds a role
 *   (lead, sale, dispatcher, reloc, alsender), as for prospects in §6; USER never.
 * - visitScheduled is a read-only column: no drop and no stage change lands there.
 * - relanceAL is for admins, paid for the super admin and only with a reloc assignee.
 * - Once sentToAL is reached, no earlier stage, and only admins change anything.
 * - Every target from toAssign on (§4 order) needs the file complete for that target
 *   (the validation set grows with the stage), answered like the advance button:
 *   'Dossier incomplet' with the missing fields. awaitingSignature and every target from
 *   submittedToHil on also need canSubmit (chosen property, 3 exact addresses, documents).
 * - The super admin may still place a file anywhere past those two gates; the event records
 *   what was bypassed (`bypassed`), so the audit trail shows it.
 */

/** The first stage gated by completeness; every later one is gated too. */
export const COMPLETENESS_GATE_FROM: ProjectStage = 'toAssign';
/** The first stage gated by canSubmit; every later one is gated too (plus awaitingSignature). */
export const SUBMIT_GATE_FROM: ProjectStage = 'submittedToHil';

/** Targets that require the file to be complete: toAssign and every later stage. */
export function needsCompleteness(to: ProjectStage): boolean {
  return stageIndex(to) >= stageIndex(COMPLETENESS_GATE_FROM);
}

/** Targets that read the proposals and documents (canSubmit). */
export function needsReadiness(to: string): boolean {
  return (
    isProjectStage(to) &&
    (to === 'awaitingSignature' || stageIndex(to) >= stageIndex(SUBMIT_GATE_FROM))
  );
}

/** The VENDOR rule: a vendor works only on the files where he holds a role. */
export function holdsRoleOn(project: Pick<Project, 'assignees'>, trigram: string | null): boolean {
  if (!trigram) return false;
  return ASSIGNEE_ROLES.some(
    (role) => role !== 'prescriptor' && project.assignees?.[role] === trigram,
  );
}

/** §6 who may change a file's stage at all (whatever the target). */
export function canMoveProject(
  project: Pick<Project, 'assignees'>,
  actor: Pick<ProjectActor, 'role' | 'trigram'>,
): boolean {
  const role = roleOf(actor as ProjectActor);
  if (role === 'USER') return false;
  if (role === 'VENDOR') return holdsRoleOn(project, actor.trigram);
  return true;
}

export type StageMoveRefusal = {
  message: string;
  kind: DomainErrorKind;
  errors?: Record<string, string>;
};

/** The completeness and canSubmit blockers of a target (empty: none), keyed by field. */
export function stageGateBlockers(
  project: Project,
  to: ProjectStage,
  readiness?: SubmitReadiness | null,
): { missing: Record<string, string>; submit: Record<string, string> } {
  const missing = needsCompleteness(to)
    ? Object.fromEntries(missingFields(project, to).map((m) => [m.field, m.label]))
    : {};
  const submit = needsReadiness(to)
    ? submitBlockers(
        project,
        readiness,
        to === 'awaitingSignature' ? 'awaitingSignature' : 'submittedToHil',
      )
    : {};
  return { missing, submit };
}

/**
 * Why `actor` may not move `project` to `to` (null: allowed). The console asks this before
 * sending; the decider asks it again. `readiness` comes from the proposals and documents.
 */
export function stageMoveRefusal(
  project: Project,
  to: string,
  actor: Pick<ProjectActor, 'role' | 'trigram'>,
  readiness?: SubmitReadiness | null,
): StageMoveRefusal | null {
  const role: Role = roleOf(actor as ProjectActor);
  if (role === 'USER') return { message: PROJECT_MESSAGES.adminsOnly, kind: 'forbidden' };
  if (!isProjectStage(to)) return { message: PROJECT_MESSAGES.unknownStage, kind: 'invalid' };
  if (to === project.currentProgress) return null;
  if (!canMoveProject(project, actor))
    return { message: PROJECT_MESSAGES.notYourFile, kind: 'forbidden' };
  if (READ_ONLY_COLUMNS.includes(to))
    return {
      message: PROJECT_MESSAGES.cannotAssignColumn,
      kind: 'invalid',
      errors: { currentProgress: PROJECT_MESSAGES.readOnlyColumn },
    };
  if (to === 'paid' && !project.assignees.reloc)
    return { message: PROJECT_MESSAGES.cannotAssignColumn, kind: 'invalid' };
  if (!canSeeStage(to, role))
    return {
      message: to === 'paid' ? PROJECT_MESSAGES.superAdminOnly : PROJECT_MESSAGES.adminsOnly,
      kind: 'forbidden',
    };
  if (hasReached(project.progress, 'sentToAL') && stageIndex(to) < stageIndex('sentToAL'))
    return { message: PROJECT_MESSAGES.cannotAssignColumn, kind: 'forbidden' };
  if (!canEditProject(project, role))
    return { message: PROJECT_MESSAGES.readOnly, kind: 'forbidden' };
  if (isSuperAdmin(role)) return null;
  const { missing, submit } = stageGateBlockers(project, to, readiness);
  if (Object.keys(missing).length)
    return { message: PROJECT_MESSAGES.incomplete, kind: 'invalid', errors: missing };
  if (Object.keys(submit).length)
    return { message: PROJECT_MESSAGES.cannotSubmit, kind: 'invalid', errors: submit };
  return null;
}

/** A drop on a column or a pick in the stage selector (§4). */
export function changeStage(command: ChangeStage, state: Project): ProjectStageChanged[] {
  const project = requireProject(state);
  const role = requireStaff(command.actor);
  const to = command.stage;
  const refusal = stageMoveRefusal(project, to, command.actor, command.readiness);
  if (refusal) throw new DomainError(refusal.message, refusal.kind, refusal.errors);
  if (!isProjectStage(to) || to === project.currentProgress) return [];
  const data: ProjectStageChanged['data'] = {
    projectId: project._id,
    from: project.currentProgress,
    to,
    at: command.at,
  };
  if (isSuperAdmin(role)) {
    // The super admin placed the file past the gates: the event says which ones.
    const { missing, submit } = stageGateBlockers(project, to, command.readiness);
    const bypassed = [...Object.keys(missing), ...Object.keys(submit)];
    if (bypassed.length) data.bypassed = bypassed;
  }
  return [{ type: 'ProjectStageChanged', data }];
}
