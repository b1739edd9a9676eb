import type Database from 'better-sqlite3';
import {
  foldProjectEvent,
  Project,
  projectDecider,
  ProjectEvent,
  PROJECT_EVENT_TYPES,
} from '@reloc/domain';
import type { RecordedEvent } from '@reloc/eventstore';
import { Projection } from '../infrastructure/projection';
import { preparedPerConnection } from '../infrastructure/prepared-statements';
import { parseProjectDoc, stringifyProjectDoc } from './project-doc';
import { compiledScript } from '../infrastructure/replay-worker';

const PROJECT_EVENT = /^Project[A-Z]/;

/** A page's documents and tiles, written by statements of up to ROWS_BATCH rows each. */
const DOCS = {
  head: 'INSERT OR REPLACE INTO project_docs (id, doc) VALUES',
  row: '(?, ?)',
  tail: '',
  width: 2,
};
const TILES = {
  head: `INSERT INTO project_board
    (id, first_name, last_name, user_id, phone, company, company_id, current_progress, stopped,
     has_alert, tags, assignees, alerts, alerts_skipped, created_at, year, last_move, date_move,
     search) VALUES`,
  row: '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  tail: `ON CONFLICT (id) DO UPDATE SET first_name = excluded.first_name,
    last_name = excluded.last_name, user_id = excluded.user_id, phone = excluded.phone,
    company = excluded.company, company_id = excluded.company_id,
    current_progress = excluded.current_progress, stopped = excluded.stopped,
    has_alert = excluded.has_alert, tags = excluded.tags, assignees = excluded.assignees,
    alerts = excluded.alerts, alerts_skipped = excluded.alerts_skipped,
    created_at = excluded.created_at, year = excluded.year, last_move = excluded.last_move,
    date_move = excluded.date_move, search = excluded.search`,
  width: 19,
};
type Rows = typeof DOCS;
const ROWS_BATCH = 50;

/** Multi-row statements, prepared once per connection, table and number of rows. */
const batchedStatements = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/**
 * Writes rows (a flat list of parameters, `rows.width` a row) by statements of up to
 * ROWS_BATCH rows, in their order: the same rows and rowids as one statement a row.
 */
function writeRows(db: Database.Database, rows: Rows, params: unknown[]): void {
  let byKey = batchedStatements.get(db);
  if (!byKey) batchedStatements.set(db, (byKey = new Map()));
  const statement = (count: number) => {
    const key = `${rows.head} ${count}`;
    let prepared = byKey.get(key);
    if (!prepared) {
      prepared = db.prepare(
        `${rows.head} ${Array.from({ length: count }, () => rows.row).join(', ')} ${rows.tail}`,
      );
      byKey.set(key, prepared);
    }
    return prepared;
  };
  const total = params.length / rows.width;
  let done = 0;
  for (; done + ROWS_BATCH <= total; done += ROWS_BATCH)
    statement(ROWS_BATCH).run(params.slice(done * rows.width, (done + ROWS_BATCH) * rows.width));
  if (done < total) statement(total - done).run(params.slice(done * rows.width));
}

function prepare(db: Database.Database) {
  // Absent during a full rebuild (a deferred table): filled from the board afterwards.
  const searchable = !!db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'project_search'")
    .get();
  return {
    search: searchable
      ? {
          tile: db.prepare('SELECT rowid, search FROM project_board WHERE id = ?'),
          index: db.prepare('INSERT INTO project_search (rowid, search) VALUES (?, ?)'),
          unindex: db.prepare('DELETE FROM project_search WHERE rowid = ?'),
        }
      : null,
    doc: db.prepare('SELECT doc FROM project_docs WHERE id = ?').pluck(),
    saveTile: db.prepare(`${TILES.head} ${TILES.row} ${TILES.tail}`),
    removeTile: db.prepare('DELETE FROM project_board WHERE id = ? RETURNING rowid').pluck(),
  };
}

const sql = preparedPerConnection(prepare);

/**
 * Files folded during the current page, by id, written once each when the page ends; during a
 * replay, held across pages (least recently touched first) and written once each when evicted
 * or when the replay ends.
 */
const pending = new WeakMap<Database.Database, Map<string, Project>>();
/** During a replay: how many files it holds at most. */
const replaying = new WeakMap<Database.Database, number>();

/**
 * Files a replay holds in memory at most (a state is a few kB): those touched again soon, as
 * in a log whose files progress side by side, are written once instead of once a page.
 */
export const MAX_HELD_FILES = 5000;

/** Takes the `count` least recently touched files out of `held`, in that order. */
export function evictOldest(held: Map<string, Project>, count: number): Map<string, Project> {
  const evicted = new Map<string, Project>();
  for (const [id, project] of held) {
    if (evicted.size >= count) break;
    evicted.set(id, project);
  }
  for (const id of evicted.keys()) held.delete(id);
  return evicted;
}

function pendingOf(db: Database.Database): Map<string, Project> {
  let held = pending.get(db);
  if (!held) pending.set(db, (held = new Map()));
  return held;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Free-text search over what a person types to find a file. */
function searchText(p: Project): string {
  const record = p as unknown as Record<string, unknown>;
  return [
    record.firstName,
    record.lastName,
    record.userId,
    record.phoneNumber,
    record.company,
    p._id,
  ]
    .map(text)
    .join(' ')
    .toLowerCase();
}

/** Appends the tile's row (TILES.width parameters) to `params`. */
function pushTile(params: unknown[], project: Project, search: string): void {
  const r = project as unknown as Record<string, unknown>;
  const progress = (r.progress ?? {}) as Record<string, string>;
  const current = text(r.currentProgress);
  // Raised alerts and their lifts: which are active is decided at read time (lifts expire).
  const alerts = (r.alerts ?? {}) as Record<string, string>;
  const alertsSkipped = (r.alertsSkipped ?? {}) as Record<string, string>;
  const createdAt = text(r.createdAt);
  params.push(
    project._id,
    text(r.firstName),
    text(r.lastName),
    text(r.userId),
    text(r.phoneNumber),
    text(r.company),
    text(r.companyId) || null,
    current,
    r.stopped ? 1 : 0,
    Object.keys(alerts).length ? 1 : 0,
    JSON.stringify(r.tags ?? []),
    JSON.stringify(r.assignees ?? {}),
    JSON.stringify(alerts),
    JSON.stringify(alertsSkipped),
    createdAt,
    Number(createdAt.slice(0, 4)) || null,
    progress[current] ?? createdAt,
    text(r.dateMove) || null,
    search,
  );
}

/** Saves the tile and, when the search index exists, its text there. */
function saveTile(db: Database.Database, project: Project): void {
  const search = searchText(project);
  const index = sql(db).search;
  const before = index?.tile.get(project._id) as
    { rowid: number | bigint; search: string } | undefined;
  const params: unknown[] = [];
  pushTile(params, project, search);
  const { lastInsertRowid } = sql(db).saveTile.run(params);
  // The search index follows the tile's text, under the tile's rowid.
  if (!index || before?.search === search) return;
  if (before) index.unindex.run(before.rowid);
  index.index.run(before?.rowid ?? lastInsertRowid, search);
}

function removeTile(db: Database.Database, id: string): void {
  const rowid = sql(db).removeTile.get(id) as number | bigint | undefined;
  if (rowid !== undefined) sql(db).search?.unindex.run(rowid);
}

/**
 * Folds a project event into the files held for the page (by id); a file not held yet starts
 * from `stored(id)` (its stored document), or from an empty project.
 */
export function foldInto(
  held: Map<string, Project>,
  event: RecordedEvent,
  stored: (id: string) => Project | null,
  { lastTouchedLast = false } = {},
): void {
  if (!PROJECT_EVENT.test(event.type)) return;
  const id = event.streamId.replace(/^project-/, '');
  const kept = held.get(id);
  const after = foldProjectEvent(kept ?? stored(id) ?? projectDecider.initialState(), {
    type: event.type,
    data: event.data,
  } as ProjectEvent);
  // Held across pages: moved to the end, so that the first are the least recently touched.
  if (lastTouchedLast && kept) held.delete(id);
  if (after !== kept || lastTouchedLast) held.set(id, after);
}

/** A file as `project_docs` holds it, null when it has no document. */
export function storedProject(raw: string | undefined): Project | null {
  return raw ? parseProjectDoc(raw) : null;
}

/**
 * What a page's files write when the search index is absent (a replay), in the order of one
 * write per file: runs of tiles, each run but the last followed by the removal of a deleted
 * file's tile (`removed`, in order), then every document.
 */
export type ProjectPageWrites = { tileRuns: unknown[][]; removed: string[]; docs: unknown[] };

export function pageWrites(held: Map<string, Project>): ProjectPageWrites {
  const writes: ProjectPageWrites = { tileRuns: [], removed: [], docs: [] };
  let tiles: unknown[] = [];
  for (const [id, project] of held) {
    writes.docs.push(id, stringifyProjectDoc(project));
    if ((project as unknown as { deleted?: boolean }).deleted) {
      writes.tileRuns.push(tiles);
      tiles = [];
      writes.removed.push(id);
    } else pushTile(tiles, project, searchText(project));
  }
  writes.tileRuns.push(tiles);
  return writes;
}

/** Writes files' documents and tiles, and their search text when the search index exists. */
function writeFiles(db: Database.Database, files: Map<string, Project>): void {
  // Without the search index (a replay), tiles are written as documents are, by batches.
  if (sql(db).search === null) return writePage(db, pageWrites(files));
  const docs: unknown[] = [];
  for (const [id, project] of files) {
    docs.push(id, stringifyProjectDoc(project));
    if ((project as unknown as { deleted?: boolean }).deleted) removeTile(db, id);
    else saveTile(db, project);
  }
  writeRows(db, DOCS, docs);
}

function writePage(db: Database.Database, writes: ProjectPageWrites): void {
  writes.tileRuns.forEach((tiles, run) => {
    writeRows(db, TILES, tiles);
    if (run < writes.removed.length) removeTile(db, writes.removed[run]);
  });
  writeRows(db, DOCS, writes.docs);
}

/**
 * Projects, folded with the domain's own `evolve`: the whole file as a document (for the
 * project page) and its board tile (for the boards' filters and counts). A file's timeline
 * is not stored: it is computed from the file's stream when read (project-timeline.ts).
 */
export const projectsProjection: Projection = {
  name: 'projects',
  // 4: one write per file per page of events (foldProjectEvent), with what the merged rules
  // added; 5: documents without their fields still empty (project-doc.ts); 6: no timeline table
  // (entries computed on read).
  version: 6,
  handles: Object.keys(PROJECT_EVENT_TYPES),
  // Its writes find a tile and a document by id only.
  deferredIndexes: [
    'project_board_state_stage',
    'project_board_stage_move',
    'project_board_move_id',
    'project_board_state_move',
    'project_board_alerts',
    'project_board_user',
  ],
  deferredTables: ['project_search'],
  setup(db) {
    const searchExists = db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'project_search'")
      .get();
    db.exec(`
      CREATE TABLE IF NOT EXISTS project_docs (id TEXT PRIMARY KEY, doc TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS project_board (
        id TEXT PRIMARY KEY, first_name TEXT, last_name TEXT, user_id TEXT, phone TEXT,
        company TEXT, company_id TEXT, current_progress TEXT NOT NULL, stopped INTEGER NOT NULL,
        has_alert INTEGER NOT NULL, tags TEXT NOT NULL, assignees TEXT NOT NULL,
        alerts TEXT NOT NULL, alerts_skipped TEXT NOT NULL, created_at TEXT NOT NULL, year INTEGER, last_move TEXT,
        date_move TEXT, search TEXT NOT NULL
      );
      -- Column pages and counts are searches on covering indexes (stopped first: filters
      -- 'active'/'stopped' are the common case); id ends each so pages need no extra sort.
      DROP INDEX IF EXISTS project_board_stage;
      DROP INDEX IF EXISTS project_board_move;
      CREATE INDEX IF NOT EXISTS project_board_state_stage
        ON project_board (stopped, current_progress, last_move, id);
      CREATE INDEX IF NOT EXISTS project_board_stage_move
        ON project_board (current_progress, last_move, id);
      CREATE INDEX IF NOT EXISTS project_board_move_id ON project_board (last_move, id);
      CREATE INDEX IF NOT EXISTS project_board_state_move ON project_board (stopped, last_move, id);
      CREATE INDEX IF NOT EXISTS project_board_alerts
        ON project_board (has_alert, stopped, current_progress, last_move, id);
      CREATE INDEX IF NOT EXISTS project_board_user ON project_board (user_id);
      -- The board's search: trigrams of the tile's search text (case and accents folded),
      -- rowid = the tile's rowid; a search of 3 characters or more reads it, not the board.
      CREATE VIRTUAL TABLE IF NOT EXISTS project_search USING fts5(
        search, content = '', contentless_delete = 1, tokenize = 'trigram remove_diacritics 1'
      );`);
    // Created just now (a rebuild deferred it): every tile's text, in one pass.
    if (!searchExists)
      db.exec('INSERT INTO project_search (rowid, search) SELECT rowid, search FROM project_board');
    sql.forget(db);
    batchedStatements.delete(db);
  },
  drop(db) {
    sql.forget(db);
    batchedStatements.delete(db);
    pending.delete(db);
    replaying.delete(db);
    db.exec(
      // timeline: every entry, as versions 5 and before stored them.
      `DROP TABLE IF EXISTS project_docs; DROP TABLE IF EXISTS project_board;
       DROP TABLE IF EXISTS project_search; DROP TABLE IF EXISTS timeline;`,
    );
  },
  apply(db, event: RecordedEvent) {
    foldInto(
      pendingOf(db),
      event,
      (id) => storedProject(sql(db).doc.get(id) as string | undefined),
      { lastTouchedLast: replaying.has(db) },
    );
  },
  beginReplay(db, heldLimit = MAX_HELD_FILES) {
    replaying.set(db, heldLimit);
  },
  finishReplay(db) {
    const held = pending.get(db);
    if (held?.size) writeFiles(db, held);
    held?.clear();
    replaying.delete(db);
  },
  flush(db) {
    const held = pending.get(db);
    if (!held?.size) return;
    const heldLimit = replaying.get(db);
    if (heldLimit === undefined) {
      writeFiles(db, held);
      held.clear();
    } else if (held.size > heldLimit) writeFiles(db, evictOldest(held, held.size - heldLimit));
  },
  replayWorker: {
    script: compiledScript(__dirname, 'projects-replay.worker.js'),
    write: (db, answer) => writePage(db, answer as ProjectPageWrites),
  },
  discard(db) {
    // A failed page fails its replay too (started over from the first event).
    pending.get(db)?.clear();
    replaying.delete(db);
  },
};

/** Entries hidden from a file's timeline, by id (the log itself is never rewritten). */
export const timelineHiddenProjection: Projection = {
  name: 'timeline-hidden',
  // 2: its own table (entries are computed on read, no longer stored with a flag).
  version: 2,
  handles: ['TimelineEntryHidden'],
  setup(db) {
    db.exec('CREATE TABLE IF NOT EXISTS timeline_hidden (id TEXT PRIMARY KEY) WITHOUT ROWID');
  },
  drop(db) {
    db.exec('DROP TABLE IF EXISTS timeline_hidden');
  },
  apply(db, event) {
    db.prepare('INSERT OR IGNORE INTO timeline_hidden (id) VALUES (?)').run(
      (event.data as { entryId: string }).entryId,
    );
  },
};
