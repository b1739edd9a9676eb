import 'reflect-metadata';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '@reloc/eventstore';
import { Projection } from '../src/infrastructure/projection';
import { Projector } from '../src/infrastructure/projector';
import { usersProjection } from '../src/users/users.projection';

const created = (i: number) => ({
  type: 'UserCreated',
  data: {
    userId: `u${i}`,
    email: `user${i}@reloc.test`,
    firstName: 'Prénom',
    lastName: `Nom${i}`,
    role: 'SALE',
    trigram: null,
    createdAt: '2026-11-22T10:00:00.000Z',
  },
});

describe('projector', () => {
  let dir: string;
  let store: SqliteEventStore;
  let db: Database.Database;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'reloc-projector-'));
    store = new SqliteEventStore(join(dir, 'reloc.db'));
    db = new Database(join(dir, 'reloc.db'));
  });
  afterEach(async () => {
    await store.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const users = () =>
    db.prepare('SELECT id, last_name FROM users ORDER BY id').all() as { id: string }[];
  const checkpoint = () =>
    (
      db.prepare("SELECT position FROM rm_checkpoints WHERE name = 'read-models'").get() as
        { position: number } | undefined
    )?.position;

  it('catches up from the log, then follows live appends', async () => {
    for (let i = 0; i < 30; i++) await store.appendToStream(`user-u${i}`, [created(i)]);
    const projector = new Projector(store, db, [usersProjection]);
    await projector.start();
    expect(users()).toHaveLength(30);
    const { position } = await store.appendToStream('user-u99', [created(99)]);
    await projector.waitFor(position);
    expect(users()).toHaveLength(31);
    expect(checkpoint()).toBe(position);
    await projector.stop();
  });

  it('rebuilds read models that are ahead of the log (the log was replaced), instead of skipping its new events', async () => {
    for (let i = 0; i < 10; i++) await store.appendToStream(`user-u${i}`, [created(i)]);
    const first = new Projector(store, db, [usersProjection]);
    await first.start();
    await first.stop();
    expect(users()).toHaveLength(10);
    // Another log behind the same read models, shorter than their checkpoint.
    const otherLog = new SqliteEventStore(join(dir, 'other.db'));
    try {
      for (let i = 50; i < 53; i++) await otherLog.appendToStream(`user-u${i}`, [created(i)]);
      const second = new Projector(otherLog, db, [usersProjection]);
      await second.start();
      expect(users().map((u) => u.id)).toEqual(['u50', 'u51', 'u52']);
      const { position } = await otherLog.appendToStream('user-u60', [created(60)]);
      await second.waitFor(position);
      expect(users()).toHaveLength(4);
      await second.stop();
    } finally {
      await otherLog.close();
    }
  });

  it('resumes from its stored checkpoint without replaying', async () => {
    for (let i = 0; i < 5; i++) await store.appendToStream(`user-u${i}`, [created(i)]);
    const counting: Projection & { seen: number } = {
      name: 'count',
      version: 1,
      handles: ['UserCreated'],
      seen: 0,
      setup() {},
      drop() {},
      apply() {
        counting.seen++;
      },
    };
    const first = new Projector(store, db, [usersProjection, counting]);
    await first.start();
    await first.stop();
    expect(counting.seen).toBe(5);
    await store.appendToStream('user-u5', [created(5)]);
    const second = new Projector(store, db, [usersProjection, counting]);
    await second.start();
    await second.stop();
    expect(counting.seen).toBe(6);
  });

  it('writes rows and checkpoint together: a failing page leaves both untouched', async () => {
    for (let i = 0; i < 3; i++) await store.appendToStream(`user-u${i}`, [created(i)]);
    const failing: Projection = {
      name: 'failing',
      version: 1,
      handles: ['UserCreated'],
      setup() {},
      drop() {},
      apply(_db, event) {
        if ((event.data as { userId: string }).userId === 'u2') throw new Error('boom');
      },
    };
    const projector = new Projector(store, db, [usersProjection, failing]);
    await expect(projector.start()).rejects.toThrow('boom');
    expect(users()).toHaveLength(0);
    expect(checkpoint()).toBeUndefined();
  });

  it('rebuilds every read model from the log to the same rows', async () => {
    for (let i = 0; i < 20; i++) await store.appendToStream(`user-u${i}`, [created(i)]);
    await store.appendToStream('user-u3', [
      { type: 'UserDeleted', data: { userId: 'u3', email: 'user3@reloc.test' } },
    ]);
    const projector = new Projector(store, db, [usersProjection]);
    await projector.start();
    const before = users();
    db.prepare("UPDATE users SET last_name = 'corrompu'").run();
    await projector.rebuild();
    expect(users()).toEqual(before);
    expect(before).toHaveLength(19);
    await projector.stop();
  });

  it('rebuilds a data dir the API never opened', async () => {
    await store.appendToStream('user-u1', [created(1)]);
    const projector = new Projector(store, db, [usersProjection]);
    await projector.rebuild();
    expect(users()).toHaveLength(1);
  });

  it('rebuilds by itself when a projection changed version since the last run', async () => {
    for (let i = 0; i < 3; i++) await store.appendToStream(`user-u${i}`, [created(i)]);
    const first = new Projector(store, db, [usersProjection]);
    await first.start();
    await first.stop();
    db.prepare("UPDATE users SET last_name = 'périmé'").run();
    const same = new Projector(store, db, [usersProjection]);
    await same.start();
    await same.stop();
    expect(db.prepare("SELECT COUNT(*) FROM users WHERE last_name = 'périmé'").pluck().get()).toBe(
      3,
    );
    const changed = new Projector(store, db, [
      { ...usersProjection, version: usersProjection.version + 1 },
    ]);
    await changed.start();
    await changed.stop();
    expect(db.prepare("SELECT COUNT(*) FROM users WHERE last_name = 'périmé'").pluck().get()).toBe(
      0,
    );
    expect(users()).toHaveLength(3);
  });
});
