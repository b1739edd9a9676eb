import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import {
  ANY,
  AllStreamRecordedEvent,
  AppendExpectedRevision,
  BACKWARDS,
  END,
  EventStoreDBClient,
  JSONEventData,
  NO_STREAM,
  Position,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';

type ReadAllOptions = { direction?: string; fromPosition?: Position | typeof START | typeof END };
type ReadStreamOptions = { direction?: string; fromRevision?: bigint | typeof START | typeof END };

/**
 * An in-memory imitation of the EventStoreDB server, behind the few client calls the adapter
 * makes, so that the adapter's own logic is tested on a machine without the server. It mimics
 * what the adapter relies on: commit positions with gaps, system events interleaved in $all,
 * readAll including its start position, subscriptions starting after theirs, typed errors.
 * It proves nothing about the real server: the contract suite against EVENTSTORE_URL does.
 */
export class FakeEsdbServer {
  private readonly log: AllStreamRecordedEvent[] = [];
  private readonly appended = new EventEmitter().setMaxListeners(0);
  private nextPosition = 1_000n;
  private appends = 0;
  private dropAfter: number | undefined;

  /** The next subscription fails, as on a lost connection, after delivering `count` events. */
  dropNextSubscriptionAfter(count: number): void {
    this.dropAfter = count;
  }

  client(): EventStoreDBClient {
    const client = {
      appendToStream: this.appendToStream.bind(this),
      readStream: this.readStream.bind(this),
      readAll: this.readAll.bind(this),
      subscribeToAll: this.subscribeToAll.bind(this),
      dispose: async () => undefined,
    };
    return client as unknown as EventStoreDBClient;
  }

  private async appendToStream(
    streamName: string,
    events: JSONEventData[],
    { expectedRevision = ANY }: { expectedRevision?: AppendExpectedRevision } = {},
  ) {
    const stream = this.log.filter((e) => e.streamId === streamName);
    const current = stream.length ? stream[stream.length - 1].revision : NO_STREAM;
    const ok =
      expectedRevision === ANY ||
      (expectedRevision === NO_STREAM && current === NO_STREAM) ||
      (expectedRevision === STREAM_EXISTS && current !== NO_STREAM) ||
      expectedRevision === current;
    if (!ok) {
      throw new WrongExpectedVersionError(undefined, {
        streamName,
        expected: expectedRevision,
        current,
      });
    }
    let revision = current === NO_STREAM ? -1n : current;
    let last: AllStreamRecordedEvent | undefined;
    for (const event of events) {
      last = this.record(streamName, ++revision, event.type, event.data, event.metadata, event.id);
    }
    // Every third append is followed by a system event, as statistics or metadata writes are.
    if (++this.appends % 3 === 0) this.record('$stats-127.0.0.1:2113', 0n, '$statsCollected', {});
    this.appended.emit('append');
    return { success: true, nextExpectedRevision: revision, position: last?.position };
  }

  private readStream(streamName: string, options: ReadStreamOptions & { maxCount?: number }) {
    const log = this.log;
    const backwards = options.direction === BACKWARDS;
    const option = options.fromRevision ?? (backwards ? END : START);
    const from = option === START ? 0n : option === END ? BigInt(Number.MAX_SAFE_INTEGER) : option;
    return reading(async function* () {
      const stream = log.filter((e) => e.streamId === streamName);
      if (stream.length === 0) throw new StreamNotFoundError(undefined, streamName);
      const selected = (backwards ? stream.reverse() : stream).filter((e) =>
        backwards ? e.revision <= from : e.revision >= from,
      );
      for (const event of selected.slice(0, options.maxCount)) yield { event };
    });
  }

  private readAll(options: ReadAllOptions & { maxCount: number }) {
    const backwards = options.direction === BACKWARDS;
    const from = options.fromPosition ?? (backwards ? END : START);
    const log = backwards ? [...this.log].reverse() : this.log;
    // Forwards reads include the event at their position; backwards reads start before it.
    const selected = log.filter(
      (e) =>
        typeof from !== 'object' ||
        (backwards ? e.position.commit < from.commit : e.position.commit >= from.commit),
    );
    return reading(async function* () {
      for (const event of selected.slice(0, options.maxCount)) yield { event };
    });
  }

  private subscribeToAll(options: {
    fromPosition?: Position | typeof START;
    filter?: { regex: string };
  }) {
    const { log, appended } = this;
    const from = options.fromPosition ?? START;
    const filter = new RegExp(options.filter?.regex ?? '');
    let dropAfter = this.dropAfter;
    this.dropAfter = undefined;
    let closed = false;
    let wake: () => void = () => undefined;
    const events = (async function* () {
      let index =
        typeof from === 'object' ? log.findIndex((e) => e.position.commit > from.commit) : 0;
      if (index === -1) index = log.length;
      while (!closed) {
        for (; index < log.length && !closed; index++) {
          if (dropAfter !== undefined && dropAfter-- === 0) {
            throw new Error('14 UNAVAILABLE: Connection dropped');
          }
          if (filter.test(log[index].type)) yield { event: log[index] };
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
          appended.once('append', resolve);
        });
        appended.off('append', wake);
      }
    })();
    const close = () => {
      closed = true;
      wake();
    };
    return Object.assign(events, { unsubscribe: async () => close(), destroy: close });
  }

  private record(
    streamId: string,
    revision: bigint,
    type: string,
    data: unknown,
    metadata?: unknown,
    id: string = randomUUID(),
  ): AllStreamRecordedEvent {
    const body = JSON.stringify(data);
    const position = { commit: this.nextPosition, prepare: this.nextPosition };
    this.nextPosition += 100n + BigInt(body.length);
    const event = {
      streamId,
      id,
      isJson: true,
      revision,
      type,
      created: new Date(),
      data: JSON.parse(body),
      metadata: metadata === undefined ? undefined : JSON.parse(JSON.stringify(metadata)),
      position,
    } as AllStreamRecordedEvent;
    this.log.push(event);
    return event;
  }
}

/** A finite read, like the client's StreamingRead: async-iterable and cancellable. */
function reading<T>(read: () => AsyncGenerator<T>) {
  return Object.assign(read(), { cancel: async () => undefined });
}
