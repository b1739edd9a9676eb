import { EsdbEventStore } from './esdb/esdb-event-store';
import { ChainedEventStore } from './chain';
import { EventStore } from './event-store';
import { PostgresEventStore } from './postgres/postgres-event-store';
import { SqliteEventStore } from './sqlite/sqlite-event-store';

/**
 * The store EVENTSTORE_URL names: `postgres://` or `postgresql://` PostgreSQL, `esdb://` or
 * `esdb+discover://` EventStoreDB (scaled mode); unset or empty the embedded SQLite file. Either
 * way every append is hash-chained per stream (tamper evidence, `npm run verify-log`).
 */
export function createEventStore(
  env: NodeJS.ProcessEnv = process.env,
  { sqlitePath }: { sqlitePath: string },
): ChainedEventStore {
  return new ChainedEventStore(openStore(env.EVENTSTORE_URL?.trim(), sqlitePath));
}

function openStore(url: string | undefined, sqlitePath: string): EventStore {
  if (!url) return new SqliteEventStore(sqlitePath);
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1].toLowerCase();
  switch (scheme) {
    case 'postgres':
    case 'postgresql':
      return new PostgresEventStore(url);
    case 'esdb':
    case 'esdb+discover':
      return new EsdbEventStore(url);
    default:
      throw new Error(
        `EVENTSTORE_URL must start with postgres://, postgresql://, esdb:// or esdb+discover:// (got ${scheme ? `${scheme}://` : 'no scheme'})`,
      );
  }
}
