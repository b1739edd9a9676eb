/**
 * PostgreSQL adapter of the EventStore port (`EVENTSTORE_URL=postgres://…`).
 *
 * Global order. A reader pages through `position > checkpoint`, so a position must never become
 * visible below one a reader has already seen. A plain sequence breaks that: T1 takes 5, T2 takes
 * 6 and commits first, a projector reads 6 and stores its checkpoint, T1 commits 5, and 5 is
 * skipped forever. Here every append is one transaction, sent in one round trip, which first takes
 * a transaction-scoped advisory lock held until commit, then checks the expected revision, then
 * writes positions `max(position) + 1…`: a batch by `append_events` (schema.ts), one statement
 * whose own statements each take a new snapshot, a single event, the usual command, by two
 * statements sent together (`SINGLE_APPEND`), the lock then an INSERT whose snapshot is taken once
 * the lock is granted. Appends therefore commit one after another in position order, and
 * PostgreSQL makes a transaction visible to new snapshots before it releases its locks: whoever
 * sees position p sees everything below it. Positions are dense (a rolled-back append leaves no
 * gap), and readers never wait for a lock.
 *
 * The price is that appends commit one at a time, so the log takes at most about one append per
 * commit flush (a thousand a second on this project's machines; a batch of events is one append).
 * A back-office appends tens per second. The lock is held only by the server, for one append and
 * its commit, never across a client round trip (what it writes is received before the lock is
 * taken): a slow or dead client cannot hold it. The alternatives were weighed and left: a
 * visibility horizon on transaction ids (`xid8` with `pg_snapshot_xmin`, as Emmett and
 * eugene-khyst/postgresql-event-sourcing do) lets appends commit concurrently, but orders the log
 * by (transaction id, position), which a one-number checkpoint cannot hold, and stalls every
 * subscription behind the oldest open transaction of the whole cluster (a backup, a forgotten
 * psql); waiting out gaps with a timeout (Marten's high water mark) skips a transaction slower
 * than the timeout.
 *
 * The expected revision is checked after the lock, so of racing appends exactly one wins; the
 * UNIQUE (stream_id, revision) index stays as a second guard. An append is one transaction: all or
 * nothing. Both ways refuse to write under another isolation than READ COMMITTED, where the
 * snapshot would predate the lock. Each commit NOTIFYs `events_appended`; subscriptions listen on
 * one dedicated connection per store (LISTEN does not work through a pool), reconnect it with a
 * backoff and re-read after reconnecting, and poll as a fallback; appends made by this process
 * wake them at once.
 */
import { EventEmitter } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import { Client, ClientConfig, Pool } from 'pg';
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
import { readAllRows, StoredEventRow } from '../stored-row';
import {
  APPEND_SQL,
  APPENDED_CHANNEL,
  appendFunctionParameters,
  appendResult,
  EVENT_COLUMNS,
  eventTexts,
  EventTexts,
  MIGRATION,
  serializedTexts,
  SHAPE_CHECK,
  SINGLE_APPEND,
  singleAppendParameters,
} from './schema';
import { SingleAppend, SingleAppendOutcome } from './single-append';

const PAGE_SIZE = 1000;
const DEFAULT_POLL_INTERVAL_MS = 500;
const DEFAULT_POOL_SIZE = 10;
/** pg waits forever by default; a server that drops packets would then hang appends and stop(). */
const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
const MAX_LISTEN_BACKOFF_MS = 5_000;
/** How this store's connections show in pg_stat_activity (the listener's with `-listen`). */
const APPLICATION_NAME = 'reloc-eventstore';

/** Wakes the subscriptions of every store of this process on the same database after an append. */
const localAppends = new EventEmitter().setMaxListeners(0);

const STATEMENTS = {
  append: { name: 'reloc-es-append', text: APPEND_SQL },
  readForwards: {
    name: 'reloc-es-read-forwards',
    text: `SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = $1 AND revision >= $2::bigint
      ORDER BY revision LIMIT $3::bigint`,
  },
  readBackwards: {
    name: 'reloc-es-read-backwards',
    text: `SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = $1 AND revision <= $2::bigint
      ORDER BY revision DESC LIMIT $3::bigint`,
  },
  readAll: {
    name: 'reloc-es-read-all',
    text: `SELECT ${EVENT_COLUMNS} FROM events WHERE position > $1::bigint
      ORDER BY position LIMIT $2::bigint`,
  },
  rejected: { name: 'reloc-es-append-1-rejected', text: SINGLE_APPEND.rejected },
  head: {
    name: 'reloc-es-head',
    text: 'SELECT coalesce(max(position), 0)::text FROM events',
  },
  streamOfEvent: {
    name: 'reloc-es-stream-of-event',
    text: 'SELECT stream_id FROM events WHERE id = $1',
  },
} as const;

export type PostgresEventStoreOptions = {
  /** How often live subscriptions read the log when no notification woke them. */
  pollIntervalMs?: number;
  /** Connections of the pool that appends and reads use (the listener has its own). */
  poolSize?: number;
  /** false: never LISTEN (e.g. behind a transaction-mode PgBouncer); subscriptions then poll. */
  listen?: boolean;
  /** Failures of the listening connection (subscriptions keep polling meanwhile). */
  onListenError?: (err: unknown) => void;
};

export class PostgresEventStore implements EventStore, SerializedAppender {
  readonly pool: Pool;
  private readonly connection: ClientConfig;
  private readonly key: string;
  private readonly pollIntervalMs: number;
  private readonly subscriptions = new Set<SubscriptionLoop>();
  private readonly wakeUps = new EventEmitter().setMaxListeners(0);
  private readonly listener: AppendListener | null;
  private schema: Promise<void> | undefined;
  /** Set once the schema is ready: appends then skip awaiting `schema`. */
  private schemaReady = false;
  private closed = false;

  /** Takes a connection string (postgres://…) or pg's client settings. */
  constructor(connection: string | ClientConfig, options: PostgresEventStoreOptions = {}) {
    this.connection = {
      connectionTimeoutMillis: DEFAULT_CONNECT_TIMEOUT_MS,
      ...(typeof connection === 'string' ? { connectionString: connection } : connection),
    };
    this.key = JSON.stringify(
      typeof connection === 'string'
        ? connection
        : [connection.host, connection.port, connection.database, connection.user],
    );
    this.pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
    this.pool = new Pool({
      application_name: APPLICATION_NAME,
      ...this.connection,
      max: options.poolSize ?? DEFAULT_POOL_SIZE,
    });
    // An idle connection that dies (server restart, terminated backend) is dropped by the pool,
    // which opens another on demand; without a listener the 'error' would crash the process.
    this.pool.on('error', () => undefined);
    const onListenError = options.onListenError ?? reportListenError;
    this.listener =
      options.listen === false
        ? null
        : new AppendListener(
            { application_name: `${APPLICATION_NAME}-listen`, ...this.connection },
            () => this.wakeUps.emit('wake'),
            onListenError,
          );
  }

  appendToStream(
    streamId: string,
    events: EventData[],
    options: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    return this.append(streamId, options.expectedRevision ?? 'any', events, eventTexts);
  }

  /** Appends events whose data and metadata are JSON texts, kept as given. */
  appendSerialized(
    streamId: string,
    events: SerializedEventData[],
    options: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    return this.append(streamId, options.expectedRevision ?? 'any', events, serializedTexts);
  }

  /**
   * The one append path; its Node CPU counts at one event per command. The public methods are
   * not async themselves (one async frame per append, not two), and the events are read in here
   * so that an invalid one still rejects rather than throws; once the schema is ready a flag is
   * read instead of awaiting its settled promise. One event goes by SINGLE_APPEND (schema.ts),
   * several by append_events. What is left above a raw INSERT's Node CPU: serialising the event
   * (the raw reference's rows are serialised before timing), the pool's checkout, and Node time
   * that grows with the server's.
   */
  private async append<E extends { type: string }>(
    streamId: string,
    expected: ExpectedRevision,
    events: E[],
    texts: (event: E) => EventTexts,
  ): Promise<AppendResult> {
    if (events.length === 1) {
      const values = singleAppendParameters(streamId, expected, events[0], texts);
      if (!this.schemaReady) await this.ready();
      const written = await (this.pool.query(
        new SingleAppend(values),
      ) as unknown as Promise<SingleAppendOutcome>);
      if (written) {
        localAppends.emit(this.key);
        return {
          nextExpectedRevision: Number(written.revision),
          position: Number(written.position),
        };
      }
      return this.rejected(streamId, expected);
    }
    const values = appendFunctionParameters(streamId, expected, events, texts);
    if (!this.schemaReady) await this.ready();
    const { rows } = await this.pool.query<[string]>({
      name: STATEMENTS.append.name,
      text: STATEMENTS.append.text,
      values,
      rowMode: 'array',
    });
    const { accepted, revision, lastPosition } = appendResult(rows[0][0]);
    if (!accepted) {
      throw wrongVersion(streamId, expected, revision);
    }
    if (lastPosition === null) return { nextExpectedRevision: revision, position: START };
    localAppends.emit(this.key);
    return { nextExpectedRevision: revision, position: Number(lastPosition) };
  }

  /**
   * Why SINGLE_APPEND wrote nothing: the expected revision did not hold (the revision reported is
   * the stream's when read, just after), or the connection is not READ COMMITTED.
   */
  private async rejected(streamId: string, expected: ExpectedRevision): Promise<never> {
    const { rows } = await this.pool.query<[number, string]>({
      ...STATEMENTS.rejected,
      values: [streamId],
      rowMode: 'array',
    });
    const [revision, isolation] = rows[0];
    if (isolation !== 'read committed') {
      throw new Error(`appending needs READ COMMITTED isolation, not ${isolation}`);
    }
    throw wrongVersion(streamId, expected, revision);
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const from = options.fromRevision ?? (backwards ? Number.MAX_SAFE_INTEGER : 0);
    return this.select(backwards ? STATEMENTS.readBackwards : STATEMENTS.readForwards, [
      streamId,
      from,
      options.maxCount ?? null,
    ]);
  }

  async readAll(
    fromPosition: number,
    maxCount: number,
    options?: ReadAllOptions,
  ): Promise<RecordedEvent[]> {
    if (maxCount <= 0) return [];
    return this.select(STATEMENTS.readAll, [fromPosition, maxCount], options);
  }

  subscribeToAll(
    fromPosition: number,
    handler: EventHandler,
    options: SubscribeOptions = {},
  ): Subscription {
    if (this.closed) throw new Error('The event store is closed');
    this.listener?.start();
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
    await this.ready();
    const { rows } = await this.pool.query<[string]>({ ...STATEMENTS.head, rowMode: 'array' });
    return Number(rows[0][0]);
  }

  async streamOfEvent(eventId: string): Promise<string | null> {
    await this.ready();
    const { rows } = await this.pool.query<[string]>({
      ...STATEMENTS.streamOfEvent,
      values: [eventId],
      rowMode: 'array',
    });
    return rows[0]?.[0] ?? null;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((loop) => loop.stop()));
    this.subscriptions.clear();
    await this.listener?.close();
    await this.pool.end();
  }

  /** Creates or updates the schema once per store; a failure is retried by the next call. */
  private ready(): Promise<void> {
    this.schema ??= this.migrate().then(
      () => {
        this.schemaReady = true;
      },
      (err: unknown) => {
        this.schema = undefined;
        throw err;
      },
    );
    return this.schema;
  }

  private async migrate(): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      for (const sql of MIGRATION) await client.query(sql);
      await client.query('COMMIT');
      await client.query(SHAPE_CHECK).catch((err: unknown) => {
        throw new Error(
          `The database's "events" table is not this event store's: ${(err as Error).message}`,
        );
      });
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  private async select(
    statement: { name: string; text: string },
    values: unknown[],
    options?: ReadAllOptions,
  ): Promise<RecordedEvent[]> {
    await this.ready();
    const { rows } = await this.pool.query<StoredEventRow>({
      ...statement,
      values,
      rowMode: 'array',
    });
    return readAllRows(rows, options);
  }

  /** Pages through the log, then waits for an append (local or notified), the poll or stop. */
  private readonly consume: Consume = async (loop, signal) => {
    let woken = false; // set by a wake-up while reading or handling, so none is lost
    let wake: (() => void) | undefined;
    const onWake = () => {
      woken = true;
      wake?.();
    };
    localAppends.on(this.key, onWake);
    this.wakeUps.on('wake', onWake);
    signal.addEventListener('abort', onWake);
    // A wake-up counts from the start of a read: what it announces may be missing from that read.
    const read = (after: number) => {
      woken = false;
      return this.readAll(after, PAGE_SIZE);
    };
    try {
      let page = await read(loop.position);
      while (!signal.aborted) {
        // A full page means more follows: the server reads the next page while the handler
        // works on this one (positions are in commit order, so reading on from the last one is
        // what reading from the checkpoint would return once this page is handled).
        const next = page.length === PAGE_SIZE ? read(page[page.length - 1].position) : null;
        next?.catch(() => undefined); // awaited below, unless the handler fails first
        for (const event of page) await loop.deliver(event);
        if (next) {
          page = await next;
          continue;
        }
        if (!woken) await this.idle((done) => (wake = done));
        wake = undefined;
        if (!signal.aborted) page = await read(loop.position);
      }
    } finally {
      localAppends.off(this.key, onWake);
      this.wakeUps.off('wake', onWake);
      signal.removeEventListener('abort', onWake);
    }
  };

  /** Resolves after the poll interval, or earlier when the callback it registers is called. */
  private idle(register: (done: () => void) => void): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, this.pollIntervalMs).unref();
      function done() {
        clearTimeout(timer);
        resolve();
      }
      register(done);
    });
  }
}

/**
 * One dedicated connection that LISTENs to the append channel and calls `onNotify` for each
 * notification, and once after each (re)connection, since appends made while it was down were
 * never notified. It reconnects after any failure, with a backoff, until closed.
 */
class AppendListener {
  private client: Client | null = null;
  private running: Promise<void> | null = null;
  private readonly abort = new AbortController();
  private readonly closing = new Promise<void>((resolve) =>
    this.abort.signal.addEventListener('abort', () => resolve(), { once: true }),
  );

  constructor(
    private readonly config: ClientConfig,
    private readonly onNotify: () => void,
    private readonly onError: (err: unknown) => void,
  ) {}

  start(): void {
    this.running ??= this.run();
  }

  async close(): Promise<void> {
    this.abort.abort();
    await this.client?.end().catch(() => undefined);
    await this.running;
  }

  private async run(): Promise<void> {
    const { signal } = this.abort;
    let failures = 0;
    while (!signal.aborted) {
      try {
        await this.listenUntilLost(() => (failures = 0));
      } catch (err) {
        if (signal.aborted) break;
        if (failures === 0) this.onError(err); // once per outage, not at every retry
        const backoff = Math.min(100 * 2 ** failures++, MAX_LISTEN_BACKOFF_MS);
        await delay(backoff, undefined, { signal, ref: false }).catch(() => undefined);
      }
    }
  }

  /** Resolves when closed; rejects when the connection fails or is lost. */
  private async listenUntilLost(onListening: () => void): Promise<void> {
    if (this.abort.signal.aborted) return;
    const client = new Client(this.config);
    this.client = client;
    const lost = new Promise<never>((_, reject) => {
      client.on('error', reject);
      client.on('end', () => reject(new Error('The LISTEN connection ended')));
    });
    lost.catch(() => undefined);
    try {
      await Promise.race([client.connect(), lost]);
      client.on('notification', () => this.onNotify());
      await Promise.race([client.query(`LISTEN ${APPENDED_CHANNEL}`), lost]);
      onListening();
      this.onNotify();
      await Promise.race([lost, this.closing]);
    } finally {
      client.removeAllListeners('notification');
      await client.end().catch(() => undefined);
      if (this.client === client) this.client = null;
    }
  }
}

function reportListenError(err: unknown): void {
  console.warn(
    '[eventstore] PostgreSQL LISTEN connection failed; subscriptions poll until it is back:',
    err,
  );
}

/** The refusal of an append expecting `expected` on a stream at `revision` (-1: none). */
function wrongVersion(
  streamId: string,
  expected: ExpectedRevision,
  revision: number,
): WrongExpectedVersionError {
  return new WrongExpectedVersionError(
    streamId,
    expected,
    revision === -1 ? 'no_stream' : revision,
  );
}
