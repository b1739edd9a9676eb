import {
  CIVILITIES,
  CRITERIA as CRITERIA_VALUES,
  ESTATE_TYPE_LABELS,
  ESTATE_TYPES as ESTATE_VALUES,
  PREVIOUS_OWNER_TYPES,
  ZONE_LABELS,
  ZONES as ZONE_VALUES,
} from '@reloc/domain';
import type { FieldSpec } from './components/DraftField';

// The project fields of spec §3 as the page groups them (labels in French, values from the
// domain's enumerations).

const CIVILITY = [...CIVILITIES];
const OWNER_TYPES = [...PREVIOUS_OWNER_TYPES];
const CRITERIA = [...CRITERIA_VALUES];
const ESTATE_TYPES = ESTATE_VALUES.map((value) => ({ value, label: ESTATE_TYPE_LABELS[value] }));
const ZONES = ZONE_VALUES.map((zone) => ({
  value: String(zone),
  label: `Zone ${zone} (${ZONE_LABELS[zone]})`,
}));

export const SERVICE_WISH: FieldSpec[] = [
  { name: 'serviceWish', label: 'Le souhait du client', kind: 'textarea' },
];

export const PROJECT_INFO: FieldSpec[] = [
  { name: 'moveWish', label: 'Souhait de déménagement' },
  { name: 'dateMove', label: 'Date d’emménagement', kind: 'date' },
  { name: 'typeOfEstate', label: 'Type de bien', kind: 'select', options: ESTATE_TYPES },
  { name: 'surfacemin', label: 'Surface minimum (m²)', kind: 'number' },
  { name: 'numberOfRoom', label: 'Nombre de pièces', kind: 'number' },
  { name: 'budget', label: 'Budget (€)', kind: 'number' },
  { name: 'zone', label: 'Zone', kind: 'select', options: ZONES, numeric: true },
  { name: 'criterion1', label: 'Critère 1', kind: 'select', options: CRITERIA },
  { name: 'criterion2', label: 'Critère 2', kind: 'select', options: CRITERIA },
  { name: 'criterion3', label: 'Critère 3', kind: 'select', options: CRITERIA },
];

export const RENTAL_FILE: FieldSpec[] = [
  { name: 'mandateId', label: 'Mandat' },
  { name: 'invoiceRef', label: 'Référence de facture' },
  { name: 'leaseSignDate', label: 'Date de signature du bail', kind: 'date' },
  { name: 'actualCity', label: 'Ville actuelle', kind: 'address', placeField: 'fromAddressObject' },
  {
    name: 'addressWork',
    label: 'Adresse de travail',
    kind: 'address',
    placeField: 'addressWorkObject',
  },
];

export const IDENTITY: FieldSpec[] = [
  { name: 'civility', label: 'Civilité', kind: 'select', options: CIVILITY },
  { name: 'firstName', label: 'Prénom' },
  { name: 'lastName', label: 'Nom' },
  { name: 'phoneNumber', label: 'Téléphone', kind: 'tel' },
  { name: 'dateOfBirth', label: 'Date de naissance', kind: 'date' },
  {
    name: 'placeOfBirth',
    label: 'Lieu de naissance',
    kind: 'address',
    placeField: 'placeOfBirthObject',
  },
  { name: 'deptOfBirth', label: 'Département de naissance' },
  { name: 'nationality', label: 'Nationalité' },
];

export const HOUSEHOLD: FieldSpec[] = [
  { name: 'familyStatus', label: 'Situation familiale' },
  { name: 'childrenCount', label: 'Nombre d’enfants', kind: 'number' },
  { name: 'childrenAges', label: 'Âge des enfants' },
  { name: 'childrenToBeBorn', label: 'Enfants à naître', kind: 'number' },
  { name: 'otherDependant', label: 'Autres personnes à charge' },
  { name: 'wage', label: 'Salaire (€)', kind: 'number' },
  { name: 'referenceTaxRevenue', label: 'Revenu fiscal de référence (€)', kind: 'number' },
  { name: 'otherIncomes', label: 'Autres revenus (€)', kind: 'number' },
  {
    name: 'previousOwnerType',
    label: 'Situation actuelle',
    kind: 'select',
    options: OWNER_TYPES,
  },
  { name: 'sponsor', label: 'Parrain' },
];

export function companyFields(contractTypes: readonly string[]): FieldSpec[] {
  return [
    { name: 'contractType', label: 'Type de contrat', kind: 'select', options: [...contractTypes] },
    { name: 'job', label: 'Poste' },
    { name: 'company', label: 'Entreprise' },
    { name: 'companySiret', label: 'SIRET' },
    { name: 'companyContactName', label: 'Contact dans l’entreprise' },
    { name: 'companyPhone', label: 'Téléphone de l’entreprise', kind: 'tel' },
    { name: 'companyMail', label: 'E-mail de l’entreprise', kind: 'email' },
    { name: 'contractStartDate', label: 'Début du contrat', kind: 'date' },
    { name: 'endOfTrialPeriod', label: 'Fin de la période d’essai', kind: 'date' },
    { name: 'school', label: 'Prescripteur (école)' },
  ];
}

/** The co-applicant's and the guarantors' fields share one list with a prefix (co, g1, g2). */
export function personFields(
  prefix: 'co' | 'g1' | 'g2',
  contractTypes: readonly string[],
): FieldSpec[] {
  const f = (suffix: string) => `${prefix}${suffix}`;
  const fields: FieldSpec[] = [
    { name: f('Civility'), label: 'Civilité', kind: 'select', options: CIVILITY },
    { name: f('FirstName'), label: 'Prénom' },
    { name: f('LastName'), label: 'Nom' },
    { name: f('Email'), label: 'E-mail', kind: 'email' },
    { name: f('PhoneNumber'), label: 'Téléphone', kind: 'tel' },
    { name: f('Address'), label: 'Adresse', kind: 'address', placeField: f('AddressObject') },
    { name: f('DateOfBirth'), label: 'Date de naissance', kind: 'date' },
    { name: f('PlaceOfBirth'), label: 'Lieu de naissance' },
    { name: f('Nationality'), label: 'Nationalité' },
    { name: f('FamilyStatus'), label: 'Situation familiale' },
    { name: f('Wage'), label: 'Salaire (€)', kind: 'number' },
    {
      name: f('ContractType'),
      label: 'Type de contrat',
      kind: 'select',
      options: [...contractTypes],
    },
    { name: f('Company'), label: 'Entreprise' },
    {
      name: f('WorkAddress'),
      label: 'Adresse de travail',
      kind: 'address',
      placeField: f('WorkAddressObject'),
    },
    { name: f('Job'), label: 'Poste' },
  ];
  if (prefix !== 'co') fields.push({ name: f('Comment'), label: 'Commentaire', kind: 'textarea' });
  return fields;
}

export const SITUATION_NOTES: FieldSpec[] = [
  { name: 'customerSituation', label: 'Situation (notes privées)', kind: 'textarea' },
];
