#!/usr/bin/env node
// CPU time per append, PostgresEventStore against plain pg (see README.md, "PostgreSQL CPU").
// After a build: `node bench/postgres-cpu.mjs`. Needs the server on this machine: the server
// side is the CPU time of each connection's backend process, read from /proc/<pid>/schedstat.
// CPU time does not grow when other processes take turns on the cores, so on a loaded machine
// these figures hold better than the wall-time ratios of `node bench/postgres.mjs`.

import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { randomBytes, randomUUID } from 'node:crypto';
import { sampleEvents } from './lib/append-bench.mjs';
import { loadEventstore } from './lib/paths.mjs';
import { benchDatabasePrefix, benchPostgresUrl, loadPg } from './lib/postgres-bench.mjs';

const CALLS = Number(process.env.BENCH_PG_CPU_CALLS || 2000);
const BATCH_CALLS = Math.max(1, Math.floor(CALLS / 20));
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const CHUNK = 100;
const BATCH = 100;

const { pg } = loadPg();
const { PostgresEventStore, uuidv7 } = loadEventstore();
const adminUrl = benchPostgresUrl();
const name = `${benchDatabasePrefix()}cpu_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;

/**
 * CPU time of processes in µs, by pid, from the scheduler's count of time on a CPU (ns). A
 * process gone meanwhile (the pool closes a connection idle for 10 s) is left out.
 */
function processCpuUs(pids) {
  const us = new Map();
  for (const pid of pids) {
    try {
      us.set(pid, Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1000);
    } catch (err) {
      if (err.code !== 'ENOENT') throw err;
    }
  }
  return us;
}

/** CPU µs spent between two readings by the processes present in both. */
function cpuSpent(before, after) {
  let us = 0;
  for (const [pid, end] of after) if (before.has(pid)) us += end - before.get(pid);
  return us;
}

const store = new PostgresEventStore(url.toString(), { poolSize: 1, listen: false });
const raw = new pg.Client({ connectionString: url.toString() });
try {
  await store.headPosition(); // creates the schema
  await raw.connect();
  await raw.query('CREATE TABLE raw_events (LIKE events INCLUDING ALL)');
  const rawPids = [(await raw.query('SELECT pg_backend_pid() AS p')).rows[0].p];
  // The store's backends: its pooled connection and the one it keeps for appends (opened by the
  // first append).
  await store.appendToStream(`warm-${randomUUID()}`, [{ type: 'Warm', data: {} }]);
  const storePids = (
    await raw.query(
      "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND application_name = 'reloc-eventstore'",
      [name],
    )
  ).rows.map((r) => r.pid);
  if (storePids.length < 1) throw new Error('The store has no connection to measure');

  const cols = '(position, id, stream_id, revision, type, data, metadata)';
  const insert1 = {
    name: 'raw-1',
    text: `INSERT INTO raw_events ${cols} VALUES ($1, $2, $3, $4, $5, $6, $7)`,
  };
  const insert100 = {
    name: 'raw-100',
    text: `INSERT INTO raw_events ${cols} VALUES ${Array.from(
      { length: BATCH },
      (_, r) => `(${Array.from({ length: 7 }, (_, c) => `$${r * 7 + c + 1}`).join(', ')})`,
    ).join(', ')}`,
  };
  let rawPosition = 0;
  const rawRow = (e, stream, revision) => [
    ++rawPosition,
    uuidv7(),
    stream,
    revision,
    e.type,
    JSON.stringify(e.data),
    JSON.stringify(e.metadata),
  ];
  const stream = () => `user-${randomUUID().replace(/-/g, '').slice(0, 24)}`;

  const totals = {};
  const add = (key, pid, calls, fn) => async () => {
    const server0 = processCpuUs(pid);
    const node0 = process.cpuUsage();
    const t0 = performance.now();
    await fn();
    const wall = (performance.now() - t0) * 1000;
    const node = process.cpuUsage(node0);
    const t = (totals[key] ??= { calls: 0, node: 0, server: 0, wall: 0 });
    t.calls += calls;
    t.node += node.user + node.system;
    t.server += cpuSpent(server0, processCpuUs(pid));
    t.wall += wall;
  };

  const single = sampleEvents(CALLS, 17);
  const batched = sampleEvents(BATCH_CALLS * BATCH, 18);
  for (let round = 0; round <= ROUNDS; round++) {
    if (round === 1) for (const key of Object.keys(totals)) delete totals[key]; // round 0 warms up
    for (let from = 0; from < CALLS; from += CHUNK) {
      const chunk = single.slice(from, from + CHUNK);
      const rows = chunk.map((e) => rawRow(e, stream(), 0));
      const streams = chunk.map(stream);
      const series = [
        add('raw 1', rawPids, chunk.length, async () => {
          for (const values of rows) await raw.query({ ...insert1, values });
        }),
        add('store 1', storePids, chunk.length, async () => {
          for (let i = 0; i < chunk.length; i++)
            await store.appendToStream(streams[i], [chunk[i]], { expectedRevision: 'no_stream' });
        }),
      ];
      if ((from / CHUNK) % 2) series.reverse();
      for (const run of series) await run();
    }
    for (let c = 0; c < BATCH_CALLS; c++) {
      const events = batched.slice(c * BATCH, (c + 1) * BATCH);
      const rawStream = stream();
      const values = events.flatMap((e, i) => rawRow(e, rawStream, i));
      const series = [
        add('raw 100', rawPids, 1, () => raw.query({ ...insert100, values })),
        add('store 100', storePids, 1, () =>
          store.appendToStream(stream(), events, { expectedRevision: 'no_stream' }),
        ),
      ];
      if (c % 2) series.reverse();
      for (const run of series) await run();
    }
  }

  const per = (t, k) => (t[k] / t.calls).toFixed(0).padStart(7);
  console.log(`CPU and wall µs per call, ${ROUNDS} rounds (after a warm-up round)\n`);
  console.log('series      node µs  server µs  node+server  wall µs');
  for (const [key, t] of Object.entries(totals)) {
    const both = ((t.node + t.server) / t.calls).toFixed(0).padStart(11);
    console.log(
      `${key.padEnd(10)} ${per(t, 'node')}  ${per(t, 'server')}    ${both}  ${per(t, 'wall')}`,
    );
  }
  const ratio = (a, b) =>
    (totals[a].node + totals[a].server) /
    totals[a].calls /
    ((totals[b].node + totals[b].server) / totals[b].calls);
  console.log(
    `\nraw / store CPU: 1 event ${ratio('raw 1', 'store 1').toFixed(2)}, 100 events ${ratio('raw 100', 'store 100').toFixed(2)}`,
  );
} finally {
  await raw.end().catch(() => undefined);
  await store.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.end();
}
