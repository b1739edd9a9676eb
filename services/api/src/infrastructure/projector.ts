import { Logger } from '@nestjs/common';
import type Database from 'better-sqlite3';
import { EventStore, RecordedEvent, START, Subscription } from '@reloc/eventstore';
import { Projection } from './projection';
import { LogSource, ReplayWorker } from './replay-worker';
import { WalCheckpointer } from './wal-checkpointer';

/** Events a page when catching up: fewer commits (each writes every database page it dirtied),
 * few enough to keep what survives a young GC small (a page is held until committed). */
const PAGE_SIZE = 2000;
/** The page cache during a full rebuild (negative: KiB), then back to the connection's own. */
const REBUILD_CACHE_SIZE = -65536;
/**
 * WAL pages between checkpoints during a full replay (80 MB of 4 KiB pages), then back to the
 * connection's own: each checkpoint syncs the WAL and the database file, and copies again the
 * pages written many times since the last one. The WAL is truncated once the replay is over.
 */
const REBUILD_WAL_PAGES = 20000;
/**
 * Events left to replay from which another thread checkpoints the WAL meanwhile
 * (wal-checkpointer.ts) instead of the replaying connection; a shorter replay ends before its
 * first checkpoint anyway.
 */
const CONCURRENT_CHECKPOINT_FROM = 20000;
/**
 * Events left to replay from which a projection with a `replayWorker` has its pages folded by
 * another thread (replay-worker.ts): below, starting the thread costs more than it saves.
 */
const REPLAY_WORKER_FROM = 20000;

/**
 * Told of every page once its rows are committed, before the writers waiting for it are
 * released; `live`: the projector follows the log (false while it catches up or rebuilds).
 */
export type PageListener = (events: readonly RecordedEvent[], live: boolean) => void;
const CHECKPOINT_NAME = 'read-models';
/**
 * The `rm_meta` key set while a replay is under way: projections may hold rows across its
 * pages, so the tables are whole only once it ends. A start that finds it rebuilds.
 */
const REPLAYING_KEY = 'replaying';

/** A replay worker stopped answering: its replay starts over, on the projector's thread. */
class ReplayWorkerFailed extends Error {}

export type ProjectorOptions = {
  /** A pause before each page (tests of what a lagging projector shows). */
  delayMs?: number;
  pageSize?: number;
  concurrentCheckpointFrom?: number;
  /** The log as another thread opens it: without it, a replay runs on this thread only. */
  replayLog?: LogSource;
  replayWorkerFrom?: number;
  /** How many files a projection holds across a replay's pages at most (tests: a few). */
  replayHeldLimit?: number;
};

/**
 * Feeds every read model from the global log: catches up by pages (one transaction a page),
 * then follows live with a catch-up subscription (which retries with backoff after errors).
 * Writers wait on `waitFor(position)` so a command answers once its effects are readable.
 */
export class Projector {
  private readonly logger = new Logger('Projector');
  private readonly byType = new Map<string, Projection[]>();
  private position = START;
  private subscription: Subscription | null = null;
  private waiters: { position: number; resolve: () => void }[] = [];
  private stopped = false;
  private checkpointStatement: Database.Statement | null = null;
  private readonly applyPage: (events: RecordedEvent[]) => void;
  private readonly pageListeners = new Set<PageListener>();
  /** During a replay: projections whose pages another thread folds, with that thread. */
  private readonly remotes = new Map<Projection, ReplayWorker>();

  constructor(
    private readonly store: EventStore,
    private readonly db: Database.Database,
    private readonly projections: readonly Projection[],
    private readonly options: ProjectorOptions = {},
  ) {
    for (const projection of projections) {
      for (const type of projection.handles) {
        const list = this.byType.get(type) ?? [];
        list.push(projection);
        this.byType.set(type, list);
      }
    }
    const flushing = projections.filter((projection) => projection.flush);
    const transaction = db.transaction((events: RecordedEvent[]) => {
      const remotes = this.remotes;
      for (const event of events) {
        for (const projection of this.byType.get(event.type) ?? [])
          if (!remotes.has(projection)) projection.apply(db, event);
      }
      for (const projection of flushing) if (!remotes.has(projection)) projection.flush!(db);
      for (const [projection, worker] of remotes) this.writeRemotePage(projection, worker);
      this.saveCheckpoint(events[events.length - 1].position);
    });
    this.applyPage = (events) => {
      try {
        transaction(events);
      } catch (error) {
        for (const projection of flushing) projection.discard?.(db);
        throw error;
      }
    };
  }

  get currentPosition(): number {
    return this.position;
  }

  /** Following the log live (after the first catch-up); false before start and after stop. */
  get following(): boolean {
    return this.subscription !== null && !this.stopped;
  }

  /** Adds a page listener (the blob eraser); answers its removal. */
  onPage(listener: PageListener): () => void {
    this.pageListeners.add(listener);
    return () => this.pageListeners.delete(listener);
  }

  /** The read models it feeds, with their versions (all share one checkpoint). */
  get readModels(): { name: string; version: number }[] {
    return this.projections.map(({ name, version }) => ({ name, version }));
  }

  /** The read models were built by this code: same projections, same versions. */
  private versionsMatch(): boolean {
    const stored = this.db
      .prepare('SELECT value FROM rm_meta WHERE key = ?')
      .pluck()
      .get('versions');
    return stored === this.versionsKey();
  }

  private replayInterrupted(): boolean {
    return !!this.db.prepare('SELECT 1 FROM rm_meta WHERE key = ?').get(REPLAYING_KEY);
  }

  private markReplaying(replaying: boolean): void {
    if (replaying)
      this.db
        .prepare('INSERT OR REPLACE INTO rm_meta (key, value) VALUES (?, ?)')
        .run(REPLAYING_KEY, String(this.position));
    else this.db.prepare('DELETE FROM rm_meta WHERE key = ?').run(REPLAYING_KEY);
  }

  private versionsKey(): string {
    return JSON.stringify(this.projections.map((p) => [p.name, p.version]));
  }

  /** Creates the tables and the checkpoint row; nothing is read yet. */
  setup(): void {
    this.db.exec(
      `CREATE TABLE IF NOT EXISTS rm_checkpoints (name TEXT PRIMARY KEY, position INTEGER NOT NULL);
       CREATE TABLE IF NOT EXISTS rm_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);`,
    );
    // A store whose read models are still empty is built by this code from the start.
    const empty = !this.db.prepare('SELECT 1 FROM rm_checkpoints').get();
    if (empty) this.saveVersions();
    for (const projection of this.projections) projection.setup(this.db);
    const row = this.db
      .prepare('SELECT position FROM rm_checkpoints WHERE name = ?')
      .get(CHECKPOINT_NAME) as { position: number } | undefined;
    this.position = row?.position ?? START;
  }

  async start(): Promise<void> {
    this.setup();
    if (!this.versionsMatch()) {
      this.logger.log('read models changed since the last run: rebuilding them from the log');
      await this.rebuild();
    } else if (this.replayInterrupted()) {
      this.logger.warn('a replay of the log was interrupted: rebuilding the read models');
      await this.rebuild();
    } else if (this.position !== START && this.position > (await this.store.headPosition())) {
      // Read models ahead of the log: it was replaced (a restored log, another database). They
      // describe events that no longer exist, and the new ones would be taken as already seen.
      this.logger.warn(
        `read models at position ${this.position} ahead of the log: rebuilding them from the log`,
      );
      await this.rebuild();
    }
    this.stopped = false;
    // Nothing projected yet (a new data dir, read models dropped): the whole log is replayed
    // as a rebuild replays it, with what it defers built once at the end.
    if (this.position === START) await this.replay({ largerCache: false });
    else await this.catchUp();
    // Waiters registered before the checkpoint was read (module bootstrap) may already be
    // satisfied by it: with nothing new to apply, no page would ever wake them.
    this.notifyWaiters();
    this.follow();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.subscription?.stop();
    this.subscription = null;
  }

  /**
   * Drops every read model and replays the log into them: the whole log, or up to
   * `untilPosition` (verify-log rebuilds a scratch copy to the live checkpoint to compare).
   */
  async rebuild(onProgress?: (position: number) => void, untilPosition?: number): Promise<void> {
    await this.stop();
    this.setup(); // a data dir never opened by the API has no checkpoint table yet
    this.dropReadModels();
    await this.replay({ largerCache: true }, onProgress, untilPosition);
  }

  /** Every read model emptied, back to the first event. */
  private dropReadModels(): void {
    this.db.transaction(() => {
      for (const projection of this.projections) projection.drop(this.db);
      this.db.prepare('DELETE FROM rm_checkpoints WHERE name = ?').run(CHECKPOINT_NAME);
      this.saveVersions();
    })();
    this.setup();
  }

  /**
   * Catches up from the checkpoint with what no projection reads while it writes (indexes,
   * derived tables) dropped, and built once after the replay: for a replay of the whole log.
   * Lossless whatever the tables hold: `setup` builds them again from the tables.
   * `largerCache`: with a larger page cache meanwhile (a rebuild); not at the API's start,
   * whose memory would keep it once caught up.
   */
  private async replay(
    { largerCache }: { largerCache: boolean },
    onProgress?: (position: number) => void,
    untilPosition?: number,
  ): Promise<void> {
    this.dropDeferred();
    // The replay touches far more pages than a live page does: a larger page cache meanwhile.
    const cacheSize = this.db.pragma('cache_size', { simple: true }) as number;
    const walPages = this.db.pragma('wal_autocheckpoint', { simple: true }) as number;
    if (largerCache) this.db.pragma(`cache_size = ${REBUILD_CACHE_SIZE}`);
    const toReplay = this.db.memory
      ? 0
      : Math.min(await this.store.headPosition(), untilPosition ?? Infinity) - this.position;
    const checkpointer = this.concurrentCheckpointer(toReplay);
    this.db.pragma(`wal_autocheckpoint = ${checkpointer ? 0 : REBUILD_WAL_PAGES}`);
    try {
      await this.startReplayWorkers(toReplay, untilPosition);
      try {
        await this.replayPages(onProgress, untilPosition);
      } catch (error) {
        if (!(error instanceof ReplayWorkerFailed)) throw error;
        // What the worker held is lost with it: the replay starts over, here.
        this.logger.warn(`${error.message}: the replay starts over on this thread`);
        await this.stopReplayWorkers();
        this.dropReadModels();
        this.dropDeferred();
        await this.replayPages(onProgress, untilPosition);
      }
    } finally {
      await this.stopReplayWorkers();
      try {
        // What it deferred is built with the larger cache still there (its sorts keep to it),
        // and the checkpointer still copying what they write.
        for (const projection of this.projections) projection.setup(this.db);
      } finally {
        await checkpointer?.stop();
        this.db.pragma(`cache_size = ${cacheSize}`);
        this.db.pragma(`wal_autocheckpoint = ${walPages}`);
        // Back to a small WAL file (a reader still in it only leaves the checkpoint partial).
        this.db.pragma('wal_checkpoint(TRUNCATE)');
      }
    }
  }

  /** What the projections defer during a replay (built again by `setup` at its end). */
  private dropDeferred(): void {
    for (const projection of this.projections) {
      for (const index of projection.deferredIndexes ?? [])
        this.db.exec(`DROP INDEX IF EXISTS "${index}"`);
      for (const table of projection.deferredTables ?? [])
        this.db.exec(`DROP TABLE IF EXISTS "${table}"`);
    }
  }

  /**
   * The replay's pages, marked as under way until its last transaction, where the projections
   * (and workers) write what they held across pages.
   */
  private async replayPages(
    onProgress?: (position: number) => void,
    untilPosition?: number,
  ): Promise<void> {
    this.markReplaying(true);
    for (const projection of this.projections)
      if (!this.remotes.has(projection))
        projection.beginReplay?.(this.db, this.options.replayHeldLimit);
    await this.catchUp(onProgress, untilPosition);
    this.db.transaction(() => {
      for (const projection of this.projections) {
        const worker = this.remotes.get(projection);
        if (worker) {
          worker.requestFinish();
          this.writeRemotePage(projection, worker);
        } else projection.finishReplay?.(this.db);
      }
      this.markReplaying(false);
    })();
  }

  /**
   * A checkpointer thread for a long replay into a database file, null otherwise. Should it
   * fail, this connection checkpoints again by itself.
   */
  private concurrentCheckpointer(toReplay: number): WalCheckpointer | null {
    const from = this.options.concurrentCheckpointFrom ?? CONCURRENT_CHECKPOINT_FROM;
    if (this.db.memory || toReplay < from) return null;
    return WalCheckpointer.start(this.db.name, (error) => {
      this.logger.warn(`WAL checkpointer stopped, the replay checkpoints itself: ${String(error)}`);
      if (this.db.open) this.db.pragma(`wal_autocheckpoint = ${REBUILD_WAL_PAGES}`);
    });
  }

  /**
   * For a long replay into a database file whose log another thread can open: a worker per
   * projection that has one. One that fails to start leaves its projection to this thread.
   */
  private async startReplayWorkers(toReplay: number, untilPosition?: number): Promise<void> {
    const log = this.options.replayLog;
    const from = this.options.replayWorkerFrom ?? REPLAY_WORKER_FROM;
    if (!log || this.db.memory || toReplay < from) return;
    for (const projection of this.projections) {
      if (!projection.replayWorker) continue;
      try {
        const worker = await ReplayWorker.start(projection.replayWorker.script, {
          log,
          readDbPath: this.db.name,
          pageSize: this.options.pageSize ?? PAGE_SIZE,
          untilPosition: untilPosition ?? Number.MAX_SAFE_INTEGER,
          heldLimit: this.options.replayHeldLimit,
        });
        this.remotes.set(projection, worker);
      } catch (error) {
        this.logger.warn(
          `no replay worker for ${projection.name}, replayed here: ${String(error)}`,
        );
      }
    }
  }

  private async stopReplayWorkers(): Promise<void> {
    const workers = [...this.remotes.values()];
    this.remotes.clear();
    await Promise.all(workers.map((worker) => worker.stop()));
  }

  /** Writes what its worker answered last (its failure fails the page and the replay). */
  private writeRemotePage(projection: Projection, worker: ReplayWorker): void {
    let answer: unknown;
    try {
      answer = worker.answer();
    } catch (error) {
      throw new ReplayWorkerFailed(`replay worker of ${projection.name} failed: ${String(error)}`);
    }
    projection.replayWorker!.write(this.db, answer);
  }

  waitFor(position: number, timeoutMs = 10000): Promise<void> {
    if (this.position >= position) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w.resolve !== done);
        reject(new Error(`Projector did not reach position ${position} in ${timeoutMs} ms`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      this.waiters.push({ position, resolve: done });
    });
  }

  private async catchUp(
    onProgress?: (position: number) => void,
    untilPosition = Number.MAX_SAFE_INTEGER,
  ): Promise<void> {
    for (;;) {
      // Few read models read an event's metadata (who acted): parsed only for those that do.
      const page = (
        await this.store.readAll(this.position, this.options.pageSize ?? PAGE_SIZE, {
          metadata: 'on-access',
        })
      ).filter((event) => event.position <= untilPosition);
      if (!page.length) return;
      await this.handle(page);
      onProgress?.(this.position);
    }
  }

  private follow(): void {
    if (this.stopped) return;
    this.subscription = this.store.subscribeToAll(
      this.position,
      async (event) => {
        if (event.position <= this.position) return;
        await this.handle([event]);
      },
      {
        // The store retries by itself from the last handled event, with backoff.
        onError: (error) => this.logger.error(`projection failed, retrying: ${String(error)}`),
      },
    );
  }

  private async handle(events: RecordedEvent[]): Promise<void> {
    if (this.options.delayMs) await new Promise((r) => setTimeout(r, this.options.delayMs));
    // Replay workers read the page's events themselves, while this thread applies the others'.
    for (const worker of this.remotes.values())
      worker.request(this.position, events[events.length - 1].position, events.length);
    this.applyPage(events);
    this.position = events[events.length - 1].position;
    for (const listener of this.pageListeners) {
      try {
        listener(events, this.following);
      } catch (error) {
        this.logger.error(`page listener failed: ${String(error)}`);
      }
    }
    this.notifyWaiters();
  }

  private saveVersions(): void {
    this.db
      .prepare('INSERT OR REPLACE INTO rm_meta (key, value) VALUES (?, ?)')
      .run('versions', this.versionsKey());
  }

  private saveCheckpoint(position: number): void {
    this.checkpointStatement ??= this.db.prepare(
      'INSERT INTO rm_checkpoints (name, position) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET position = excluded.position',
    );
    this.checkpointStatement.run(CHECKPOINT_NAME, position);
  }

  private notifyWaiters(): void {
    const ready = this.waiters.filter((w) => w.position <= this.position);
    if (!ready.length) return;
    this.waiters = this.waiters.filter((w) => w.position > this.position);
    for (const waiter of ready) waiter.resolve();
  }
}
