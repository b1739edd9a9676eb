// Phase 5: the board query of issue 3 (POST /v1/leases) on generated projects.
//
//   1. the generated projects (generators/projects-log.mjs) are written through the real store in
//      their own data dir, one append per stream, as the API and the demo seed write them;
//   2. the real API starts on that data dir in a child process (board-api-child.cjs), its
//      projector catches up from zero (timed), and the bench logs in as the superadmin;
//   3. each query is sent over HTTP (keep-alive, one at a time): warm-ups, then timed repeats;
//      plus "opening a board": one query per column at once, as the console does;
//   4. the API is closed, and the same queries run against the built ProjectsReadModel on a
//      connection opened as the API opens it, each of its SQL statements timed, then explained.

import { fork } from 'node:child_process';
import { Buffer } from 'node:buffer';
import { statSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { projectsLog } from '../generators/projects-log.mjs';
import { apiEnv, BENCH_ADMIN } from './log-and-rebuild.mjs';
import { apiDist, benchDir, require, requireBuilt } from './paths.mjs';
import { median, now, percentile } from './stats.mjs';

const CHILD = join(benchDir, 'lib', 'board-api-child.cjs');
export const PAGE_SIZE = 200;

/** Writes the generated projects through the store the API opens; never holds the log. */
export async function writeProjects({ api, domain, dataDir, projects, onProgress }) {
  const config = api.loadConfig(apiEnv(dataDir));
  const store = api.openEventStore(config);
  const gen = projectsLog({ projects, domain });
  // Search terms taken from the data: a last name everybody types, one client's e-mail.
  const emailOf = Math.floor(projects * 0.6);
  let emailFragment = null;
  let dupont = 0;
  const start = now();
  let lastReport = start;
  let step;
  let n = 0;
  while (!(step = gen.next()).done) {
    for (const { streamId, events, expectedRevision } of step.value.appends) {
      await store.appendToStream(streamId, events, { expectedRevision });
    }
    if (n === emailOf) emailFragment = step.value.email.split('@')[0].split('.').slice(1).join('.');
    if (step.value.lastName === 'Dupont') dupont++;
    n++;
    if (onProgress && now() - lastReport > 1000) {
      lastReport = now();
      onProgress(n, projects);
    }
  }
  const ms = now() - start;
  const head = await store.headPosition();
  await store.close();
  const summary = step.value;
  if (head !== summary.events)
    throw new Error(`the log holds ${head} events, ${summary.events} were appended`);
  return {
    ms,
    ...summary,
    eventsPerSec: (summary.events / ms) * 1000,
    bytes: dbBytes(join(config.dataDir, 'reloc.db')),
    terms: { name: 'dupont', nameMatches: dupont, emailFragment },
  };
}

function dbBytes(file) {
  let total = 0;
  for (const suffix of ['', '-wal']) {
    try {
      total += statSync(file + suffix).size;
    } catch {
      // no WAL file
    }
  }
  return total;
}

/** The queries measured: board columns, the whole board, two searches (issue 3). */
export function boardQueries({ terms, domain }) {
  const page = { offset: 0, size: PAGE_SIZE };
  const column = domain.boardColumns('reloc', 'SUPERADMIN')[0];
  return {
    single: [
      {
        id: 'column',
        label: `column '${column}' (active), 1st page`,
        body: { ...page, filter: 'active', progress: column },
      },
      {
        id: 'bigColumn',
        label: "column 'paid' (active), 1st page",
        body: { ...page, filter: 'active', progress: 'paid' },
      },
      { id: 'all', label: 'whole board (all), 1st page', body: { ...page, filter: 'all' } },
      {
        id: 'searchName',
        label: `search '${terms.name}' (all)`,
        body: { ...page, filter: 'all', search: terms.name },
      },
      {
        id: 'searchEmail',
        label: `search e-mail '${terms.emailFragment}' (all)`,
        body: { ...page, filter: 'all', search: terms.emailFragment },
      },
    ],
    // Opening /reloc: the console sends one query per column, all at once (useBoardData); and
    // the same with a search typed in, as the console sends it (every column, filter 'active').
    bursts: [
      {
        id: 'openReloc',
        route: 'reloc',
        bodies: domain
          .boardColumns('reloc', 'SUPERADMIN')
          .map((stage) => ({ ...page, filter: 'active', progress: stage })),
      },
      {
        id: 'searchReloc',
        route: 'reloc',
        search: terms.name,
        bodies: domain
          .boardColumns('reloc', 'SUPERADMIN')
          .map((stage) => ({ ...page, filter: 'active', progress: stage, search: terms.name })),
      },
    ],
  };
}

/** Starts the API on `dataDir`; resolves once its projector has caught up. */
export function startApi(dataDir, timeoutMs = 600_000) {
  return new Promise((resolve, reject) => {
    const child = fork(CHILD, [], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        BENCH_API_ENV: JSON.stringify(apiEnv(dataDir)),
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    let ready = null;
    const exited = new Promise((done) => child.on('exit', (code, signal) => done(code ?? signal)));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the API did not catch up within ${timeoutMs} ms\n${output.slice(-4000)}`));
    }, timeoutMs);
    child.on('message', (m) => {
      clearTimeout(timer);
      if (!m.ok) return reject(new Error(`API child failed: ${m.error}\n${output.slice(-4000)}`));
      ready = m;
      resolve({
        ...m,
        output: () => output,
        async close() {
          if (child.connected) child.send('close');
          const code = await exited;
          if (code !== 0) throw new Error(`API child exited with ${code}\n${output.slice(-4000)}`);
        },
      });
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (!ready)
        reject(
          new Error(
            `API child exited (${code ?? signal}) before it was ready\n${output.slice(-4000)}`,
          ),
        );
    });
  });
}

/** One JSON POST over a keep-alive connection; the clock stops when the last byte is in. */
function post(agent, port, path, body, token) {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const start = now();
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const ms = now() - start;
          const raw = Buffer.concat(chunks);
          resolve({ status: res.statusCode, ms, bytes: raw.length, text: raw.toString('utf8') });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

function checked(res, what) {
  if (res.status !== 200)
    throw new Error(`${what} answered ${res.status}: ${res.text.slice(0, 500)}`);
  return JSON.parse(res.text);
}

const summarize = (samples) => ({
  median: median(samples),
  p95: percentile(samples, 95),
  min: Math.min(...samples),
  max: Math.max(...samples),
});

/** HTTP: warm-ups, then `repeats` timed calls per query, one at a time. */
async function measureHttp({ port, queries, repeats, warmUps, onProgress }) {
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  try {
    const login = checked(
      await post(agent, port, '/v1/login-partner', BENCH_ADMIN),
      'POST /v1/login-partner',
    );
    const token = login.token;
    const out = {};
    for (const q of queries.single) {
      const samples = [];
      let answer = null;
      let bytes = 0;
      for (let i = 0; i < warmUps + repeats; i++) {
        const res = await post(agent, port, '/v1/leases', q.body, token);
        const json = checked(res, `POST /v1/leases ${JSON.stringify(q.body)}`);
        if (i >= warmUps) samples.push(res.ms);
        answer ??= { tiles: json.leases.length, total: json.total };
        bytes = res.bytes;
        onProgress?.(q.id, i + 1, warmUps + repeats);
      }
      out[q.id] = { ...summarize(samples), samples, bytes, ...answer };
    }
    // Opening a board: every column's first page requested at once; the figure is the wall time
    // until the last answer (the API answers them one after the other: one thread, sync SQLite).
    for (const open of queries.bursts) {
      const samples = [];
      let bytes = 0;
      let tiles = 0;
      for (let i = 0; i < warmUps + repeats; i++) {
        const start = now();
        const all = await Promise.all(
          open.bodies.map((body) => post(agent, port, '/v1/leases', body, token)),
        );
        const ms = now() - start;
        const pages = all.map((res) => checked(res, 'POST /v1/leases (board open)'));
        if (i >= warmUps) samples.push(ms);
        bytes = all.reduce((sum, res) => sum + res.bytes, 0);
        tiles = pages.reduce((sum, page) => sum + page.leases.length, 0);
        onProgress?.(open.id, i + 1, warmUps + repeats);
      }
      out[open.id] = { ...summarize(samples), samples, bytes, tiles, requests: open.bodies.length };
    }
    return out;
  } finally {
    agent.destroy();
  }
}

const STATEMENT_KINDS = [
  ['matches', /project_search MATCH|reloc_fold\(/i],
  ['counts', /GROUP BY/i],
  ['total', /^\s*SELECT COUNT\(\*\)/i],
  ['page', /\bLIMIT\b/i],
];
const kindOf = (sql) => STATEMENT_KINDS.find(([, re]) => re.test(sql))?.[0] ?? 'other';

/**
 * The connection the read model gets, with every statement it prepares timed by kind (counts per
 * column, total of the column, the page itself) and the last SQL and parameters kept to explain.
 */
function instrumented(db) {
  const timings = {};
  const last = {};
  const wrap = (stmt, sql) => {
    const kind = kindOf(sql);
    const timed =
      (method) =>
      (...params) => {
        const t = now();
        const result = stmt[method](...params);
        timings[kind] = (timings[kind] ?? 0) + now() - t;
        last[kind] = { sql, params };
        return result;
      };
    const proxy = new Proxy(stmt, {
      get(target, prop) {
        if (prop === 'all' || prop === 'get') return timed(prop);
        const value = Reflect.get(target, prop, target);
        return typeof value === 'function'
          ? (...args) => {
              const r = value.apply(target, args);
              return r === target ? proxy : r;
            }
          : value;
      },
    });
    return proxy;
  };
  const proxyDb = new Proxy(db, {
    get(target, prop) {
      if (prop === 'prepare') return (sql) => wrap(target.prepare(sql), sql);
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: proxyDb, timings, last };
}

/** The plan SQLite picks for a statement, one line per step, indented by depth. */
function explain(db, { sql, params }) {
  const rows = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params);
  const depth = new Map([[0, -1]]);
  return rows.map((r) => {
    const d = (depth.get(r.parent) ?? -1) + 1;
    depth.set(r.id, d);
    return `${'  '.repeat(d)}${r.detail}`;
  });
}

/** The same queries against the built ProjectsReadModel, no HTTP, each statement timed. */
function measureReadModel({ api, dataDir, queries, repeats, warmUps }) {
  require('reflect-metadata');
  const { ProjectsReadModel } = requireBuilt(join(apiDist, 'projects', 'projects.read-model.js'));
  const config = api.loadConfig(apiEnv(dataDir));
  const raw = api.openReadDb(config);
  try {
    const { db, timings, last } = instrumented(raw);
    const model = new ProjectsReadModel(db);
    const out = {};
    const run = (query) => {
      for (const k of Object.keys(timings)) delete timings[k];
      const t = now();
      const page = model.board(query);
      return { ms: now() - t, page, timings: { ...timings } };
    };
    for (const q of queries.single) {
      const samples = [];
      const byKind = {};
      let answer = null;
      for (let i = 0; i < warmUps + repeats; i++) {
        const { ms, page, timings: split } = run(q.body);
        answer ??= { tiles: page.leases.length, total: page.total };
        if (i < warmUps) continue;
        samples.push(ms);
        for (const [kind, v] of Object.entries(split)) (byKind[kind] ??= []).push(v);
      }
      const plans = Object.fromEntries(
        Object.entries(last).map(([kind, stmt]) => [
          kind,
          { sql: stmt.sql, plan: explain(raw, stmt) },
        ]),
      );
      for (const k of Object.keys(last)) delete last[k];
      out[q.id] = {
        ...summarize(samples),
        samples,
        ...answer,
        statements: Object.fromEntries(
          Object.entries(byKind).map(([kind, v]) => [
            kind,
            { median: median(v), p95: percentile(v, 95) },
          ]),
        ),
        plans,
      };
    }
    // The board's columns one after the other: what the API does for the console's burst.
    for (const open of queries.bursts) {
      const samples = [];
      for (let i = 0; i < warmUps + repeats; i++) {
        const t = now();
        for (const body of open.bodies) model.board(body);
        if (i >= warmUps) samples.push(now() - t);
      }
      out[open.id] = { ...summarize(samples), samples, requests: open.bodies.length };
    }
    const rows = raw.prepare('SELECT COUNT(*) FROM project_board').pluck().get();
    const indexes = raw
      .prepare(
        "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'project_board' AND sql IS NOT NULL",
      )
      .pluck()
      .all();
    return { queries: out, boardRows: rows, indexes };
  } finally {
    raw.close();
  }
}

/**
 * Phase 5 after the projects are written: the API starts on them (catch-up timed), HTTP, then
 * the read model directly once the API is closed (so the two never share the CPU).
 */
export async function runBoardBench({ api, domain, dataDir, terms, repeats, warmUps, onProgress }) {
  const queries = boardQueries({ terms, domain });
  const started = now();
  const server = await startApi(dataDir);
  const startMs = now() - started;
  let http;
  try {
    http = await measureHttp({ port: server.port, queries, repeats, warmUps, onProgress });
  } finally {
    await server.close();
  }
  const direct = measureReadModel({ api, dataDir, queries, repeats, warmUps });
  return {
    api: {
      startMs,
      createdMs: server.createdMs,
      caughtUpMs: server.caughtUpMs,
      catchUp: server.catchUp,
      position: server.health.position,
    },
    queries: [
      ...queries.single,
      ...queries.bursts.map((open) => ({ ...open, label: burstLabel(open) })),
    ].map((q) => ({
      id: q.id,
      label: q.label,
      body: q.body ?? q.bodies,
      http: http[q.id],
      readModel: direct.queries[q.id],
    })),
    boardRows: direct.boardRows,
    indexes: direct.indexes,
  };
}

function burstLabel(open) {
  const what = open.search ? `search '${open.search}' in /${open.route}` : `open /${open.route}`;
  return `${what}: ${open.bodies.length} columns at once`;
}
