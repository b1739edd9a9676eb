import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { WalCheckpointer } from '../src/infrastructure/wal-checkpointer';

describe('WAL checkpointer (a long replay checkpointed from another thread)', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'reloc-checkpointer-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('copies what a connection that never checkpoints writes into the database file', async () => {
    const file = join(dir, 'reloc.db');
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.pragma('wal_autocheckpoint = 0');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
    db.pragma('wal_checkpoint(TRUNCATE)');
    const emptySize = statSync(file).size;
    const failures: unknown[] = [];
    const checkpointer = WalCheckpointer.start(file, (error) => failures.push(error));
    const insert = db.prepare('INSERT INTO t (text) VALUES (?)');
    const page = db.transaction((n: number) => {
      for (let i = 0; i < 100; i++) insert.run(`${n}-${i}-${'x'.repeat(1000)}`);
    });
    for (let n = 0; n < 40; n++) {
      page(n);
      await sleep(1);
    }
    // Only the other thread can have grown the file: this connection never checkpoints.
    const written = 40 * 100 * 1000;
    for (let waited = 0; statSync(file).size < emptySize + written && waited < 20_000; waited += 50)
      await sleep(50);
    expect(statSync(file).size).toBeGreaterThan(emptySize + written);
    expect(await checkpointer.stop()).toBeGreaterThan(0);
    expect(failures).toEqual([]);
    db.close();
    const reopened = new Database(file, { readonly: true });
    expect(reopened.prepare('SELECT count(*) FROM t').pluck().get()).toBe(4000);
    reopened.close();
  });

  it('reports a database it cannot open, and stops at once', async () => {
    const failures: unknown[] = [];
    const checkpointer = WalCheckpointer.start(join(dir, 'absent', 'reloc.db'), (error) =>
      failures.push(error),
    );
    expect(await checkpointer.stop()).toBe(0);
    expect(failures).toHaveLength(1);
  });
});
