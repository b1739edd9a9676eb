import type Database from 'better-sqlite3';
import type { RecordedEvent } from '@reloc/eventstore';

/**
 * A read model fed by the log. `apply` runs inside the projector's transaction, together
 * with the checkpoint, so a row and the position that produced it are never out of step.
 */
export type Projection = {
  name: string;
  /** Raised whenever its tables or what it writes change: a changed version rebuilds. */
  version: number;
  /** Event types this projection reads; others never reach `apply`. */
  handles: readonly string[];
  setup(db: Database.Database): void;
  /**
   * Secondary indexes `setup` creates that its own `apply`/`flush` never read (only the API's
   * queries do): a full rebuild (or the first catch-up, from position 0) drops them once the
   * tables are set up and has `setup` build them again once the log is replayed (one sort
   * instead of an update per row). Should the rebuild stop half way, the next `setup` (every
   * start) recreates them.
   */
  deferredIndexes?: readonly string[];
  /**
   * Tables wholly derived from the projection's other tables (a search index), which `setup`
   * fills from them when it creates them: a full rebuild (or the first catch-up) drops them
   * once the tables are set up, so the replay writes none of their rows, and `setup` builds
   * them in one pass once the log is replayed (or at the next start, should the rebuild stop
   * half way). `apply` and `flush` write them only when they exist (checked when their
   * statements are prepared).
   */
  deferredTables?: readonly string[];
  drop(db: Database.Database): void;
  apply(db: Database.Database, event: RecordedEvent): void;
  /**
   * For a projection whose `apply` folds a page's events in memory: writes what it holds,
   * inside the page's transaction, before the checkpoint; then forgets it.
   */
  flush?(db: Database.Database): void;
  /** Forgets what `apply` holds in memory when the page fails (its transaction rolls back). */
  discard?(db: Database.Database): void;
  /**
   * A replay (every read model rebuilt from the first event) begins: until `finishReplay`, the
   * projection may hold what it folded across pages and write it later (each row once rather
   * than once a page), as an interrupted replay is started over, never resumed. `heldLimit`:
   * how many files (rows) it holds at most, when not its own default (tests set a small one).
   */
  beginReplay?(db: Database.Database, heldLimit?: number): void;
  /** The log is replayed: writes what the projection still holds, in one last transaction. */
  finishReplay?(db: Database.Database): void;
  /**
   * For a projection whose pages another thread can fold during a long replay
   * (replay-worker.ts): the compiled worker script, which answers each page with what to
   * write, and `write`, which writes that answer in the page's transaction as `flush` would
   * (and the worker's last answer, what it still holds, as `finishReplay` would).
   */
  replayWorker?: { script: string; write(db: Database.Database, answer: unknown): void };
};
