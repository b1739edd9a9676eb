import { randomUUID } from 'node:crypto';
import { Decider, DomainEvent, fold } from '@reloc/domain';
import { EventStore, WrongExpectedVersionError } from '@reloc/eventstore';

/** Who sends a job's result: the system, with the job for the audit trail. */
export type SystemActor = { id: string; trigram: null; role: 'SYSTEM' };

export const systemActor = (job: string): SystemActor => ({
  id: `system:${job}`,
  trigram: null,
  role: 'SYSTEM',
});

export type StreamCommandContext = {
  actor: { id: string; trigram: string | null; role: string };
  correlationId?: string;
  causationId?: string | null;
};

/** Same as the api's CommandExecutor: the schema version of the metadata. */
export const SCHEMA_VERSION = 1;
const MAX_ATTEMPTS = 5;

/** A stream folded with its decider: the state and the revision it was read at. */
export async function loadStream<Event extends DomainEvent, State>(
  store: EventStore,
  streamId: string,
  decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>,
): Promise<{ state: State; revision: number }> {
  const recorded = await store.readStream(streamId);
  const events = recorded.map((e) => ({ type: e.type, data: e.data }) as Event);
  return { state: fold(decider, events), revision: recorded.length - 1 };
}

/**
 * The command path outside Nest (the worker's processors; the api's CommandExecutor is the
 * same loop plus waiting for its projector): load the stream, let the pure decider decide on
 * the folded state, append with the expected revision; a concurrent append makes the decision
 * run again on the fresh state. A result the decider finds stale or already known is no event.
 */
export async function executeOnStream<Command, Event extends DomainEvent, State>(
  store: EventStore,
  streamId: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  context: StreamCommandContext,
): Promise<{ events: Event[]; state: State }> {
  for (let attempt = 1; ; attempt++) {
    const { state, revision } = await loadStream(store, streamId, decider);
    const events = decider.decide(command, state);
    if (!events.length) return { events, state };
    const metadata = {
      actor: context.actor,
      at: new Date().toISOString(),
      correlationId: context.correlationId ?? randomUUID(),
      causationId: context.causationId ?? null,
      schemaVersion: SCHEMA_VERSION,
    };
    try {
      await store.appendToStream(
        streamId,
        events.map((event) => ({ type: event.type, data: event.data, metadata })),
        { expectedRevision: revision < 0 ? 'no_stream' : revision },
      );
      return { events, state: events.reduce(decider.evolve, state) };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }
  }
}
