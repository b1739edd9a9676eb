import { RewardCategory } from '../users/user';
import { ProjectFields, emptyFields } from './fields';
import { ProgressMap, ProjectStage } from './stages';

export const ASSIGNEE_ROLES = [
  'prescriptor',
  'lead',
  'sale',
  'dispatcher',
  'reloc',
  'alsender',
] as const;
export type AssigneeRole = (typeof ASSIGNEE_ROLES)[number];
/** Staff trigrams, except prescriptor: the prescriber's 24-hex id. */
export type Assignees = Record<AssigneeRole, string | null>;

export type ProjectService = { name: string; done: string | null };
export type ProjectSignature = {
  step: string;
  status: 'OPEN' | 'ARCHIVED';
  transactionId: string;
  instances: unknown[];
};

/** Per step, per reward category: an amount, or null for the computed one. */
export type BillingOverrides = {
  sentToAL: Partial<Record<RewardCategory, number | null>>;
  paid: Partial<Record<RewardCategory, number | null>>;
};

/** The project (client file, "lease"): every field of §3 plus its workflow. */
export type Project = ProjectFields & {
  _id: string;
  /** Revision of the last event folded (-1 before creation). */
  revision: number;
  /** Revision at which each field last changed, and who changed it (user id). */
  fieldRevisions: Record<string, number>;
  fieldAuthors: Record<string, string>;
  createdAt: string | null;
  progress: ProgressMap;
  currentProgress: ProjectStage;
  stopped: boolean;
  /** A NON_ELIGIBILITY_REASONS key while stopped. */
  abortMotivation: string | null;
  assignees: Assignees;
  tags: string[];
  services: ProjectService[];
  chosenEstate: string | null;
  signatures: ProjectSignature[];
  /** Alert name → date raised. */
  alerts: Record<string, string>;
  /** Raised alerts not lifted, as of the last event (see `activeAlertsAt` for a given time). */
  activeAlerts: string[];
  /** Alert name (or 'all') → lifted until (ISO). */
  alertsSkipped: Record<string, string>;
  overrides: { income: { trigram: string | null; date: string } | null };
  reportingCount: number;
  billingOverrides: BillingOverrides;
  billing: { visits: number };
  /** Stage → the gate fields the super admin placed the file past (audit, issue 15). */
  forcedStages: Record<string, string[]>;
  deleted: boolean;
};

export function emptyAssignees(): Assignees {
  return {
    prescriptor: null,
    lead: null,
    sale: null,
    dispatcher: null,
    reloc: null,
    alsender: null,
  };
}

/** The keys of an empty project, in order, with their primitive values (nested ones below). */
const EMPTY_PROJECT_TEMPLATE: Project = { ...emptyProjectWith(emptyFields(), '') };

function emptyProjectWith(base: Project | ProjectFields, id: string): Project {
  return Object.assign(base, {
    _id: id,
    revision: -1,
    fieldRevisions: {},
    fieldAuthors: {},
    createdAt: null,
    progress: {},
    currentProgress: 'projectCreated',
    stopped: false,
    abortMotivation: null,
    assignees: emptyAssignees(),
    tags: [],
    services: [],
    chosenEstate: null,
    signatures: [],
    alerts: {},
    activeAlerts: [],
    alertsSkipped: {},
    overrides: { income: null },
    reportingCount: 0,
    billingOverrides: { sentToAL: {}, paid: {} },
    billing: { visits: 0 },
    forcedStages: {},
    deleted: false,
  } satisfies Omit<Project, keyof ProjectFields>) as Project;
}

export function emptyProject(id = ''): Project {
  // A copy of a template (cheap: one object of ~170 keys, not ~170 additions), then fresh
  // nested values. Same keys, same order as spreading the fields then these.
  return emptyProjectWith({ ...EMPTY_PROJECT_TEMPLATE }, id);
}

/** The project exists (created and not deleted). */
export function projectExists(project: Project): boolean {
  return project.revision >= 0 && project.createdAt !== null && !project.deleted;
}
