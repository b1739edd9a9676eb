import { Role } from '../auth/roles';
import { Place } from './fields';
import { AssigneeRole, Assignees, BillingOverrides } from './project';
import { SubmitReadiness } from './completeness';

/** Who acts: the API passes the signed-in staff member. */
export type ProjectActor = { id: string; role: Role | string; trigram: string | null };

/** §3 "Customer creation payload" (POST /customer). */
export type CustomerPayload = {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  phoneNumber?: string | null;
  assignees?: Partial<Assignees>;
  company?: string | null;
  school?: string | null;
  sponsor?: string | null;
  schoolMail?: string | null;
  schoolPhone?: string | null;
  companyContactName?: string | null;
  addressWork?: string | null;
  fromAddressObject?: Place | null;
  addressWorkObject?: Place | null;
  actualCity?: string | null;
  companyMail?: string | null;
  companyPhone?: string | null;
  contractType?: string | null;
};

type Base = { actor: ProjectActor; at: string };

export type CreateProject = Base & {
  type: 'CreateProject';
  projectId: string;
  fields: CustomerPayload;
  /** The trigrams of active staff (§6); when given, the payload's assignees must be among them. */
  activeStaff?: readonly string[];
};
/**
 * Only the fields the user changed, with the revision the edit started from when the caller
 * guards against concurrent edits; without it the fields apply to the latest state.
 */
export type UpdateFields = Base & {
  type: 'UpdateFields';
  changes: Record<string, unknown>;
  baseRevision?: number;
};
/** Fields written by the server (distances) or the client app (client notes). */
export type RecordSystemFields = Base & {
  type: 'RecordSystemFields';
  changes: Record<string, unknown>;
};
export type ChangeStage = Base & {
  type: 'ChangeStage';
  stage: string;
  readiness?: SubmitReadiness;
};
export type StopProject = Base & { type: 'StopProject'; reason: string; alertSkipDays: number };
export type RestartProject = Base & { type: 'RestartProject' };
/** `activeStaff`: the trigrams of active staff (§6); a trigram outside it is refused. */
export type AssignRole = Base & {
  type: 'AssignRole';
  role: AssigneeRole;
  trigram: string | null;
  activeStaff: readonly string[];
};
export type SetTags = Base & { type: 'SetTags'; tags: string[] };
export type SetServiceDone = Base & { type: 'SetServiceDone'; name: string; done: boolean };
export type RaiseAlert = Base & { type: 'RaiseAlert'; alert: string };
export type ClearAlert = Base & { type: 'ClearAlert'; alert: string };
export type LiftAlert = Base & { type: 'LiftAlert'; alert: string; days: number; reason: string };
export type OverrideIncome = Base & { type: 'OverrideIncome' };
/** `proposedHostIds`: the properties proposed on this file; the final one must be among them. */
export type ChooseEstate = Base & {
  type: 'ChooseEstate';
  hostId: string | null;
  proposedHostIds: readonly string[];
};
export type SetBillingOverrides = Base & {
  type: 'SetBillingOverrides';
  overrides: BillingOverrides;
};
export type DeleteProject = Base & { type: 'DeleteProject' };

export type ProjectCommand =
  | CreateProject
  | UpdateFields
  | RecordSystemFields
  | ChangeStage
  | StopProject
  | RestartProject
  | AssignRole
  | SetTags
  | SetServiceDone
  | RaiseAlert
  | ClearAlert
  | LiftAlert
  | OverrideIncome
  | ChooseEstate
  | SetBillingOverrides
  | DeleteProject;
