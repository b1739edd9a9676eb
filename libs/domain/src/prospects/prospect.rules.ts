import { isPhone, isSiret, SIRET_LENGTH } from '../rules/inputs';
import { isEmail, MESSAGES } from '../rules/messages';
import { isProjectStage, PROJECT_STAGES, ProjectStage, stageIndex } from '../projects/stages';
import {
  nextProspectStage,
  POTENTIAL_FIELDS,
  Prospect,
  PROSPECT_MESSAGES,
  PROSPECT_STAGE_LABELS,
  PROSPECT_STAGES,
  ProspectStage,
  prospectStageIndex,
} from './prospect';

type Check = (value: unknown) => string | null;

const isEmpty = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

const required: Check = (value) => (isEmpty(value) ? MESSAGES.required : null);
const siret: Check = (value) =>
  required(value) ?? (isSiret(value) ? null : MESSAGES.exactLength(SIRET_LENGTH));
const phone: Check = (value) => required(value) ?? (isPhone(value) ? null : MESSAGES.invalid);
const email: Check = (value) => required(value) ?? (isEmail(value) ? null : MESSAGES.email);
const numeric: Check = (value) =>
  required(value) ??
  (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? null : MESSAGES.number);

/** The fields each stage adds (§5 "Prospects"); a stage's rules are its own and all before. */
export const PROSPECT_STAGE_RULES: Record<ProspectStage, Record<string, Check>> = {
  new: { name: required },
  toCall: {
    siret,
    address: required,
    employeesCount: required,
    structureType: required,
    type: required,
    origin: required,
    'assignees.sale': required,
  },
  firstContact: {
    companyContactName: required,
    companyContactPhone: phone,
    companyContactMail: email,
    companyContactJob: required,
  },
  pitched: { demoDate: required },
  involved: {
    actionsToDo: required,
    aboutContacts: required,
    aboutProcess: required,
    aboutHousing: required,
    ...Object.fromEntries(POTENTIAL_FIELDS.map((field) => [field, numeric])),
  },
  testing: {},
  done: {},
};

function valueOf(prospect: Prospect, field: string): unknown {
  if (field.startsWith('assignees.'))
    return prospect.assignees[field.slice('assignees.'.length) as keyof Prospect['assignees']];
  return (prospect as unknown as Record<string, unknown>)[field];
}

/** The rules that fail for a prospect at `target`: field → French message (empty: valid). */
export function prospectStageErrors(
  prospect: Prospect,
  target: ProspectStage,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const stage of PROSPECT_STAGES.slice(0, prospectStageIndex(target) + 1))
    for (const [field, check] of Object.entries(PROSPECT_STAGE_RULES[stage])) {
      const message = check(valueOf(prospect, field));
      if (message) errors[field] = message;
    }
  return errors;
}

/**
 * Why 'Passer en <stage suivant>' is refused, or null when it is allowed: the next stage's
 * rules (and every earlier stage's), then the theoretical status the linked client files
 * justify (a stage ahead of it is invalid, §4). The console disables the button with it.
 */
export function nextStageBlockReason(
  prospect: Prospect,
  theory?: ProspectStage | null,
): string | null {
  const stage = nextProspectStage(prospect.currentProgress);
  if (!stage) return PROSPECT_MESSAGES.lastStage;
  if (Object.keys(prospectStageErrors(prospect, stage)).length)
    return PROSPECT_MESSAGES.stageNotReady;
  if (theory && isStageAheadOfTheory(stage, theory)) return aheadOfTheoryReason(theory);
  return null;
}

/** The reason a stage ahead of the theoretical status is refused. */
export function aheadOfTheoryReason(theory: ProspectStage): string {
  return theory === 'involved'
    ? `${PROSPECT_MESSAGES.aheadOfTheory} : ${PROSPECT_MESSAGES.noFile.toLowerCase()}`
    : `${PROSPECT_MESSAGES.aheadOfTheory} : ${PROSPECT_MESSAGES.noRelocatedFile}`;
}

/** Whether 'Passer en <stage suivant>' is enabled, and what blocks it (fields, then theory). */
export function nextStageCheck(
  prospect: Prospect,
  theory?: ProspectStage | null,
): {
  stage: ProspectStage | null;
  label: string | null;
  errors: Record<string, string>;
  enabled: boolean;
  reason: string | null;
} {
  const stage = nextProspectStage(prospect.currentProgress);
  if (!stage) return { stage: null, label: null, errors: {}, enabled: false, reason: null };
  const errors = prospectStageErrors(prospect, stage);
  const reason = nextStageBlockReason(prospect, theory);
  return {
    stage,
    label: PROSPECT_STAGE_LABELS[stage],
    errors,
    enabled: reason === null,
    reason,
  };
}

/** A client file linked to the prospect (its `companyId`), as the statistics need it. */
export type LinkedFile = {
  createdAt: string;
  currentProgress: string;
  progress?: Partial<Record<string, string>>;
};

const RELOCATED_FROM = stageIndex('leaseFetched');

/** A file is relocated once it reached 'Bail obtenu'; the date it did (or its first later one). */
export function relocatedAt(file: LinkedFile): string | null {
  if (!isProjectStage(file.currentProgress) || stageIndex(file.currentProgress) < RELOCATED_FROM)
    return null;
  const progress = file.progress ?? {};
  for (const stage of PROJECT_STAGES.slice(RELOCATED_FROM) as ProjectStage[])
    if (progress[stage]) return progress[stage] as string;
  return progress[file.currentProgress] ?? file.createdAt;
}

/**
 * The stage the linked client files justify: 'done' once one is relocated, 'testing' once
 * one exists, else 'involved' (every stage before needs no file).
 */
export function theoreticalStatus(files: readonly LinkedFile[]): ProspectStage {
  if (files.some((file) => relocatedAt(file) !== null)) return 'done';
  if (files.length) return 'testing';
  return 'involved';
}

/** A stage ahead of the theoretical status is flagged invalid (§4). */
export function isStageAheadOfTheory(stage: ProspectStage, theory: ProspectStage): boolean {
  return prospectStageIndex(stage) > prospectStageIndex(theory);
}

/** 'Aucun dossier associé à ce prospect' on a 'done' tile whose theory is 'involved'. */
export function noFileTooltip(stage: ProspectStage, theory: ProspectStage): boolean {
  return stage === 'done' && theory === 'involved';
}

export type LeaseStat = { year: number; month: number; created: number; leaseFetched: number };
export type MonthlyStat = { month: string; clicks: number; created: number; relocated: number };

const monthKey = (iso: string) => iso.slice(0, 7);

/** Files created and relocated per month (the prospect's `leaseStats`). */
export function leaseStats(files: readonly LinkedFile[]): LeaseStat[] {
  const counts = new Map<string, { created: number; leaseFetched: number }>();
  const bump = (iso: string, key: 'created' | 'leaseFetched') => {
    if (!/^\d{4}-\d{2}/.test(iso)) return;
    const entry = counts.get(monthKey(iso)) ?? { created: 0, leaseFetched: 0 };
    entry[key] += 1;
    counts.set(monthKey(iso), entry);
  };
  for (const file of files) {
    bump(file.createdAt, 'created');
    const relocated = relocatedAt(file);
    if (relocated) bump(relocated, 'leaseFetched');
  }
  return [...counts.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, value]) => ({
      year: Number(key.slice(0, 4)),
      month: Number(key.slice(5, 7)),
      ...value,
    }));
}

/**
 * The monthly line chart (§2 "Prospect page"): clicks, files created and files relocated,
 * month by month from the first month with data to the last; empty when there is none.
 */
export function monthlyStats(
  clicks: Prospect['clicks'],
  files: readonly LinkedFile[],
): MonthlyStat[] {
  const rows = new Map<string, MonthlyStat>();
  const row = (month: string) => {
    let entry = rows.get(month);
    if (!entry) {
      entry = { month, clicks: 0, created: 0, relocated: 0 };
      rows.set(month, entry);
    }
    return entry;
  };
  for (const [year, months] of Object.entries(clicks ?? {}))
    for (const [month, count] of Object.entries(months ?? {}))
      if (/^\d{4}$/.test(year) && Number(month) >= 1 && Number(month) <= 12 && count > 0)
        row(`${year}-${String(Number(month)).padStart(2, '0')}`).clicks += count;
  for (const stat of leaseStats(files)) {
    const entry = row(`${stat.year}-${String(stat.month).padStart(2, '0')}`);
    entry.created += stat.created;
    entry.relocated += stat.leaseFetched;
  }
  if (!rows.size) return [];
  const keys = [...rows.keys()].sort();
  const out: MonthlyStat[] = [];
  let [year, month] = keys[0].split('-').map(Number);
  const last = keys[keys.length - 1];
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    out.push(rows.get(key) ?? { month: key, clicks: 0, created: 0, relocated: 0 });
    if (key === last) break;
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
  return out;
}
