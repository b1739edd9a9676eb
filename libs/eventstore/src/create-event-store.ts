import { EsdbEventStore } from './esdb/esdb-event-store';
import { ChainedEventStore } from './chain';
import { SqliteEventStore } from './sqlite/sqlite-event-store';

/**
 * EventStoreDB when EVENTSTORE_URL is set (scaled mode), otherwise the embedded SQLite file;
 * either way every append is hash-chained per stream (tamper evidence, `npm run verify-log`).
 */
export function createEventStore(
  env: NodeJS.ProcessEnv = process.env,
  { sqlitePath }: { sqlitePath: string },
): ChainedEventStore {
  return new ChainedEventStore(
    env.EVENTSTORE_URL ? new EsdbEventStore(env.EVENTSTORE_URL) : new SqliteEventStore(sqlitePath),
  );
}
