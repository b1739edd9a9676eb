import type { MonthlyStat, ProspectStage } from '@reloc/domain';
import type { ProjectDoc } from '../projects/types';

export type ProspectFilter = 'active' | 'abandoned' | 'all';

export const FILTER_LABELS: Record<ProspectFilter, string> = {
  active: 'Actifs',
  abandoned: 'Abandonnés',
  all: 'Tous',
};

/** A tile of GET /v1/prospects (spec §2 "Prospects page"). */
export type ProspectTile = {
  _id: string;
  name: string;
  currentProgress: ProspectStage;
  stageLabel: string;
  tags: string[];
  alerts: string[];
  assignees: { lead: string | null; sale: string | null };
  leadTrigram: string;
  saleTrigram: string;
  stopped: boolean;
  notInterested: string | null;
  lastMove: string;
  theoreticalStatus: ProspectStage;
  invalid: boolean;
  tooltip: string | null;
  canOpen: boolean;
  /** Someone else acted on it since this user last opened it (the unseen-activity flame). */
  flame?: boolean;
};

export type NextStage = {
  stage: ProspectStage | null;
  label: string | null;
  errors: Record<string, string>;
  enabled: boolean;
};

/**
 * GET /v1/prospects/{id}: the fields plus what the page shows. Kept as a `ProjectDoc`-compatible
 * record so the project page's draft (autosave, conflicts) and fields are reused as they are.
 */
export type ProspectDoc = ProjectDoc & {
  name: string;
  stageLabel: string;
  abandonReason: { reason: string; text: string | null } | null;
  tooltip: string | null;
  stageErrors: Record<string, string>;
  nextStage: NextStage;
  monthlyStats: MonthlyStat[];
  canEdit: boolean;
  /** The counted company link (`/v1/c/<shortid>`), from 'pitched' onward; else null. */
  companyLink?: string | null;
  notInterested: string | null;
  rewards?: { sentToAL: number | null; paid: number | null };
};
