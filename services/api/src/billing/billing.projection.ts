import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { RecordedEvent } from '@reloc/eventstore';
import {
  applyRewards,
  BillingEntryConfirmed,
  billingLines,
  BillingOverrides,
  BillingSnapshot,
  BillingStep,
  BillingVisit,
  emptyRewards,
  billingMonthOf,
  REWARD_ROLES,
  RewardGrid,
  Rewards,
  RewardsPatch,
  VisitAuthor,
  visitsByAssignee,
} from '@reloc/domain';
import { Projection } from '../infrastructure/projection';
import { preparedPerConnection } from '../infrastructure/prepared-statements';

/**
 * Billing read model, folded from the log alone (users' rewards, files' stages, assignees and
 * overrides, proposals' visits, confirmations): replaying the log gives the same cents.
 *
 * - billing_users / billing_projects / billing_visits: what billing needs of other streams.
 * - billing_entries: one open entry per actor and month; a confirmed one is read-only and
 *   later lines open a new one. billing_lines: the files' lines inside entries.
 */
type ProjectRow = {
  id: string;
  first_name: string | null;
  last_name: string | null;
  assignees: string;
  overrides: string;
  reached: string;
  stopped: number;
  deleted: number;
};
type Reached = Partial<Record<BillingStep, BillingSnapshot & { at: string }>>;
type LineRow = {
  id: string;
  entry_id: string;
  project_id: string;
  step: string;
  user_id: string;
  amount: number;
  roles: string;
};

function prepareStatements(db: Database.Database) {
  return {
    userInsert: db.prepare(
      `INSERT OR REPLACE INTO billing_users (id, trigram, first_name, last_name, rewards, pending_custom)
       VALUES (?, ?, ?, ?, ?, 0)`,
    ),
    userGet: db.prepare('SELECT * FROM billing_users WHERE id = ?'),
    userByTrigram: db.prepare(
      'SELECT id, rewards FROM billing_users WHERE trigram = ? ORDER BY id LIMIT 1',
    ),
    userUpdate: db.prepare(
      `UPDATE billing_users SET first_name = ?, last_name = ?, trigram = ?, rewards = ?, pending_custom = ?
       WHERE id = ?`,
    ),
    userSetPending: db.prepare('UPDATE billing_users SET pending_custom = ? WHERE id = ?'),
    projectInsert: db.prepare(
      `INSERT OR REPLACE INTO billing_projects (id, first_name, last_name, assignees, overrides, reached, stopped, deleted)
       VALUES (?, ?, ?, ?, ?, '{}', 0, 0)`,
    ),
    projectGet: db.prepare('SELECT * FROM billing_projects WHERE id = ?'),
    projectNames: db.prepare(
      'UPDATE billing_projects SET first_name = ?, last_name = ? WHERE id = ?',
    ),
    projectSave: db.prepare(
      `INSERT OR REPLACE INTO billing_projects (id, first_name, last_name, assignees, overrides, reached, stopped, deleted)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    projectStopped: db.prepare('UPDATE billing_projects SET stopped = ? WHERE id = ?'),
    projectDeleted: db.prepare('UPDATE billing_projects SET deleted = 1 WHERE id = ?'),
    visitInsert: db.prepare(
      'INSERT OR REPLACE INTO billing_visits (id, project_id, date_visite, author, cancelled) VALUES (?, ?, NULL, NULL, 0)',
    ),
    visitPlanned: db.prepare(
      'UPDATE billing_visits SET date_visite = ?, author = ?, cancelled = 0 WHERE id = ?',
    ),
    visitUnplanned: db.prepare('UPDATE billing_visits SET date_visite = NULL WHERE id = ?'),
    visitAuthor: db.prepare('UPDATE billing_visits SET author = ? WHERE id = ?'),
    visitCancelled: db.prepare('UPDATE billing_visits SET cancelled = 1 WHERE id = ?'),
    visitsOf: db.prepare(
      'SELECT date_visite AS dateVisite, author, cancelled FROM billing_visits WHERE project_id = ?',
    ),
    openEntry: db.prepare(
      'SELECT id FROM billing_entries WHERE user_id = ? AND month = ? AND confirmed = 0 LIMIT 1',
    ),
    entriesCount: db.prepare(
      'SELECT count(*) FROM billing_entries WHERE user_id = ? AND month = ?',
    ),
    entryInsert: db.prepare(
      `INSERT INTO billing_entries (id, user_id, month, seq, date, lines_total, custom, total, confirmed)
       VALUES (?, ?, ?, ?, ?, 0, 0, 0, 0)`,
    ),
    entryGet: db.prepare('SELECT * FROM billing_entries WHERE id = ?'),
    entryRetotal: db.prepare(
      `UPDATE billing_entries SET
         lines_total = (SELECT coalesce(sum(amount), 0) FROM billing_lines WHERE entry_id = billing_entries.id),
         total = custom + (SELECT coalesce(sum(amount), 0) FROM billing_lines WHERE entry_id = billing_entries.id)
       WHERE id = ?`,
    ),
    entryConfirm: db.prepare(
      `UPDATE billing_entries SET confirmed = 1, confirmed_at = ?, confirmed_by = ?, custom = ?,
         lines_total = ? - ?, total = ? WHERE id = ?`,
    ),
    openOfUser: db.prepare(
      'SELECT id FROM billing_entries WHERE user_id = ? AND confirmed = 0 ORDER BY month DESC, seq DESC',
    ),
    entryCustom: db.prepare(
      'UPDATE billing_entries SET custom = ?, total = lines_total + ? WHERE id = ?',
    ),
    linesOf: db.prepare(
      'SELECT * FROM billing_lines WHERE project_id = ? AND step = ? AND user_id = ? ORDER BY id',
    ),
    linesOfEntry: db.prepare('SELECT * FROM billing_lines WHERE entry_id = ?'),
    lineInsert: db.prepare(
      `INSERT INTO billing_lines (id, entry_id, project_id, step, user_id, amount, roles, at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    lineUpdate: db.prepare('UPDATE billing_lines SET amount = ?, roles = ? WHERE id = ?'),
    lineMove: db.prepare('UPDATE billing_lines SET entry_id = ? WHERE id = ?'),
  };
}
type Sql = ReturnType<typeof prepareStatements>;

const statementsOf = preparedPerConnection(prepareStatements);

/** A stable 24-hex id for the n-th entry of an actor in a month: replays give the same ids. */
export function billingEntryId(userId: string, month: string, seq: number): string {
  return createHash('sha1').update(`${userId}:${month}:${seq}`).digest('hex').slice(0, 24);
}

function openEntryFor(sql: Sql, userId: string, month: string): string {
  const open = sql.openEntry.pluck().get(userId, month) as string | undefined;
  if (open) return open;
  const seq = (sql.entriesCount.pluck().get(userId, month) as number) + 1;
  const id = billingEntryId(userId, month, seq);
  sql.entryInsert.run(id, userId, month, seq, `${month}-01T00:00:00.000Z`);
  return id;
}

/** The pending custom adjustment sits on the user's latest open entry (their next settlement). */
function placeCustom(sql: Sql, userId: string): void {
  const pending = (sql.userGet.get(userId) as { pending_custom: number } | undefined)
    ?.pending_custom;
  const open = sql.openOfUser.pluck().all(userId) as string[];
  open.forEach((id, i) => {
    const custom = i === 0 ? (pending ?? 0) : 0;
    sql.entryCustom.run(custom, custom, id);
  });
}

/** Brings the lines of (file, step, actor) to `amount`: the open entry's line absorbs the gap. */
function reconcile(
  sql: Sql,
  projectId: string,
  step: BillingStep,
  userId: string,
  amount: number,
  roles: string[],
  at: string,
): void {
  const lines = sql.linesOf.all(projectId, step, userId) as LineRow[];
  const booked = lines.reduce((sum, line) => sum + line.amount, 0);
  const gap = amount - booked;
  if (lines.length && gap === 0) return;
  const entryId = openEntryFor(sql, userId, billingMonthOf(at));
  const open = lines.find((line) => line.entry_id === entryId);
  if (open) sql.lineUpdate.run(open.amount + gap, JSON.stringify(roles), open.id);
  else
    sql.lineInsert.run(
      `${projectId}-${step}-${userId}-${lines.length}`,
      entryId,
      projectId,
      step,
      userId,
      gap,
      JSON.stringify(roles),
      at,
    );
  sql.entryRetotal.run(entryId);
  placeCustom(sql, userId);
}

/**
 * `billing_projects` rows as read or written during the current page (null: no row), so the
 * file's later events in the page need not read it again. Replaced, never changed in place
 * (a caller's row stays what it read); forgotten at the end of every page, committed or not.
 * Rows changed in the page (`dirtyProjects`) are written once, when it ends: nothing reads
 * billing_projects but `getProject` during a page.
 */
const projectRows = new WeakMap<Database.Database, Map<string, ProjectRow | null>>();
const dirtyProjects = new WeakMap<Database.Database, Set<string>>();

function markDirty(db: Database.Database, id: string): void {
  let dirty = dirtyProjects.get(db);
  if (!dirty) dirtyProjects.set(db, (dirty = new Set()));
  dirty.add(id);
}

/** Writes the rows changed during the page (all of them, or the one file given). */
function writeProjects(db: Database.Database, only?: string): void {
  const dirty = dirtyProjects.get(db);
  if (!dirty?.size) return;
  const rows = projectRows.get(db);
  const save = statementsOf(db).projectSave;
  for (const id of only === undefined ? dirty : dirty.has(only) ? [only] : []) {
    const row = rows?.get(id);
    if (row)
      save.run(
        row.id,
        row.first_name,
        row.last_name,
        row.assignees,
        row.overrides,
        row.reached,
        row.stopped,
        row.deleted,
      );
  }
  if (only === undefined) dirty.clear();
  else dirty.delete(only);
}

function forgetProjects(db: Database.Database): void {
  projectRows.delete(db);
  dirtyProjects.delete(db);
}

function projectRowsOf(db: Database.Database): Map<string, ProjectRow | null> {
  let rows = projectRows.get(db);
  if (!rows) projectRows.set(db, (rows = new Map()));
  return rows;
}

function getProject(db: Database.Database, sql: Sql, id: string): ProjectRow | undefined {
  const rows = projectRowsOf(db);
  let row = rows.get(id);
  if (row === undefined) {
    row = (sql.projectGet.get(id) as ProjectRow | undefined) ?? null;
    rows.set(id, row);
  }
  return row ?? undefined;
}

/**
 * Changes a row read by `getProject` (texts and integers, stored as given), written when the
 * page ends. Answers false when the row is not held (the caller writes it itself).
 */
function patchProject(db: Database.Database, id: string, patch: Partial<ProjectRow>): boolean {
  const rows = projectRows.get(db);
  const row = rows?.get(id);
  if (!row) return false;
  rows!.set(id, { ...row, ...patch });
  markDirty(db, id);
  return true;
}

const textOrNull = (value: unknown): value is string | null =>
  value === null || typeof value === 'string';

type StaffRow = { id: string; rewards: string };

/**
 * Staff rows by trigram as read during the current page: every file reaching a step looks its
 * assignees up, and users change rarely. Forgotten at every write of `billing_users` and at
 * the end of every page (committed or not).
 */
const staffByTrigram = new WeakMap<Database.Database, Map<string, StaffRow | null>>();

function resolveStaff(
  db: Database.Database,
  sql: Sql,
  trigram: string | null,
): { id: string; rewards: Rewards } | null {
  if (!trigram) return null;
  let known = staffByTrigram.get(db);
  if (!known) staffByTrigram.set(db, (known = new Map()));
  let row = known.get(trigram);
  if (row === undefined) {
    row = (sql.userByTrigram.get(trigram) as StaffRow | undefined) ?? null;
    known.set(trigram, row);
  }
  return row ? { id: row.id, rewards: JSON.parse(row.rewards) as Rewards } : null;
}

/** The file first reaches sentToAL or paid: its assignees, their grids and visits are frozen. */
function reachStep(
  db: Database.Database,
  sql: Sql,
  project: ProjectRow,
  step: BillingStep,
  at: string,
): void {
  const reached = JSON.parse(project.reached) as Reached;
  if (reached[step]) return;
  const trigrams = JSON.parse(project.assignees) as Record<string, string | null>;
  const assignees: BillingSnapshot['assignees'] = {};
  const rewards: Record<string, RewardGrid> = {};
  const byTrigram: Record<string, string> = {};
  for (const role of REWARD_ROLES) {
    const staff = resolveStaff(db, sql, trigrams[role] ?? null);
    assignees[role] = staff?.id ?? null;
    if (staff) {
      rewards[staff.id] = staff.rewards[step];
      byTrigram[trigrams[role] as string] = staff.id;
    }
  }
  let visits: Record<string, number>;
  if (step === 'paid' && reached.sentToAL) {
    visits = reached.sentToAL.visits; // frozen at sentToAL
  } else {
    const rows = sql.visitsOf.all(project.id) as {
      dateVisite: string | null;
      author: VisitAuthor | null;
      cancelled: number;
    }[];
    const list: BillingVisit[] = rows.map((r) => ({ ...r, cancelled: r.cancelled === 1 }));
    visits = visitsByAssignee(list, assignees, at);
  }
  // A visitor who holds no role on the file still needs their grid for the visits line.
  for (const actor of Object.keys(visits)) {
    if (rewards[actor]) continue;
    const row = sql.userGet.get(actor) as { rewards: string } | undefined;
    if (row) rewards[actor] = (JSON.parse(row.rewards) as Rewards)[step];
  }
  const snapshot = { step, assignees, rewards, visits, at };
  const reachedText = JSON.stringify({ ...reached, [step]: snapshot });
  patchProject(db, project.id, { reached: reachedText }); // held: `project` came from getProject
  if (project.deleted) return;
  const overrides = JSON.parse(project.overrides) as BillingOverrides;
  for (const line of billingLines(snapshot, overrides))
    reconcile(sql, project.id, step, line.actor, line.amount, line.roles, at);
}

/** A changed override re-prices the steps already reached; the difference goes to open entries. */
function reprice(sql: Sql, project: ProjectRow, overrides: BillingOverrides, at: string): void {
  const reached = JSON.parse(project.reached) as Reached;
  for (const step of ['sentToAL', 'paid'] as const) {
    const snapshot = reached[step];
    if (!snapshot) continue;
    for (const line of billingLines(snapshot, overrides))
      reconcile(sql, project.id, step, line.actor, line.amount, line.roles, at);
  }
}

function applyConfirmed(sql: Sql, data: BillingEntryConfirmed['data']): void {
  const entry = sql.entryGet.get(data.billingId) as { user_id: string; month: string } | undefined;
  if (!entry) return;
  const confirmedIds = new Set(data.lines.map((line) => line.lineId));
  const late = (sql.linesOfEntry.all(data.billingId) as LineRow[]).filter(
    (line) => !confirmedIds.has(line.id),
  );
  sql.entryConfirm.run(
    data.at,
    data.by,
    data.custom,
    data.total,
    data.custom,
    data.total,
    data.billingId,
  );
  // Lines that reached the entry after the reviewer read it go to a new open entry.
  if (late.length) {
    const next = openEntryFor(sql, entry.user_id, entry.month);
    for (const line of late) sql.lineMove.run(next, line.id);
    sql.entryRetotal.run(next);
  }
  const user = sql.userGet.get(data.userId) as { pending_custom: number } | undefined;
  if (user && user.pending_custom === data.custom) sql.userSetPending.run(0, data.userId);
  placeCustom(sql, data.userId);
}

type Data = Record<string, unknown> & {
  userId?: string;
  projectId?: string;
  proposalId?: string;
};

export const BILLING_EVENT_TYPES = [
  'UserCreated',
  'UserUpdated',
  'ProjectCreated',
  'ProjectFieldsChanged',
  'ProjectStageChanged',
  'ProjectAssigneeChanged',
  'ProjectBillingOverridden',
  'ProjectStopped',
  'ProjectRestarted',
  'ProjectDeleted',
  'ProposalCreated',
  'VisitPlanned',
  'VisitUnplanned',
  'VisitAuthorSet',
  'VisitCancelled',
  'BillingEntryConfirmed',
] as const;

export function applyBillingEvent(db: Database.Database, event: RecordedEvent): void {
  const sql = statementsOf(db);
  const d = event.data as Data;
  switch (event.type) {
    case 'UserCreated': {
      staffByTrigram.delete(db);
      const u = d as {
        userId: string;
        trigram: string | null;
        firstName: string;
        lastName: string;
      };
      sql.userInsert.run(
        u.userId,
        u.trigram,
        u.firstName,
        u.lastName,
        JSON.stringify(emptyRewards()),
      );
      return;
    }
    case 'UserUpdated': {
      staffByTrigram.delete(db);
      const { userId, changes } = d as {
        userId: string;
        changes: {
          firstName?: string;
          lastName?: string;
          trigram?: string | null;
          rewards?: RewardsPatch;
        };
      };
      const row = sql.userGet.get(userId) as
        | {
            first_name: string;
            last_name: string;
            trigram: string | null;
            rewards: string;
            pending_custom: number;
          }
        | undefined;
      if (!row) return;
      const rewards = changes.rewards
        ? applyRewards(JSON.parse(row.rewards) as Rewards, changes.rewards)
        : (JSON.parse(row.rewards) as Rewards);
      const customChanged = changes.rewards?.custom !== undefined;
      sql.userUpdate.run(
        changes.firstName ?? row.first_name,
        changes.lastName ?? row.last_name,
        changes.trigram !== undefined ? changes.trigram : row.trigram,
        JSON.stringify(rewards),
        customChanged ? Math.round((changes.rewards?.custom ?? 0) * 100) : row.pending_custom,
        userId,
      );
      if (customChanged) placeCustom(sql, userId);
      return;
    }
    case 'ProjectCreated': {
      const p = d as {
        projectId: string;
        fields: { firstName?: string | null; lastName?: string | null };
        assignees: Record<string, string | null>;
      };
      const row = {
        id: p.projectId,
        first_name: p.fields.firstName ?? null,
        last_name: p.fields.lastName ?? null,
        assignees: JSON.stringify(p.assignees ?? {}),
        overrides: JSON.stringify({ sentToAL: {}, paid: {} }),
        reached: '{}',
        stopped: 0,
        deleted: 0,
      };
      // Held (written when the page ends) only when SQLite would store exactly these values
      // (a number would be stored as text).
      if (typeof row.id === 'string' && textOrNull(row.first_name) && textOrNull(row.last_name)) {
        projectRowsOf(db).set(row.id, row);
        markDirty(db, row.id);
        return;
      }
      writeProjects(db, String(row.id));
      projectRows.get(db)?.delete(String(row.id));
      sql.projectInsert.run(row.id, row.first_name, row.last_name, row.assignees, row.overrides);
      return;
    }
    case 'ProjectFieldsChanged': {
      const { projectId, changes } = d as {
        projectId: string;
        changes: { firstName?: string | null; lastName?: string | null };
      };
      if (!('firstName' in changes) && !('lastName' in changes)) return;
      const row = getProject(db, sql, projectId);
      if (!row) return;
      const names = {
        first_name: 'firstName' in changes ? changes.firstName : row.first_name,
        last_name: 'lastName' in changes ? changes.lastName : row.last_name,
      };
      if (textOrNull(names.first_name) && textOrNull(names.last_name)) {
        patchProject(db, projectId, names as Pick<ProjectRow, 'first_name' | 'last_name'>);
        return;
      }
      // Not held: SQLite converts them. The row's other changes are written first.
      writeProjects(db, projectId);
      projectRows.get(db)?.delete(projectId);
      sql.projectNames.run(names.first_name, names.last_name, projectId);
      return;
    }
    case 'ProjectAssigneeChanged': {
      const { projectId, role, to } = d as { projectId: string; role: string; to: string | null };
      const row = getProject(db, sql, projectId);
      if (!row) return;
      const assignees = JSON.stringify({ ...JSON.parse(row.assignees), [role]: to });
      patchProject(db, projectId, { assignees });
      return;
    }
    case 'ProjectStageChanged': {
      const { projectId, to, at } = d as { projectId: string; to: string; at: string };
      if (to !== 'sentToAL' && to !== 'paid') return;
      const row = getProject(db, sql, projectId);
      if (row) reachStep(db, sql, row, to, at ?? event.createdAt);
      return;
    }
    case 'ProjectBillingOverridden': {
      const { projectId, overrides } = d as { projectId: string; overrides: BillingOverrides };
      const row = getProject(db, sql, projectId);
      if (!row) return;
      const overridesText = JSON.stringify(overrides);
      patchProject(db, projectId, { overrides: overridesText });
      if (!row.deleted) reprice(sql, row, overrides, event.createdAt);
      return;
    }
    case 'ProjectStopped':
    case 'ProjectRestarted': {
      const stopped = event.type === 'ProjectStopped' ? 1 : 0;
      if (!patchProject(db, String(d.projectId), { stopped }))
        sql.projectStopped.run(stopped, d.projectId);
      return;
    }
    case 'ProjectDeleted':
      if (!patchProject(db, String(d.projectId), { deleted: 1 }))
        sql.projectDeleted.run(d.projectId);
      return;
    case 'ProposalCreated':
      sql.visitInsert.run(d.proposalId, (d as { idBuy: string }).idBuy);
      return;
    case 'VisitPlanned': {
      const v = d as { proposalId: string; dateVisite: string; author: VisitAuthor | null };
      sql.visitPlanned.run(v.dateVisite, v.author, v.proposalId);
      return;
    }
    case 'VisitUnplanned':
      sql.visitUnplanned.run(d.proposalId);
      return;
    case 'VisitAuthorSet':
      sql.visitAuthor.run((d as { author: string | null }).author, d.proposalId);
      return;
    case 'VisitCancelled':
      sql.visitCancelled.run(d.proposalId);
      return;
    case 'BillingEntryConfirmed':
      applyConfirmed(sql, d as unknown as BillingEntryConfirmed['data']);
      return;
  }
}

export const BILLING_TABLES = [
  'billing_users',
  'billing_projects',
  'billing_visits',
  'billing_entries',
  'billing_lines',
] as const;

export function setupBillingTables(db: Database.Database): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS billing_users (
      id TEXT PRIMARY KEY, trigram TEXT, first_name TEXT, last_name TEXT,
      rewards TEXT NOT NULL, pending_custom INTEGER NOT NULL DEFAULT 0);
    CREATE INDEX IF NOT EXISTS billing_users_trigram ON billing_users (trigram);
    CREATE TABLE IF NOT EXISTS billing_projects (
      id TEXT PRIMARY KEY, first_name TEXT, last_name TEXT, assignees TEXT NOT NULL,
      overrides TEXT NOT NULL, reached TEXT NOT NULL, stopped INTEGER NOT NULL DEFAULT 0,
      deleted INTEGER NOT NULL DEFAULT 0);
    CREATE TABLE IF NOT EXISTS billing_visits (
      id TEXT PRIMARY KEY, project_id TEXT NOT NULL, date_visite TEXT, author TEXT,
      cancelled INTEGER NOT NULL DEFAULT 0);
    CREATE INDEX IF NOT EXISTS billing_visits_project ON billing_visits (project_id);
    CREATE TABLE IF NOT EXISTS billing_entries (
      id TEXT PRIMARY KEY, user_id TEXT NOT NULL, month TEXT NOT NULL, seq INTEGER NOT NULL,
      date TEXT NOT NULL, lines_total INTEGER NOT NULL, custom INTEGER NOT NULL,
      total INTEGER NOT NULL, confirmed INTEGER NOT NULL, confirmed_at TEXT, confirmed_by TEXT);
    CREATE INDEX IF NOT EXISTS billing_entries_user ON billing_entries (user_id, month);
    CREATE TABLE IF NOT EXISTS billing_lines (
      id TEXT PRIMARY KEY, entry_id TEXT NOT NULL, project_id TEXT NOT NULL, step TEXT NOT NULL,
      user_id TEXT NOT NULL, amount INTEGER NOT NULL, roles TEXT NOT NULL, at TEXT NOT NULL);
    CREATE INDEX IF NOT EXISTS billing_lines_entry ON billing_lines (entry_id);
    CREATE INDEX IF NOT EXISTS billing_lines_key ON billing_lines (project_id, step, user_id);
  `);
}

/** The billing read model: entries, lines and what they are computed from. */
export const billingProjection: Projection = {
  name: 'billing',
  version: 1,
  handles: BILLING_EVENT_TYPES,
  setup(db) {
    setupBillingTables(db);
    statementsOf.forget(db);
  },
  drop(db) {
    statementsOf.forget(db);
    staffByTrigram.delete(db);
    forgetProjects(db);
    for (const table of BILLING_TABLES) db.exec(`DROP TABLE IF EXISTS ${table}`);
  },
  apply: applyBillingEvent,
  flush(db) {
    writeProjects(db);
    staffByTrigram.delete(db);
    forgetProjects(db);
  },
  discard(db) {
    staffByTrigram.delete(db);
    forgetProjects(db);
  },
};
