// Phase P: the PostgreSQL event store against plain `pg` on the same server, same rows, same run.
//
// A throwaway database (random name) is created on RELOC_TEST_POSTGRES_URL's server and dropped at
// the end. The built PostgresEventStore creates its schema there; the raw reference writes into
// `raw_events`, created `LIKE events INCLUDING ALL` (same columns, defaults, constraints and
// indexes), so it follows the adapter's schema. Raw rows are the same events, serialised and
// given ids and positions before the clock starts, sent as one prepared INSERT per transaction
// (autocommit: one round trip, as the store's append is one). What is left between the two is
// what the adapter does per call: its expected-revision check, the commit-order lock, position
// assignment, NOTIFY, and its own serialisation.
//
// The machine is shared: raw and store alternate in chunks of CHUNK calls within each round,
// rotating which goes first, so drift hits both sides of a round; a round's ratio is raw time /
// store time for the same number of rows, and the figure is the median over rounds.

import { createRequire } from 'node:module';
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { sampleEvents } from './append-bench.mjs';
import { root } from './paths.mjs';
import { fmtInt, median, now } from './stats.mjs';

/** Calls per series between switches (single appends); batches alternate call by call. */
const CHUNK = 25;
const BATCH = 100;
const PAGE = 1000;

/** `pg` as the event store resolves it, so raw and store use one driver. */
export function loadPg() {
  const req = createRequire(join(root, 'libs', 'eventstore', 'package.json'));
  return { pg: req('pg'), version: req('pg/package.json').version };
}

/** The server the tests use too (RELOC_TEST_POSTGRES_URL); the bench makes its own database there. */
export function benchPostgresUrl(env = process.env) {
  return env.RELOC_TEST_POSTGRES_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
}

/** Why the PostgreSQL rows cannot run, or null. */
export async function postgresUnavailable({ pg, adminUrl }) {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (error) {
    return `PostgreSQL at ${new URL(adminUrl).host} does not answer (${error.code || error.message})`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** RELOC_TEST_POSTGRES_DB_PREFIX, as the tests read it, else `reloc_bench_`. */
export function benchDatabasePrefix(env = process.env) {
  const prefix = env.RELOC_TEST_POSTGRES_DB_PREFIX?.trim() || 'reloc_bench_';
  if (!/^[a-z_][a-z0-9_]{0,40}$/.test(prefix)) {
    throw new Error(`RELOC_TEST_POSTGRES_DB_PREFIX must be a lower-case identifier, got ${prefix}`);
  }
  return prefix;
}

const streamName = () => `user-${randomUUID().replace(/-/g, '').slice(0, 24)}`;

export async function runPostgresBench({
  pg,
  eventstore,
  adminUrl,
  rounds,
  singleOps,
  batchEvents,
  catchUpEvents,
  onProgress,
}) {
  const { PostgresEventStore, ChainedEventStore, uuidv7 } = eventstore;
  const name = `${benchDatabasePrefix()}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dbUrl = url.toString();

  const store = new PostgresEventStore(dbUrl, { poolSize: 2 });
  const chained = new ChainedEventStore(new PostgresEventStore(dbUrl, { poolSize: 2 }));
  const raw = new pg.Client({ connectionString: dbUrl });
  try {
    await store.headPosition(); // creates the schema
    await raw.connect();
    await raw.query('CREATE TABLE raw_events (LIKE events INCLUDING ALL)');
    const server = (await raw.query('SHOW server_version')).rows[0].server_version;
    const settings = Object.fromEntries(
      (
        await raw.query(
          "SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'synchronous_commit', 'wal_sync_method', 'shared_buffers')",
        )
      ).rows.map((r) => [r.name, r.setting]),
    );

    let rawPosition = 0;
    const rawRows = (events, streamOf, revisionOf) =>
      events.map((e, i) => [
        ++rawPosition,
        uuidv7(),
        streamOf(i),
        revisionOf(i),
        e.type,
        JSON.stringify(e.data),
        JSON.stringify(e.metadata),
      ]);
    const insert1 = {
      name: 'raw-insert-1',
      text: 'INSERT INTO raw_events (position, id, stream_id, revision, type, data, metadata) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    };
    const insert100 = {
      name: 'raw-insert-100',
      text: `INSERT INTO raw_events (position, id, stream_id, revision, type, data, metadata) VALUES ${Array.from(
        { length: BATCH },
        (_, r) => `(${Array.from({ length: 7 }, (_, c) => `$${r * 7 + c + 1}`).join(', ')})`,
      ).join(', ')}`,
    };

    const single = sampleEvents(singleOps, 17);
    const batched = sampleEvents(batchEvents, 18);
    const samples = {
      raw1NewStreams: [],
      raw1ExistingStreams: [],
      raw100: [],
      storeNoStream: [],
      storeNumeric: [],
      store100: [],
      chainedNumeric: [],
      chained100: [],
      ratioNoStream: [],
      ratioNumeric: [],
      ratio100: [],
      ratioChainedNumeric: [],
      ratioChained100: [],
    };

    for (let round = 0; round <= rounds; round++) {
      const warmUp = round === 0;
      const s = warmUp ? single.slice(0, 200) : single;
      const b = warmUp ? batched.slice(0, 2_000) : batched;
      const half = s.length >> 1;

      // Single appends: first events of new streams (no_stream), then a second event each (0).
      const rawStreams = Array.from({ length: half }, streamName);
      const rawSingle = rawRows(
        s.slice(0, 2 * half),
        (i) => rawStreams[i % half],
        (i) => (i < half ? 0 : 1),
      );
      const storeStreams = Array.from({ length: half }, streamName);
      const chainedStreams = Array.from({ length: half }, streamName);
      const t = { raw1: [0, 0], store: [0, 0], chained: [0, 0] };
      for (const [part, expectedRevision] of [
        [0, 'no_stream'],
        [1, 0],
      ]) {
        for (let from = 0; from < half; from += CHUNK) {
          const to = Math.min(from + CHUNK, half);
          const series = [
            [
              'raw1',
              async () => {
                for (let i = from; i < to; i++)
                  await raw.query({ ...insert1, values: rawSingle[part * half + i] });
              },
            ],
            [
              'store',
              async () => {
                for (let i = from; i < to; i++)
                  await store.appendToStream(storeStreams[i], [s[part * half + i]], {
                    expectedRevision,
                  });
              },
            ],
            [
              'chained',
              async () => {
                for (let i = from; i < to; i++)
                  await chained.appendToStream(chainedStreams[i], [s[part * half + i]], {
                    expectedRevision,
                  });
              },
            ],
          ];
          await timeRotated(series, from / CHUNK, (key, ms) => (t[key][part] += ms));
        }
      }

      // 100 events per call, each call a new stream.
      const calls = Math.floor(b.length / BATCH);
      const t100 = { raw100: 0, store100: 0, chained100: 0 };
      for (let c = 0; c < calls; c++) {
        const events = b.slice(c * BATCH, (c + 1) * BATCH);
        const rawStream = streamName();
        const values = rawRows(
          events,
          () => rawStream,
          (i) => i,
        ).flat();
        const series = [
          ['raw100', () => raw.query({ ...insert100, values })],
          [
            'store100',
            () => store.appendToStream(streamName(), events, { expectedRevision: 'no_stream' }),
          ],
          [
            'chained100',
            () => chained.appendToStream(streamName(), events, { expectedRevision: 'no_stream' }),
          ],
        ];
        await timeRotated(series, c, (key, ms) => (t100[key] += ms));
      }

      if (warmUp) continue;
      const rate = (n, ms) => (n / ms) * 1000;
      samples.raw1NewStreams.push(rate(half, t.raw1[0]));
      samples.raw1ExistingStreams.push(rate(half, t.raw1[1]));
      samples.storeNoStream.push(rate(half, t.store[0]));
      samples.storeNumeric.push(rate(half, t.store[1]));
      samples.chainedNumeric.push(rate(half, t.chained[1]));
      samples.raw100.push(rate(calls * BATCH, t100.raw100));
      samples.store100.push(rate(calls * BATCH, t100.store100));
      samples.chained100.push(rate(calls * BATCH, t100.chained100));
      samples.ratioNoStream.push(t.raw1[0] / t.store[0]);
      samples.ratioNumeric.push(t.raw1[1] / t.store[1]);
      samples.ratioChainedNumeric.push(t.raw1[1] / t.chained[1]);
      samples.ratio100.push(t100.raw100 / t100.store100);
      samples.ratioChained100.push(t100.raw100 / t100.chained100);
      onProgress?.(`appends: round ${round}/${rounds}`);
    }

    // Catch-up: the same rows of `events`, read from the start by plain pg and by subscribeToAll.
    const head = await store.headPosition();
    if (head < catchUpEvents) {
      const fill = sampleEvents(Math.min(catchUpEvents - head, 50_000), 19);
      for (let done = head; done < catchUpEvents;) {
        const n = Math.min(PAGE, catchUpEvents - done);
        const events = Array.from({ length: n }, (_, i) => fill[(done + i) % fill.length]);
        await store.appendToStream(streamName(), events, { expectedRevision: 'no_stream' });
        done += n;
        onProgress?.(`catch-up: filling ${done} / ${catchUpEvents} events`);
      }
    }
    const readRaw = {
      name: 'raw-read',
      text: 'SELECT position, id, stream_id, revision, type, data, metadata, created_at FROM events WHERE position > $1 ORDER BY position LIMIT $2',
    };
    const catchUp = { raw: [], store: [], ratio: [] };
    for (let round = 0; round <= rounds; round++) {
      const series = [
        [
          'raw',
          async () => {
            let seen = 0;
            for (let from = 0; seen < catchUpEvents;) {
              const { rows } = await raw.query({
                ...readRaw,
                values: [from, Math.min(PAGE, catchUpEvents - seen)],
              });
              seen += rows.length;
              from = Number(rows[rows.length - 1].position);
            }
          },
        ],
        [
          'store',
          () =>
            new Promise((resolve, reject) => {
              let seen = 0;
              const subscription = store.subscribeToAll(
                0,
                () => {
                  if (++seen === catchUpEvents) subscription.stop().then(resolve, reject);
                },
                { onError: reject },
              );
            }),
        ],
      ];
      const ms = {};
      await timeRotated(series, round, (key, took) => (ms[key] = took));
      if (round === 0) continue;
      catchUp.raw.push((catchUpEvents / ms.raw) * 1000);
      catchUp.store.push((catchUpEvents / ms.store) * 1000);
      catchUp.ratio.push(ms.raw / ms.store);
      onProgress?.(`catch-up: round ${round}/${rounds}`);
    }

    const medians = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, median(v)]));
    return {
      database: name,
      server,
      settings,
      singleOps,
      batchEvents,
      samples,
      medians,
      catchUp: {
        events: catchUpEvents,
        pageSize: PAGE,
        samples: catchUp,
        raw: median(catchUp.raw),
        store: median(catchUp.store),
        ratio: median(catchUp.ratio),
      },
    };
  } finally {
    await raw.end().catch(() => undefined);
    await store.close();
    await chained.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/** Times each series once, starting with a different one each time; reports ms per series. */
async function timeRotated(series, turn, record) {
  for (let k = 0; k < series.length; k++) {
    const [key, run] = series[(turn + k) % series.length];
    const start = now();
    await run();
    record(key, now() - start);
  }
}

/** The phase's rows of the main table (`null` = separator), or one row saying why it was skipped. */
export function postgresRows(p, rounds) {
  if (!p || p.skipped) {
    return [['P', 'PostgreSQL rows', 'skipped', '', p?.skipped ?? 'not run']];
  }
  const m = p.medians;
  const pct = (x) => `${(x * 100).toFixed(0)} %`;
  const rate = (x, unit) => `${fmtInt(x)} ${unit}/s`;
  const paired = `median of ${rounds}, raw and store alternating in the same round`;
  return [
    [
      'P1a',
      'PostgreSQL raw insert, 1 row/statement',
      rate(m.raw1NewStreams, 'rows'),
      '= P1a',
      `plain pg, prepared, autocommit; 1st row of a stream (2nd rows: ${fmtInt(m.raw1ExistingStreams)})`,
    ],
    [
      'P1b',
      'PostgreSQL raw insert, 100 rows/statement',
      rate(m.raw100, 'rows'),
      '= P1b',
      'plain pg, one prepared multi-row INSERT',
    ],
    [
      'P2a',
      'PostgreSQL append 1 event, new stream (no_stream)',
      rate(m.storeNoStream, 'ev'),
      `${pct(m.ratioNoStream)} of P1a`,
      `${paired}; vs raw 1st rows`,
    ],
    [
      'P2b',
      'PostgreSQL append 1 event, numeric revision',
      rate(m.storeNumeric, 'ev'),
      `${pct(m.ratioNumeric)} of P1a`,
      `${paired}; vs raw 2nd rows`,
    ],
    [
      'P2c',
      'PostgreSQL append 100 events per call',
      rate(m.store100, 'ev'),
      `${pct(m.ratio100)} of P1b`,
      paired,
    ],
    [
      'P2d',
      'PostgreSQL hash-chained append, 1 event, numeric',
      rate(m.chainedNumeric, 'ev'),
      `${pct(m.ratioChainedNumeric)} of P1a`,
      'as the API appends',
    ],
    [
      'P2e',
      'PostgreSQL hash-chained append, 100 events per call',
      rate(m.chained100, 'ev'),
      `${pct(m.ratioChained100)} of P1b`,
      'as the API appends',
    ],
    [
      'P3r',
      `PostgreSQL raw read of ${fmtInt(p.catchUp.events)} events`,
      rate(p.catchUp.raw, 'ev'),
      '= P3r',
      `plain pg SELECT, pages of ${p.catchUp.pageSize}, rows as pg parses them`,
    ],
    [
      'P3',
      `PostgreSQL catch-up read of ${fmtInt(p.catchUp.events)} events`,
      rate(p.catchUp.store, 'ev'),
      `${pct(p.catchUp.ratio)} of P3r`,
      `subscribeToAll from the start, no-op handler; ${paired}`,
    ],
  ];
}

/** One header line: the server and the settings that decide the raw rates. */
export function postgresHeader(p) {
  if (!p || p.skipped) return null;
  const s = p.settings;
  return `PostgreSQL ${p.server} (fsync=${s.fsync} synchronous_commit=${s.synchronous_commit} wal_sync_method=${s.wal_sync_method}), pg ${p.pgVersion}; P rows: ${fmtInt(p.singleOps)} single appends and ${fmtInt(p.batchEvents)} batched events per round and series`;
}
