import type Database from 'better-sqlite3';
import { ASSIGNEE_ROLES, isProjectStage, statusesReachedAt } from '@reloc/domain';
import type { RecordedEvent } from '@reloc/eventstore';
import { Projection } from '../infrastructure/projection';
import { preparedPerConnection } from '../infrastructure/prepared-statements';

/** Staff assignees counted on the dashboard (the prescriptor is a customer id, not staff). */
const STAFF_ASSIGNEES = new Set<string>(ASSIGNEE_ROLES.filter((role) => role !== 'prescriptor'));

function prepare(db: Database.Database) {
  return {
    company: db.prepare('UPDATE dashboard_files SET company = ? WHERE project_id = ?'),
    unassign: db.prepare('DELETE FROM dashboard_assignees WHERE project_id = ? AND role = ?'),
    dropFile: db.prepare('DELETE FROM dashboard_files WHERE project_id = ?'),
    dropReached: db.prepare('DELETE FROM dashboard_reached WHERE project_id = ?'),
    dropAssignees: db.prepare('DELETE FROM dashboard_assignees WHERE project_id = ?'),
  };
}

const sql = preparedPerConnection(prepare);

/** Rows written per statement during a page (three parameters a row, in every table). */
const ROWS_BATCH = 100;

/** The page's multi-row writes, one per table, each by its number of rows. */
const BATCHED = {
  files: 'INSERT OR REPLACE INTO dashboard_files (project_id, created_at, company)',
  reached: 'INSERT OR IGNORE INTO dashboard_reached (project_id, status, at)',
  assignees: 'INSERT OR REPLACE INTO dashboard_assignees (project_id, role, trigram)',
} as const;

/** Multi-row inserts, prepared once per connection, table and number of rows. */
const batchedInserts = new WeakMap<Database.Database, Map<string, Database.Statement>>();

function batchedInsert(
  db: Database.Database,
  table: keyof typeof BATCHED,
  rows: number,
): Database.Statement {
  let byKey = batchedInserts.get(db);
  if (!byKey) batchedInserts.set(db, (byKey = new Map()));
  const key = `${table} ${rows}`;
  let statement = byKey.get(key);
  if (!statement) {
    statement = db.prepare(
      `${BATCHED[table]} VALUES ${Array.from({ length: rows }, () => '(?, ?, ?)').join(', ')}`,
    );
    byKey.set(key, statement);
  }
  return statement;
}

/**
 * Writes rows of three parameters in statements of up to ROWS_BATCH rows, in their order: the
 * same rows, rowids and replacements as one statement a row.
 */
function insertRows(db: Database.Database, table: keyof typeof BATCHED, params: unknown[]): void {
  const rows = params.length / 3;
  let done = 0;
  for (; done + ROWS_BATCH <= rows; done += ROWS_BATCH)
    batchedInsert(db, table, ROWS_BATCH).run(params.slice(done * 3, (done + ROWS_BATCH) * 3));
  if (done < rows) batchedInsert(db, table, rows - done).run(params.slice(done * 3));
}

/**
 * What the current page changed, written once when it ends: files created (with their
 * company), reached rows in the order they came (the first date of a stage wins), and each
 * file's staff holders by role (null: none). Every write sets a row or deletes it, so the last
 * one of a key is the row; a deleted file is written first, then removed.
 */
type Pending = {
  files: Map<string, { createdAt: string; company: string | null }>;
  reached: unknown[];
  assignees: Map<string, Map<string, string | null>>;
};

const pendingWrites = new WeakMap<Database.Database, Pending>();

function pendingOf(db: Database.Database): Pending {
  let pending = pendingWrites.get(db);
  if (!pending)
    pendingWrites.set(db, (pending = { files: new Map(), reached: [], assignees: new Map() }));
  return pending;
}

function holdAssignee(db: Database.Database, id: string, role: string, trigram: string | null) {
  const { assignees } = pendingOf(db);
  let roles = assignees.get(id);
  if (!roles) assignees.set(id, (roles = new Map()));
  roles.set(role, trigram);
}

function writePending(db: Database.Database): void {
  const pending = pendingWrites.get(db);
  if (!pending) return;
  pendingWrites.delete(db);
  const files: unknown[] = [];
  for (const [id, file] of pending.files) files.push(id, file.createdAt, file.company);
  insertRows(db, 'files', files);
  insertRows(db, 'reached', pending.reached);
  // In the order held: a removal between two holders writes the holders before it first.
  let assigned: unknown[] = [];
  for (const [id, roles] of pending.assignees)
    for (const [role, trigram] of roles)
      if (trigram !== null) assigned.push(id, role, trigram);
      else {
        insertRows(db, 'assignees', assigned);
        assigned = [];
        sql(db).unassign.run(id, role);
      }
  insertRows(db, 'assignees', assigned);
}

type Data = Record<string, unknown> & { projectId: string };

/**
 * Stages each file is known to hold a `dashboard_reached` row for, during the current page:
 * every stage change names all the stages up to the new one, and those already there need no
 * write (the row keeps its first date). Forgotten at the end of every page, committed or not.
 */
const reachedInPage = new WeakMap<Database.Database, Map<string, Set<string>>>();

function reachedOf(db: Database.Database, id: string): Set<string> {
  let files = reachedInPage.get(db);
  if (!files) reachedInPage.set(db, (files = new Map()));
  let reached = files.get(id);
  if (!reached) files.set(id, (reached = new Set()));
  return reached;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);

/**
 * The dashboard's monthly facts (spec §2 "Dashboard"): each file's creation, the first time it
 * reached each key stage, and its current staff assignees (a file counts for whoever holds it,
 * so a file handed over follows its new holder). The B2C counters are read from
 * `announcement_activity`, not copied.
 */
export const dashboardProjection: Projection = {
  name: 'dashboard',
  version: 1,
  handles: [
    'ProjectCreated',
    'ProjectFieldsChanged',
    'ProjectStageChanged',
    'ProjectAssigneeChanged',
    'ProjectDeleted',
  ],
  // Its writes find rows by file (the primary keys); the dashboard's queries read these.
  deferredIndexes: ['dashboard_reached_at', 'dashboard_assignees_trigram'],
  setup(db) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS dashboard_files (
        project_id TEXT PRIMARY KEY, created_at TEXT NOT NULL, company TEXT
      );
      CREATE TABLE IF NOT EXISTS dashboard_reached (
        project_id TEXT NOT NULL, status TEXT NOT NULL, at TEXT NOT NULL,
        PRIMARY KEY (project_id, status)
      );
      CREATE INDEX IF NOT EXISTS dashboard_reached_at ON dashboard_reached (at);
      CREATE TABLE IF NOT EXISTS dashboard_assignees (
        project_id TEXT NOT NULL, role TEXT NOT NULL, trigram TEXT NOT NULL,
        PRIMARY KEY (project_id, role)
      );
      CREATE INDEX IF NOT EXISTS dashboard_assignees_trigram
        ON dashboard_assignees (trigram, project_id);`);
    sql.forget(db);
  },
  drop(db) {
    sql.forget(db);
    reachedInPage.delete(db);
    pendingWrites.delete(db);
    batchedInserts.delete(db);
    db.exec(`DROP TABLE IF EXISTS dashboard_files; DROP TABLE IF EXISTS dashboard_reached;
      DROP TABLE IF EXISTS dashboard_assignees;`);
  },
  flush(db) {
    writePending(db);
    reachedInPage.delete(db);
  },
  discard(db) {
    pendingWrites.delete(db);
    reachedInPage.delete(db);
  },
  apply(db, event: RecordedEvent) {
    const data = event.data as Data;
    const id = data.projectId;
    const q = sql(db);
    switch (event.type) {
      case 'ProjectCreated': {
        const createdAt = String(data.createdAt);
        const fields = (data.fields ?? {}) as Record<string, unknown>;
        const pending = pendingOf(db);
        pending.files.set(id, { createdAt, company: text(fields.company) });
        pending.reached.push(id, 'created', createdAt);
        reachedOf(db, id).add('created');
        for (const [role, trigram] of Object.entries((data.assignees ?? {}) as object))
          if (STAFF_ASSIGNEES.has(role) && text(trigram)) holdAssignee(db, id, role, trigram);
        return;
      }
      case 'ProjectFieldsChanged': {
        const changes = (data.changes ?? {}) as Record<string, unknown>;
        if (!('company' in changes)) return;
        const file = pendingWrites.get(db)?.files.get(id);
        if (file) file.company = text(changes.company);
        else q.company.run(text(changes.company), id);
        return;
      }
      case 'ProjectStageChanged': {
        if (!isProjectStage(data.to)) return;
        const reached = reachedOf(db, id);
        for (const status of statusesReachedAt(data.to)) {
          if (reached.has(status)) continue;
          pendingOf(db).reached.push(id, status, String(data.at));
          reached.add(status);
        }
        return;
      }
      case 'ProjectAssigneeChanged': {
        const role = String(data.role);
        if (!STAFF_ASSIGNEES.has(role)) return;
        holdAssignee(db, id, role, text(data.to) ? (data.to as string) : null);
        return;
      }
      case 'ProjectDeleted':
        writePending(db);
        q.dropFile.run(id);
        q.dropReached.run(id);
        reachedInPage.get(db)?.delete(id);
        q.dropAssignees.run(id);
        return;
    }
  },
};
