import type Database from 'better-sqlite3';
import {
  occurredAt,
  FIELD_LABELS,
  foldProjectEvent,
  Project,
  projectDecider,
  ProjectEvent,
  projectTimelineEntry,
  stageChangeEntry,
  assigneeChangeEntry,
  MODIFICATION_IGNORED,
  modificationEntry,
  TIMELINE_COMPARED_FIRST,
  stageLabel,
} from '@reloc/domain';
import type { RecordedEvent } from '@reloc/eventstore';
import { Projection } from '../infrastructure/projection';
import { preparedPerConnection } from '../infrastructure/prepared-statements';
import { parseProjectDoc, stringifyProjectDoc } from './project-doc';

const PROJECT_EVENT = /^Project[A-Z]/;

// Every project event type, checked by the compiler: a new one cannot be forgotten here.
const PROJECT_EVENT_TYPES: Record<ProjectEvent['type'], true> = {
  ProjectCreated: true,
  ProjectFieldsChanged: true,
  ProjectStageChanged: true,
  ProjectStopped: true,
  ProjectRestarted: true,
  ProjectAssigneeChanged: true,
  ProjectTagsChanged: true,
  ProjectServiceToggled: true,
  ProjectAlertRaised: true,
  ProjectAlertCleared: true,
  ProjectAlertLifted: true,
  ProjectIncomeOverridden: true,
  ProjectEstateChosen: true,
  ProjectBillingOverridden: true,
  ProjectDeleted: true,
};

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

/** Timeline rows written per statement, and the parameters of one row. */
const TIMELINE_BATCH = 50;
const TIMELINE_PARAMS = 7;

/** Timeline rows of the current page not written yet, as one flat list of parameters. */
const pendingTimeline = new WeakMap<Database.Database, unknown[]>();

/** Multi-row timeline inserts, prepared once per connection and number of rows. */
const timelineInserts = new WeakMap<Database.Database, Map<number, Database.Statement>>();

function timelineInsert(db: Database.Database, rows: number): Database.Statement {
  let byRows = timelineInserts.get(db);
  if (!byRows) timelineInserts.set(db, (byRows = new Map()));
  let statement = byRows.get(rows);
  if (!statement) {
    statement = db.prepare(
      `INSERT OR IGNORE INTO timeline (id, target_id, date, type, label, params, author, from_hil)
       VALUES ${Array.from({ length: rows }, () => '(?, ?, ?, ?, ?, ?, ?, 1)').join(', ')}`,
    );
    byRows.set(rows, statement);
  }
  return statement;
}

/**
 * Writes the timeline rows held since the last write, in the order they were added (so their
 * rowids, which order entries of the same date, are those of one insert per event). Whatever
 * else reads or writes the timeline during a page calls it first.
 */
export function flushTimeline(db: Database.Database): void {
  const params = pendingTimeline.get(db);
  if (!params?.length) return;
  pendingTimeline.delete(db);
  const rows = params.length / TIMELINE_PARAMS;
  let done = 0;
  for (; done + TIMELINE_BATCH <= rows; done += TIMELINE_BATCH)
    timelineInsert(db, TIMELINE_BATCH).run(
      params.slice(done * TIMELINE_PARAMS, (done + TIMELINE_BATCH) * TIMELINE_PARAMS),
    );
  if (done < rows) timelineInsert(db, rows - done).run(params.slice(done * TIMELINE_PARAMS));
}

function forgetTimeline(db: Database.Database): void {
  pendingTimeline.delete(db);
  timelineInserts.delete(db);
  batchedStatements.delete(db);
}

/** A file folded during the current page, and its keys' order (read once, when needed). */
type Held = { state: Project; order: Map<string, number> | null };

/** Files folded during the current page, written once each when the page ends. */
const pending = new WeakMap<Database.Database, Map<string, Held>>();

function pendingOf(db: Database.Database): Map<string, Held> {
  let held = pending.get(db);
  if (!held) pending.set(db, (held = new Map()));
  return held;
}

const fieldLabel = (field: string): string =>
  (FIELD_LABELS as Record<string, string>)[field] ?? field;

/** Fields the timeline compares whatever the event; others only when the event replaced them. */
const SHOWN = [
  'currentProgress',
  'stopped',
  'abortMotivation',
  'assignees',
  'tags',
  'services',
  'alertsSkipped',
  'chosenEstate',
];

/**
 * The timeline entry of an event folded in place, from the fields it replaced (`previous`)
 * and those the timeline always reads: the same entry as comparing the whole state before and
 * after, since no other field changed. Keys keep the state's order (the entry lists them):
 * fields an event adds come last, in the order it added them.
 */
function timelineEntry(type: string, held: Held, previous: Map<string, unknown>) {
  const state = held.state as unknown as Record<string, unknown>;
  const view = (keys: Iterable<string>) => {
    const beforeView: Record<string, unknown> = {};
    const afterView: Record<string, unknown> = {};
    for (const key of keys) {
      if (!(key in state)) continue;
      beforeView[key] = previous.has(key) ? previous.get(key) : state[key];
      afterView[key] = state[key];
    }
    return projectTimelineEntry(type, beforeView, afterView, stageLabel, fieldLabel);
  };
  // Keys an event adds land last, in the order it added them.
  if (held.order)
    for (const key of previous.keys())
      if (!held.order.has(key)) held.order.set(key, held.order.size);
  // Most events move a stage or change a holder: the first checks of projectTimelineEntry,
  // answered from the replaced values without building views.
  const changed = (key: string) => previous.has(key) && previous.get(key) !== state[key];
  if (type !== 'ProjectDeleted') {
    if (changed('currentProgress'))
      return stageChangeEntry(
        String(previous.get('currentProgress')),
        String(state.currentProgress),
        stageLabel,
      );
    if (!changed('stopped') && previous.has('assignees')) {
      const roleChange = assigneeChangeEntry(previous.get('assignees'), state.assignees);
      if (roleChange) return roleChange;
    }
    // A form's fields (nothing compared first replaced): the ones whose value changed.
    if (!TIMELINE_COMPARED_FIRST.some((key) => previous.has(key))) {
      const fields: string[] = [];
      for (const [key, before] of previous) {
        const after = state[key];
        if (MODIFICATION_IGNORED.has(key) || before === after) continue;
        if (JSON.stringify(before) !== JSON.stringify(after)) fields.push(key);
      }
      if (fields.length > 1) sortByState(fields, held);
      return modificationEntry(fields, fieldLabel);
    }
  }
  const keys = new Set(SHOWN);
  for (const key of previous.keys()) keys.add(key);
  const entry = view(keys);
  // The entry lists changed fields in the state's order: read it only when two or more changed.
  if (entry?.type !== 'MODIFICATION' || (entry.params.fields as string[]).length < 2) return entry;
  return view(sortByState([...keys], held));
}

/** Sorts keys of the file in the order of its state's keys (read once per file and page). */
function sortByState(keys: string[], held: Held): string[] {
  let order = held.order;
  if (!order) {
    order = new Map();
    for (const key of Object.keys(held.state)) order.set(key, order.size);
    held.order = order;
  }
  const at = order;
  return keys.sort((a, b) => (at.get(a) ?? 0) - (at.get(b) ?? 0));
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
 * Projects, folded with the domain's own `evolve`: the whole file as a document (for the
 * project page), its board tile (for the boards' filters and counts) and its timeline.
 */
export const projectsProjection: Projection = {
  name: 'projects',
  // 3: the timeline dates an event by when it happened (its metadata's `at`); 4: one write per
  // file per page of events (foldProjectEvent), with what the merged rules added; 5: documents
  // without their fields still empty (project-doc.ts).
  version: 5,
  handles: Object.keys(PROJECT_EVENT_TYPES),
  // Its writes find a tile, a document and a timeline entry by id only.
  deferredIndexes: [
    'project_board_state_stage',
    'project_board_stage_move',
    'project_board_move_id',
    'project_board_state_move',
    'project_board_alerts',
    'project_board_user',
    'timeline_target',
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
      );
      CREATE TABLE IF NOT EXISTS timeline (
        id TEXT PRIMARY KEY, target_id TEXT NOT NULL, date TEXT NOT NULL, type TEXT NOT NULL,
        label TEXT NOT NULL, params TEXT NOT NULL, author TEXT, from_hil INTEGER NOT NULL,
        hidden INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX IF NOT EXISTS timeline_target ON timeline (target_id, date);`);
    // Created just now (a rebuild deferred it): every tile's text, in one pass.
    if (!searchExists)
      db.exec('INSERT INTO project_search (rowid, search) SELECT rowid, search FROM project_board');
    sql.forget(db);
    forgetTimeline(db);
  },
  drop(db) {
    sql.forget(db);
    forgetTimeline(db);
    pending.delete(db);
    db.exec(
      `DROP TABLE IF EXISTS project_docs; DROP TABLE IF EXISTS project_board;
       DROP TABLE IF EXISTS project_search; DROP TABLE IF EXISTS timeline;`,
    );
  },
  apply(db, event: RecordedEvent) {
    if (!PROJECT_EVENT.test(event.type)) return;
    const id = event.streamId.replace(/^project-/, '');
    const files = pendingOf(db);
    let held = files.get(id);
    let before: Project | null = held?.state ?? null;
    if (!held) {
      const raw = sql(db).doc.get(id) as string | undefined;
      before = raw ? parseProjectDoc(raw) : null;
    }
    const state = before ?? projectDecider.initialState();
    // Folded in place: only the fields the event replaced are compared for the timeline.
    const previous = new Map<string, unknown>();
    const after = foldProjectEvent(
      state,
      { type: event.type, data: event.data } as ProjectEvent,
      previous,
    );
    if (!held || after !== held.state) files.set(id, (held = { state: after, order: null }));
    const entry =
      before && after === state
        ? timelineEntry(event.type, held, previous)
        : projectTimelineEntry(
            event.type,
            null,
            after as unknown as Record<string, unknown>,
            stageLabel,
            fieldLabel,
          );
    if (entry) {
      const actor = (event.metadata.actor ?? {}) as { trigram?: string | null };
      let params = pendingTimeline.get(db);
      if (!params) pendingTimeline.set(db, (params = []));
      params.push(
        event.id,
        id,
        // When it happened: a demo event's own backdated time (issue 15 point 26).
        occurredAt(event),
        entry.type,
        entry.label,
        JSON.stringify(entry.params),
        actor.trigram ?? null,
      );
    }
  },
  flush(db) {
    flushTimeline(db);
    const held = pending.get(db);
    if (!held?.size) return;
    // Without the search index (a replay), tiles are written as documents are, by batches,
    // those before a removed one first: in the order of one write per file.
    const indexed = sql(db).search !== null;
    const docs: unknown[] = [];
    let tiles: unknown[] = [];
    for (const [id, { state: project }] of held) {
      docs.push(id, stringifyProjectDoc(project));
      if ((project as unknown as { deleted?: boolean }).deleted) {
        writeRows(db, TILES, tiles);
        tiles = [];
        removeTile(db, id);
      } else if (indexed) saveTile(db, project);
      else pushTile(tiles, project, searchText(project));
    }
    writeRows(db, TILES, tiles);
    writeRows(db, DOCS, docs);
    held.clear();
  },
  discard(db) {
    pending.get(db)?.clear();
    pendingTimeline.delete(db);
  },
};

export const timelineHiddenProjection: Projection = {
  name: 'timeline-hidden',
  version: 1,
  handles: ['TimelineEntryHidden'],
  setup() {},
  drop() {},
  apply(db, event) {
    flushTimeline(db); // the entry may have been added earlier in this page
    db.prepare('UPDATE timeline SET hidden = 1 WHERE id = ?').run(
      (event.data as { entryId: string }).entryId,
    );
  },
};
