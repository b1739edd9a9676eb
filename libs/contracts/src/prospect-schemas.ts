import {
  EMPLOYEES_COUNTS,
  POTENTIAL_FIELDS,
  PROSPECT_ORIGINS,
  PROSPECT_STAGES,
  PROSPECT_TEXT_FIELDS,
  PROSPECT_TYPES,
  STRUCTURE_TYPES,
} from '@reloc/domain';

/**
 * Schemas of the prospect calls (spec §7 "Prospects and announcements"). Shapes and types
 * only: the §5 "Prospects" stage rules are the decider's, answered with French field errors.
 */
const text = (max: number) => ({ type: ['string', 'null'], maxLength: max }) as const;
const oneOf = (values: readonly string[]) => ({
  anyOf: [{ type: 'string', enum: [...values, ''] }, { type: 'null' }],
});
const typedNumber = {
  anyOf: [{ type: 'number' }, { type: 'string', maxLength: 30 }, { type: 'null' }],
} as const;
const trigramOrNull = { anyOf: [{ type: 'string', pattern: '^[A-Z]{3}$' }, { type: 'null' }] };

export const PROSPECT_FIELD_SCHEMAS: Record<string, object> = {
  ...Object.fromEntries(
    PROSPECT_TEXT_FIELDS.map((field) => [
      field,
      text(field.startsWith('about') || field.startsWith('actions') ? 20000 : 500),
    ]),
  ),
  name: { type: 'string', maxLength: 200 },
  ...Object.fromEntries(POTENTIAL_FIELDS.map((field) => [field, typedNumber])),
  employeesCount: oneOf(EMPLOYEES_COUNTS),
  structureType: oneOf(STRUCTURE_TYPES),
  type: oneOf(PROSPECT_TYPES),
  origin: oneOf(PROSPECT_ORIGINS),
  addressObject: { type: ['object', 'null'] },
  demoDate: text(30),
  tags: { type: ['array', 'null'], maxItems: 50, items: { type: 'string', maxLength: 100 } },
  currentProgress: { type: 'string', enum: [...PROSPECT_STAGES] },
  /** A cause code, `{reason, text}` (other), or null to clear (unticking Abandonné). */
  notInterested: {
    anyOf: [
      { type: 'string', maxLength: 2000 },
      { type: 'null' },
      {
        type: 'object',
        additionalProperties: false,
        required: ['reason'],
        properties: {
          reason: { type: 'string', maxLength: 50 },
          text: text(2000),
        },
      },
    ],
  },
  assignees: {
    type: 'object',
    additionalProperties: false,
    properties: {
      lead: trigramOrNull,
      sale: trigramOrNull,
      dispatcher: trigramOrNull,
      reloc: trigramOrNull,
      alsender: trigramOrNull,
    },
  },
  rewards: {
    type: 'object',
    additionalProperties: false,
    properties: { sentToAL: typedNumber, paid: typedNumber },
  },
};

/** POST /prospects: the add dialog (name required, optional sales person). */
export const createProspectSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 200 },
    assignees: {
      type: 'object',
      additionalProperties: false,
      properties: { sale: trigramOrNull },
    },
  },
} as const;
export type CreateProspectBody = { name: string; assignees?: { sale?: string | null } };

/**
 * PUT /prospects/{id}: the changed fields (the spec's body); `_revision`, the revision the
 * edit started from, is an optional guard (409 on a field someone else changed since).
 */
export const updateProspectSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { _revision: { type: 'integer', minimum: -1 }, ...PROSPECT_FIELD_SCHEMAS },
} as const;
export type UpdateProspectBody = { _revision?: number } & Record<string, unknown>;

/** GET /prospects and GET /reports/prospects: search box and Actifs / Abandonnés / Tous. */
export const prospectsQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    search: { type: 'string', maxLength: 200 },
    filter: { type: 'string', enum: ['active', 'abandoned', 'stopped', 'all'] },
  },
} as const;
export type ProspectsQuery = {
  search?: string;
  filter?: 'active' | 'abandoned' | 'stopped' | 'all';
};

/** GET /prospects/_autocomplete: companies or prescribers. */
export const prospectAutocompleteSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { type: 'string', enum: ['entreprise', 'prescripteur'] },
    search: { type: 'string', maxLength: 200 },
  },
} as const;
export type ProspectAutocompleteQuery = { type: 'entreprise' | 'prescripteur'; search?: string };

/** POST /prospects/{id}/files: a file uploaded with POST /cache/upload?type=files. */
export const attachProspectFileSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['fileId'],
  properties: { fileId: { type: 'string', pattern: '^[0-9a-f]{24}$' } },
} as const;
export type AttachProspectFileBody = { fileId: string };
