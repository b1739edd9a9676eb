import {
  COMPUTED_FIELDS,
  EDITABLE_FIELDS,
  FIELD_KINDS,
  FieldKind,
  FIRST_FILTER_YEAR,
} from '@reloc/domain';

/**
 * Schemas of the project calls (spec §7 "Projects and customers"). The editable fields and
 * their kinds come from the domain (one list); the decider checks enum values and dates.
 */
const str = (max = 2000) => ({ type: ['string', 'null'], maxLength: max }) as const;

const KIND_SCHEMAS: Record<FieldKind, object> = {
  text: str(10000),
  number: { type: ['number', 'null'] },
  date: str(30),
  place: { type: ['object', 'null'] }, // a geocoded place, as the address service gave it
  boolean: { type: 'boolean' },
  objectId: { anyOf: [{ type: 'string', pattern: '^[0-9a-f]{24}$' }, { type: 'null' }] },
  civility: str(20),
  contractType: str(100),
  estateType: str(20),
  criterion: str(20),
  zone: { type: ['integer', 'null'] },
  ownerType: str(30),
};

export const PROJECT_FIELD_SCHEMAS: Record<string, object> = {
  ...Object.fromEntries(
    [...EDITABLE_FIELDS, ...COMPUTED_FIELDS].map((field) => [
      field,
      KIND_SCHEMAS[FIELD_KINDS[field] as FieldKind],
    ]),
  ),
  // §7: PUT /lease also takes the final property.
  chosenEstate: KIND_SCHEMAS.objectId,
};

/**
 * PUT /lease/{id}: the changed fields (the spec's body); `_revision`, the revision the edit
 * started from, is an optional guard (409 on a field someone else changed since).
 */
export const updateProjectSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { _revision: { type: 'integer', minimum: -1 }, ...PROJECT_FIELD_SCHEMAS },
} as const;
export type UpdateProjectBody = { _revision?: number } & Record<string, unknown>;

const stageName = { type: 'string', minLength: 1, maxLength: 50 } as const;
const trigramOrNull = { anyOf: [{ type: 'string', pattern: '^[A-Z]{3}$' }, { type: 'null' }] };

export const boardQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    offset: { type: 'integer', minimum: 0 },
    size: { type: 'integer', minimum: 1, maximum: 200 },
    filter: { type: 'string', enum: ['active', 'alerts', 'stopped', 'all'] },
    // 2017 to the current year, from the clock (issue 15 point 12).
    year: {
      anyOf: [
        { type: 'integer', minimum: FIRST_FILTER_YEAR, notAfterCurrentYear: true },
        { type: 'null' },
      ],
    },
    progress: stageName,
    search: { type: 'string', maxLength: 200 },
    properties: { type: 'array', items: { type: 'string', maxLength: 100 }, maxItems: 200 },
  },
} as const;
export type BoardQueryBody = {
  offset?: number;
  size?: number;
  filter?: 'active' | 'alerts' | 'stopped' | 'all';
  year?: number | null;
  progress?: string;
  search?: string;
  properties?: string[];
};

/** POST /lease/{id}: one kind of change per call. */
export const changeProjectSchema = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  maxProperties: 3,
  properties: {
    currentProgress: stageName,
    assignees: {
      type: 'object',
      additionalProperties: false,
      minProperties: 1,
      properties: Object.fromEntries(
        ['prescriptor', 'lead', 'sale', 'dispatcher', 'reloc', 'alsender'].map((role) => [
          role,
          role === 'prescriptor'
            ? { anyOf: [{ type: 'string', pattern: '^[0-9a-f]{24}$' }, { type: 'null' }] }
            : trigramOrNull,
        ]),
      ),
    },
    stopped: { type: 'boolean' },
    abortMotivation: { type: 'string', minLength: 1, maxLength: 100 },
    alertSkipDays: { type: 'integer', minimum: 0, maximum: 365 },
    tags: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 50 }, maxItems: 30 },
    service: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'done'],
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 100 },
        done: { type: 'boolean' },
      },
    },
    liftAlert: {
      type: 'object',
      additionalProperties: false,
      required: ['alert', 'days', 'reason'],
      properties: {
        alert: { type: 'string', minLength: 1, maxLength: 100 },
        days: { type: 'integer', enum: [1, 7, 14] },
        reason: { type: 'string', minLength: 1, maxLength: 2000 },
      },
    },
    chosenEstate: { anyOf: [{ type: 'string', pattern: '^[0-9a-f]{24}$' }, { type: 'null' }] },
    overrideIncome: { type: 'boolean', const: true },
  },
} as const;
export type ChangeProjectBody = {
  currentProgress?: string;
  assignees?: Record<string, string | null>;
  stopped?: boolean;
  abortMotivation?: string;
  alertSkipDays?: number;
  tags?: string[];
  service?: { name: string; done: boolean };
  liftAlert?: { alert: string; days: 1 | 7 | 14; reason: string };
  chosenEstate?: string | null;
  overrideIncome?: true;
};

const customerPlace = { type: ['object', 'null'] } as const;

/** POST /customer: the §3 "Customer creation payload". */
export const createCustomerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['email', 'firstName', 'lastName'],
  properties: {
    email: { type: 'string', format: 'email', maxLength: 254 },
    firstName: { type: 'string', minLength: 1, maxLength: 100 },
    lastName: { type: 'string', minLength: 1, maxLength: 100 },
    phoneNumber: str(30),
    assignees: {
      type: 'object',
      additionalProperties: false,
      properties: {
        prescriptor: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        lead: trigramOrNull,
        sale: trigramOrNull,
        dispatcher: trigramOrNull,
        reloc: trigramOrNull,
        alsender: trigramOrNull,
      },
    },
    company: str(200),
    school: str(200),
    sponsor: str(200),
    schoolMail: str(254),
    schoolPhone: str(30),
    companyContactName: str(200),
    addressWork: str(500),
    fromAddressObject: customerPlace,
    addressWorkObject: customerPlace,
    actualCity: str(500),
    companyMail: str(254),
    companyPhone: str(30),
    contractType: str(100),
  },
} as const;
export type CreateCustomerBody = {
  email: string;
  firstName: string;
  lastName: string;
  assignees?: Record<string, string | null>;
} & Record<string, unknown>;
