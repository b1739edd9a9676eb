// The client-file log's rebuild in CPU time, beside a raw read + parse of the same log (issue 17
// point 1), without the rest of phase 5: `node bench/rebuild-cpu.mjs` after a build. Generates
// BENCH_PROJECTS (8 000) files once into BENCH_REBUILD_DATA_DIR (kept; a temp dir otherwise),
// then alternates BENCH_ROUNDS (3) raw reads and rebuilds; prints the CPU times and their ratio.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeProjects } from './lib/board-bench.mjs';
import { apiEnv, loadApi, rebuild } from './lib/log-and-rebuild.mjs';
import { loadDomain, require } from './lib/paths.mjs';
import { median } from './lib/stats.mjs';

const Database = require('better-sqlite3');
const projects = Number(process.env.BENCH_PROJECTS ?? 8000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const kept = process.env.BENCH_REBUILD_DATA_DIR;
const dataDir = kept ?? mkdtempSync(join(tmpdir(), 'reloc-rebuild-'));
const api = loadApi();

const cpuMs = (f) => async () => {
  const start = process.cpuUsage();
  await f();
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
};

/** What any rebuild pays before projecting: pages of 1000 by position, data and metadata parsed. */
function readAndParse() {
  const db = new Database(join(api.loadConfig(apiEnv(dataDir)).dataDir, 'reloc.db'), {
    readonly: true,
  });
  const page = db.prepare(
    `SELECT position, id, stream_id, revision, type, data, metadata, created_at
     FROM events WHERE position > ? ORDER BY position LIMIT 1000`,
  );
  for (let from = 0; ;) {
    const rows = page.all(from);
    if (!rows.length) break;
    for (const row of rows) {
      JSON.parse(row.data);
      JSON.parse(row.metadata);
    }
    from = rows[rows.length - 1].position;
  }
  db.close();
}

try {
  if (!kept || !existsSync(join(dataDir, 'reloc.db'))) {
    const log = await writeProjects({ api, domain: loadDomain(), dataDir, projects });
    console.log(`${log.projects} files, ${log.events} events written`);
  }
  const raw = [];
  const rebuilt = [];
  for (let r = 0; r < rounds; r++) {
    raw.push(await cpuMs(readAndParse)());
    rebuilt.push(await cpuMs(() => rebuild({ api, dataDir, repeats: 1 }))());
  }
  raw.push(await cpuMs(readAndParse)());
  const [rawMs, rebuildMs] = [median(raw), median(rebuilt)];
  console.log(
    `CPU ms: raw read + parse ${raw.map(Math.round).join(' ')}, rebuild ${rebuilt.map(Math.round).join(' ')}` +
      `; ratio ${(rawMs / rebuildMs).toFixed(3)} (load ${(await import('node:os')).loadavg()[0].toFixed(1)})`,
  );
} finally {
  if (!kept) rmSync(dataDir, { recursive: true, force: true });
}
