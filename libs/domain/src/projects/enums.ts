/** Project enumerations (§3 "Project", §3 "Enumerations"). Values are what is stored. */

export const CIVILITIES = ['Monsieur', 'Madame'] as const;
export type Civility = (typeof CIVILITIES)[number];

export const PREVIOUS_OWNER_TYPES = ['Locataire', 'Propriétaire', 'Hébergé(e)'] as const;
export type PreviousOwnerType = (typeof PREVIOUS_OWNER_TYPES)[number];

export const ESTATE_TYPES = ['apartment', 'house', 'other'] as const;
export type EstateType = (typeof ESTATE_TYPES)[number];
export const ESTATE_TYPE_LABELS: Record<EstateType, string> = {
  apartment: 'Appartement',
  house: 'Maison',
  other: 'Autre',
};

export const CRITERIA = ['Localisation', 'Prix', 'Superficie'] as const;
export type Criterion = (typeof CRITERIA)[number];

/** Zone 1 = 2200 €, zone 2 = 1900 € (§9). */
export const ZONES = [1, 2] as const;
export type Zone = (typeof ZONES)[number];
export const ZONE_LABELS: Record<Zone, string> = { 1: '2200 €', 2: '1900 €' };

export const CONTRACT_TYPES = [
  'Alternant',
  "Alternant en recherche d'entreprise",
  'Nouvel embauché en CDI',
  'Nouvel embauché en CDD',
  'En mutation',
  'Intérimaire',
  'Autre',
] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];

/** Additional services (§3 "Enumerations"); a project lists them with a done date or null. */
export const SERVICE_NAMES = [
  'electricityQuote',
  'waterQuote',
  'gasQuote',
  'homeInsuranceQuote',
  'movingQuote',
  'videoVisits',
  'visitAccompaniment',
  'welcomerMeeting',
] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** A service of §3 "Additional services"; any other name is refused ('Invalide'). */
export function isServiceName(value: unknown): value is ServiceName {
  return typeof value === 'string' && (SERVICE_NAMES as readonly string[]).includes(value);
}
export const SERVICE_LABELS: Record<ServiceName, string> = {
  electricityQuote: 'Devis électricité',
  waterQuote: 'Devis eau',
  gasQuote: 'Devis gaz',
  homeInsuranceQuote: 'Devis assurance habitation',
  movingQuote: 'Devis déménagement',
  videoVisits: 'Visites vidéo',
  visitAccompaniment: 'Accompagnement aux visites',
  welcomerMeeting: 'Rencontre avec un Welcomer',
};

/** The 14 reasons for closing a file (§3 "Non-eligibility reasons"). */
export const NON_ELIGIBILITY_REASONS = [
  { key: 'canSearchAlone', label: 'Peut chercher seul' },
  { key: 'cannotFinance', label: 'Ne peut pas financer' },
  { key: 'alternativeSolution', label: 'A une solution alternative' },
  { key: 'onlyFinancialAid', label: "Souhaite uniquement l'aide financière" },
  { key: 'projectNotMatchingMarket', label: 'Projet inadapté au marché' },
  { key: 'alreadyFoundHousing', label: 'A déjà trouvé un logement' },
  { key: 'unresponsive', label: 'Ne répond plus' },
  { key: 'under10People', label: 'Inéligible : entreprise de moins de 10 personnes' },
  { key: 'under1h15Or70km', label: 'Inéligible : moins de 1h15 ou de 70 km' },
  { key: 'noWorkContract', label: 'Inéligible : pas de contrat de travail' },
  { key: 'schoolLocation', label: "Inéligible : localisation de l'école" },
  { key: 'outsideAlDeadlines', label: "Hors des délais d'Action Logement" },
  { key: 'otherProvider', label: 'Autre prestataire' },
  { key: 'noLongerMoving', label: 'Ne déménage plus' },
] as const;
export type NonEligibilityReason = (typeof NON_ELIGIBILITY_REASONS)[number]['key'];

export function isNonEligibilityReason(value: unknown): value is NonEligibilityReason {
  return NON_ELIGIBILITY_REASONS.some((reason) => reason.key === value);
}

export function nonEligibilityLabel(key: string): string {
  return NON_ELIGIBILITY_REASONS.find((reason) => reason.key === key)?.label ?? key;
}

/** The project state select (§4 "Project state select"). */
export const PROJECT_STATES = [
  { key: 'working', label: 'En cours' },
  { key: 'stopped', label: 'Abandonné' },
] as const;
