import type { DocumentReadinessStatus } from '../documents/readiness';
import { PROJECT_MESSAGES } from '../rules/messages';
import { Rules, validate } from '../rules/engine';
import { PHONE_PATTERN, SIRET_LENGTH } from '../rules/inputs';
import { fieldLabel } from './field-labels';
import { Project } from './project';
import { ProjectStage, stageIndex } from './stages';

const required = { kind: 'required' } as const;
const date = { kind: 'date' } as const;
const email = { kind: 'email' } as const;
const phone = { kind: 'regex', pattern: PHONE_PATTERN, ignoreSpaces: true } as const;
const min = (value: number) => ({ kind: 'min_value', min: value }) as const;
const place = (field: string) => ({ kind: 'precise', field }) as const;

/** §5 "Completeness": the shared list, required from toAssign on. */
const SHARED_RULES: Rules = {
  firstName: [required],
  lastName: [required],
  civility: [required],
  phoneNumber: [phone],
  contractType: [required],
  company: [required],
  job: [required],
  contractStartDate: [required, date],
  aboutYouAdmin: [required],
  companyContactName: [required],
  sponsor: [required],
  companyPhone: [phone],
  companySiret: [required, { kind: 'length', length: SIRET_LENGTH, ignoreSpaces: true }],
  companyMail: [required, email],
  addressWork: [required, place('addressWorkObject')],
  actualCity: [required, place('fromAddressObject')],
};

const CO_APPLICANT_RULES: Rules = {
  coFirstName: [required],
  coLastName: [required],
  coEmail: [required, email],
  coCivility: [required],
  coAddress: [required, place('coAddressObject')],
  coPhoneNumber: [required, phone],
};

/** Added from docsLease on: the search, the household and the notes. */
const SEARCH_RULES: Rules = {
  typeOfEstate: [required],
  surfacemin: [required, min(1)],
  numberOfRoom: [required, min(1)],
  budget: [required, min(0)],
  dateMove: [required, date],
  criterion1: [required],
  criterion2: [required],
  criterion3: [required],
  zone: [required],
  nationality: [required],
  familyStatus: [required],
  childrenCount: [required, min(0)],
  childrenToBeBorn: [required, min(0)],
  wage: [required, min(0)],
  otherIncomes: [required, min(0)],
  referenceTaxRevenue: [required, min(0)],
  previousOwnerType: [required],
  customerSituation: [required],
  descEstateAdmin: [required],
  futurNeighborhoodAdmin: [required],
};

/** Added from submittedToHil on: the lease and the birth data. */
const FINAL_RULES: Rules = {
  leaseSignDate: [required, date],
  chosenEstate: [required],
  dateOfBirth: [required, date],
  placeOfBirth: [required, place('placeOfBirthObject')],
  deptOfBirth: [required],
};

const CO_APPLICANT_FINAL_RULES: Rules = {
  coDateOfBirth: [required, date],
  coPlaceOfBirth: [required],
  coDeptOfBirth: [required],
};

/** The validation set of a target column (empty before toAssign). */
export function completenessRules(
  project: Pick<Project, 'coEnabled'>,
  target: ProjectStage,
): Rules {
  const at = stageIndex(target);
  const co = project.coEnabled === true;
  let rules: Rules = {};
  if (at >= stageIndex('toAssign'))
    rules = { ...rules, ...SHARED_RULES, ...(co ? CO_APPLICANT_RULES : {}) };
  if (at >= stageIndex('docsLease')) rules = { ...rules, ...SEARCH_RULES };
  if (at >= stageIndex('submittedToHil'))
    rules = { ...rules, ...FINAL_RULES, ...(co ? CO_APPLICANT_FINAL_RULES : {}) };
  return rules;
}

export type MissingField = { field: string; label: string; message: string };

/** The fields to fix before moving to `target`, with their French labels and messages. */
export function missingFields(project: Project, target: ProjectStage): MissingField[] {
  const errors = validate(
    project as unknown as Record<string, unknown>,
    completenessRules(project, target),
  );
  return Object.entries(errors).map(([field, message]) => ({
    field,
    label: fieldLabel(field),
    message,
  }));
}

/** What the proposals and documents read models say about a project (§5 "awaitingSignature"). */
export type SubmitReadiness = {
  proposalsWithExactAddress: number;
  chosenEstateHasExactAddress: boolean;
  /** `documentReadiness(...).status` of the project's documents. */
  documents: DocumentReadinessStatus;
};

export const MIN_PROPOSALS_WITH_EXACT_ADDRESS = 3;

/**
 * §5 "awaitingSignature": the proposals counted are the visited ones (a visit not cancelled),
 * or every proposal while none is visited; answers how many of them have an exact address.
 */
export function proposalsWithExactAddress(
  proposals: readonly { visited: boolean; exactAddress: boolean }[],
): number {
  const visited = proposals.filter((p) => p.visited);
  return (visited.length ? visited : proposals).filter((p) => p.exactAddress).length;
}

/** The stages gated by the readiness: proposing to signature, and submission. */
export const READINESS_GATED_STAGES = ['awaitingSignature', 'submittedToHil'] as const;
export type ReadinessGatedStage = (typeof READINESS_GATED_STAGES)[number];

/** French texts of what blocks a readiness-gated move, keyed like field errors. */
export const SUBMIT_BLOCKERS = {
  chosenEstate: 'Aucun bien retenu',
  chosenEstateAddress: "L'adresse exacte du bien retenu n'a pas été saisie",
  proposals: `Moins de ${MIN_PROPOSALS_WITH_EXACT_ADDRESS} biens avec une adresse exacte`,
  documents: 'Des documents obligatoires manquent',
} as const;

/**
 * What blocks the move to `target` (empty: allowed). A chosen property with an exact address
 * and 3 proposals with one, for both; documents 'ok' for awaitingSignature, 'ok' or
 * 'incomplete-submission' (the override) for submittedToHil.
 */
export function submitBlockers(
  project: Pick<Project, 'chosenEstate'>,
  readiness: SubmitReadiness | null | undefined,
  target: ReadinessGatedStage = 'submittedToHil',
): Record<string, string> {
  const out: Record<string, string> = {};
  if (!project.chosenEstate) out.chosenEstate = SUBMIT_BLOCKERS.chosenEstate;
  else if (!readiness?.chosenEstateHasExactAddress)
    out.chosenEstate = SUBMIT_BLOCKERS.chosenEstateAddress;
  if ((readiness?.proposalsWithExactAddress ?? 0) < MIN_PROPOSALS_WITH_EXACT_ADDRESS)
    out.proposals = SUBMIT_BLOCKERS.proposals;
  const documents = readiness?.documents;
  const documentsOk =
    documents === 'ok' || (target === 'submittedToHil' && documents === 'incomplete-submission');
  if (!documentsOk) out.documents = SUBMIT_BLOCKERS.documents;
  return out;
}

/** null when the file may move to `target`, else the spec's message. */
export function canSubmit(
  project: Pick<Project, 'chosenEstate'>,
  readiness: SubmitReadiness | null | undefined,
  target: ReadinessGatedStage = 'submittedToHil',
): string | null {
  return Object.keys(submitBlockers(project, readiness, target)).length
    ? PROJECT_MESSAGES.cannotSubmit
    : null;
}
