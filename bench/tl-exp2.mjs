import { loadApi, rebuild } from './lib/log-and-rebuild.mjs';
import { require } from './lib/paths.mjs';
import { median } from './lib/stats.mjs';
import { readAndParseLog } from './lib/summary.mjs';
const Database = require('better-sqlite3');
const dataDir = process.env.BENCH_REBUILD_DATA_DIR;
const api = loadApi();
const cpuMs = async (f) => { const s = process.cpuUsage(); const t = performance.now(); await f(); const { user, system } = process.cpuUsage(s); return [(user + system) / 1000, performance.now() - t]; };
const modes = process.env.MODES.split(' ');
const res = { raw: [] }; const wall = {};
for (const m of modes) { res[m] = []; wall[m] = []; }
await rebuild({ api, dataDir, repeats: 1 });
for (let r = 0; r < Number(process.env.BENCH_ROUNDS ?? 3); r++) {
  res.raw.push((await cpuMs(() => readAndParseLog({ api, Database, dataDir })))[0]);
  for (const m of modes) { for (const kv of m.split(',')) { const [k, v] = kv.split('='); process.env[k] = v; } const [c, w] = await cpuMs(() => rebuild({ api, dataDir, repeats: 1 })); res[m].push(c); wall[m].push(w); }
}
const raw = median(res.raw);
console.log('raw', res.raw.map(Math.round).join(' '));
for (const m of modes) console.log(m.padEnd(20), res[m].map(Math.round).join(' '), 'ratio', (raw / median(res[m])).toFixed(3), 'wall', wall[m].map(Math.round).join(' '), 'ratio', (raw / median(wall[m])).toFixed(3));
