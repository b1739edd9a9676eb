import { isSuperAdmin } from '../auth/roles';
import { MESSAGES, PROJECT_MESSAGES } from '../rules/messages';
import { Decider } from '../shared/decider';
import { DomainError } from '../shared/errors';
import { isObjectId } from '../shared/ids';
import { REWARD_CATEGORIES } from '../users/user';
import { ALERT_LIFT_DAYS, addDays, isAlertName } from './alerts';
import { isServiceName } from './enums';
import { canAssign, inactiveAssignees, isAssigneeRole, isAssigneeValue } from './assignees';
import { changeStage } from './change-stage';
import { abortMotivationErrors } from './abandon';
import { newProjectFields, validateNewProject } from './new-project';
import { BillingOverrides, Project, emptyProject } from './project';
import { ProjectCommand } from './project.commands';
import { ProjectEvent } from './project.events';
import { evolveProject } from './project.evolve';
import { invalidIfAny, requireEditable, requireProject, requireStaff } from './project.guards';
import { recordSystemFields, updateFields } from './update-fields';

const nonEmpty = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '';

function checkBillingOverrides(overrides: BillingOverrides): BillingOverrides {
  const errors: Record<string, string> = {};
  const out: BillingOverrides = { sentToAL: {}, paid: {} };
  for (const step of ['sentToAL', 'paid'] as const) {
    for (const [category, value] of Object.entries(overrides?.[step] ?? {})) {
      const key = `${step}.${category}`;
      if (!(REWARD_CATEGORIES as readonly string[]).includes(category))
        errors[key] = MESSAGES.unknownField;
      else if (value !== null && (typeof value !== 'number' || !Number.isFinite(value)))
        errors[key] = MESSAGES.number;
      else if (value !== null && value < 0) errors[key] = MESSAGES.minValue(0);
      else out[step][category as keyof BillingOverrides['paid']] = value;
    }
  }
  invalidIfAny(errors);
  return out;
}

export function decideProject(command: ProjectCommand, state: Project): ProjectEvent[] {
  if (command.type === 'CreateProject') {
    requireStaff(command.actor);
    if (state.revision >= 0) throw new DomainError(PROJECT_MESSAGES.alreadyExists, 'conflict');
    const errors = {
      ...validateNewProject(command.fields),
      ...(command.activeStaff
        ? inactiveAssignees(command.fields.assignees, command.activeStaff)
        : {}),
    };
    invalidIfAny(errors, errors.company ?? PROJECT_MESSAGES.invalidRequest);
    const { fields, assignees } = newProjectFields(command.fields);
    return [
      {
        type: 'ProjectCreated',
        data: { projectId: command.projectId, fields, assignees, createdAt: command.at },
      },
    ];
  }
  if (command.type === 'UpdateFields') return updateFields(command, state);
  if (command.type === 'RecordSystemFields') return recordSystemFields(command, state);
  if (command.type === 'ChangeStage') return changeStage(command, state);

  const project = requireProject(state);
  const role = requireStaff(command.actor);
  const projectId = project._id;
  switch (command.type) {
    case 'StopProject': {
      requireEditable(project, role);
      const days = command.alertSkipDays ?? 0;
      invalidIfAny({
        ...abortMotivationErrors(command.reason),
        ...(Number.isInteger(days) && days >= 0 ? {} : { alertSkipDays: MESSAGES.minValue(0) }),
      });
      if (project.stopped && project.abortMotivation === command.reason && days === 0) return [];
      const skipAlertsUntil = days > 0 ? addDays(command.at, days) : null;
      return [
        {
          type: 'ProjectStopped',
          data: {
            projectId,
            reason: command.reason,
            alertSkipDays: days,
            skipAlertsUntil,
            at: command.at,
          },
        },
      ];
    }
    case 'RestartProject':
      requireEditable(project, role);
      return project.stopped
        ? [{ type: 'ProjectRestarted', data: { projectId, at: command.at } }]
        : [];
    case 'AssignRole': {
      requireEditable(project, role);
      if (!isAssigneeRole(command.role)) invalidIfAny({ role: MESSAGES.invalid });
      const to = command.trigram ?? null;
      if (!isAssigneeValue(command.role, to)) invalidIfAny({ trigram: MESSAGES.invalid });
      invalidIfAny(inactiveAssignees({ [command.role]: to }, command.activeStaff));
      const from = project.assignees[command.role];
      if (from === to) return [];
      if (!canAssign(role, command.actor.trigram, command.role, from, to))
        throw new DomainError(PROJECT_MESSAGES.assignSelfOnly, 'forbidden');
      return [
        { type: 'ProjectAssigneeChanged', data: { projectId, role: command.role, from, to } },
      ];
    }
    case 'SetTags': {
      requireEditable(project, role);
      if (!Array.isArray(command.tags) || !command.tags.every((tag) => typeof tag === 'string'))
        invalidIfAny({ tags: MESSAGES.invalid });
      const tags = [...new Set(command.tags.map((tag) => tag.trim()).filter(Boolean))];
      if (JSON.stringify(tags) === JSON.stringify(project.tags)) return [];
      return [{ type: 'ProjectTagsChanged', data: { projectId, tags } }];
    }
    case 'SetServiceDone': {
      requireEditable(project, role);
      if (!nonEmpty(command.name)) invalidIfAny({ name: MESSAGES.required });
      if (!isServiceName(command.name.trim())) invalidIfAny({ name: MESSAGES.invalid });
      if (typeof command.done !== 'boolean') invalidIfAny({ done: MESSAGES.invalid });
      const name = command.name.trim();
      const service = project.services.find((s) => s.name === name);
      if (service && (service.done !== null) === command.done) return [];
      const done = command.done ? command.at : null;
      return [{ type: 'ProjectServiceToggled', data: { projectId, name, done } }];
    }
    case 'RaiseAlert':
      if (!nonEmpty(command.alert)) invalidIfAny({ alert: MESSAGES.required });
      if (!isAlertName(command.alert)) invalidIfAny({ alert: MESSAGES.invalid });
      if (project.alerts[command.alert]) return [];
      return [
        { type: 'ProjectAlertRaised', data: { projectId, alert: command.alert, at: command.at } },
      ];
    case 'ClearAlert':
      if (!project.alerts[command.alert]) return [];
      return [{ type: 'ProjectAlertCleared', data: { projectId, alert: command.alert } }];
    case 'LiftAlert': {
      requireEditable(project, role);
      invalidIfAny({
        ...(nonEmpty(command.alert)
          ? isAlertName(command.alert)
            ? {}
            : { alert: MESSAGES.invalid }
          : { alert: MESSAGES.required }),
        ...((ALERT_LIFT_DAYS as readonly number[]).includes(command.days)
          ? {}
          : { days: MESSAGES.invalid }),
        ...(nonEmpty(command.reason) ? {} : { reason: MESSAGES.required }),
      });
      const until = addDays(command.at, command.days);
      return [
        {
          type: 'ProjectAlertLifted',
          data: { projectId, alert: command.alert, until, reason: command.reason.trim() },
        },
      ];
    }
    case 'OverrideIncome':
      requireEditable(project, role);
      return [
        {
          type: 'ProjectIncomeOverridden',
          data: { projectId, trigram: command.actor.trigram ?? null, date: command.at },
        },
      ];
    case 'ChooseEstate': {
      requireEditable(project, role);
      const hostId = command.hostId || null;
      if (hostId !== null && !isObjectId(hostId)) invalidIfAny({ chosenEstate: MESSAGES.invalid });
      // §4 "A final property can be set or unset per proposal": only one proposed on this file.
      if (hostId !== null && !(command.proposedHostIds ?? []).includes(hostId))
        invalidIfAny({ chosenEstate: PROJECT_MESSAGES.estateNotProposed });
      if (hostId === project.chosenEstate) return [];
      return [{ type: 'ProjectEstateChosen', data: { projectId, hostId } }];
    }
    case 'SetBillingOverrides': {
      if (!isSuperAdmin(role)) throw new DomainError(PROJECT_MESSAGES.superAdminOnly, 'forbidden');
      const overrides = checkBillingOverrides(command.overrides);
      if (JSON.stringify(overrides) === JSON.stringify(project.billingOverrides)) return [];
      return [{ type: 'ProjectBillingOverridden', data: { projectId, overrides } }];
    }
    case 'DeleteProject':
      if (!isSuperAdmin(role)) throw new DomainError(PROJECT_MESSAGES.superAdminOnly, 'forbidden');
      return [{ type: 'ProjectDeleted', data: { projectId } }];
  }
}

/** The project aggregate (`project-<id>` streams). */
export const projectDecider: Decider<ProjectCommand, ProjectEvent, Project> = {
  initialState: () => emptyProject(),
  decide: decideProject,
  evolve: evolveProject,
};
