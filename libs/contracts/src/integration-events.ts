import { ajv } from './validator';

/**
 * The integration events published to Kafka (README "Integration events"): a documented
 * allow-list, each with a curated payload and its own versioned JSON Schema. Nothing else of
 * the log leaves: no password hash, no token, no personal data (names, e-mails, phones,
 * addresses, free text); records are keyed by entity ids only.
 */

const objectId = { type: 'string', pattern: '^[0-9a-f]{24}$' } as const;
const dateTime = { type: 'string', format: 'date-time' } as const;
const nullableObjectId = { anyOf: [objectId, { type: 'null' }] } as const;
const text = { type: 'string', minLength: 1, maxLength: 64 } as const;

/** Curated data of each integration event type (the `data` of the record's value). */
const DATA_SCHEMAS = {
  'project.created': {
    required: ['projectId', 'createdAt'],
    properties: { projectId: objectId, createdAt: dateTime },
  },
  'project.stage-changed': {
    required: ['projectId', 'from', 'to', 'at'],
    properties: { projectId: objectId, from: text, to: text, at: dateTime },
  },
  'project.stopped': {
    required: ['projectId', 'at'],
    properties: { projectId: objectId, at: dateTime },
  },
  'project.restarted': {
    required: ['projectId', 'at'],
    properties: { projectId: objectId, at: dateTime },
  },
  'project.deleted': { required: ['projectId'], properties: { projectId: objectId } },
  'prospect.created': {
    required: ['prospectId', 'createdAt'],
    properties: { prospectId: objectId, createdAt: dateTime },
  },
  'prospect.stage-changed': {
    required: ['prospectId', 'from', 'to', 'at'],
    properties: { prospectId: objectId, from: text, to: text, at: dateTime },
  },
  'prospect.deleted': {
    required: ['prospectId', 'at'],
    properties: { prospectId: objectId, at: dateTime },
  },
  'proposal.created': {
    required: ['proposalId', 'projectId', 'hostId', 'proposedDate'],
    properties: {
      proposalId: objectId,
      projectId: objectId,
      hostId: objectId,
      proposedDate: dateTime,
    },
  },
  'proposal.status-changed': {
    required: ['proposalId', 'status', 'disabled'],
    properties: {
      proposalId: objectId,
      status: { anyOf: [text, { type: 'null' }] },
      disabled: { type: 'boolean' },
    },
  },
  'user.created': {
    required: ['userId', 'role'],
    properties: { userId: objectId, role: text },
  },
  'user.deactivated': {
    required: ['userId', 'replacedBy'],
    properties: { userId: objectId, replacedBy: nullableObjectId },
  },
  'user.deleted': { required: ['userId'], properties: { userId: objectId } },
} as const;

export type IntegrationEventType = keyof typeof DATA_SCHEMAS;
export const INTEGRATION_EVENT_TYPES = Object.keys(DATA_SCHEMAS) as IntegrationEventType[];
/** Raised for a type on any incompatible change of its payload (a new schema id). */
export const INTEGRATION_EVENT_VERSION = 1;

/** `reloc.project.stage-changed.v1`: the `schema` of the value and of the record's header. */
export const integrationSchemaId = (type: IntegrationEventType): string =>
  `reloc.${type}.v${INTEGRATION_EVENT_VERSION}`;

/** The record's value: an envelope of ids and positions around the curated data. */
function envelopeSchema(type: IntegrationEventType) {
  const data = DATA_SCHEMAS[type];
  return {
    $id: integrationSchemaId(type),
    type: 'object',
    additionalProperties: false,
    required: [
      'schema',
      'id',
      'type',
      'version',
      'aggregateType',
      'aggregateId',
      'position',
      'occurredAt',
      'correlationId',
      'data',
    ],
    properties: {
      schema: { const: integrationSchemaId(type) },
      id: { type: 'string', minLength: 1, maxLength: 64 },
      type: { const: type },
      version: { const: INTEGRATION_EVENT_VERSION },
      aggregateType: { const: type.split('.')[0] },
      aggregateId: objectId,
      position: { type: 'integer', minimum: 0 },
      occurredAt: dateTime,
      correlationId: { anyOf: [{ type: 'string', maxLength: 128 }, { type: 'null' }] },
      data: {
        type: 'object',
        additionalProperties: false,
        required: [...data.required],
        properties: data.properties,
      },
    },
  };
}

/** The JSON Schema of each integration event type, by type. */
export const INTEGRATION_EVENT_SCHEMAS: Record<IntegrationEventType, object> = Object.fromEntries(
  INTEGRATION_EVENT_TYPES.map((type) => [type, envelopeSchema(type)]),
) as Record<IntegrationEventType, object>;

const validators = new Map(
  INTEGRATION_EVENT_TYPES.map((type) => [type, ajv.compile(INTEGRATION_EVENT_SCHEMAS[type])]),
);

/** ajv's errors of a value against its type's schema; an empty list when it conforms. */
export function integrationEventErrors(type: IntegrationEventType, value: unknown): string[] {
  const validate = validators.get(type);
  if (!validate) return [`unknown integration event type ${String(type)}`];
  if (validate(value)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ''}`);
}

export function isIntegrationEventType(value: unknown): value is IntegrationEventType {
  return typeof value === 'string' && value in DATA_SCHEMAS;
}
