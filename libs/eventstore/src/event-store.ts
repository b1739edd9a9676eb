/** An event to append. The id must be a UUID (EventStoreDB requires one); by default a new one. */
export type EventData = {
  id?: string;
  type: string;
  data: unknown;
  metadata?: Record<string, unknown>;
};

/** An event with an id whose data and metadata are already JSON texts, stored as they are. */
export type SerializedEventData = {
  id: string;
  type: string;
  data: string;
  metadata: string;
};

/**
 * A store that also takes events already serialised, so a wrapper that needed their JSON (the
 * hash chain) does not make the store serialise them a second time.
 */
export interface SerializedAppender {
  appendSerialized(
    streamId: string,
    events: SerializedEventData[],
    options?: { expectedRevision?: ExpectedRevision },
  ): Promise<AppendResult>;
}

export function isSerializedAppender(store: object): store is SerializedAppender {
  return typeof (store as Partial<SerializedAppender>).appendSerialized === 'function';
}

export type RecordedEvent = {
  id: string;
  streamId: string;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
  /** 0-based position within its stream. */
  revision: number;
  /** Global position in the log, strictly increasing; a checkpoint is the last position handled. */
  position: number;
  /** ISO 8601. */
  createdAt: string;
};

export type ExpectedRevision = number | 'no_stream' | 'stream_exists' | 'any';

export type AppendResult = {
  /** Revision of the stream's last event: the expected revision of the next append. */
  nextExpectedRevision: number;
  /** Position of the last appended event. */
  position: number;
};

/** The checkpoint before the first event. */
export const START = 0;

export type ReadStreamOptions = {
  fromRevision?: number;
  maxCount?: number;
  direction?: 'forwards' | 'backwards';
};

export type ReadAllOptions = {
  /**
   * 'on-access': each event's metadata is parsed when it is first read, not with the page (a
   * replay whose read models read the metadata of few events: most of a page's JSON, and of
   * what survives its young GCs). Read through an accessor of the event's class, so a spread
   * copy of such an event has no metadata; a metadata text no longer JSON throws
   * CorruptEventError when read. A store may parse it anyway (EventStoreDB decodes it with the
   * event). Default 'parsed'.
   */
  metadata?: 'parsed' | 'on-access';
};

export type SubscribeOptions = {
  /** Called for each failure (handler or storage) before the subscription retries from its checkpoint. */
  onError?: (err: unknown) => void;
};

export type EventHandler = (event: RecordedEvent) => Promise<void> | void;

export interface Subscription {
  /**
   * Resolves once the handler call in progress, if any, has finished; no call follows. So a
   * handler must not await it (it would wait for itself); onError may.
   */
  stop(): Promise<void>;
}

export interface EventStore {
  /** All-or-nothing; expectedRevision defaults to 'any'. */
  appendToStream(
    streamId: string,
    events: EventData[],
    options?: { expectedRevision?: ExpectedRevision },
  ): Promise<AppendResult>;
  /** A missing stream reads as []. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** User events with position > fromPosition, ascending. */
  readAll(
    fromPosition: number,
    maxCount: number,
    options?: ReadAllOptions,
  ): Promise<RecordedEvent[]>;
  /**
   * Catch-up from the checkpoint (exclusive), then live. The handler is awaited one event at a
   * time, in order; after a failure the subscription reports it and retries from the last
   * position handled, so nothing is skipped.
   */
  subscribeToAll(
    fromPosition: number,
    handler: EventHandler,
    options?: SubscribeOptions,
  ): Subscription;
  /** Position of the last event, START when the log is empty. */
  headPosition(): Promise<number>;
  /**
   * The stream holding the event of this id, null when no event has it. The SQL stores read
   * their index of ids; EventStoreDB has none, so its adapter reads the log back from its end.
   */
  streamOfEvent(eventId: string): Promise<string | null>;
  /** Stops this store's subscriptions and releases the connection. Idempotent. */
  close(): Promise<void>;
}

export class WrongExpectedVersionError extends Error {
  override readonly name = 'WrongExpectedVersionError';

  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Wrong expected version on ${streamId}: expected ${expected}, actual ${actual}`);
  }
}

/** A stored event that can no longer be read (its bytes were changed outside the store). */
export class CorruptEventError extends Error {
  override readonly name = 'CorruptEventError';

  constructor(
    readonly streamId: string,
    readonly eventId: string,
    readonly revision: number,
    readonly position: number,
  ) {
    super(`Unreadable event ${eventId} at position ${position} of ${streamId}`);
  }
}
