// Write rates: raw better-sqlite3 inserts against SqliteEventStore.appendToStream, same shapes.
//
// The raw reference uses the store's own `events` DDL and pragmas, read back from a database the
// built SqliteEventStore created, so it tracks the adapter when its schema changes. Its rows are
// the same events, serialised and given ids (the store's time-ordered scheme) before the clock starts: what is left is SQLite's
// cost (B-tree inserts into the table and its unique indexes, commit, WAL), the floor the store
// pays too. The store's figure adds everything the adapter does per call.

import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { usersLog } from '../generators/users-log.mjs';
import { loadEventstore } from './paths.mjs';
import { median, now } from './stats.mjs';

const PRAGMAS = [
  'journal_mode',
  'synchronous',
  'busy_timeout',
  'cache_size',
  'temp_store',
  'mmap_size',
  'wal_autocheckpoint',
  'foreign_keys',
];

const MINIMAL_DDL = `CREATE TABLE events (position INTEGER PRIMARY KEY, id TEXT NOT NULL, stream_id TEXT NOT NULL,
  revision INTEGER NOT NULL, type TEXT NOT NULL, data TEXT NOT NULL, metadata TEXT NOT NULL, created_at TEXT NOT NULL)`;

/** The store's DDL and pragmas, as the adapter sets them up. */
export async function probeStore({ Database, SqliteEventStore, dir }) {
  const file = join(dir, 'probe.sqlite');
  const store = new SqliteEventStore(file);
  const ddl = store.db
    .prepare(
      "SELECT sql FROM sqlite_master WHERE tbl_name = 'events' AND sql IS NOT NULL ORDER BY type DESC",
    )
    .pluck()
    .all();
  const pragmas = Object.fromEntries(PRAGMAS.map((p) => [p, store.db.pragma(p, { simple: true })]));
  await store.close();
  rmDb(file);
  if (!ddl.length)
    throw new Error('the event store created no `events` table: has its schema changed?');
  const sqliteVersion = new Database(':memory:').prepare('SELECT sqlite_version()').pluck().get();
  return { ddl, pragmas, sqliteVersion };
}

/** Realistic events (the generator's mix), detached from its streams. */
export function sampleEvents(count, seed) {
  const out = [];
  for (const append of usersLog({ targetEvents: count, seed })) {
    for (const event of append.events) out.push(event);
    if (out.length >= count) break;
  }
  return out.slice(0, count);
}

export function rowBytes(events) {
  let total = 0;
  for (const e of events)
    total +=
      36 +
      29 +
      e.type.length +
      JSON.stringify(e.data).length +
      JSON.stringify(e.metadata).length +
      24 +
      8;
  return total / events.length;
}

function rmDb(file) {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(file + suffix, { force: true });
}

let fileCounter = 0;
function freshFile(dir, name) {
  return join(dir, `${name}-${++fileCounter}.sqlite`);
}

function openRaw(Database, file, probe, minimal) {
  const db = new Database(file);
  for (const [name, value] of Object.entries(probe.pragmas)) db.pragma(`${name} = ${value}`);
  if (minimal) db.exec(MINIMAL_DDL);
  else for (const sql of probe.ddl) db.exec(sql);
  return db;
}

const streamName = () => `user-${randomUUID().replace(/-/g, '').slice(0, 24)}`;

/** Rows ready to bind, before timing: the same events, serialised, with ids. */
function rawRows(events, streamOf, revisionOf) {
  const createdAt = new Date().toISOString();
  // The same id scheme as the store (time-ordered UUIDs), so both pay the same index cost.
  const { uuidv7 } = loadEventstore();
  return events.map((e, i) => [
    uuidv7(),
    streamOf(i),
    revisionOf(i),
    e.type,
    JSON.stringify(e.data),
    JSON.stringify(e.metadata),
    createdAt,
  ]);
}

function openRawInsert(Database, dir, probe, minimal) {
  const file = freshFile(dir, minimal ? 'raw-minimal' : 'raw');
  const db = openRaw(Database, file, probe, minimal);
  const insert = db.prepare(
    'INSERT INTO events (id, stream_id, revision, type, data, metadata, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  return {
    db,
    insert,
    close() {
      db.close();
      rmDb(file);
    },
  };
}

/** Raw inserts, `rowsPerTx` rows per transaction, each transaction a new stream; rows/s. */
export function rawInsertRate({ Database, dir, probe, events, rowsPerTx, minimal = false }) {
  const { db, insert, close } = openRawInsert(Database, dir, probe, minimal);
  const streams = Array.from({ length: Math.ceil(events.length / rowsPerTx) }, streamName);
  const rows = rawRows(
    events,
    (i) => streams[(i / rowsPerTx) | 0],
    (i) => i % rowsPerTx,
  );
  const tx = db.transaction((from, to) => {
    for (let i = from; i < to; i++) insert.run(rows[i]);
  });
  const start = now();
  for (let i = 0; i < rows.length; i += rowsPerTx) tx(i, Math.min(i + rowsPerTx, rows.length));
  const ms = now() - start;
  close();
  return (rows.length / ms) * 1000;
}

/**
 * Raw inserts, one row per transaction, in the order the store's single appends write: the first
 * row of `events.length / 2` new streams, then a second row to each of them. Rows/s per half.
 */
export function rawSingleRates({ Database, dir, probe, events }) {
  const { db, insert, close } = openRawInsert(Database, dir, probe, false);
  const half = events.length >> 1;
  const streams = Array.from({ length: half }, streamName);
  const rows = rawRows(
    events.slice(0, half * 2),
    (i) => streams[i % half],
    (i) => (i < half ? 0 : 1),
  );
  const tx = db.transaction((row) => insert.run(row));
  let start = now();
  for (let i = 0; i < half; i++) tx(rows[i]);
  const firstMs = now() - start;
  start = now();
  for (let i = half; i < 2 * half; i++) tx(rows[i]);
  const secondMs = now() - start;
  close();
  return {
    newStreams: (half / firstMs) * 1000,
    existingStreams: (half / secondMs) * 1000,
    all: ((2 * half) / (firstMs + secondMs)) * 1000,
  };
}

/**
 * Store appends, one call per event: first to `count` new streams with 'no_stream', then a
 * second event to each of them with its numeric expected revision (0). Returns both rates.
 */
export async function storeSingleRates({ SqliteEventStore, dir, events }) {
  const file = freshFile(dir, 'store-single');
  const store = new SqliteEventStore(file);
  const half = events.length >> 1;
  const streams = Array.from({ length: half }, streamName);
  let start = now();
  for (let i = 0; i < half; i++) {
    await store.appendToStream(streams[i], [events[i]], { expectedRevision: 'no_stream' });
  }
  const noStream = (half / (now() - start)) * 1000;
  start = now();
  for (let i = 0; i < half; i++) {
    await store.appendToStream(streams[i], [events[half + i]], { expectedRevision: 0 });
  }
  const numeric = (half / (now() - start)) * 1000;
  await store.close();
  rmDb(file);
  return { noStream, numeric };
}

/** Store appends of `batch` events per call, each call a new stream ('no_stream'); events/s. */
export async function storeBatchRate({ SqliteEventStore, dir, events, batch }) {
  const file = freshFile(dir, 'store-batch');
  const store = new SqliteEventStore(file);
  const batches = [];
  for (let i = 0; i < events.length; i += batch) batches.push(events.slice(i, i + batch));
  const streams = batches.map(streamName);
  const start = now();
  for (let b = 0; b < batches.length; b++) {
    await store.appendToStream(streams[b], batches[b], { expectedRevision: 'no_stream' });
  }
  const rate = (events.length / (now() - start)) * 1000;
  await store.close();
  rmDb(file);
  return rate;
}

/**
 * Interleaved rounds (raw, store, raw, store...) so drift on a shared machine hits both sides;
 * round 0 is a shorter warm-up, not recorded. Medians of the recorded rounds.
 */
export async function runAppendBench({
  Database,
  SqliteEventStore,
  ChainedSqliteStore,
  dir,
  probe,
  rounds,
  singleOps,
  batchEvents,
  onRound,
}) {
  const single = sampleEvents(singleOps, 7);
  const batched = sampleEvents(batchEvents, 8);
  const samples = {
    raw1: [],
    raw1NewStreams: [],
    raw1ExistingStreams: [],
    raw100: [],
    rawMinimal1: [],
    rawMinimal100: [],
    storeNoStream: [],
    storeNumeric: [],
    store100: [],
    chainedNumeric: [],
    chained100: [],
  };
  for (let round = 0; round <= rounds; round++) {
    const warmUp = round === 0;
    const s = warmUp ? single.slice(0, 2000) : single;
    const b = warmUp ? batched.slice(0, 10_000) : batched;
    const raw1 = rawSingleRates({ Database, dir, probe, events: s });
    const store1 = await storeSingleRates({ SqliteEventStore, dir, events: s });
    const raw100 = rawInsertRate({ Database, dir, probe, events: b, rowsPerTx: 100 });
    const store100 = await storeBatchRate({ SqliteEventStore, dir, events: b, batch: 100 });
    // What the API pays: the hash chain reads each stream's last link before appending.
    const chained1 = await storeSingleRates({
      SqliteEventStore: ChainedSqliteStore,
      dir,
      events: s,
    });
    const chained100 = await storeBatchRate({
      SqliteEventStore: ChainedSqliteStore,
      dir,
      events: b,
      batch: 100,
    });
    const rawMinimal1 = rawInsertRate({
      Database,
      dir,
      probe,
      events: s,
      rowsPerTx: 1,
      minimal: true,
    });
    const rawMinimal100 = rawInsertRate({
      Database,
      dir,
      probe,
      events: b,
      rowsPerTx: 100,
      minimal: true,
    });
    if (warmUp) continue;
    samples.raw1.push(raw1.all);
    samples.raw1NewStreams.push(raw1.newStreams);
    samples.raw1ExistingStreams.push(raw1.existingStreams);
    samples.storeNoStream.push(store1.noStream);
    samples.storeNumeric.push(store1.numeric);
    samples.raw100.push(raw100);
    samples.store100.push(store100);
    samples.chainedNumeric.push(chained1.numeric);
    samples.chained100.push(chained100);
    samples.rawMinimal1.push(rawMinimal1);
    samples.rawMinimal100.push(rawMinimal100);
    onRound?.(round, rounds);
  }
  const medians = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, median(v)]));
  return {
    rowBytes: rowBytes([...single, ...batched]),
    singleOps,
    batchEvents,
    samples,
    medians,
  };
}
