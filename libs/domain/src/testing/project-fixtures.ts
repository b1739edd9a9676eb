import { ProjectActor, ProjectCommand } from '../projects/project.commands';
import { ProjectEvent } from '../projects/project.events';
import { ProjectFieldChanges } from '../projects/fields';
import { ProjectStage } from '../projects/stages';

export const AT = '2026-11-22T10:00:00.000Z';
export const PROJECT_ID = '6740a1b2c3d4e5f601234567';
export const HOST_ID = '6740a1b2c3d4e5f60123abcd';
export const PRESCRIBER_ID = '5f0c1d2e3f4a5b6c7d8e9f01';

export const operator: ProjectActor = { id: 'u-op', role: 'OPERATOR', trigram: 'OPE' };
export const otherOperator: ProjectActor = { id: 'u-op2', role: 'OPERATOR', trigram: 'OTH' };
export const sale: ProjectActor = { id: 'u-sale', role: 'SALE', trigram: 'SAL' };
export const vendor: ProjectActor = { id: 'u-vendor', role: 'VENDOR', trigram: 'VEN' };
export const admin: ProjectActor = { id: 'u-admin', role: 'ADMIN', trigram: 'ADM' };
export const superadmin: ProjectActor = { id: 'u-super', role: 'SUPERADMIN', trigram: 'SUP' };
export const user: ProjectActor = { id: 'u-user', role: 'USER', trigram: null };
export const STAFF = [operator, sale, vendor, admin, superadmin];

const paris = { label: 'Paris 75011', lat: 48.85, lng: 2.38, city: 'Paris' };
const lyon = {
  label: '10 rue de la République, Lyon',
  lat: 45.76,
  lng: 4.83,
  route: 'Rue de la République',
};

export const projectCreated: ProjectEvent = {
  type: 'ProjectCreated',
  data: {
    projectId: PROJECT_ID,
    fields: {
      userId: 'camille.martin@example.fr',
      firstName: 'Camille',
      lastName: 'Martin',
      phoneNumber: '06 12 34 56 78',
      company: 'Acme',
      actualCity: 'Paris 75011',
      fromAddressObject: paris,
    },
    assignees: {
      prescriptor: null,
      lead: 'SAL',
      sale: null,
      dispatcher: null,
      reloc: null,
      alsender: null,
    },
    createdAt: AT,
  },
};

export function fieldsChanged(changes: ProjectFieldChanges, by = 'u-seed'): ProjectEvent {
  return { type: 'ProjectFieldsChanged', data: { projectId: PROJECT_ID, changes, by } };
}

export function stageChanged(from: ProjectStage, to: ProjectStage, at = AT): ProjectEvent {
  return { type: 'ProjectStageChanged', data: { projectId: PROJECT_ID, from, to, at } };
}

export function assigned(
  role: 'reloc' | 'sale' | 'lead',
  to: string | null,
  from: string | null = null,
) {
  return {
    type: 'ProjectAssigneeChanged',
    data: { projectId: PROJECT_ID, role, from, to },
  } as ProjectEvent;
}

/** The §5 shared list, complete. */
export const SHARED_COMPLETE: ProjectFieldChanges = {
  civility: 'Madame',
  contractType: 'Nouvel embauché en CDI',
  job: 'Ingénieure',
  contractStartDate: '2026-09-01',
  aboutYouAdmin: 'Arrive de Paris pour un CDI',
  companyContactName: 'Jeanne RH',
  sponsor: 'Action Logement',
  companyPhone: '+33 4 72 00 00 00',
  companySiret: '123 456 789 00012',
  companyMail: 'rh@acme.fr',
  addressWork: '10 rue de la République, Lyon',
  addressWorkObject: lyon,
};

/** What docsLease adds. */
export const SEARCH_COMPLETE: ProjectFieldChanges = {
  typeOfEstate: 'apartment',
  surfacemin: 35,
  numberOfRoom: 2,
  budget: 900,
  dateMove: '2026-12-15',
  criterion1: 'Localisation',
  criterion2: 'Prix',
  criterion3: 'Superficie',
  zone: 1,
  nationality: 'Française',
  familyStatus: 'Célibataire',
  childrenCount: 0,
  childrenToBeBorn: 0,
  wage: 2800,
  otherIncomes: 0,
  referenceTaxRevenue: 30000,
  previousOwnerType: 'Locataire',
  customerSituation: 'Locataire à Paris',
  descEstateAdmin: 'T2 lumineux',
  futurNeighborhoodAdmin: 'Croix-Rousse',
};

/** What submittedToHil adds (chosenEstate comes from ChooseEstate). */
export const FINAL_COMPLETE: ProjectFieldChanges = {
  leaseSignDate: '2026-12-01',
  dateOfBirth: '1995-04-12',
  placeOfBirth: 'Nantes',
  placeOfBirthObject: { label: 'Nantes', lat: 47.2, lng: -1.55 },
  deptOfBirth: '44',
};

export const estateChosen: ProjectEvent = {
  type: 'ProjectEstateChosen',
  data: { projectId: PROJECT_ID, hostId: HOST_ID },
};

export const READY = {
  proposalsWithExactAddress: 3,
  chosenEstateHasExactAddress: true,
  documents: 'ok' as const,
};

/** A command with the usual actor and date. */
export function command<C extends ProjectCommand>(
  body: Omit<C, 'actor' | 'at'>,
  actor: ProjectActor = operator,
): C {
  return { ...body, actor, at: AT } as C;
}
