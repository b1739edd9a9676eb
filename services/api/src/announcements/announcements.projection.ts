import type Database from 'better-sqlite3';
import { Announcement, announcementDecider, AnnouncementEvent } from '@reloc/domain';
import type { RecordedEvent } from '@reloc/eventstore';
import { Projection } from '../infrastructure/projection';
import { preparedPerConnection } from '../infrastructure/prepared-statements';

// Every announcement event type, checked by the compiler: a new one cannot be forgotten here.
const ANNOUNCEMENT_EVENT_TYPES: Record<AnnouncementEvent['type'], true> = {
  AnnouncementCreated: true,
  AnnouncementUpdated: true,
  AnnouncementSeen: true,
  AnnouncementConverted: true,
};

function prepare(db: Database.Database) {
  return {
    doc: db.prepare('SELECT doc FROM announcements WHERE id = ?').pluck(),
    save: db.prepare(
      `INSERT OR REPLACE INTO announcements (id, created_at, search, doc) VALUES (?, ?, ?, ?)`,
    ),
  };
}

const sql = preparedPerConnection(prepare);

/** What the list's search looks into: title, address and sales trigram, lowercased. */
export function announcementSearchText(a: Announcement): string {
  return [a.title, a.address, a.saleTrigram].filter(Boolean).join(' ').toLocaleLowerCase('fr-FR');
}

/** Announcements (`announcement-<id>` streams), folded with the domain's own `evolve`. */
export const announcementsProjection: Projection = {
  name: 'announcements',
  version: 1,
  handles: Object.keys(ANNOUNCEMENT_EVENT_TYPES).filter((t) => t !== 'AnnouncementSeen'),
  setup(db) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS announcements (
        id TEXT PRIMARY KEY, created_at TEXT NOT NULL, search TEXT NOT NULL, doc TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS announcements_created ON announcements (created_at, id);`);
    sql.forget(db);
  },
  drop(db) {
    sql.forget(db);
    db.exec('DROP TABLE IF EXISTS announcements;');
  },
  apply(db, event: RecordedEvent) {
    const id = event.streamId.replace(/^announcement-/, '');
    const raw = sql(db).doc.get(id) as string | undefined;
    const before = raw ? (JSON.parse(raw) as Announcement) : announcementDecider.initialState();
    const after = announcementDecider.evolve(before, {
      type: event.type,
      data: event.data,
    } as AnnouncementEvent);
    if (!after) return;
    sql(db).save.run(id, after.createdAt, announcementSearchText(after), JSON.stringify(after));
  },
};

/**
 * Seen and saved counters per staff member and day (the dashboard's B2C chart): a page opened
 * counts as seen, a save that changed something (fields, status or conversion) as saved.
 */
export const announcementActivityProjection: Projection = {
  name: 'announcement_activity',
  version: 1,
  handles: ['AnnouncementSeen', 'AnnouncementUpdated', 'AnnouncementConverted'],
  setup(db) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS announcement_activity (
        staff_id TEXT NOT NULL, trigram TEXT, day TEXT NOT NULL,
        seen INTEGER NOT NULL DEFAULT 0, saved INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (staff_id, day)
      );`);
  },
  drop(db) {
    db.exec('DROP TABLE IF EXISTS announcement_activity;');
  },
  apply(db, event: RecordedEvent) {
    const data = event.data as { at: string; by: { id: string; trigram: string | null } };
    const seen = event.type === 'AnnouncementSeen' ? 1 : 0;
    db.prepare(
      `INSERT INTO announcement_activity (staff_id, trigram, day, seen, saved) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (staff_id, day) DO UPDATE SET
         seen = seen + excluded.seen, saved = saved + excluded.saved, trigram = excluded.trigram`,
    ).run(data.by.id, data.by.trigram, data.at.slice(0, 10), seen, 1 - seen);
  },
};
