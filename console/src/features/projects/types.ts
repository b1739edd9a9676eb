import type { ProjectStage } from '@reloc/domain';

export type AssigneeRole = 'prescriptor' | 'lead' | 'sale' | 'dispatcher' | 'reloc' | 'alsender';

export const ASSIGNEE_ROLES: readonly AssigneeRole[] = [
  'prescriptor',
  'lead',
  'sale',
  'dispatcher',
  'reloc',
  'alsender',
];

export type Assignees = Partial<Record<AssigneeRole, string | null>>;

/** A tile of POST /v1/leases (issue 3 contract). */
export type LeaseTile = {
  _id: string;
  firstName?: string;
  lastName?: string;
  userId?: string;
  phoneNumber?: string;
  company?: string;
  currentProgress: ProjectStage;
  stopped?: boolean;
  tags?: string[];
  assignees?: Assignees;
  activeAlerts?: string[];
  createdAt?: string;
  lastMove?: string;
  dateMove?: string;
};

export type LeasesPage = {
  leases: LeaseTile[];
  total: number;
  counts: Partial<Record<ProjectStage, number>>;
};

export type StateFilter = 'active' | 'alerts' | 'stopped' | 'all';

export type BoardFilters = { search: string; year: number | null; state: StateFilter };

export type ServiceEntry = { name: string; done: string | null };

/** GET /v1/lease/{id}: every §3 field, loosely typed at the edge of the page. */
export type ProjectDoc = {
  _id: string;
  _revision: number;
  currentProgress: ProjectStage;
  stopped?: boolean;
  abortMotivation?: string | null;
  tags?: string[];
  services?: ServiceEntry[];
  assignees?: Assignees;
  progress?: Record<string, string>;
  companyId?: string | null;
  activeAlerts?: string[];
  [field: string]: unknown;
};

export type Visibility = 'all' | 'sales';

export type ProjectComment = {
  _id: string;
  owner?: string;
  content: string;
  author?: string;
  createdAt: string;
  targetId?: string;
  visibility: Visibility;
};

export type TimelineItem = {
  _id: string;
  date: string;
  type?: string;
  label: string;
  params?: Record<string, unknown>;
  author?: string | null;
  fromHiL?: boolean;
};

/** 409 body of PUT /v1/lease/{id}. */
export type ConflictBody = {
  message: 'conflict';
  fields: string[];
  current: Record<string, unknown>;
};
