import { randomUUID } from 'node:crypto';
import { Decider, DomainError, DomainEvent, fold } from '@reloc/domain';
import { EventStore, WrongExpectedVersionError } from '@reloc/eventstore';
import { currentRequest } from './http/request-context';
import type { CommandOutcome } from './metrics';
import { Projector } from './projector';

export type Actor = { id: string; trigram: string | null; role: string };

export type CommandContext = {
  actor: Actor;
  correlationId?: string;
  causationId?: string;
};

export type ExecutionResult<Event, State> = {
  events: Event[];
  state: State;
  /** Revision of the stream after the command (-1 when it still does not exist). */
  revision: number;
};

export const SCHEMA_VERSION = 1;
const MAX_ATTEMPTS = 3;

/**
 * The one command path: load the stream, let the pure decider decide, append with the
 * expected revision, and answer once the local projector has read its own write.
 * A concurrent append makes the decision run again on the fresh state (it is pure).
 */
export class CommandExecutor {
  constructor(
    private readonly store: EventStore,
    private readonly projector: Projector,
    private readonly metrics?: { command(type: string, outcome: CommandOutcome): void },
  ) {}

  async load<Event extends DomainEvent, State>(
    streamId: string,
    decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>,
  ): Promise<{ state: State; revision: number }> {
    const recorded = await this.store.readStream(streamId);
    const events = recorded.map((e) => ({ type: e.type, data: e.data }) as Event);
    return { state: fold(decider, events), revision: recorded.length - 1 };
  }

  execute<Command, Event extends DomainEvent, State>(
    streamId: string,
    decider: Decider<Command, Event, State>,
    command: Command,
    context: CommandContext,
  ): Promise<ExecutionResult<Event, State>> {
    return this.executeAll(streamId, decider, [command], context);
  }

  /**
   * Several commands on one stream as one decision: each is decided on the state the
   * previous ones lead to, and all their events are appended together or not at all.
   */
  async executeAll<Command, Event extends DomainEvent, State>(
    streamId: string,
    decider: Decider<Command, Event, State>,
    commands: Command[],
    context: CommandContext,
  ): Promise<ExecutionResult<Event, State>> {
    if (!this.metrics) return this.decideAndAppend(streamId, decider, commands, context);
    const type =
      [...new Set(commands.map((c) => String((c as { type?: unknown }).type ?? 'unknown')))]
        .sort()
        .join('+') || 'none';
    try {
      const result = await this.decideAndAppend(streamId, decider, commands, context);
      this.metrics.command(type, result.events.length ? 'accepted' : 'unchanged');
      return result;
    } catch (error) {
      this.metrics.command(
        type,
        error instanceof DomainError
          ? 'refused'
          : error instanceof WrongExpectedVersionError
            ? 'conflict'
            : 'error',
      );
      throw error;
    }
  }

  private async decideAndAppend<Command, Event extends DomainEvent, State>(
    streamId: string,
    decider: Decider<Command, Event, State>,
    commands: Command[],
    context: CommandContext,
  ): Promise<ExecutionResult<Event, State>> {
    for (let attempt = 1; ; attempt++) {
      const loaded = await this.load(streamId, decider);
      const { revision } = loaded;
      let state = loaded.state;
      const events: Event[] = [];
      for (const command of commands) {
        const decided = decider.decide(command, state);
        state = decided.reduce(decider.evolve, state);
        events.push(...decided);
      }
      if (!events.length) return { events, state, revision };
      const metadata = {
        actor: context.actor,
        at: new Date().toISOString(),
        // The HTTP request's correlation id when there is one, so logs and events meet.
        correlationId: context.correlationId ?? currentRequest()?.correlationId ?? randomUUID(),
        causationId: context.causationId ?? null,
        schemaVersion: SCHEMA_VERSION,
      };
      try {
        const result = await this.store.appendToStream(
          streamId,
          events.map((event) => ({ type: event.type, data: event.data, metadata })),
          { expectedRevision: revision < 0 ? 'no_stream' : revision },
        );
        await this.projector.waitFor(result.position);
        return { events, state, revision: result.nextExpectedRevision };
      } catch (error) {
        if (error instanceof WrongExpectedVersionError && attempt < MAX_ATTEMPTS) continue;
        throw error;
      }
    }
  }
}
