/**
 * The in-memory transaction log behind the EventStoreDB wire-level test double
 * (esdb-wire-server.ts): what the server stores and how it answers, without the protocol.
 *
 * It follows EventStoreDB's storage rules where our adapter depends on them:
 * - a record's position is its byte offset in the log and the next record starts where it ends,
 *   so positions grow with gaps; the log opens with an epoch record, so no event is at 0;
 * - events appended through gRPC are implicitly committed, so commit = prepare = the event's own
 *   position, and an append answers with the position of its last event;
 * - reading $all forwards from a position includes the event at that position; backwards from a
 *   position, only events that end before it; a subscription from a position starts after the
 *   first event found at or after it (the server reads one event there and takes the next);
 * - system events ($-prefixed types in $-prefixed streams) are interleaved in $all.
 * Positions are compared by commit position only, which is exact for implicit transactions.
 */

import { randomUUID } from 'node:crypto';

export type Expected = 'any' | 'no_stream' | 'stream_exists' | bigint;

export type ProposedEvent = {
  /** Canonical lowercase UUID. */
  id: string;
  type: string;
  contentType: string;
  data: Uint8Array;
  customMetadata: Uint8Array;
};

export type StoredEvent = ProposedEvent & {
  streamId: string;
  revision: bigint;
  /** Commit position, equal to the prepare position. */
  position: bigint;
  /** Ticks (100 ns) since the Unix epoch, as the server writes in the `created` metadata. */
  created: bigint;
};

export type AppendOutcome =
  | { ok: true; currentRevision: bigint | undefined; position: bigint | undefined }
  | { ok: false; currentRevision: bigint | undefined };

export type EsdbWireLogOptions = {
  /** Where the log starts; a value above 2^32 proves that no 32-bit integer sits on the path. */
  firstPosition?: bigint;
  /** A `$statsCollected` system event follows every n-th append, as the server's stats do. */
  systemEventEvery?: number;
};

const EPOCH_RECORD_SIZE = 128n;
const RECORD_HEADER_SIZE = 92n;
const STATS_STREAM = '$stats-127.0.0.1:2113';

export class EsdbWireLog {
  readonly events: StoredEvent[] = [];
  private readonly streams = new Map<string, StoredEvent[]>();
  private readonly waiters = new Set<() => void>();
  private readonly systemEventEvery: number;
  private nextPosition: bigint;
  private appends = 0;

  constructor(options: EsdbWireLogOptions = {}) {
    this.nextPosition = (options.firstPosition ?? 0n) + EPOCH_RECORD_SIZE;
    this.systemEventEvery = options.systemEventEvery ?? 3;
    // What a fresh server writes on its first start, before any client does.
    this.write(`$${STATS_STREAM}`, systemEvent('$metadata', { $maxAge: 86400 }));
    this.write(STATS_STREAM, systemEvent('$statsCollected', { 'proc-cpu': 0 }));
  }

  /** All-or-nothing, as a single-stream write is. */
  append(streamId: string, expected: Expected, events: ProposedEvent[]): AppendOutcome {
    const current = this.currentRevision(streamId);
    const accepted =
      expected === 'any' ||
      (expected === 'no_stream' && current === undefined) ||
      (expected === 'stream_exists' && current !== undefined) ||
      expected === current;
    if (!accepted) return { ok: false, currentRevision: current };
    let last: StoredEvent | undefined;
    for (const event of events) last = this.write(streamId, event);
    if (events.length > 0 && ++this.appends % this.systemEventEvery === 0) {
      this.write(STATS_STREAM, systemEvent('$statsCollected', { appends: this.appends }));
    }
    this.wakeWaiters();
    return { ok: true, currentRevision: last?.revision ?? current, position: last?.position };
  }

  /** The stream's events, or undefined when it has none (the server's "stream not found"). */
  stream(streamId: string): StoredEvent[] | undefined {
    return this.streams.get(streamId);
  }

  /** Index of the first event at or after `position` (the log's length when there is none). */
  indexAtOrAfter(position: bigint): number {
    let [low, high] = [0, this.events.length];
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.events[middle].position < position) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /**
   * Index one past the last event that ends at or before `position`, for backwards reads: an
   * event ends where the next record starts.
   */
  indexEndingBy(position: bigint): number {
    let index = this.indexAtOrAfter(position);
    // The event at `position` itself ends after it; so does the last one if the log ends later.
    while (index > 0 && this.endOf(index - 1) > position) index--;
    return index;
  }

  /** Index where a subscription from `position` starts. */
  subscriptionStart(position: bigint): number {
    const first = this.indexAtOrAfter(position);
    return first < this.events.length ? first + 1 : first;
  }

  /** Resolves on the next append, or when `signal` aborts. */
  nextAppend(signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.waiters.delete(done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      this.waiters.add(done);
      signal.addEventListener('abort', done);
    });
  }

  private currentRevision(streamId: string): bigint | undefined {
    const stream = this.streams.get(streamId);
    return stream ? stream[stream.length - 1].revision : undefined;
  }

  private endOf(index: number): bigint {
    return index + 1 < this.events.length ? this.events[index + 1].position : this.nextPosition;
  }

  private write(streamId: string, event: ProposedEvent): StoredEvent {
    const stream = this.streams.get(streamId) ?? [];
    const stored: StoredEvent = {
      ...event,
      streamId,
      revision: BigInt(stream.length),
      position: this.nextPosition,
      created: BigInt(Date.now()) * 10_000n,
    };
    const size =
      BigInt(event.data.length + event.customMetadata.length) +
      BigInt(Buffer.byteLength(streamId) + Buffer.byteLength(event.type)) +
      RECORD_HEADER_SIZE;
    this.nextPosition += size;
    stream.push(stored);
    this.streams.set(streamId, stream);
    this.events.push(stored);
    return stored;
  }

  private wakeWaiters(): void {
    for (const wake of [...this.waiters]) wake();
  }
}

function systemEvent(type: string, data: unknown): ProposedEvent {
  return {
    id: randomUUID(),
    type,
    contentType: 'application/json',
    data: Buffer.from(JSON.stringify(data)),
    customMetadata: new Uint8Array(),
  };
}
