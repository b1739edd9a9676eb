import { PROJECT_MESSAGES } from '../rules/messages';
import { DomainError } from '../shared/errors';
import { missingFields, submitBlockers } from './completeness';
import { Project } from './project';
import { ChangeStage } from './project.commands';
import { ProjectStageChanged } from './project.events';
import { requireProject, requireStaff } from './project.guards';
import { ProjectStage, canSeeStage, hasReached, isProjectStage, stageIndex } from './stages';

/** Targets that require the file to be complete (§4 "Moving projects"). */
export const COMPLETENESS_GATED_STAGES: readonly ProjectStage[] = [
  'toAssign',
  'docsLease',
  'submittedToHil',
];

/** A drop on a column or a pick in the stage selector (§4). */
export function changeStage(command: ChangeStage, state: Project): ProjectStageChanged[] {
  const project = requireProject(state);
  const role = requireStaff(command.actor);
  const to = command.stage;
  if (!isProjectStage(to)) throw new DomainError(PROJECT_MESSAGES.unknownStage, 'invalid');
  if (to === project.currentProgress) return [];
  if (to === 'paid' && !project.assignees.reloc)
    throw new DomainError(PROJECT_MESSAGES.cannotAssignColumn, 'invalid');
  if (!canSeeStage(to, role))
    throw new DomainError(
      to === 'paid' ? PROJECT_MESSAGES.superAdminOnly : PROJECT_MESSAGES.adminsOnly,
      'forbidden',
    );
  if (hasReached(project.progress, 'sentToAL') && stageIndex(to) < stageIndex('sentToAL'))
    throw new DomainError(PROJECT_MESSAGES.cannotAssignColumn, 'forbidden');
  if (COMPLETENESS_GATED_STAGES.includes(to)) {
    const missing = missingFields(project, to);
    if (missing.length)
      throw new DomainError(
        PROJECT_MESSAGES.incomplete,
        'invalid',
        Object.fromEntries(missing.map((m) => [m.field, m.label])),
      );
  }
  if (to === 'awaitingSignature' || to === 'submittedToHil') {
    const blockers = submitBlockers(project, command.readiness, to);
    if (Object.keys(blockers).length)
      throw new DomainError(PROJECT_MESSAGES.cannotSubmit, 'invalid', blockers);
  }
  return [
    {
      type: 'ProjectStageChanged',
      data: { projectId: project._id, from: project.currentProgress, to, at: command.at },
    },
  ];
}
