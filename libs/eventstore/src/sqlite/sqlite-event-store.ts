import { uuidv7 } from '../uuidv7';
import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import {
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
  START,
  SubscribeOptions,
  Subscription,
  WrongExpectedVersionError,
} from '../event-store';
import { Consume, SubscriptionLoop } from '../subscription-loop';
import { readAllRows, recordedEventOf, StoredEventRow } from '../stored-row';

const PAGE_SIZE = 1000;
const DEFAULT_POLL_INTERVAL_MS = 250;

/** Emits a file's key after each commit, waking the subscriptions of every store on that file. */
const appended = new EventEmitter().setMaxListeners(0);
let memoryDatabases = 0;

/** A stored event's columns, read with `raw()`: an array per row, one object per event. */
const COLUMNS = 'position, id, stream_id, revision, type, data, metadata, created_at';

export type SqliteEventStoreOptions = {
  /** How often live subscriptions look for appends made by other processes. */
  pollIntervalMs?: number;
};

/**
 * The embedded event store: one SQLite file in WAL mode. Several connections, in this process or
 * others, may share the file: appends check the expected revision inside BEGIN IMMEDIATE.
 */
export class SqliteEventStore implements EventStore, SerializedAppender {
  /** Read models may keep their own tables in this database, in the same transactions. */
  readonly db: Database.Database;
  private readonly ownsDb: boolean;
  private readonly key: string;
  private readonly pollIntervalMs: number;
  private readonly subscriptions = new Set<SubscriptionLoop>();
  private readonly statements;
  private readonly appendTransaction;
  private closed = false;

  /** Opens a path (':memory:' included), or uses an open database, which its owner closes. */
  constructor(source: string | Database.Database, options: SqliteEventStoreOptions = {}) {
    if (typeof source === 'string') {
      if (source !== ':memory:' && source !== '') mkdirSync(dirname(source), { recursive: true });
      this.db = new Database(source);
      this.ownsDb = true;
    } else {
      this.db = source;
      this.ownsDb = false;
    }
    this.key = this.db.memory ? `:memory:${++memoryDatabases}` : resolve(this.db.name);
    this.pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;

    // NORMAL loses no committed transaction when the process is killed, only on power loss.
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS events (
        position INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        stream_id TEXT NOT NULL,
        revision INTEGER NOT NULL,
        type TEXT NOT NULL,
        data TEXT NOT NULL,
        metadata TEXT NOT NULL,
        created_at TEXT NOT NULL,
        UNIQUE (stream_id, revision)
      )`);

    this.statements = {
      streamRevision: this.db
        .prepare<[string], number>(
          'SELECT revision FROM events WHERE stream_id = ? ORDER BY revision DESC LIMIT 1',
        )
        .pluck(),
      insert: this.db.prepare<[string, string, number, string, string, string, string]>(
        `INSERT INTO events (id, stream_id, revision, type, data, metadata, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ),
      readForwards: this.db
        .prepare<[string, number, number], StoredEventRow>(
          `SELECT ${COLUMNS} FROM events WHERE stream_id = ? AND revision >= ?
           ORDER BY revision LIMIT ?`,
        )
        .raw(),
      readBackwards: this.db
        .prepare<[string, number, number], StoredEventRow>(
          `SELECT ${COLUMNS} FROM events WHERE stream_id = ? AND revision <= ?
           ORDER BY revision DESC LIMIT ?`,
        )
        .raw(),
      readAll: this.db
        .prepare<[number, number], StoredEventRow>(
          `SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ?`,
        )
        .raw(),
      head: this.db
        .prepare<[], number>('SELECT position FROM events ORDER BY position DESC LIMIT 1')
        .pluck(),
      streamOfEvent: this.db
        .prepare<[string], string>('SELECT stream_id FROM events WHERE id = ?')
        .pluck(),
    };
    this.appendTransaction = this.db.transaction(this.appendInTransaction.bind(this));
  }

  async appendToStream(
    streamId: string,
    events: EventData[],
    options: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    return this.append(
      streamId,
      events.map((event) => ({
        id: event.id ?? uuidv7(),
        type: event.type,
        data: JSON.stringify(event.data ?? null),
        metadata: JSON.stringify(event.metadata ?? {}),
      })),
      options.expectedRevision,
    );
  }

  /** Appends events whose data and metadata are JSON texts, kept as given. */
  async appendSerialized(
    streamId: string,
    events: SerializedEventData[],
    options: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    return this.append(streamId, events, options.expectedRevision);
  }

  /** The one write path: a BEGIN IMMEDIATE transaction, then the subscribers are woken. */
  private append(
    streamId: string,
    events: SerializedEventData[],
    expected: ExpectedRevision = 'any',
  ): AppendResult {
    const result = this.appendTransaction.immediate(streamId, events, expected);
    if (events.length > 0) appended.emit(this.key);
    return result;
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const limit = options.maxCount ?? -1; // SQLite: a negative LIMIT means none
    const rows =
      options.direction === 'backwards'
        ? this.statements.readBackwards.all(
            streamId,
            options.fromRevision ?? Number.MAX_SAFE_INTEGER,
            limit,
          )
        : this.statements.readForwards.all(streamId, options.fromRevision ?? 0, limit);
    return rows.map(recordedEventOf);
  }

  async readAll(
    fromPosition: number,
    maxCount: number,
    options?: ReadAllOptions,
  ): Promise<RecordedEvent[]> {
    return readAllRows(this.statements.readAll.all(fromPosition, maxCount), options);
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
    return this.statements.head.get() ?? START;
  }

  async streamOfEvent(eventId: string): Promise<string | null> {
    return this.statements.streamOfEvent.get(eventId) ?? null;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((loop) => loop.stop()));
    this.subscriptions.clear();
    if (this.ownsDb) this.db.close();
  }

  /** Runs inside BEGIN IMMEDIATE: no other connection can write between the check and the inserts. */
  private appendInTransaction(
    streamId: string,
    events: SerializedEventData[],
    expected: ExpectedRevision,
  ): AppendResult {
    let revision = this.checkRevision(streamId, expected);
    const createdAt = new Date().toISOString();
    let position = START;
    for (const event of events) {
      const { lastInsertRowid } = this.statements.insert.run(
        event.id,
        streamId,
        ++revision,
        event.type,
        event.data,
        event.metadata,
        createdAt,
      );
      position = Number(lastInsertRowid);
    }
    // An empty append only checks the revision (position stays START: nothing was written).
    return { nextExpectedRevision: revision, position };
  }

  /** The stream's current revision (-1: none), or WrongExpectedVersionError. */
  private checkRevision(streamId: string, expected: ExpectedRevision): number {
    const current = this.statements.streamRevision.get(streamId) ?? -1;
    const ok =
      expected === 'any' ||
      (expected === 'no_stream' && current === -1) ||
      (expected === 'stream_exists' && current !== -1) ||
      expected === current;
    if (!ok) {
      throw new WrongExpectedVersionError(
        streamId,
        expected,
        current === -1 ? 'no_stream' : current,
      );
    }
    return current;
  }

  /** Pages through the log, then waits for a local append, the poll timer or stop. */
  private readonly consume: Consume = async (loop, signal) => {
    let woken: boolean; // set by an append while the handler works, so no wake-up is lost
    let wake: (() => void) | undefined;
    const onWake = () => {
      woken = true;
      wake?.();
    };
    appended.on(this.key, onWake);
    signal.addEventListener('abort', onWake);
    try {
      while (!signal.aborted) {
        woken = false;
        const page = this.statements.readAll.all(loop.position, PAGE_SIZE);
        for (const row of page) await loop.deliver(recordedEventOf(row));
        if (page.length === PAGE_SIZE || woken) continue;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, this.pollIntervalMs).unref();
          function done() {
            clearTimeout(timer);
            wake = undefined;
            resolve();
          }
          wake = done;
        });
      }
    } finally {
      appended.off(this.key, onWake);
      signal.removeEventListener('abort', onWake);
    }
  };
}
