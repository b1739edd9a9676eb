import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChainedEventStore } from './chain';
import { createEventStore } from './create-event-store';
import { EsdbEventStore } from './esdb/esdb-event-store';
import { PostgresEventStore } from './postgres/postgres-event-store';
import { SqliteEventStore } from './sqlite/sqlite-event-store';

describe('createEventStore', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'reloc-eventstore-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const open = (EVENTSTORE_URL?: string) =>
    createEventStore(EVENTSTORE_URL === undefined ? {} : { EVENTSTORE_URL }, {
      sqlitePath: join(dir, 'reloc.db'),
    });

  it('opens the SQLite file when EVENTSTORE_URL is unset or empty', async () => {
    for (const url of [undefined, '', '  ']) {
      const store = open(url);
      expect(store).toBeInstanceOf(ChainedEventStore);
      expect(store.inner).toBeInstanceOf(SqliteEventStore);
      await store.close();
    }
  });

  it('connects to EventStoreDB for an esdb:// URL', async () => {
    for (const url of ['esdb://127.0.0.1:1?tls=false', 'esdb+discover://127.0.0.1:1?tls=false']) {
      const store = open(url);
      expect(store.inner).toBeInstanceOf(EsdbEventStore);
      await store.close();
    }
  });

  it('connects to PostgreSQL for a postgres:// URL, lazily', async () => {
    for (const url of ['postgres://reloc@127.0.0.1:1/reloc', 'postgresql://127.0.0.1:1/reloc']) {
      const store = open(url);
      expect(store.inner).toBeInstanceOf(PostgresEventStore);
      await store.close();
    }
  });

  it('refuses any other URL, naming the schemes it knows', () => {
    expect(() => open('mysql://127.0.0.1/reloc')).toThrow(
      'EVENTSTORE_URL must start with postgres://, postgresql://, esdb:// or esdb+discover:// (got mysql://)',
    );
    expect(() => open('127.0.0.1:2113')).toThrow(/got no scheme/);
  });
});
