// The client-file log's rebuild in CPU time, beside a raw read + parse of the same log (issue 17
// point 1), without the rest of phase 5: `node bench/rebuild-cpu.mjs` after a build. Generates
// BENCH_PROJECTS (8 000) files once into BENCH_REBUILD_DATA_DIR (kept; a temp dir otherwise),
// then alternates BENCH_ROUNDS (3) raw reads and rebuilds; prints the CPU times and their ratio.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeProjects } from './lib/board-bench.mjs';
import { loadApi, rebuild } from './lib/log-and-rebuild.mjs';
import { loadDomain, require } from './lib/paths.mjs';
import { median } from './lib/stats.mjs';
import { readAndParseLog } from './lib/summary.mjs';

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

/** What any rebuild pays before projecting: the log read and parsed once (lib/summary.mjs). */
const readAndParse = () => readAndParseLog({ api, Database, dataDir });

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
