import { isAdmin, isRole, isSuperAdmin, Role } from '../auth/roles';

/** The prospect stages in spec order (§4 "Prospect stages"); 'all' is the board's aggregate. */
export const PROSPECT_STAGES = [
  'new',
  'toCall',
  'firstContact',
  'pitched',
  'involved',
  'testing',
  'done',
] as const;
export type ProspectStage = (typeof PROSPECT_STAGES)[number];

export const PROSPECT_STAGE_LABELS: Record<ProspectStage | 'all', string> = {
  all: 'Tous',
  new: 'Nouveaux prospects',
  toCall: 'Prospects',
  firstContact: '1er contact établi',
  pitched: 'Démo',
  involved: 'Intéressé',
  testing: 'Bêta testeur, 1 client à reloger',
  done: 'Partenariat conclu',
};

export const PROSPECT_STAGE_DESCRIPTIONS: Partial<Record<ProspectStage, string>> = {
  involved: 'Inscription processus',
};

export function isProspectStage(value: unknown): value is ProspectStage {
  return typeof value === 'string' && (PROSPECT_STAGES as readonly string[]).includes(value);
}

export function prospectStageIndex(stage: ProspectStage): number {
  return PROSPECT_STAGES.indexOf(stage);
}

/** The stage after this one; null at 'done'. */
export function nextProspectStage(stage: ProspectStage): ProspectStage | null {
  return PROSPECT_STAGES[prospectStageIndex(stage) + 1] ?? null;
}

/** 'Inconnu' for a stage the console does not know (§8). */
export function prospectStageLabel(value: string): string {
  return value in PROSPECT_STAGE_LABELS ? PROSPECT_STAGE_LABELS[value as ProspectStage] : 'Inconnu';
}

/** Choices of the superadmin's stage selector, numbered [00].. (§4). */
export function prospectStageChoices(): { value: ProspectStage; label: string }[] {
  return PROSPECT_STAGES.map((stage, i) => ({
    value: stage,
    label: `[${String(i).padStart(2, '0')}] ${PROSPECT_STAGE_LABELS[stage]}`,
  }));
}

/** Prospect selects (§3 "Enumerations"), with their French labels. */
export const EMPLOYEES_COUNTS = ['10-50', '50-250', '250-1000', '1000-2500', '2500+'] as const;
export const STRUCTURE_TYPES = [
  'siege',
  'filiale',
  'bureau',
  'usine',
  'franchise',
  'agence',
  'other',
] as const;
export const PROSPECT_TYPES = [
  'entreprise',
  'ecole',
  'recrutement',
  'cci',
  'collectivite',
  'other',
] as const;
export const PROSPECT_ORIGINS = [
  'linkedin',
  'network_perso',
  'network_pro',
  'jobboard',
  'direct',
  'other',
] as const;
export const ABANDON_REASONS = ['otherService', 'priority', 'uneligible', 'other'] as const;
export type AbandonReason = (typeof ABANDON_REASONS)[number];

export const PROSPECT_SELECT_LABELS = {
  employeesCount: Object.fromEntries(EMPLOYEES_COUNTS.map((v) => [v, v])) as Record<string, string>,
  structureType: {
    siege: 'Siège',
    filiale: 'Filiale',
    bureau: 'Bureau',
    usine: 'Usine',
    franchise: 'Franchise',
    agence: 'Agence',
    other: 'Autre',
  } as Record<string, string>,
  type: {
    entreprise: 'Entreprise',
    ecole: 'École',
    recrutement: 'Cabinet de recrutement',
    cci: 'CCI',
    collectivite: 'Collectivité',
    other: 'Autre',
  } as Record<string, string>,
  origin: {
    linkedin: 'LinkedIn',
    network_perso: 'Réseau perso',
    network_pro: 'Réseau pro',
    jobboard: 'Jobboard',
    direct: 'Direct',
    other: 'Autre',
  } as Record<string, string>,
  notInterested: {
    otherService: 'Autre prestataire',
    priority: 'Pas une priorité',
    uneligible: 'Non éligible',
    other: 'Autre',
  } as Record<AbandonReason, string>,
};

export const PROSPECT_ROLES = ['lead', 'sale', 'dispatcher', 'reloc', 'alsender'] as const;
export type ProspectRole = (typeof PROSPECT_ROLES)[number];
export type ProspectAssignees = Record<ProspectRole, string | null>;

export const POTENTIAL_FIELDS = [
  'potentialAltHiring',
  'potentialAltHiL',
  'potentialMutationHiring',
  'potentialMutationHiL',
  'potentialNewHiring',
  'potentialNewHiL',
] as const;

export const FREE_TEXT_FIELDS = [
  'actionsDone',
  'actionsToDo',
  'aboutStructure',
  'aboutContacts',
  'aboutProcess',
  'aboutHousing',
] as const;

/** The guiding hints of the free-text sections (§2 "Prospect page"). */
export const FREE_TEXT_HINTS: Record<(typeof FREE_TEXT_FIELDS)[number], string> = {
  actionsDone: 'Appels, mails, rendez-vous : qui, quand, quoi ?',
  actionsToDo: 'Prochaine étape, date et responsable',
  aboutStructure: 'Activité, effectifs, sites, saisonnalité des recrutements',
  aboutContacts: 'Interlocuteurs clés : nom, rôle, pouvoir de décision',
  aboutProcess: 'Comment recrutent-ils ? Alternants, mutations, nouveaux embauchés',
  aboutHousing: 'Difficultés de logement rencontrées par leurs salariés',
};

export const PROSPECT_TEXT_FIELDS = [
  'name',
  'shortid',
  'techname',
  'siret',
  'address',
  'companyContactName',
  'companyContactPhone',
  'companyContactMail',
  'companyContactJob',
  ...FREE_TEXT_FIELDS,
] as const;
export const PROSPECT_SELECT_FIELDS = [
  'employeesCount',
  'structureType',
  'type',
  'origin',
] as const;

/** Fields PUT /prospects/{id} takes as they are (after normalisation). */
export const PROSPECT_PLAIN_FIELDS = [
  ...PROSPECT_TEXT_FIELDS,
  ...PROSPECT_SELECT_FIELDS,
  ...POTENTIAL_FIELDS,
  'addressObject',
  'demoDate',
  'tags',
] as const;
export type ProspectPlainField = (typeof PROSPECT_PLAIN_FIELDS)[number];

export const PROSPECT_FIELD_LABELS: Record<string, string> = {
  name: 'Nom',
  shortid: 'Identifiant court',
  techname: 'Nom technique',
  siret: 'SIRET',
  address: 'Adresse',
  employeesCount: 'Effectifs',
  structureType: 'Type de structure',
  type: 'Type',
  origin: 'Origine',
  'assignees.sale': 'Commercial',
  companyContactName: 'Nom du contact',
  companyContactPhone: 'Téléphone du contact',
  companyContactMail: 'E-mail du contact',
  companyContactJob: 'Poste du contact',
  demoDate: 'Date de la démo',
  actionsDone: 'Actions réalisées',
  actionsToDo: 'Prochaines actions',
  aboutStructure: 'À propos de la structure',
  aboutContacts: 'Contacts clés',
  aboutProcess: 'Processus de recrutement',
  aboutHousing: 'Problématiques de logement',
  potentialAltHiring: 'Alternants recrutés par an',
  potentialAltHiL: 'Alternants à reloger par an',
  potentialMutationHiring: 'Mutations par an',
  potentialMutationHiL: 'Mutations à reloger par an',
  potentialNewHiring: 'Nouveaux embauchés par an',
  potentialNewHiL: 'Nouveaux embauchés à reloger par an',
};

export const PROSPECT_MESSAGES = {
  duplicateName: 'duplicateName',
  duplicateNameText: 'Le prospect existe déjà',
  notFound: 'Prospect introuvable',
  forbidden: "Vous n'êtes ni lead ni commercial sur ce prospect",
  adminsOnly: 'Réservé aux admins',
  superAdminOnly: 'Réservé au super admin',
  invalid: 'Requête invalide',
  stageNotReady: 'Les champs obligatoires de cette étape ne sont pas remplis',
  stageNotNext: "Seul le super admin peut choisir directement l'étape",
  aheadOfTheory: 'Étape en avance sur le statut théorique',
  noRelocatedFile: 'aucun dossier relogé pour ce prospect',
  lastStage: 'Dernière étape atteinte',
  otherNeedsText: 'Précisez la raison',
  noFile: 'Aucun dossier associé à ce prospect',
  alreadyExists: 'Ce prospect existe déjà',
  fileNotFound: 'Fichier introuvable',
  shortid: 'Lettres minuscules, chiffres et tirets seulement',
} as const;

/** A file attached to a prospect: the uploaded file's id and what the list shows. */
export type ProspectFile = {
  _id: string;
  name: string;
  mime: string;
  size: number;
  addedAt: string;
  by: string;
};

export type Prospect = {
  _id: string;
  name: string;
  shortid: string | null;
  techname: string | null;
  siret: string | null;
  address: string | null;
  addressObject: Record<string, unknown> | null;
  currentProgress: ProspectStage;
  tags: string[];
  alerts: string[];
  assignees: ProspectAssignees;
  /** Date each stage was entered, plus the abandoned flag. */
  progress: Partial<Record<ProspectStage, string>> & { stopped: boolean };
  /** An abandon cause code, or the free text of 'other'; null when not abandoned. */
  notInterested: string | null;
  employeesCount: string | null;
  structureType: string | null;
  type: string | null;
  origin: string | null;
  demoDate: string | null;
  companyContactName: string | null;
  companyContactPhone: string | null;
  companyContactMail: string | null;
  companyContactJob: string | null;
  actionsDone: string | null;
  actionsToDo: string | null;
  aboutStructure: string | null;
  aboutContacts: string | null;
  aboutProcess: string | null;
  aboutHousing: string | null;
  potentialAltHiring: number | null;
  potentialAltHiL: number | null;
  potentialMutationHiring: number | null;
  potentialMutationHiL: number | null;
  potentialNewHiring: number | null;
  potentialNewHiL: number | null;
  rewards: { sentToAL: number | null; paid: number | null };
  /** Attached files (§2 "Prospect page", right pane), oldest first. */
  files: ProspectFile[];
  /** Clicks on the company's link: year → month ('01'..'12') → count. */
  clicks: Record<string, Record<string, number>>;
  createdAt: string;
  lastMove: string;
  deleted: boolean;
  revision: number;
  /** Revision at which each field last changed, and by whom: the autosave conflict rule. */
  fieldRevisions: Record<string, number>;
  fieldAuthors: Record<string, string>;
};

export function emptyProspect(id = ''): Prospect {
  return {
    _id: id,
    name: '',
    shortid: null,
    techname: null,
    siret: null,
    address: null,
    addressObject: null,
    currentProgress: 'new',
    tags: [],
    alerts: [],
    assignees: { lead: null, sale: null, dispatcher: null, reloc: null, alsender: null },
    progress: { stopped: false },
    notInterested: null,
    employeesCount: null,
    structureType: null,
    type: null,
    origin: null,
    demoDate: null,
    companyContactName: null,
    companyContactPhone: null,
    companyContactMail: null,
    companyContactJob: null,
    actionsDone: null,
    actionsToDo: null,
    aboutStructure: null,
    aboutContacts: null,
    aboutProcess: null,
    aboutHousing: null,
    potentialAltHiring: null,
    potentialAltHiL: null,
    potentialMutationHiring: null,
    potentialMutationHiL: null,
    potentialNewHiring: null,
    potentialNewHiL: null,
    rewards: { sentToAL: null, paid: null },
    files: [],
    clicks: {},
    createdAt: '',
    lastMove: '',
    deleted: false,
    revision: -1,
    fieldRevisions: {},
    fieldAuthors: {},
  };
}

export function prospectExists(state: Prospect): boolean {
  return state._id !== '' && !state.deleted;
}

export type ProspectActor = { id: string; trigram: string | null; role: string };

const roleOf = (actor: ProspectActor): Role | null => (isRole(actor.role) ? actor.role : null);

export function isProspectAdmin(actor: ProspectActor): boolean {
  const role = roleOf(actor);
  return role !== null && isAdmin(role);
}

export function isProspectSuperAdmin(actor: ProspectActor): boolean {
  const role = roleOf(actor);
  return role !== null && isSuperAdmin(role);
}

/**
 * Opening and editing (§6): admins every prospect; other staff only where their trigram is
 * the lead or the sale.
 */
export function canEditProspect(
  actor: ProspectActor,
  prospect: Pick<Prospect, 'assignees'>,
): boolean {
  if (isProspectAdmin(actor)) return true;
  const role = roleOf(actor);
  if (!role || role === 'USER' || !actor.trigram) return false;
  return prospect.assignees.lead === actor.trigram || prospect.assignees.sale === actor.trigram;
}
