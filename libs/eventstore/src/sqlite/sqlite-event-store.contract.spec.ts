import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventStoreContract } from '../testing/event-store.contract';
import { SqliteEventStore } from './sqlite-event-store';

eventStoreContract('SQLite adapter contract', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'reloc-eventstore-'));
  const file = join(dir, 'events.sqlite');
  const opened: SqliteEventStore[] = [];
  const open = () => {
    const store = new SqliteEventStore(file, { pollIntervalMs: 50 });
    opened.push(store);
    return store;
  };
  return {
    store: open(),
    reopen: async () => open(),
    teardown: async () => {
      await Promise.all(opened.map((store) => store.close()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
});
