/** The French messages of the rule engine (spec §5 "Generic rule engine"). */
export const MESSAGES = {
  required: 'Obligatoire',
  invalid: 'Invalide',
  email: 'Doit être une adresse e-mail valide.',
  minLength: (n: number) => `Doit contenir au minimum ${n} caractères.`,
  maxLength: (n: number) => `Ne peut pas contenir plus de ${n} caractères.`,
  integer: 'Doit être un nombre entier',
  number: 'Doit être un nombre',
  minValue: (n: number) => `Doit être supérieur ou égal à ${n}`,
  maxValue: (n: number) => `Doit être inférieur ou égal à ${n}`,
  greaterThan: (n: number) => `Doit être supérieur à ${n}`,
  lessThan: (n: number) => `Doit être inférieur à ${n}`,
  minItems: (n: number) => `Doit contenir au moins ${n} élément${n > 1 ? 's' : ''}`,
  maxItems: (n: number) => `Ne peut pas contenir plus de ${n} éléments`,
  unknownField: 'Champ inconnu',
  exactLength: (n: number) => `Doit contenir exactement ${n} caractères.`,
  precise: 'Choisissez une adresse proposée',
} as const;

/** French texts of the project rules (§4, §5 "Projects", §8). */
export const PROJECT_MESSAGES = {
  invalidRequest: 'Requête invalide',
  companyRequired: "L'entreprise est obligatoire",
  cannotAssignColumn: "Impossible d'affecter à cette colonne",
  incomplete: 'Dossier incomplet',
  cannotSubmit: 'Un bien doit avoir été retenu et au moins 3 biens doivent avoir été visités',
  unknownStage: 'Inconnu',
  notFound: 'Introuvable',
  alreadyExists: 'Ce dossier existe déjà',
  adminsOnly: 'Réservé aux admins',
  superAdminOnly: 'Réservé au super admin',
  readOnly: "Le dossier n'est plus modifiable",
  readOnlyColumn: 'Colonne en lecture seule',
  estateNotProposed: "Ce bien n'a pas été proposé sur ce dossier",
  notYourFile: "Vous n'avez pas de rôle sur ce dossier",
  assignSelfOnly: 'Vous pouvez seulement prendre une place libre ou retirer la vôtre',
  conflict: 'conflict',
} as const;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: unknown): boolean {
  return typeof value === 'string' && EMAIL_PATTERN.test(value);
}

/** French texts of the host rules (§5 "Hosts", §8). */
export const HOST_MESSAGES = {
  url: 'Doit être une URL valide.',
  notFound: "Ce bien n'existe pas",
  alreadyExists: 'Ce bien existe déjà',
  addFailed: 'Une erreur a eu lieu : adresse incorrecte ?',
  noExactAddress: "L'adresse exacte du bien n'a pas été saisie",
  noGeolocation: 'Pas de géolocalisation (adresse invalide ?)',
} as const;

/** French texts of the proposal and visit rules (§4 "Proposals and visits", §8). */
export const PROPOSAL_MESSAGES = {
  alreadyExists: 'Cette proposition existe déjà',
  notFound: 'Introuvable',
  hostNotFound: "Ce bien n'existe pas",
  disabled: 'Cette proposition est désactivée',
  alreadyRejected: 'Le dossier est déjà refusé',
  noVisit: "Aucune visite n'est planifiée",
  missingAuthor: 'La facturation sera inexacte',
  noAddress: "Pas d'adresse",
  noWorkAddress: "Pas d'adresse de travail",
} as const;
