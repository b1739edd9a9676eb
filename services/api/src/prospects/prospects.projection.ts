import type Database from 'better-sqlite3';
import { Prospect, prospectDecider, ProspectEvent, prospectTimelineEntry } from '@reloc/domain';
import type { RecordedEvent } from '@reloc/eventstore';
import { Projection } from '../infrastructure/projection';
import { preparedPerConnection } from '../infrastructure/prepared-statements';

// Every prospect event type, checked by the compiler: a new one cannot be forgotten here.
const PROSPECT_EVENT_TYPES: Record<ProspectEvent['type'], true> = {
  ProspectCreated: true,
  ProspectFieldsChanged: true,
  ProspectStageChanged: true,
  ProspectAbandoned: true,
  ProspectResumed: true,
  ProspectAssigneeChanged: true,
  ProspectDeleted: true,
  ProspectFileAttached: true,
  ProspectFileRemoved: true,
  ProspectLinkClicked: true,
};

function prepare(db: Database.Database) {
  return {
    doc: db.prepare('SELECT doc FROM prospects WHERE id = ?').pluck(),
    save: db.prepare(
      `INSERT OR REPLACE INTO prospects
        (id, name, current_progress, stopped, type, last_move, search, tags, doc)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    remove: db.prepare('DELETE FROM prospects WHERE id = ?'),
    addTimeline: db.prepare(
      `INSERT OR IGNORE INTO prospect_timeline (id, target_id, date, type, label, params, author)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
  };
}

const sql = preparedPerConnection(prepare);

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Lower case without accents, so 'Société' is found by 'societe' (both sides go through it). */
export function foldText(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** What a person types to find a prospect: name, SIRET, contact, tags, ids. */
function searchText(p: Prospect): string {
  return foldText(
    [
      p.name,
      p.shortid,
      p.techname,
      p.siret,
      text(p.siret).replace(/\s/g, ''),
      p.address,
      p.companyContactName,
      p.companyContactMail,
      p.assignees.lead,
      p.assignees.sale,
      ...p.tags,
      p._id,
    ]
      .map(text)
      .filter(Boolean)
      .join('\n'),
  );
}

/**
 * Prospects (`prospect-<id>` streams), folded with the domain's own `evolve`: the whole
 * prospect as a document plus the board's columns, and its timeline entries.
 */
export const prospectsProjection: Projection = {
  name: 'prospects',
  version: 1,
  handles: Object.keys(PROSPECT_EVENT_TYPES),
  setup(db) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS prospects (
        id TEXT PRIMARY KEY, name TEXT NOT NULL, current_progress TEXT NOT NULL,
        stopped INTEGER NOT NULL, type TEXT, last_move TEXT NOT NULL, search TEXT NOT NULL,
        tags TEXT NOT NULL, doc TEXT NOT NULL
      );
      CREATE TABLE IF NOT EXISTS prospect_timeline (
        id TEXT PRIMARY KEY, target_id TEXT NOT NULL, date TEXT NOT NULL, type TEXT NOT NULL,
        label TEXT NOT NULL, params TEXT NOT NULL, author TEXT
      );
      CREATE INDEX IF NOT EXISTS prospect_timeline_target ON prospect_timeline (target_id, date);`);
    sql.forget(db);
  },
  drop(db) {
    sql.forget(db);
    db.exec('DROP TABLE IF EXISTS prospects; DROP TABLE IF EXISTS prospect_timeline;');
  },
  apply(db, event: RecordedEvent) {
    const id = event.streamId.replace(/^prospect-/, '');
    const domainEvent = { type: event.type, data: event.data } as ProspectEvent;
    const raw = sql(db).doc.get(id) as string | undefined;
    const before = raw ? (JSON.parse(raw) as Prospect) : prospectDecider.initialState();
    const after = prospectDecider.evolve(before, domainEvent);
    const entry = prospectTimelineEntry(domainEvent);
    if (entry)
      sql(db).addTimeline.run(
        event.id,
        id,
        text(domainEvent.data.at) || event.createdAt,
        entry.type,
        entry.label,
        JSON.stringify(entry.params),
        text(domainEvent.data.by) || null,
      );
    if (after.deleted) {
      sql(db).remove.run(id);
      return;
    }
    sql(db).save.run(
      id,
      after.name,
      after.currentProgress,
      after.progress.stopped ? 1 : 0,
      after.type,
      after.lastMove || after.createdAt,
      searchText(after),
      JSON.stringify(after.tags),
      JSON.stringify(after),
    );
  },
};
