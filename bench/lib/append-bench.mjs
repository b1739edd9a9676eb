// Write rates: raw better-sqlite3 inserts against SqliteEventStore.appendToStream, same shapes.
//
// The raw reference uses the store's own `events` DDL and pragmas, read back from a database the
// built SqliteEventStore created, so it tracks the adapter when its schema changes. Its rows are
// the same events, serialised and given ids before the clock starts: what is left is SQLite's
// cost (B-tree inserts into the table and its unique indexes, commit, WAL), the floor the store
// pays too. The store's figure adds everything the adapter does per call.

import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { usersLog } from '../generators/users-log.mjs';
import { median, now } from './stats.mjs';

const PRAGMAS = ['journal_mode', 'synchronous', 'busy_timeout', 'cache_size', 'temp_store', 'mmap_size', 'wal_autocheckpoint', 'foreign_keys'];

const MINIMAL_DDL = `CREATE TABLE events (position INTEGER PRIMARY KEY, id TEXT NOT NULL, stream_id TEXT NOT NULL,
  revision INTEGER NOT NULL, type TEXT NOT NULL, data TEXT NOT NULL, metadata TEXT NOT NULL, created_at TEXT NOT NULL)`;

/** The store's DDL and pragmas, as the adapter sets them up. */
export async function probeStore({ Database, SqliteEventStore, dir }) {
  const file = join(dir, 'probe.sqlite');
  const store = new SqliteEventStore(file);
  const ddl = store.db
    .prepare("SELECT sql FROM sqlite_master WHERE tbl_name = 'events' AND sql IS NOT NULL ORDER BY type DESC")
    .pluck()
    .all();
  const pragmas = Object.fromEntries(PRAGMAS.map((p) => [p, store.db.pragma(p, { simple: true })]));
  await store.close();
  rmDb(file);
  if (!ddl.length) throw new Error('the event store created no `events` table: has its schema changed?');
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
  for (const e of events) total += 36 + 29 + e.type.length + JSON.stringify(e.data).length + JSON.stringify(e.metadata).length + 24 + 8;
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

/** Rows ready to bind: the same events, serialised, with ids and stream ids, before timing. */
function rawRows(events, rowsPerTx) {
  const createdAt = new Date().toISOString();
  return events.map((e, i) => [
    randomUUID(),
    `user-${(i / rowsPerTx) | 0}-${randomUUID().slice(0, 13)}`,
    i % rowsPerTx,
    e.type,
    JSON.stringify(e.data),
    JSON.stringify(e.metadata),
    createdAt,
  ]);
}

/** Raw inserts, `rowsPerTx` rows per transaction; returns rows/s. */
export function rawInsertRate({ Database, dir, probe, events, rowsPerTx, minimal = false }) {
  const file = freshFile(dir, minimal ? 'raw-minimal' : 'raw');
  const db = openRaw(Database, file, probe, minimal);
  const insert = db.prepare(
    'INSERT INTO events (id, stream_id, revision, type, data, metadata, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const rows = rawRows(events, rowsPerTx);
  const tx = db.transaction((from, to) => {
    for (let i = from; i < to; i++) insert.run(rows[i]);
  });
  const start = now();
  for (let i = 0; i < rows.length; i += rowsPerTx) tx(i, Math.min(i + rowsPerTx, rows.length));
  const ms = now() - start;
  db.close();
  rmDb(file);
  return (rows.length / ms) * 1000;
}

/**
 * Store appends, one call per event: first to `count` new streams with 'no_stream', then a
 * second event to each of them with its numeric expected revision (0). Returns both rates.
 */
export async function storeSingleRates({ SqliteEventStore, dir, events }) {
  const file = freshFile(dir, 'store-single');
  const store = new SqliteEventStore(file);
  const streams = events.map(() => `user-${randomUUID().replace(/-/g, '').slice(0, 24)}`);
  const half = events.length >> 1;
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
  const streams = batches.map(() => `user-${randomUUID().replace(/-/g, '').slice(0, 24)}`);
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
export async function runAppendBench({ Database, SqliteEventStore, dir, probe, rounds, singleOps, batchEvents, onRound }) {
  const single = sampleEvents(singleOps, 7);
  const batched = sampleEvents(batchEvents, 8);
  const samples = { raw1: [], raw100: [], rawMinimal1: [], rawMinimal100: [], storeNoStream: [], storeNumeric: [], store100: [] };
  for (let round = 0; round <= rounds; round++) {
    const warmUp = round === 0;
    const s = warmUp ? single.slice(0, 2000) : single;
    const b = warmUp ? batched.slice(0, 10_000) : batched;
    const r = {
      raw1: rawInsertRate({ Database, dir, probe, events: s.slice(0, s.length >> 1), rowsPerTx: 1 }),
      ...(await storeSingleRates({ SqliteEventStore, dir, events: s })),
      raw100: rawInsertRate({ Database, dir, probe, events: b, rowsPerTx: 100 }),
      store100: await storeBatchRate({ SqliteEventStore, dir, events: b, batch: 100 }),
      rawMinimal1: rawInsertRate({ Database, dir, probe, events: s.slice(0, s.length >> 1), rowsPerTx: 1, minimal: true }),
      rawMinimal100: rawInsertRate({ Database, dir, probe, events: b, rowsPerTx: 100, minimal: true }),
    };
    if (warmUp) continue;
    samples.raw1.push(r.raw1);
    samples.storeNoStream.push(r.noStream);
    samples.storeNumeric.push(r.numeric);
    samples.raw100.push(r.raw100);
    samples.store100.push(r.store100);
    samples.rawMinimal1.push(r.rawMinimal1);
    samples.rawMinimal100.push(r.rawMinimal100);
    onRound?.(round, rounds);
  }
  const medians = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, median(v)]));
  return {
    rowBytes: rowBytes([...single, ...batched]),
    singleOps: singleOps >> 1,
    batchEvents,
    samples,
    medians,
  };
}
