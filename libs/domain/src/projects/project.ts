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

export function emptyProject(id = ''): Project {
  // Assigned onto the fields rather than spread: copying an object of ~170 keys is slow, and
  // folding a replay creates one per file. Same keys, same order as a spread.
  return Object.assign(emptyFields(), {
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
    deleted: false,
  } satisfies Omit<Project, keyof ProjectFields>) as Project;
}

/** The project exists (created and not deleted). */
export function projectExists(project: Project): boolean {
  return project.revision >= 0 && project.createdAt !== null && !project.deleted;
}
