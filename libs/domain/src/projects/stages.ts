import { Role, isAdmin, isSuperAdmin } from '../auth/roles';

/** The project stages in spec order (§4 "Project stages"). */
export const PROJECT_STAGES = [
  'projectCreated',
  'toCall',
  'eligibility',
  'docsMobiPass',
  'toAssign',
  'docsLease',
  'researchStarted',
  'visitScheduled',
  'caseAccepted',
  'leaseFetched',
  'awaitingSignature',
  'signed',
  'submittedToHil',
  'sentToAL',
  'relanceAL',
  'paid',
] as const;
export type ProjectStage = (typeof PROJECT_STAGES)[number];

export const STAGE_LABELS: Record<ProjectStage, string> = {
  projectCreated: 'Nouveaux inscrits',
  toCall: 'A rappeler',
  eligibility: 'Dossier en attente',
  docsMobiPass: 'Dossier en cours',
  toAssign: 'A répartir',
  docsLease: 'Dossier en cours de finalisation',
  researchStarted: 'Recherche démarrée',
  visitScheduled: 'Visites planifiées',
  caseAccepted: 'Dossier accepté',
  leaseFetched: 'Bail obtenu',
  awaitingSignature: 'Proposer à la signature',
  signed: 'Constitution dossier final',
  submittedToHil: 'Dossier soumis',
  sentToAL: 'Envoyé à AL',
  relanceAL: 'Relance AL',
  paid: 'Payé',
};

export const UNKNOWN_STAGE_LABEL = 'Inconnu';

export function isProjectStage(value: unknown): value is ProjectStage {
  return typeof value === 'string' && (PROJECT_STAGES as readonly string[]).includes(value);
}

export function stageLabel(value: string): string {
  return isProjectStage(value) ? STAGE_LABELS[value] : UNKNOWN_STAGE_LABEL;
}

export function stageIndex(stage: ProjectStage): number {
  return PROJECT_STAGES.indexOf(stage);
}

/** relanceAL is for admins, paid for the super admin; every other stage for all staff. */
export function canSeeStage(stage: ProjectStage, role: Role): boolean {
  if (stage === 'paid') return isSuperAdmin(role);
  if (stage === 'relanceAL') return isAdmin(role);
  return true;
}

// Boards (§4 "Columns per board route").

export const BOARD_ROUTES = ['reloc', 'sales', 'compta'] as const;
export type BoardRoute = (typeof BOARD_ROUTES)[number];

const RELOC_COLUMNS: readonly ProjectStage[] = [
  'researchStarted',
  'visitScheduled',
  'caseAccepted',
  'leaseFetched',
  'awaitingSignature',
  'signed',
  'submittedToHil',
  'docsLease',
];
const COMPTA_COLUMNS: readonly ProjectStage[] = ['sentToAL', 'relanceAL', 'paid'];
const DEFAULT_COLUMNS: readonly ProjectStage[] = [
  'toAssign',
  'projectCreated',
  'toCall',
  'eligibility',
  'docsMobiPass',
];

/** Columns not offered as a drop target. */
export const READ_ONLY_COLUMNS: readonly ProjectStage[] = ['visitScheduled'];

/** The columns of a board route ('reloc' or '/reloc'); any other route gets the sales set. */
export function boardColumns(routeKey: string, role: Role): ProjectStage[] {
  const key = routeKey.replace(/^\//, '');
  const columns =
    key === 'reloc' ? RELOC_COLUMNS : key === 'compta' ? COMPTA_COLUMNS : DEFAULT_COLUMNS;
  return columns.filter((stage) => canSeeStage(stage, role));
}

// Moving projects (§4 "Moving projects").

/** The column after currentProgress, in spec order. */
export function nextStage(current: ProjectStage): ProjectStage | null {
  return PROJECT_STAGES[stageIndex(current) + 1] ?? null;
}

/** Stages whose 'Passer en …' button is enabled. */
export const ADVANCE_ALLOWED_FROM: readonly ProjectStage[] = [
  'projectCreated',
  'toCall',
  'eligibility',
  'docsMobiPass',
  'toAssign',
  'leaseFetched',
  'signed',
];

export function canAdvance(current: ProjectStage): boolean {
  return ADVANCE_ALLOWED_FROM.includes(current) && nextStage(current) !== null;
}

/** 'Passer en {colonne}', or 'Proposer à la signature' for the awaitingSignature column. */
export function advanceLabel(current: ProjectStage): string | null {
  const next = nextStage(current);
  if (!next) return null;
  return next === 'awaitingSignature'
    ? STAGE_LABELS.awaitingSignature
    : `Passer en ${STAGE_LABELS[next]}`;
}

/** The confirmation asked before proposing for signature. */
export const SIGNATURE_CONFIRMATION = {
  title: 'Proposer à la signature',
  text:
    'Vérifiez les informations du dossier avant de le proposer à la signature : ' +
    "en cas d'erreur, les frais supplémentaires seront déduits de la rémunération de l'agent.",
  confirm: 'Valider',
  cancel: 'Annuler',
} as const;

export type ProgressMap = Partial<Record<ProjectStage, string>> & { stopped?: string };

/** True once the progress map holds `stage` or any later stage. */
export function hasReached(progress: ProgressMap, stage: ProjectStage): boolean {
  const target = stageIndex(stage);
  return Object.keys(progress).some((key) => isProjectStage(key) && stageIndex(key) >= target);
}

type StagedProject = { progress: ProgressMap };

/** The stages a role may pick in the selector: none before sentToAL once it is reached. */
export function stagesOffered(project: StagedProject, role: Role): ProjectStage[] {
  const floor = hasReached(project.progress, 'sentToAL') ? stageIndex('sentToAL') : 0;
  return PROJECT_STAGES.filter((stage) => stageIndex(stage) >= floor && canSeeStage(stage, role));
}

/** Edit mode: on until sentToAL is reached, then for admins and super admins only. */
export function canEditProject(project: StagedProject, role: Role): boolean {
  return !hasReached(project.progress, 'sentToAL') || isAdmin(role);
}
