import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChainedEventStore } from './chain';
import { createEventStore } from './create-event-store';
import { EsdbEventStore } from './esdb/esdb-event-store';
import { SqliteEventStore } from './sqlite/sqlite-event-store';

describe('createEventStore', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'reloc-eventstore-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('opens the SQLite file when EVENTSTORE_URL is unset or empty', async () => {
    for (const env of [{}, { EVENTSTORE_URL: '' }]) {
      const store = createEventStore(env, { sqlitePath: join(dir, 'reloc.db') });
      expect(store).toBeInstanceOf(ChainedEventStore);
      expect(store.inner).toBeInstanceOf(SqliteEventStore);
      await store.close();
    }
  });

  it('connects to EventStoreDB when EVENTSTORE_URL is set', async () => {
    const store = createEventStore(
      { EVENTSTORE_URL: 'esdb://127.0.0.1:1?tls=false' },
      { sqlitePath: join(dir, 'reloc.db') },
    );
    expect(store.inner).toBeInstanceOf(EsdbEventStore);
    await store.close();
  });
});
