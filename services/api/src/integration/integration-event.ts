import type { RecordedEvent } from '@reloc/eventstore';

/** Version of the integration payload; raised on any incompatible change (README). */
export const INTEGRATION_SCHEMA = 'reloc.integration-event.v1';

/** One Kafka record: topic per aggregate type, keyed by stream so a stream stays ordered. */
export type IntegrationMessage = {
  topic: string;
  key: string;
  value: string;
  headers: Record<string, string>;
};

/** 'project-65a1…' → 'project'; 'unique-prospect-name-acme' → 'unique'. */
export function aggregateTypeOf(streamId: string): string {
  const type = streamId
    .split('-')[0]
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  return type || 'other';
}

/** The public shape of an event, as documented in the README ("Integration events"). */
export function toIntegrationMessage(
  event: RecordedEvent,
  topicPrefix = 'reloc',
): IntegrationMessage {
  const aggregateType = aggregateTypeOf(event.streamId);
  const metadata = event.metadata ?? {};
  const payload = {
    schema: INTEGRATION_SCHEMA,
    id: event.id,
    aggregateType,
    streamId: event.streamId,
    revision: event.revision,
    position: event.position,
    type: event.type,
    createdAt: event.createdAt,
    data: event.data,
    actor: metadata.actor ?? null,
    correlationId: metadata.correlationId ?? null,
    causationId: metadata.causationId ?? null,
    chain: metadata.chain ?? null,
  };
  return {
    topic: `${topicPrefix}.${aggregateType}`,
    key: event.streamId,
    value: JSON.stringify(payload),
    headers: {
      schema: INTEGRATION_SCHEMA,
      'event-type': event.type,
      'event-id': event.id,
      position: String(event.position),
    },
  };
}
