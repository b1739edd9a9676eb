import {
  ANY,
  AllStreamRecordedEvent,
  AppendExpectedRevision,
  BACKWARDS,
  Direction,
  END,
  EventStoreDBClient,
  FORWARDS,
  JSONType,
  NO_STREAM,
  Position,
  ReadPosition,
  RecordedEvent as EsdbRecordedEvent,
  START as ESDB_START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
} from '@eventstore/db-client';
import {
  AppendResult,
  EventData,
  EventHandler,
  EventStore,
  ExpectedRevision,
  ReadStreamOptions,
  RecordedEvent,
  START,
  SubscribeOptions,
  Subscription,
  WrongExpectedVersionError,
} from '../event-store';
import { Consume, SubscriptionLoop } from '../subscription-loop';

const PAGE_SIZE = 1000;
/** EventStoreDB's event ids are UUIDs: any other text names no event. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The last user event is normally among the last few records of the log. */
const HEAD_PAGE_SIZE = 32;

/**
 * EventStoreDB adapter. Our `position` is the event's commit position in the transaction log, a
 * bigint that fits a number exactly up to 2^53 bytes of log (9 PB).
 */
export class EsdbEventStore implements EventStore {
  readonly client: EventStoreDBClient;
  private readonly subscriptions = new Set<SubscriptionLoop>();
  private closed = false;

  /** Takes a connection string (esdb://...) or a client, which this store then owns. */
  constructor(connection: string | EventStoreDBClient) {
    this.client =
      typeof connection === 'string' ? EventStoreDBClient.connectionString(connection) : connection;
  }

  async appendToStream(
    streamId: string,
    events: EventData[],
    options: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    const expected = options.expectedRevision ?? 'any';
    try {
      const result = await this.client.appendToStream(
        streamId,
        events.map((event) =>
          jsonEvent({
            ...(event.id === undefined ? {} : { id: event.id }),
            type: event.type,
            data: (event.data ?? null) as JSONType,
            metadata: event.metadata ?? {},
          }),
        ),
        { expectedRevision: toExpectedRevision(expected) },
      );
      return {
        nextExpectedRevision: Number(result.nextExpectedRevision),
        // Servers older than 20.6 return no position.
        position: result.position ? Number(result.position.commit) : await this.headPosition(),
      };
    } catch (err) {
      if (err instanceof EsdbWrongExpectedVersionError) {
        const actual = err.actualVersion;
        throw new WrongExpectedVersionError(
          streamId,
          expected,
          typeof actual === 'bigint' ? Number(actual) : 'no_stream',
        );
      }
      throw err;
    }
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const events: RecordedEvent[] = [];
    try {
      const read = this.client.readStream(streamId, {
        direction: backwards ? BACKWARDS : FORWARDS,
        fromRevision:
          options.fromRevision !== undefined
            ? BigInt(options.fromRevision)
            : backwards
              ? END
              : ESDB_START,
        ...(options.maxCount === undefined ? {} : { maxCount: options.maxCount }),
      });
      for await (const { event } of read) if (event) events.push(toRecordedEvent(event));
    } catch (err) {
      if (err instanceof StreamNotFoundError) return [];
      throw err;
    }
    return events;
  }

  async readAll(fromPosition: number, maxCount: number): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    if (maxCount <= 0) return events;
    const pageSize = Math.min(PAGE_SIZE, maxCount + 1);
    for await (const event of this.scanAll(FORWARDS, BigInt(fromPosition), pageSize)) {
      events.push(toRecordedEvent(event));
      if (events.length === maxCount) break;
    }
    return events;
  }

  subscribeToAll(
    fromPosition: number,
    handler: EventHandler,
    options: SubscribeOptions = {},
  ): Subscription {
    if (this.closed) throw new Error('The event store is closed');
    const loop = new SubscriptionLoop(fromPosition, handler, this.consume, options.onError);
    this.subscriptions.add(loop);
    return {
      stop: async () => {
        await loop.stop();
        this.subscriptions.delete(loop);
      },
    };
  }

  async headPosition(): Promise<number> {
    for await (const event of this.scanAll(BACKWARDS, undefined, HEAD_PAGE_SIZE)) {
      return Number(event.position.commit);
    }
    return START;
  }

  /**
   * No index of event ids in EventStoreDB: the log is read back from its end (rare calls), and
   * only for an id that could be one.
   */
  async streamOfEvent(eventId: string): Promise<string | null> {
    if (!UUID.test(eventId)) return null;
    for await (const event of this.scanAll(BACKWARDS)) {
      if (event.id === eventId) return event.streamId;
    }
    return null;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((loop) => loop.stop()));
    this.subscriptions.clear();
    await this.client.dispose();
  }

  /** One server subscription; the loop resubscribes from its checkpoint when it fails. */
  private readonly consume: Consume = async (loop, signal) => {
    const subscription = this.client.subscribeToAll({
      fromPosition: toReadPosition(BigInt(loop.position)),
      filter: excludeSystemEvents(),
    });
    // unsubscribe() cancels the gRPC call; destroy() ends the iteration below for sure.
    const unsubscribe = () => {
      void subscription.unsubscribe().catch(() => undefined);
      subscription.destroy();
    };
    signal.addEventListener('abort', unsubscribe);
    try {
      // for await, unlike on('data'), waits for the handler before taking the next event.
      for await (const { event } of subscription) {
        if (signal.aborted) break;
        if (event && isUserEvent(event)) await loop.deliver(toRecordedEvent(event));
      }
    } finally {
      signal.removeEventListener('abort', unsubscribe);
      unsubscribe();
    }
  };

  /**
   * User events of $all strictly after (forwards) or before (backwards) `after`, read in pages.
   * A page starts at the previous page's last event, which the server returns again: skip it.
   */
  private async *scanAll(
    direction: Direction,
    after?: bigint,
    pageSize = PAGE_SIZE,
  ): AsyncGenerator<AllStreamRecordedEvent> {
    let fromPosition: ReadPosition =
      after === undefined ? (direction === FORWARDS ? ESDB_START : END) : toReadPosition(after);
    for (;;) {
      const page = await this.readAllPage(direction, fromPosition, pageSize);
      for (const event of page) {
        const position = event.position.commit;
        const beyond =
          after === undefined || (direction === FORWARDS ? position > after : position < after);
        if (!beyond) continue;
        after = position;
        fromPosition = event.position;
        if (isUserEvent(event)) yield event;
      }
      if (page.length < pageSize) return;
    }
  }

  /**
   * One page of $all, read to its end. A read left midway stays open in the client for good when
   * the server's last messages and status arrive before its cancel() does, and the client's
   * dispose(), so close(), then waits for it forever: so no caller breaks out of a gRPC read.
   */
  private async readAllPage(
    direction: Direction,
    fromPosition: ReadPosition,
    maxCount: number,
  ): Promise<AllStreamRecordedEvent[]> {
    const page: AllStreamRecordedEvent[] = [];
    for await (const { event } of this.client.readAll({ direction, fromPosition, maxCount })) {
      // Without link resolution every entry holds its event.
      if (event) page.push(event);
    }
    return page;
  }
}

/**
 * Our checkpoint keeps only the commit position. Events appended through gRPC are implicitly
 * committed, so their prepare position equals their commit position (they differ only for the
 * legacy explicit transactions of the TCP API): { commit: p, prepare: p } is exact.
 */
function toReadPosition(position: bigint): ReadPosition {
  return position === BigInt(START)
    ? ESDB_START
    : ({ commit: position, prepare: position } satisfies Position);
}

function toExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      return BigInt(expected);
  }
}

/** System events ($stats, $metadata, links, projections) start with '$', as do system streams. */
function isUserEvent(event: EsdbRecordedEvent): boolean {
  return !event.type.startsWith('$') && !event.streamId.startsWith('$');
}

function toRecordedEvent(event: EsdbRecordedEvent): RecordedEvent {
  const metadata = event.metadata;
  return {
    id: event.id,
    streamId: event.streamId,
    type: event.type,
    data: event.data,
    metadata: isPlainObject(metadata) ? metadata : {},
    revision: Number(event.revision),
    // Events read from a stream carry their position on servers since 22.6 only.
    position: event.position ? Number(event.position.commit) : -1,
    createdAt: event.created.toISOString(),
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof Uint8Array)
  );
}
