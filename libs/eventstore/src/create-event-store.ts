import { EsdbEventStore } from './esdb/esdb-event-store';
import type { EventStore } from './event-store';
import { SqliteEventStore } from './sqlite/sqlite-event-store';

/** EventStoreDB when EVENTSTORE_URL is set (scaled mode), otherwise the embedded SQLite file. */
export function createEventStore(
  env: NodeJS.ProcessEnv = process.env,
  { sqlitePath }: { sqlitePath: string },
): EventStore {
  return env.EVENTSTORE_URL
    ? new EsdbEventStore(env.EVENTSTORE_URL)
    : new SqliteEventStore(sqlitePath);
}
