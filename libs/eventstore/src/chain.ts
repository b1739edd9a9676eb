import { createHash } from 'node:crypto';
import type {
  AppendResult,
  EventData,
  EventHandler,
  EventStore,
  ExpectedRevision,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from './event-store';
import { WrongExpectedVersionError } from './event-store';
import { uuidv7 } from './uuidv7';

/** What each event's metadata carries under `chain`: its hash and the one before it. */
export type ChainLink = { prev: string | null; hash: string };

/** The key under which the link is kept in the metadata. */
export const CHAIN_KEY = 'chain';

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort())
      out[key] = sortKeys((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

/**
 * JSON with object keys sorted at every depth and no spaces. It goes through JSON first, so
 * what was stored (undefined dropped, dates as strings) hashes like what is read back.
 */
export function canonicalJson(value: unknown): string {
  const plain = value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown);
  return JSON.stringify(sortKeys(plain));
}

/** The metadata without its chain link: what the hash covers. */
export function metadataWithoutChain(metadata: Record<string, unknown> | undefined) {
  const { [CHAIN_KEY]: _link, ...rest } = metadata ?? {};
  return rest;
}

/**
 * sha256 (hex) of `prev + "\n" + canonical JSON of {id, streamId, revision, type, data,
 * metadata without chain}`. Anyone holding an export can recompute it with any sha256 tool.
 */
export function chainHash(
  prev: string | null,
  event: {
    id: string;
    streamId: string;
    revision: number;
    type: string;
    data: unknown;
    metadata?: Record<string, unknown>;
  },
): string {
  const body = canonicalJson({
    id: event.id,
    streamId: event.streamId,
    revision: event.revision,
    type: event.type,
    data: event.data ?? null,
    metadata: metadataWithoutChain(event.metadata),
  });
  return createHash('sha256')
    .update(`${prev ?? ''}\n${body}`)
    .digest('hex');
}

export function chainLinkOf(event: Pick<RecordedEvent, 'metadata'>): ChainLink | null {
  const link = event.metadata?.[CHAIN_KEY] as Partial<ChainLink> | undefined;
  return link && typeof link.hash === 'string'
    ? { prev: typeof link.prev === 'string' ? link.prev : null, hash: link.hash }
    : null;
}

export type ChainFault = {
  streamId: string;
  revision: number;
  position: number;
  eventId: string;
  type: string;
  problem: 'unchained' | 'hash' | 'prev' | 'unreadable';
};

/**
 * Follows the chains of a log read in position order: feed every event, then `faults`.
 * An event whose content changed no longer matches its hash; one removed or reordered breaks
 * the next event's `prev`.
 */
export class ChainVerifier {
  readonly faults: ChainFault[] = [];
  private readonly last = new Map<string, string | null>();
  checked = 0;

  /** An event the store could not even parse: its stream's chain is broken there. */
  addUnreadable(event: Omit<ChainFault, 'problem' | 'type'>): void {
    this.checked += 1;
    this.faults.push({ ...event, type: '?', problem: 'unreadable' });
    this.last.set(event.streamId, null);
  }

  add(event: RecordedEvent): void {
    this.checked += 1;
    const link = chainLinkOf(event);
    const fault = (problem: ChainFault['problem']) =>
      this.faults.push({
        streamId: event.streamId,
        revision: event.revision,
        position: event.position,
        eventId: event.id,
        type: event.type,
        problem,
      });
    const previous = this.last.has(event.streamId) ? this.last.get(event.streamId)! : null;
    if (!link) {
      fault('unchained');
      this.last.set(event.streamId, null);
      return;
    }
    if (chainHash(link.prev, event) !== link.hash) fault('hash');
    else if (link.prev !== previous) fault('prev');
    this.last.set(event.streamId, link.hash);
  }
}

/**
 * An event store whose appends chain each event to the previous one of its stream
 * (`metadata.chain`), whatever store is underneath. The stream's last link is read before
 * the append, and the append then expects exactly that revision: a concurrent writer makes it
 * fail (and an 'any' append retry) instead of forking the chain.
 */
export class ChainedEventStore implements EventStore {
  constructor(readonly inner: EventStore) {}

  async appendToStream(
    streamId: string,
    events: EventData[],
    options: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    const expected = options.expectedRevision ?? 'any';
    for (let attempt = 0; ; attempt++) {
      const [last] = await this.inner.readStream(streamId, {
        direction: 'backwards',
        maxCount: 1,
      });
      const current = last ? last.revision : -1;
      const pinned = this.pin(expected, current);
      let prev = last ? (chainLinkOf(last)?.hash ?? null) : null;
      const chained = events.map((event, i) => {
        const id = event.id ?? uuidv7();
        const metadata = metadataWithoutChain(event.metadata);
        const hash = chainHash(prev, {
          id,
          streamId,
          revision: current + 1 + i,
          type: event.type,
          data: event.data,
          metadata,
        });
        const link: ChainLink = { prev, hash };
        prev = hash;
        return { ...event, id, metadata: { ...metadata, [CHAIN_KEY]: link } };
      });
      try {
        return await this.inner.appendToStream(streamId, chained, { expectedRevision: pinned });
      } catch (error) {
        const retry =
          error instanceof WrongExpectedVersionError &&
          (expected === 'any' || expected === 'stream_exists') &&
          attempt < 20;
        if (!retry) throw error;
      }
    }
  }

  /** The exact revision to expect, so the link read is still the last one at append time. */
  private pin(expected: ExpectedRevision, current: number): ExpectedRevision {
    if (expected === 'any') return current === -1 ? 'no_stream' : current;
    if (expected === 'stream_exists') return current === -1 ? 'stream_exists' : current;
    return expected;
  }

  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return this.inner.readStream(streamId, options);
  }

  readAll(fromPosition: number, maxCount: number): Promise<RecordedEvent[]> {
    return this.inner.readAll(fromPosition, maxCount);
  }

  subscribeToAll(
    fromPosition: number,
    handler: EventHandler,
    options?: SubscribeOptions,
  ): Subscription {
    return this.inner.subscribeToAll(fromPosition, handler, options);
  }

  headPosition(): Promise<number> {
    return this.inner.headPosition();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
