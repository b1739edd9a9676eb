import type Database from 'better-sqlite3';
import {
  occurredAt,
  FIELD_LABELS,
  Project,
  projectDecider,
  ProjectEvent,
  projectTimelineEntry,
  stageLabel,
} from '@reloc/domain';
import type { RecordedEvent } from '@reloc/eventstore';
import { Projection } from '../infrastructure/projection';
import { preparedPerConnection } from '../infrastructure/prepared-statements';

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

function prepare(db: Database.Database) {
  return {
    doc: db.prepare('SELECT doc FROM project_docs WHERE id = ?').pluck(),
    saveDoc: db.prepare('INSERT OR REPLACE INTO project_docs (id, doc) VALUES (?, ?)'),
    saveTile: db.prepare(
      `INSERT OR REPLACE INTO project_board
        (id, first_name, last_name, user_id, phone, company, company_id, current_progress, stopped,
         has_alert, tags, assignees, alerts, alerts_skipped, created_at, year, last_move, date_move, search)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    removeTile: db.prepare('DELETE FROM project_board WHERE id = ?'),
    addTimeline: db.prepare(
      `INSERT OR IGNORE INTO timeline (id, target_id, date, type, label, params, author, from_hil)
       VALUES (?, ?, ?, ?, ?, ?, ?, 1)`,
    ),
  };
}

const sql = preparedPerConnection(prepare);

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

function saveTile(db: Database.Database, project: Project): void {
  const r = project as unknown as Record<string, unknown>;
  const progress = (r.progress ?? {}) as Record<string, string>;
  const current = text(r.currentProgress);
  // Raised alerts and their lifts: which are active is decided at read time (lifts expire).
  const alerts = (r.alerts ?? {}) as Record<string, string>;
  const alertsSkipped = (r.alertsSkipped ?? {}) as Record<string, string>;
  const createdAt = text(r.createdAt);
  sql(db).saveTile.run(
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
    searchText(project),
  );
}

/**
 * Projects, folded with the domain's own `evolve`: the whole file as a document (for the
 * project page), its board tile (for the boards' filters and counts) and its timeline.
 */
export const projectsProjection: Projection = {
  name: 'projects',
  // 3: the timeline dates an event by when it happened (its metadata's `at`).
  version: 3,
  handles: Object.keys(PROJECT_EVENT_TYPES),
  setup(db) {
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
      CREATE TABLE IF NOT EXISTS timeline (
        id TEXT PRIMARY KEY, target_id TEXT NOT NULL, date TEXT NOT NULL, type TEXT NOT NULL,
        label TEXT NOT NULL, params TEXT NOT NULL, author TEXT, from_hil INTEGER NOT NULL,
        hidden INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX IF NOT EXISTS timeline_target ON timeline (target_id, date);`);
    sql.forget(db);
  },
  drop(db) {
    sql.forget(db);
    db.exec(
      'DROP TABLE IF EXISTS project_docs; DROP TABLE IF EXISTS project_board; DROP TABLE IF EXISTS timeline;',
    );
  },
  apply(db, event: RecordedEvent) {
    if (!PROJECT_EVENT.test(event.type)) return;
    const id = event.streamId.replace(/^project-/, '');
    const raw = sql(db).doc.get(id) as string | undefined;
    const before = raw ? (JSON.parse(raw) as Project) : projectDecider.initialState();
    const after = projectDecider.evolve(before, {
      type: event.type,
      data: event.data,
    } as ProjectEvent);
    const entry = projectTimelineEntry(
      event.type,
      raw ? (before as unknown as Record<string, unknown>) : null,
      after as unknown as Record<string, unknown>,
      stageLabel,
      (field) => (FIELD_LABELS as Record<string, string>)[field] ?? field,
    );
    const actor = (event.metadata.actor ?? {}) as { trigram?: string | null };
    if (entry) {
      sql(db).addTimeline.run(
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
    sql(db).saveDoc.run(id, JSON.stringify(after));
    if ((after as unknown as { deleted?: boolean }).deleted) sql(db).removeTile.run(id);
    else saveTile(db, after);
  },
};

export const timelineHiddenProjection: Projection = {
  name: 'timeline-hidden',
  version: 1,
  handles: ['TimelineEntryHidden'],
  setup() {},
  drop() {},
  apply(db, event) {
    db.prepare('UPDATE timeline SET hidden = 1 WHERE id = ?').run(
      (event.data as { entryId: string }).entryId,
    );
  },
};
