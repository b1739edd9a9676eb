import { Inject, Injectable } from '@nestjs/common';
import {
  auditEventLabel,
  AuditStateGroup,
  AuditStreamType,
  auditStreamType,
  changesPerEvent,
  describeState,
  DomainError,
  FieldChange,
  isAuditStreamName,
  jsonEqual,
  parseInstant,
  redactSecrets,
  stateAt,
  occurredAt,
} from '@reloc/domain';
import { chainHash, chainLinkOf, EventStore, RecordedEvent } from '@reloc/eventstore';
import { EVENT_STORE } from '../infrastructure/tokens';
import { UsersReadModel } from '../users/users.read-model';

export type AuditActor = { id: string; trigram: string | null; role: string; name: string | null };
export type AuditChain = { prev: string | null; hash: string };

/** One event of GET /v1/audit/streams/{stream}. */
export type AuditEntry = {
  id: string;
  revision: number;
  position: number;
  type: string;
  label: string;
  /** When it happened (the metadata's `at`, e.g. a demo event's backdated time). */
  createdAt: string;
  /** When the store recorded it. */
  recordedAt: string;
  actor: AuditActor | null;
  correlationId: string | null;
  causationId: string | null;
  chain: AuditChain | null;
  changes: FieldChange[];
};

export type AuditHistory = {
  stream: string;
  aggregate: string;
  label: string;
  events: AuditEntry[];
};

export type AuditState = {
  stream: string;
  at: string;
  revision: number;
  state: unknown;
  groups: AuditStateGroup[];
};

/** Whether an event's link is sound: its hash recomputed, and prev the hash of the one before. */
export type ChainCheck = 'ok' | 'missing' | 'broken' | 'masked';

export type AuditExportEvent = {
  id: string;
  streamId: string;
  revision: number;
  position: number;
  type: string;
  createdAt: string;
  data: unknown;
  metadata: Record<string, unknown>;
  chainCheck: ChainCheck;
};

export const AUDIT_MESSAGES = {
  badStream: 'Nom de flux invalide',
  unknownStream: 'Flux introuvable',
  badInstant: 'Instant invalide (format ISO 8601 attendu, ex. 2026-11-23T10:00:00Z)',
  badFormat: 'Format invalide (json ou pdf)',
} as const;

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The history of any stream, its state at an instant, and its export (spec issue 8). */
@Injectable()
export class AuditService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly users: UsersReadModel,
  ) {}

  /** The stream's events, in order; 400 on a malformed name, 404 when it has none. */
  async load(stream: string): Promise<{ type: AuditStreamType; events: RecordedEvent[] }> {
    const type = auditStreamType(stream);
    if (!type || !isAuditStreamName(stream))
      throw new DomainError(AUDIT_MESSAGES.badStream, 'invalid', { stream: 'Invalide' });
    const events = await this.store.readStream(stream);
    if (!events.length) throw new DomainError(AUDIT_MESSAGES.unknownStream, 'notFound');
    return { type, events };
  }

  async history(stream: string): Promise<AuditHistory> {
    const { type, events } = await this.load(stream);
    const changes = changesPerEvent(type, events);
    const names = new Map<string, string | null>();
    const nameOf = (id: string) => {
      if (!names.has(id)) {
        const user = this.users.findById(id);
        names.set(id, user ? `${user.firstName} ${user.lastName}`.trim() || null : null);
      }
      return names.get(id) ?? null;
    };
    return {
      stream,
      aggregate: type.prefix,
      label: type.label,
      events: events.map((event, i) => {
        const meta = event.metadata ?? {};
        const rawActor = meta.actor as Record<string, unknown> | undefined;
        const actorId = str(rawActor?.id);
        return {
          id: event.id,
          revision: event.revision,
          position: event.position,
          type: event.type,
          label: auditEventLabel(event.type),
          createdAt: occurredAt(event),
          recordedAt: event.createdAt,
          actor: actorId
            ? {
                id: actorId,
                trigram: str(rawActor?.trigram),
                role: str(rawActor?.role) ?? '',
                name: nameOf(actorId),
              }
            : null,
          correlationId: str(meta.correlationId),
          causationId: str(meta.causationId),
          chain: chainLinkOf(event),
          changes: changes[i],
        };
      }),
    };
  }

  async stateAt(stream: string, at: unknown): Promise<AuditState> {
    const ms = parseInstant(at);
    if (ms === null)
      throw new DomainError(AUDIT_MESSAGES.badInstant, 'invalid', { at: 'Invalide' });
    const { type, events } = await this.load(stream);
    const { revision, state } = stateAt(type, events, ms);
    return {
      stream,
      at: new Date(ms).toISOString(),
      revision,
      state,
      groups: describeState(type, state),
    };
  }

  /**
   * Every event as stored, with its chain and whether it checks: its hash recomputed from the
   * event, and its prev equal to the hash before it. Secrets are masked ('masked': such an
   * event's hash cannot be recomputed from the export, its link to the next one still can).
   */
  async exportEvents(
    stream: string,
  ): Promise<{ type: AuditStreamType; events: AuditExportEvent[] }> {
    const { type, events } = await this.load(stream);
    let previous: string | null = null;
    const out = events.map((event) => {
      const link = chainLinkOf(event);
      const data = redactSecrets(event.data);
      const metadata = redactSecrets(event.metadata ?? {});
      let chainCheck: ChainCheck = 'missing';
      if (link) {
        const sound = link.prev === previous && chainHash(link.prev, event) === link.hash;
        chainCheck = !sound
          ? 'broken'
          : jsonEqual(data, event.data) && jsonEqual(metadata, event.metadata ?? {})
            ? 'ok'
            : 'masked';
      }
      previous = link?.hash ?? null;
      return {
        id: event.id,
        streamId: event.streamId,
        revision: event.revision,
        position: event.position,
        type: event.type,
        createdAt: event.createdAt,
        data,
        metadata,
        chainCheck,
      };
    });
    return { type, events: out };
  }
}
