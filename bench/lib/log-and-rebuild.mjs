// Phase 3: write the generated log through the real store (batch appends), then replay it into
// every read model with the built Projector.rebuild(), exactly as `npm run rebuild-read-models`.

import { statSync } from 'node:fs';
import { join } from 'node:path';
import { usersLog } from '../generators/users-log.mjs';
import { apiDist, requireBuilt } from './paths.mjs';
import { median, now } from './stats.mjs';

export function loadApi() {
  const { loadConfig } = requireBuilt(join(apiDist, 'config.js'));
  const { openEventStore, openReadDb, readModelPath, projectorOptions } = requireBuilt(
    join(apiDist, 'infrastructure', 'event-sourcing.module.js'),
  );
  const { Projector } = requireBuilt(join(apiDist, 'infrastructure', 'projector.js'));
  const { ALL_PROJECTIONS } = requireBuilt(join(apiDist, 'infrastructure', 'read-models.js'));
  return {
    loadConfig,
    openEventStore,
    openReadDb,
    readModelPath,
    projectorOptions,
    Projector,
    ALL_PROJECTIONS,
  };
}

/** The superadmin the API creates at its first start (phase 5 logs in with it). */
export const BENCH_ADMIN = { email: 'bench-admin@reloc.fr', password: 'Bench2026!' };

/** The environment the API gets in every phase: the data dir and nothing of the demo. */
export function apiEnv(dataDir) {
  return {
    RELOC_DATA_DIR: dataDir,
    RELOC_DEMO: '0',
    RELOC_TOKEN_SECRET: 'bench-secret-not-for-production-0123456789abcdef',
    RELOC_ADMIN_EMAIL: BENCH_ADMIN.email,
    RELOC_ADMIN_PASSWORD: BENCH_ADMIN.password,
  };
}

/** Appends the generated log, one append call per generated append; never holds the log. */
export async function generateLog({ api, dataDir, targetEvents, onProgress }) {
  const config = api.loadConfig(apiEnv(dataDir));
  const store = api.openEventStore(config);
  const gen = usersLog({ targetEvents });
  // Append rate per tenth of the log: shows how appends slow down as the log grows.
  const window = Math.max(1, Math.floor(targetEvents / 10));
  const windows = [];
  const start = now();
  let windowStart = start;
  let windowEvents = 0;
  let step;
  let written = 0;
  let lastReport = start;
  while (!(step = gen.next()).done) {
    const { streamId, events, expectedRevision } = step.value;
    await store.appendToStream(streamId, events, { expectedRevision });
    written += events.length;
    windowEvents += events.length;
    if (windowEvents >= window) {
      const t = now();
      windows.push({ upTo: written, eventsPerSec: (windowEvents / (t - windowStart)) * 1000 });
      windowStart = t;
      windowEvents = 0;
    }
    if (onProgress && now() - lastReport > 1000) {
      lastReport = now();
      onProgress(written, targetEvents);
    }
  }
  const ms = now() - start;
  const head = await store.headPosition();
  await store.close();
  if (head !== step.value.events)
    throw new Error(`the log holds ${head} events, ${step.value.events} were appended`);
  return {
    ms,
    head,
    ...step.value,
    eventsPerSec: (step.value.events / ms) * 1000,
    eventsPerAppend: step.value.events / step.value.appends,
    windows,
    bytes: dbBytes(join(config.dataDir, 'reloc.db')),
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

/**
 * Full rebuild(s) with the built Projector and ALL_PROJECTIONS, on connections opened as the
 * CLI opens them. `readAll` is timed through a thin wrapper (one call per 1 000-event page) to
 * split the wall time into reading (SQL + JSON.parse) and projecting (apply + commit).
 */
export async function rebuild({ api, dataDir, repeats, onProgress }) {
  const config = api.loadConfig(apiEnv(dataDir));
  const runs = [];
  for (let r = 0; r < repeats; r++) {
    const store = api.openEventStore(config);
    const db = api.openReadDb(config);
    let readMs = 0;
    const timedStore = Object.create(store, {
      readAll: {
        value: async (from, max, options) => {
          const t = now();
          const page = await store.readAll(from, max, options);
          readMs += now() - t;
          return page;
        },
      },
    });
    // The CLI's settings: a replay's worker threads read the log themselves (not timed here).
    const projector = new api.Projector(
      timedStore,
      db,
      api.ALL_PROJECTIONS,
      api.projectorOptions(config),
    );
    // rebuild() deletes the checkpoint row: on a data dir the API never opened, the table must exist.
    projector.setup();
    const head = await store.headPosition();
    const start = now();
    await projector.rebuild(onProgress && ((position) => onProgress(r, position, head)));
    const ms = now() - start;
    if (projector.currentPosition !== head) {
      throw new Error(`rebuild stopped at ${projector.currentPosition}, head is ${head}`);
    }
    const rows = Object.fromEntries(
      api.ALL_PROJECTIONS.map((p) => [p.name, safeCount(db, p.name)]),
    );
    await projector.stop();
    await store.close();
    db.close();
    runs.push({
      ms,
      events: head,
      eventsPerSec: (head / ms) * 1000,
      readMs,
      projectMs: ms - readMs,
      rows,
    });
  }
  const pick = (k) => median(runs.map((x) => x[k]));
  return {
    runs,
    events: runs[0].events,
    projections: api.ALL_PROJECTIONS.map((p) => p.name),
    rows: runs[runs.length - 1].rows,
    ms: pick('ms'),
    eventsPerSec: pick('eventsPerSec'),
    readMs: pick('readMs'),
    projectMs: pick('projectMs'),
  };
}

/** Row count of the projection's table when it is named after it (informative only). */
function safeCount(db, name) {
  try {
    return db
      .prepare(`SELECT count(*) FROM "${name.replace(/"/g, '')}"`)
      .pluck()
      .get();
  } catch {
    return null;
  }
}

/**
 * Drops every read model and the projector's checkpoint, so the next API start replays the whole
 * log: Projector.rebuild() itself does it, given a log that reads as empty.
 */
export async function dropReadModels({ api, dataDir }) {
  const config = api.loadConfig(apiEnv(dataDir));
  const db = api.openReadDb(config);
  const emptyLog = { readAll: async () => [], headPosition: async () => 0 };
  const projector = new api.Projector(emptyLog, db, api.ALL_PROJECTIONS);
  projector.setup();
  await projector.rebuild();
  db.close();
}
