import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { canonicalJson, ChainedEventStore, ChainVerifier } from './chain';
import type { EventData, EventStore } from './event-store';
import { PostgresEventStore } from './postgres/postgres-event-store';
import { SqliteEventStore } from './sqlite/sqlite-event-store';
import {
  createThrowawayDatabase,
  postgresUnavailableReason,
  testPostgresUrl,
} from './testing/postgres';

/** The same store without appendSerialized: the chain then hands it objects. */
function objectsOnly(store: EventStore): EventStore {
  return {
    appendToStream: (...args) => store.appendToStream(...args),
    readStream: (...args) => store.readStream(...args),
    readAll: (...args) => store.readAll(...args),
    subscribeToAll: (...args) => store.subscribeToAll(...args),
    headPosition: () => store.headPosition(),
    streamOfEvent: (eventId) => store.streamOfEvent(eventId),
    close: () => store.close(),
  };
}

const shared = { actor: { id: 'u1', role: 'ADMIN' }, at: '2026-11-27T10:00:00.000Z', z: 1 };

/** Events covering both the texts written once and every case left to the object path. */
const batches: EventData[][] = [
  [
    { type: 'Created', data: { userId: 'u2', email: 'a@b.fr', name: 'Chloé' }, metadata: shared },
    { type: 'Sorted', data: { a: 1, b: [{ c: null, d: 'x' }], e: { f: true } }, metadata: shared },
    { type: 'Other', data: { z: 1, a: { y: 2, b: 3 } }, metadata: { ...shared, at: 'later' } },
  ],
  [
    { type: 'Empty', data: undefined },
    { type: 'NullMetadata', data: 1, metadata: null as unknown as undefined },
  ],
  [{ type: 'Text', data: 'a "string"\n', metadata: {} }],
  [{ type: 'Digits', data: { 10: 'a', 9: 'b', x: [undefined, NaN, -0] } }],
  [{ type: 'Dated', data: { when: new Date('2026-11-23T10:00:00.000Z'), skip: undefined } }],
  [{ type: 'Linked', data: {}, metadata: { chain: { prev: null, hash: 'forged' }, b: 1, a: 2 } }],
  [{ type: 'Odd', data: { n: 1 }, metadata: { '"odd\nkey': 1, zz: [undefined], u: undefined } }],
];

type Row = { id: string; revision: number; type: string; data: string; metadata: string };

/** A fresh store, its rows in order, and how to remove it. */
type Opened = { store: EventStore; rows(): Promise<Row[]>; teardown(): Promise<void> };

async function openSqlite(): Promise<Opened> {
  const dir = mkdtempSync(join(tmpdir(), 'reloc-chain-serialized-'));
  const store = new SqliteEventStore(join(dir, 'events.sqlite'));
  return {
    store,
    rows: async () =>
      store.db
        .prepare('SELECT id, revision, type, data, metadata FROM events ORDER BY position')
        .all() as Row[],
    teardown: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const adminUrl = testPostgresUrl();
const postgresUnavailable = postgresUnavailableReason(adminUrl);

async function openPostgres(): Promise<Opened> {
  const database = await createThrowawayDatabase(adminUrl);
  const store = new PostgresEventStore(database.url, { poolSize: 2 });
  return {
    store,
    rows: async () => {
      const client = new Client({ connectionString: database.url });
      await client.connect();
      try {
        const sql = `SELECT id::text, revision::int, type, data::text, metadata::text FROM events
          ORDER BY position`;
        return (await client.query<Row>(sql)).rows;
      } finally {
        await client.end();
      }
    },
    teardown: async () => {
      await store.close();
      await database.drop();
    },
  };
}

describe.each([
  ['SQLite', openSqlite],
  ['PostgreSQL', postgresUnavailable ? null : openPostgres],
])('hash chain over %s: events serialised once, in the chain', (_, open) => {
  if (!open) {
    it.skip(`skipped: ${postgresUnavailable}`, () => undefined);
    return;
  }

  it('stores the same events and hashes as the object path, and they verify', async () => {
    const rows: Row[][] = [];
    for (const serialised of [true, false]) {
      const opened = await open();
      try {
        const store = new ChainedEventStore(serialised ? opened.store : objectsOnly(opened.store));
        let n = 0;
        for (const events of batches) {
          const withIds = events.map((e) => ({
            ...e,
            id: `0190f5e0-0000-7000-8000-${String(++n).padStart(12, '0')}`,
          }));
          const written = n - events.length;
          await store.appendToStream('s-1', withIds, {
            expectedRevision: written ? written - 1 : 'no_stream',
          });
        }
        rows.push(await opened.rows());
        const verifier = new ChainVerifier();
        for (const event of await store.readAll(0, 100)) verifier.add(event);
        expect(verifier.faults).toEqual([]);
        expect(verifier.checked).toBe(10);
      } finally {
        await opened.teardown();
      }
    }
    // The same rows, data byte for byte; metadata is stored canonical when serialised here.
    const [serialised, objects] = rows;
    const parsed = (list: Row[]) =>
      list.map((row) => ({ ...row, metadata: JSON.parse(row.metadata) as unknown }));
    expect(parsed(serialised)).toEqual(parsed(objects));
    serialised.forEach((row, i) => {
      const { chain, ...rest } = JSON.parse(row.metadata) as Record<string, unknown>;
      const members = canonicalJson(rest).slice(1, -1);
      // A metadata carrying a link of its own goes the object path (the caller's key order).
      expect(row.metadata).toBe(
        row.type === 'Linked'
          ? objects[i].metadata
          : `{${members}${members ? ',' : ''}"chain":${JSON.stringify(chain)}}`,
      );
    });
  });
});

describe('canonical JSON', () => {
  it('writes strings as JSON.stringify does, escapes included', () => {
    const strings = [
      '',
      'plain é ✓ 😀',
      'a"b\\c',
      '\u0000\u001f\u007f',
      '\ud800 lone',
      'x\udfff',
      '\u2028\u2029',
    ];
    for (const text of strings) expect(canonicalJson({ text })).toBe(JSON.stringify({ text }));
  });

  it('sorts keys by code unit, few or many', () => {
    for (const count of [2, 7, 33, 100]) {
      const keys = Array.from(
        { length: count },
        (_, i) => `${'zZ_é aA'[i % 7]}${(i * 7919) % 101}`,
      );
      const sorted = [...keys].sort();
      const given = Object.fromEntries(keys.map((key) => [key, key]));
      const expected = JSON.stringify(Object.fromEntries(sorted.map((key) => [key, key])));
      expect(canonicalJson(given)).toBe(expected);
      expect(canonicalJson({ nested: [given] })).toBe(`{"nested":[${expected}]}`);
    }
  });
});
