import crypto, { createHash } from 'node:crypto';
import type {
  AppendResult,
  EventData,
  EventHandler,
  EventStore,
  ExpectedRevision,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SerializedAppender,
  SerializedEventData,
  SubscribeOptions,
  Subscription,
} from './event-store';
import { isSerializedAppender, WrongExpectedVersionError } from './event-store';
import { uuidv7 } from './uuidv7';

/** What each event's metadata carries under `chain`: its hash and the one before it. */
export type ChainLink = { prev: string | null; hash: string };

/** The key under which the link is kept in the metadata. */
export const CHAIN_KEY = 'chain';

/** Quoted object keys: the same few keys come back in every event. */
const quotedKeys = new Map<string, string>();
const MAX_QUOTED_KEYS = 10_000;

function quoteKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = JSON.stringify(key);
    if (quotedKeys.size < MAX_QUOTED_KEYS) quotedKeys.set(key, quoted);
  }
  return quoted;
}

/** What JSON.stringify escapes in a string: quote, backslash, controls, lone surrogates. */
// eslint-disable-next-line no-control-regex -- the controls are among what JSON escapes
const ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;

/** JSON.stringify of a string; most have nothing to escape and only need their quotes. */
function quote(text: string): string {
  return ESCAPED.test(text) ? JSON.stringify(text) : `"${text}"`;
}

/** JSON.stringify's own rules (toJSON, undefined dropped, non-finite → null), keys sorted. */
function write(value: unknown, inArray: boolean): string | undefined {
  if (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  )
    value = (value as { toJSON: () => unknown }).toJSON();
  return serialize(value, inArray);
}

/** `write` once toJSON was applied (JSON.stringify applies it once per value). */
function serialize(value: unknown, inArray: boolean): string | undefined {
  switch (typeof value) {
    case 'string':
      return quote(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      throw new TypeError('Do not know how to serialize a BigInt');
    case 'undefined':
    case 'function':
    case 'symbol':
      return inArray ? 'null' : undefined;
  }
  if (value === null) return 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ',';
      out += write(value[i], true);
    }
    return `${out}]`;
  }
  return writeObject(value as Record<string, unknown>, null);
}

/**
 * The keys in code-unit order, as sort() orders them. An object has a few keys: insertion sort
 * costs a third of sort() there (which was a third of the canonical JSON's time).
 */
function sortKeys(keys: string[]): string[] {
  if (keys.length > 32) return keys.sort();
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i];
    let j = i - 1;
    for (; j >= 0 && keys[j] > key; j--) keys[j + 1] = keys[j];
    keys[j + 1] = key;
  }
  return keys;
}

/** An object's members, keys sorted, `skip` left out (the chain link of a metadata). */
function writeObject(value: Record<string, unknown>, skip: string | null): string {
  const keys = sortKeys(Object.keys(value));
  let out = '{';
  for (const key of keys) {
    if (key === skip) continue;
    const text = write(value[key], false);
    if (text === undefined) continue;
    if (out.length > 1) out += ',';
    out += `${quoteKey(key)}:${text}`;
  }
  return `${out}}`;
}

/**
 * JSON with object keys sorted at every depth and no spaces, by JSON's own rules, so what was
 * stored (undefined dropped, dates as strings) hashes like what is read back.
 */
export function canonicalJson(value: unknown): string {
  return write(value, false) ?? 'null';
}

/** The metadata without its chain link: what the hash covers. */
export function metadataWithoutChain(metadata: Record<string, unknown> | undefined) {
  const { [CHAIN_KEY]: _link, ...rest } = metadata ?? {};
  return rest;
}

const sha256Hex: (text: string) => string =
  typeof (crypto as { hash?: unknown }).hash === 'function'
    ? (text) => (crypto as unknown as { hash(a: string, t: string): string }).hash('sha256', text)
    : (text) => createHash('sha256').update(text).digest('hex');

/** The body's members in sorted order, each with its quoted key. */
const BODY_KEYS = ['"data":', '"id":', '"metadata":', '"revision":', '"streamId":', '"type":'];

/** The hash of a body whose members are given as canonical texts (undefined: left out). */
function hashMembers(prev: string | null, members: (string | undefined)[]): string {
  let body = '{';
  for (let i = 0; i < BODY_KEYS.length; i++) {
    const text = members[i];
    if (text === undefined) continue;
    if (body.length > 1) body += ',';
    body += BODY_KEYS[i] + text;
  }
  return sha256Hex(`${prev ?? ''}\n${body}}`);
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
  const metadata = event.metadata;
  // The body written directly, the chain link skipped: the same text as canonicalJson of the
  // object, without building it.
  return hashMembers(prev, [
    write(event.data ?? null, false),
    write(event.id, false),
    metadata && typeof metadata.toJSON !== 'function'
      ? writeObject(metadata, CHAIN_KEY)
      : write(metadataWithoutChain(metadata), false),
    write(event.revision, false),
    write(event.streamId, false),
    write(event.type, false),
  ]);
}

/**
 * Whether JSON.stringify already writes `value` canonically: plain objects and arrays, no
 * toJSON, every object's keys enumerated in sorted order.
 */
function sortedAsIs(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
  if (Array.isArray(value)) {
    for (const item of value) if (!sortedAsIs(item)) return false;
    return true;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  const keys = Object.keys(value);
  for (let i = 0; i < keys.length; i++) {
    if (i > 0 && !(keys[i - 1] < keys[i])) return false;
    if (!sortedAsIs((value as Record<string, unknown>)[keys[i]])) return false;
  }
  return true;
}

/**
 * A metadata's canonical text, when it is a plain object without a link of its own; otherwise
 * null. It is also what is stored (before the link): a metadata is read by key, never in order.
 */
function metadataText(metadata: Record<string, unknown> | undefined): string | null {
  if (metadata == null) return '{}'; // null from untyped callers too, as the object path reads it
  const proto: unknown = Object.getPrototypeOf(metadata);
  if (
    (proto !== Object.prototype && proto !== null) ||
    typeof metadata.toJSON === 'function' ||
    Object.prototype.hasOwnProperty.call(metadata, CHAIN_KEY)
  )
    return null;
  return writeObject(metadata, null);
}

/**
 * The events chained from `prev`, serialised once: data stored as JSON.stringify writes it
 * (the caller's key order kept: some views list fields in that order), metadata canonical
 * with the link last; the hash covers the canonical texts.
 * Null when an event is unusual (no string id or type, data JSON drops, odd metadata): the
 * object path then handles the call.
 */
function serializeChain(
  streamId: string,
  revision: number,
  prev: string | null,
  events: EventData[],
): { events: SerializedEventData[]; last: string | null } | null {
  const streamText = quote(streamId);
  const rows: SerializedEventData[] = [];
  // A command's events usually share one metadata object: its text is written once.
  let lastMetadata: unknown = null;
  let metadataJson: string | null = null;
  for (const event of events) {
    const id = event.id ?? uuidv7();
    const { type, metadata } = event;
    if (typeof id !== 'string' || typeof type !== 'string') return null;
    const data = event.data ?? null;
    const dataText = JSON.stringify(data) as string | undefined;
    if (dataText === undefined) return null;
    if (metadataJson === null || metadata !== lastMetadata) {
      metadataJson = metadataText(metadata);
      if (metadataJson === null) return null;
      lastMetadata = metadata;
    }
    // chainHash's body, every member present.
    const canonicalData = sortedAsIs(data) ? dataText : write(data, false);
    const hash = sha256Hex(
      `${prev ?? ''}\n{"data":${canonicalData},"id":${quote(id)},"metadata":${metadataJson},"revision":${++revision},"streamId":${streamText},"type":${quote(type)}}`,
    );
    const link = `"${CHAIN_KEY}":{"prev":${prev === null ? 'null' : quote(prev)},"hash":"${hash}"}}`;
    rows.push({
      id,
      type,
      data: dataText,
      metadata: metadataJson.length > 2 ? `${metadataJson.slice(0, -1)},${link}` : `{${link}`,
    });
    prev = hash;
  }
  return { events: rows, last: prev };
}

/** The events chained from `prev`, as objects, for a store that serialises them itself. */
function linkChain(
  streamId: string,
  revision: number,
  prev: string | null,
  events: EventData[],
): { events: EventData[]; last: string | null } {
  const chained: EventData[] = [];
  for (const event of events) {
    const id = event.id ?? uuidv7();
    // The caller's metadata without any link it carried, then the new link last.
    const metadata: Record<string, unknown> = {};
    const given = event.metadata ?? {};
    for (const key of Object.keys(given)) if (key !== CHAIN_KEY) metadata[key] = given[key];
    const hash = chainHash(prev, {
      id,
      streamId,
      revision: ++revision,
      type: event.type,
      data: event.data,
      metadata,
    });
    metadata[CHAIN_KEY] = { prev, hash } satisfies ChainLink;
    prev = hash;
    chained.push({ ...event, id, metadata });
  }
  return { events: chained, last: prev };
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
  /**
   * The last link this store wrote per stream. Used only when the caller expects exactly that
   * revision: revisions never change once written, so the link is then certainly the last one.
   */
  private readonly lastLinks = new Map<string, { revision: number; hash: string | null }>();
  private static readonly MAX_CACHED_STREAMS = 10_000;

  /** The inner store when it takes texts: each event is then serialised once, here. */
  private readonly serializer: SerializedAppender | null;

  constructor(readonly inner: EventStore) {
    this.serializer = isSerializedAppender(inner) ? inner : null;
  }

  private async lastLink(
    streamId: string,
    expected: ExpectedRevision,
  ): Promise<{ revision: number; hash: string | null }> {
    if (expected === 'no_stream') return { revision: -1, hash: null };
    const cached = this.lastLinks.get(streamId);
    if (typeof expected === 'number' && cached?.revision === expected) return cached;
    const [last] = await this.inner.readStream(streamId, { direction: 'backwards', maxCount: 1 });
    return last
      ? { revision: last.revision, hash: chainLinkOf(last)?.hash ?? null }
      : { revision: -1, hash: null };
  }

  private remember(streamId: string, revision: number, hash: string | null): void {
    this.lastLinks.delete(streamId);
    this.lastLinks.set(streamId, { revision, hash });
    if (this.lastLinks.size > ChainedEventStore.MAX_CACHED_STREAMS) {
      // The oldest quarter at once: dropping one per append made each append walk past the
      // entries deleted before (a Map keeps their slots until it rehashes), several µs each.
      let drop = this.lastLinks.size >> 2;
      for (const key of this.lastLinks.keys()) {
        if (drop-- <= 0) break;
        this.lastLinks.delete(key);
      }
    }
  }

  async appendToStream(
    streamId: string,
    events: EventData[],
    options: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    const expected = options.expectedRevision ?? 'any';
    for (let attempt = 0; ; attempt++) {
      const link = await this.lastLink(streamId, expected);
      const current = link.revision;
      const append = { expectedRevision: this.pin(expected, current) };
      try {
        const { result, last } = await this.appendChained(
          streamId,
          current,
          link.hash,
          events,
          append,
        );
        if (events.length) this.remember(streamId, result.nextExpectedRevision, last);
        return result;
      } catch (error) {
        this.lastLinks.delete(streamId);
        const retry =
          error instanceof WrongExpectedVersionError &&
          (expected === 'any' || expected === 'stream_exists') &&
          attempt < 20;
        if (!retry) throw error;
      }
    }
  }

  /** Chains the events after `prev` (revision `current`) and appends them. */
  private async appendChained(
    streamId: string,
    current: number,
    prev: string | null,
    events: EventData[],
    append: { expectedRevision: ExpectedRevision },
  ): Promise<{ result: AppendResult; last: string | null }> {
    const serialized = this.serializer && serializeChain(streamId, current, prev, events);
    if (this.serializer && serialized) {
      const result = await this.serializer.appendSerialized(streamId, serialized.events, append);
      return { result, last: serialized.last };
    }
    const linked = linkChain(streamId, current, prev, events);
    const result = await this.inner.appendToStream(streamId, linked.events, append);
    return { result, last: linked.last };
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

  readAll(
    fromPosition: number,
    maxCount: number,
    options?: ReadAllOptions,
  ): Promise<RecordedEvent[]> {
    return this.inner.readAll(fromPosition, maxCount, options);
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

  streamOfEvent(eventId: string): Promise<string | null> {
    return this.inner.streamOfEvent(eventId);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
