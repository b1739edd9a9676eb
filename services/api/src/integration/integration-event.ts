import type { RecordedEvent } from '@reloc/eventstore';
import {
  integrationEventErrors,
  IntegrationEventType,
  integrationSchemaId,
  INTEGRATION_EVENT_VERSION,
} from '@reloc/contracts';

/** One Kafka record: topic per aggregate type, keyed by entity id so an entity stays ordered. */
export type IntegrationMessage = {
  topic: string;
  key: string;
  value: string;
  headers: Record<string, string>;
};

type Data = Record<string, unknown>;
type Mapping = {
  type: IntegrationEventType;
  /** The id of the entity the event is about (record key, `aggregateId`). */
  id: (data: Data) => unknown;
  /** The curated payload: only ids, stages, statuses, dates; never personal data or secrets. */
  data: (data: Data, event: RecordedEvent) => Data;
};

/**
 * The allow-list (README "Integration events"): internal event type → integration event.
 * An internal event not listed here is never published (e.g. UserPasswordSet and its hash,
 * UserCreated's e-mail and names, a project's customer fields, comments, files, mails).
 */
export const INTEGRATION_ALLOW_LIST: Readonly<Record<string, Mapping>> = {
  ProjectCreated: {
    type: 'project.created',
    id: (d) => d.projectId,
    data: (d) => ({ projectId: d.projectId, createdAt: d.createdAt }),
  },
  ProjectStageChanged: {
    type: 'project.stage-changed',
    id: (d) => d.projectId,
    data: (d) => ({ projectId: d.projectId, from: d.from, to: d.to, at: d.at }),
  },
  ProjectStopped: {
    type: 'project.stopped',
    id: (d) => d.projectId,
    data: (d) => ({ projectId: d.projectId, at: d.at }),
  },
  ProjectRestarted: {
    type: 'project.restarted',
    id: (d) => d.projectId,
    data: (d) => ({ projectId: d.projectId, at: d.at }),
  },
  ProjectDeleted: {
    type: 'project.deleted',
    id: (d) => d.projectId,
    data: (d) => ({ projectId: d.projectId }),
  },
  ProspectCreated: {
    type: 'prospect.created',
    id: (d) => d.prospectId,
    data: (d) => ({ prospectId: d.prospectId, createdAt: d.createdAt }),
  },
  ProspectStageChanged: {
    type: 'prospect.stage-changed',
    id: (d) => d.prospectId,
    data: (d) => ({ prospectId: d.prospectId, from: d.from, to: d.to, at: d.at }),
  },
  ProspectDeleted: {
    type: 'prospect.deleted',
    id: (d) => d.prospectId,
    data: (d) => ({ prospectId: d.prospectId, at: d.at }),
  },
  ProposalCreated: {
    type: 'proposal.created',
    id: (d) => d.proposalId,
    data: (d) => ({
      proposalId: d.proposalId,
      projectId: d.idBuy,
      hostId: d.idSell,
      proposedDate: d.proposedDate,
    }),
  },
  ProposalStatusChanged: {
    type: 'proposal.status-changed',
    id: (d) => d.proposalId,
    data: (d) => ({ proposalId: d.proposalId, status: d.status ?? null, disabled: d.disabled }),
  },
  UserCreated: {
    type: 'user.created',
    id: (d) => d.userId,
    data: (d) => ({ userId: d.userId, role: d.role }),
  },
  UserDeactivated: {
    type: 'user.deactivated',
    id: (d) => d.userId,
    data: (d) => ({ userId: d.userId, replacedBy: d.replacedBy ?? null }),
  },
  UserDeleted: {
    type: 'user.deleted',
    id: (d) => d.userId,
    data: (d) => ({ userId: d.userId }),
  },
};

/** Why an allow-listed event was still not published: its curated payload broke its schema. */
export class IntegrationPayloadError extends Error {}

/**
 * The record of an internal event, or null when it is not an integration event. The value
 * is checked against its JSON Schema (libs/contracts): a payload that does not conform is
 * never published (IntegrationPayloadError).
 */
export function toIntegrationMessage(
  event: RecordedEvent,
  topicPrefix = 'reloc',
): IntegrationMessage | null {
  const mapping = Object.hasOwn(INTEGRATION_ALLOW_LIST, event.type)
    ? INTEGRATION_ALLOW_LIST[event.type]
    : null;
  if (!mapping) return null;
  const data = (event.data ?? {}) as Data;
  const aggregateType = mapping.type.split('.')[0];
  const aggregateId = mapping.id(data);
  const correlationId = event.metadata?.correlationId;
  const schema = integrationSchemaId(mapping.type);
  const value = {
    schema,
    id: event.id,
    type: mapping.type,
    version: INTEGRATION_EVENT_VERSION,
    aggregateType,
    aggregateId,
    position: event.position,
    occurredAt: event.createdAt,
    correlationId: typeof correlationId === 'string' ? correlationId : null,
    data: mapping.data(data, event),
  };
  const errors = integrationEventErrors(mapping.type, value);
  if (errors.length)
    throw new IntegrationPayloadError(
      `${event.type} at position ${event.position} does not match ${schema}: ${errors.join('; ')}`,
    );
  return {
    topic: `${topicPrefix}.${aggregateType}`,
    key: `${aggregateType}-${String(aggregateId)}`,
    value: JSON.stringify(value),
    headers: {
      schema,
      'event-type': mapping.type,
      // Consumers deduplicate on it: a batch published again after a crash repeats its ids.
      'idempotency-key': event.id,
      'event-id': event.id,
      position: String(event.position),
    },
  };
}
