import { ProjectFieldChanges } from './fields';
import { AssigneeRole, Assignees, BillingOverrides } from './project';
import { ProjectStage } from './stages';

type Event<Type extends string, Data> = { type: Type; data: Data & { projectId: string } };

export type ProjectCreated = Event<
  'ProjectCreated',
  { fields: ProjectFieldChanges; assignees: Assignees; createdAt: string }
>;
/** `by` is the user id of the author, so a user's own later saves never conflict. */
export type ProjectFieldsChanged = Event<
  'ProjectFieldsChanged',
  { changes: ProjectFieldChanges; by: string }
>;
export type ProjectStageChanged = Event<
  'ProjectStageChanged',
  /** `bypassed`: the gate fields the super admin placed the file past (audit). */
  { from: ProjectStage; to: ProjectStage; at: string; bypassed?: string[] }
>;
export type ProjectStopped = Event<
  'ProjectStopped',
  { reason: string; alertSkipDays: number; skipAlertsUntil: string | null; at: string }
>;
export type ProjectRestarted = Event<'ProjectRestarted', { at: string }>;
export type ProjectAssigneeChanged = Event<
  'ProjectAssigneeChanged',
  { role: AssigneeRole; from: string | null; to: string | null }
>;
export type ProjectTagsChanged = Event<'ProjectTagsChanged', { tags: string[] }>;
export type ProjectServiceToggled = Event<
  'ProjectServiceToggled',
  { name: string; done: string | null }
>;
export type ProjectAlertRaised = Event<'ProjectAlertRaised', { alert: string; at: string }>;
export type ProjectAlertCleared = Event<'ProjectAlertCleared', { alert: string }>;
export type ProjectAlertLifted = Event<
  'ProjectAlertLifted',
  { alert: string; until: string; reason: string }
>;
export type ProjectIncomeOverridden = Event<
  'ProjectIncomeOverridden',
  { trigram: string | null; date: string }
>;
export type ProjectEstateChosen = Event<'ProjectEstateChosen', { hostId: string | null }>;
export type ProjectBillingOverridden = Event<
  'ProjectBillingOverridden',
  { overrides: BillingOverrides }
>;
export type ProjectDeleted = Event<'ProjectDeleted', Record<never, never>>;

export type ProjectEvent =
  | ProjectCreated
  | ProjectFieldsChanged
  | ProjectStageChanged
  | ProjectStopped
  | ProjectRestarted
  | ProjectAssigneeChanged
  | ProjectTagsChanged
  | ProjectServiceToggled
  | ProjectAlertRaised
  | ProjectAlertCleared
  | ProjectAlertLifted
  | ProjectIncomeOverridden
  | ProjectEstateChosen
  | ProjectBillingOverridden
  | ProjectDeleted;

export type ProjectEventType = ProjectEvent['type'];

/** Every project event type, checked by the compiler: a new one cannot be forgotten. */
export const PROJECT_EVENT_TYPES: Readonly<Record<ProjectEventType, true>> = {
  ProjectCreated: true,
  ProjectFieldsChanged: true,
  ProjectStageChanged: true,
  ProjectStopped: true,
  ProjectRestarted: true,
  ProjectAssigneeChanged: true,
  ProjectTagsChanged: true,
  ProjectServiceToggled: true,
  ProjectAlertRaised: true,
  ProjectAlertCleared: true,
  ProjectAlertLifted: true,
  ProjectIncomeOverridden: true,
  ProjectEstateChosen: true,
  ProjectBillingOverridden: true,
  ProjectDeleted: true,
};

export function isProjectEventType(type: string): type is ProjectEventType {
  return Object.hasOwn(PROJECT_EVENT_TYPES, type);
}
