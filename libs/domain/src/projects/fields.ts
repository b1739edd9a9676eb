import {
  CIVILITIES,
  CONTRACT_TYPES,
  CRITERIA,
  Civility,
  ContractType,
  Criterion,
  ESTATE_TYPES,
  EstateType,
  PREVIOUS_OWNER_TYPES,
  PreviousOwnerType,
  ZONES,
  Zone,
} from './enums';

/** A place chosen among the geocoder's suggestions; an address field is valid only with one. */
export type Place = {
  label: string;
  lat?: number;
  lng?: number;
  city?: string;
  postcode?: string;
  route?: string;
  [key: string]: unknown;
};

export type FieldKind =
  | 'text'
  | 'number'
  | 'date'
  | 'place'
  | 'boolean'
  | 'objectId'
  | 'civility'
  | 'contractType'
  | 'estateType'
  | 'criterion'
  | 'zone'
  | 'ownerType';

type KindValue = {
  text: string | null;
  number: number | null;
  /** ISO date, 'YYYY-MM-DD'. */
  date: string | null;
  place: Place | null;
  boolean: boolean;
  objectId: string | null;
  civility: Civility | null;
  contractType: ContractType | null;
  estateType: EstateType | null;
  criterion: Criterion | null;
  zone: Zone | null;
  ownerType: PreviousOwnerType | null;
};

/** The co-applicant's fields (prefix co); guarantors have the same plus a comment. */
const PERSON_FIELDS = {
  LastName: 'text',
  FirstName: 'text',
  PhoneNumber: 'text',
  Email: 'text',
  Address: 'text',
  AddressObject: 'place',
  Civility: 'civility',
  DateOfBirth: 'date',
  PlaceOfBirth: 'text',
  DeptOfBirth: 'text',
  Nationality: 'text',
  FamilyStatus: 'text',
  ChildrenCount: 'number',
  ChildrenAges: 'text',
  ChildrenToBeBorn: 'number',
  Wage: 'number',
  ReferenceTaxRevenue: 'number',
  OtherIncomes: 'number',
  ContractType: 'contractType',
  Company: 'text',
  WorkAddress: 'text',
  WorkAddressObject: 'place',
  Job: 'text',
  ContractStartDate: 'date',
  EndOfTrialPeriod: 'date',
} as const;
const GUARANTOR_FIELDS = { ...PERSON_FIELDS, Comment: 'text' } as const;

type Prefixed<P extends string, T> = { [K in keyof T & string as `${P}${K}`]: T[K] };

function prefixed<P extends string, T extends Record<string, FieldKind>>(
  prefix: P,
  kinds: T,
): Prefixed<P, T> {
  return Object.fromEntries(
    Object.entries(kinds).map(([key, kind]) => [prefix + key, kind]),
  ) as Prefixed<P, T>;
}

/** Every data field of §3 "Project" with its kind (workflow fields live on `Project`). */
export const FIELD_KINDS = {
  // Identity and contact
  userId: 'text',
  firstName: 'text',
  lastName: 'text',
  phoneNumber: 'text',
  civility: 'civility',
  dateOfBirth: 'date',
  placeOfBirth: 'text',
  placeOfBirthObject: 'place',
  deptOfBirth: 'text',
  nationality: 'text',
  // Household and finances
  familyStatus: 'text',
  childrenCount: 'number',
  childrenAges: 'text',
  childrenToBeBorn: 'number',
  otherDependant: 'text',
  wage: 'number',
  referenceTaxRevenue: 'number',
  otherIncomes: 'number',
  previousOwnerType: 'ownerType',
  sponsor: 'text',
  // Addresses and distances
  actualCity: 'text',
  fromAddressObject: 'place',
  addressWork: 'text',
  addressWorkObject: 'place',
  moveWish: 'text',
  contractualDistance: 'number',
  contractualTime: 'number',
  lastContractualAddress1: 'text',
  lastContractualAddress2: 'text',
  /** The contractual distance and time are the offline estimate (no maps key). */
  contractualEstimate: 'boolean',
  // Lease and search wishes
  mandateId: 'text',
  invoiceRef: 'text',
  leaseSignDate: 'date',
  typeOfEstate: 'estateType',
  surfacemin: 'number',
  numberOfRoom: 'number',
  budget: 'number',
  dateMove: 'date',
  criterion1: 'criterion',
  criterion2: 'criterion',
  criterion3: 'criterion',
  zone: 'zone',
  // Employment
  contractType: 'contractType',
  job: 'text',
  company: 'text',
  companyId: 'objectId',
  companySiret: 'text',
  companyContactName: 'text',
  companyPhone: 'text',
  companyMail: 'text',
  contractStartDate: 'date',
  endOfTrialPeriod: 'date',
  // Prescriber
  school: 'text',
  prescriberId: 'objectId',
  schoolName: 'text',
  schoolPhone: 'text',
  schoolMail: 'text',
  // Notes (the non-Admin ones are written by the client)
  aboutYou: 'text',
  aboutYouAdmin: 'text',
  descEstate: 'text',
  descEstateAdmin: 'text',
  futurNeighborhood: 'text',
  futurNeighborhoodAdmin: 'text',
  customerSituation: 'text',
  // Administration flags
  serviceWish: 'text',
  toDelete: 'boolean',
  naturalSubscription: 'boolean',
  didAllVisits: 'boolean',
  // Co-applicant and guarantors
  coEnabled: 'boolean',
  ...prefixed('co', PERSON_FIELDS),
  ...prefixed('g1', GUARANTOR_FIELDS),
  ...prefixed('g2', GUARANTOR_FIELDS),
} as const;

export type ProjectField = keyof typeof FIELD_KINDS;
export type ProjectFields = { [K in ProjectField]: KindValue[(typeof FIELD_KINDS)[K]] };
export type ProjectFieldChanges = Partial<ProjectFields>;

/** Written by the client or computed by the server, never by PUT /lease. */
export const CLIENT_FIELDS: readonly ProjectField[] = [
  'aboutYou',
  'descEstate',
  'futurNeighborhood',
];
export const COMPUTED_FIELDS: readonly ProjectField[] = [
  'contractualDistance',
  'contractualTime',
  'lastContractualAddress1',
  'lastContractualAddress2',
  'contractualEstimate',
];
/** The client's e-mail is the project's identity (unique, claimed at creation). */
const IDENTITY_FIELDS: readonly ProjectField[] = ['userId'];

const NOT_EDITABLE = new Set<string>([...IDENTITY_FIELDS, ...CLIENT_FIELDS, ...COMPUTED_FIELDS]);

/** The fields PUT /lease may change. */
export const EDITABLE_FIELDS: readonly ProjectField[] = (
  Object.keys(FIELD_KINDS) as ProjectField[]
).filter((field) => !NOT_EDITABLE.has(field));

export function isProjectField(field: string): field is ProjectField {
  return Object.prototype.hasOwnProperty.call(FIELD_KINDS, field);
}

export function isEditableField(field: string): field is ProjectField {
  return isProjectField(field) && !NOT_EDITABLE.has(field);
}

const EMPTY_FIELDS: Record<string, unknown> = {};
for (const [field, kind] of Object.entries(FIELD_KINDS))
  EMPTY_FIELDS[field] = kind === 'boolean' ? false : null;

export function emptyFields(): ProjectFields {
  // A copy of one template (every value is a primitive): far cheaper than adding ~150 keys.
  return { ...EMPTY_FIELDS } as ProjectFields;
}

export function isPlace(value: unknown): value is Place {
  return (
    !!value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    typeof (value as Place).label === 'string' &&
    (value as Place).label.trim() !== ''
  );
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

const ENUMS: Partial<Record<FieldKind, readonly unknown[]>> = {
  civility: CIVILITIES,
  contractType: CONTRACT_TYPES,
  estateType: ESTATE_TYPES,
  criterion: CRITERIA,
  zone: ZONES,
  ownerType: PREVIOUS_OWNER_TYPES,
};

/** Whether a value has the shape of its field's kind (null or '' clear any non-boolean field). */
export function isFieldValue(field: ProjectField, value: unknown): boolean {
  const kind: FieldKind = FIELD_KINDS[field];
  if (kind === 'boolean') return typeof value === 'boolean';
  if (value === null) return true;
  if (value === '' && kind !== 'number' && kind !== 'place') return true;
  switch (kind) {
    case 'text':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'date':
      return isIsoDate(value);
    case 'place':
      return isPlace(value);
    case 'objectId':
      return typeof value === 'string' && /^[0-9a-f]{24}$/.test(value);
    default:
      return (ENUMS[kind] ?? []).includes(value);
  }
}
