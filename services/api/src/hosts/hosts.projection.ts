import type Database from 'better-sqlite3';
import { Host, hostCreatedAt, hostDecider, HostEvent } from '@reloc/domain';
import type { RecordedEvent } from '@reloc/eventstore';
import { Projection } from '../infrastructure/projection';
import { preparedPerConnection } from '../infrastructure/prepared-statements';
import { hostSearchText } from './hosts.search';

// Every host event type, checked by the compiler: a new one cannot be forgotten here.
const HOST_EVENT_TYPES: Record<HostEvent['type'], true> = {
  HostCreated: true,
  HostUpdated: true,
  HostGeolocated: true,
  HostActiveSet: true,
  HostPublishSet: true,
};

function prepare(db: Database.Database) {
  return {
    doc: db.prepare('SELECT doc FROM hosts WHERE id = ?').pluck(),
    save: db.prepare(
      `INSERT OR REPLACE INTO hosts (id, created_at, is_active, publish, address, search, doc)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
  };
}

const sql = preparedPerConnection(prepare);

/**
 * Hosts (`host-<id>` streams), folded with the domain's own `evolve`: the whole host as a
 * document, plus the columns the catalogue search filters and sorts on.
 */
export const hostsProjection: Projection = {
  name: 'hosts',
  version: 1,
  handles: Object.keys(HOST_EVENT_TYPES),
  setup(db) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS hosts (
        id TEXT PRIMARY KEY, created_at TEXT NOT NULL, is_active INTEGER NOT NULL,
        publish INTEGER NOT NULL, address TEXT, search TEXT NOT NULL, doc TEXT NOT NULL
      );
      -- Newest first (creation date from the id), with or without the availability filter.
      CREATE INDEX IF NOT EXISTS hosts_created ON hosts (created_at, id);
      CREATE INDEX IF NOT EXISTS hosts_active_created ON hosts (is_active, created_at, id);`);
    sql.forget(db);
  },
  drop(db) {
    sql.forget(db);
    db.exec('DROP TABLE IF EXISTS hosts;');
  },
  apply(db, event: RecordedEvent) {
    const id = event.streamId.replace(/^host-/, '');
    const raw = sql(db).doc.get(id) as string | undefined;
    const before = raw ? (JSON.parse(raw) as Host) : hostDecider.initialState();
    const after = hostDecider.evolve(before, { type: event.type, data: event.data } as HostEvent);
    sql(db).save.run(
      id,
      hostCreatedAt(after) ?? event.createdAt,
      after.isActive ? 1 : 0,
      after.publish ? 1 : 0,
      after.address,
      hostSearchText(after),
      JSON.stringify(after),
    );
  },
};
