// The headline rows of issue 17: each figure beside the reference measured on the same run,
// as {name, value, unit, reference, ratio} (latest.json `rows`, printed as the first table).

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { apiEnv } from './log-and-rebuild.mjs';
import { median, now } from './stats.mjs';

/**
 * Reading the whole log as plainly as SQLite allows: pages of 1000 by position, `data` and
 * `metadata` parsed; what any rebuild pays before projecting anything. Events/s, median of runs.
 */
export function rawReadParse({ api, Database, dataDir, runs = 3 }) {
  const config = api.loadConfig(apiEnv(dataDir));
  const db = new Database(join(config.dataDir, 'reloc.db'), { readonly: true });
  const page = db.prepare(
    `SELECT position, id, stream_id, revision, type, data, metadata, created_at
     FROM events WHERE position > ? ORDER BY position LIMIT 1000`,
  );
  const rates = [];
  for (let r = 0; r < runs; r++) {
    const start = now();
    let events = 0;
    for (let from = 0; ;) {
      const rows = page.all(from);
      if (!rows.length) break;
      for (const row of rows) {
        JSON.parse(row.data);
        JSON.parse(row.metadata);
      }
      events += rows.length;
      from = rows[rows.length - 1].position;
    }
    rates.push((events / (now() - start)) * 1000);
  }
  db.close();
  return median(rates);
}

/**
 * The console's JS fetched before its first screen (the login): index.html's script and
 * modulepreloads, the chunks they import statically, and the login screen's chunk; gzip -9.
 */
export function consoleFirstScreen(dist, screen = 'LoginPage') {
  const html = join(dist, 'index.html');
  if (!existsSync(html)) return null;
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(join(dist, file), 'utf8');
    for (const m of source.matchAll(
      /(?:^|[;\n}])\s*import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g,
    ))
      visit(`assets/${m[1]}`);
  };
  for (const m of readFileSync(html, 'utf8').matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g))
    visit(m[1]);
  for (const file of readdirSync(join(dist, 'assets')))
    if (file.startsWith(`${screen}-`) && file.endsWith('.js')) visit(`assets/${file}`);
  let gzip = 0;
  let raw = 0;
  for (const file of seen) {
    const bytes = readFileSync(join(dist, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  const precompressed = [...seen].every((file) => existsSync(join(dist, `${file}.br`)));
  return { files: seen.size, raw, gzip, precompressed };
}

const row = (name, value, unit, reference, ratio, note) => ({
  name,
  value,
  unit,
  reference,
  ratio,
  ...(note ? { note } : {}),
});

/** The rows, from the run's results (missing phases leave their rows out). */
export function summaryRows(r) {
  const rows = [];
  const pr = r.board?.rebuild;
  if (pr)
    rows.push(
      row(
        'rebuild-read-models (client-file log)',
        pr.eventsPerSec,
        'events/s',
        pr.rawReadParse,
        pr.eventsPerSec / pr.rawReadParse,
        `reference: raw read + JSON parse of the same log; ${pr.events} events; target ratio ≥ 0.25`,
      ),
    );
  if (r.board?.api?.catchUpEventsPerSec && pr)
    rows.push(
      row(
        'API start-up catch-up (client-file log)',
        r.board.api.catchUpEventsPerSec,
        'events/s',
        pr.rawReadParse,
        r.board.api.catchUpEventsPerSec / pr.rawReadParse,
        'read models empty: the projector replays the log from 0',
      ),
    );
  const q = (id) => r.board?.queries.find((x) => x.id === id);
  const all = q('all');
  for (const id of ['searchName', 'searchEmail']) {
    const s = q(id);
    if (s && all)
      rows.push(
        row(
          `board search p95: ${s.label}`,
          s.http.p95,
          'ms',
          all.http.p95,
          s.http.p95 / all.http.p95,
          'reference: the unsearched first page (5c) p95; targets ≤ 20 ms and ratio ≤ 2',
        ),
      );
  }
  if (all) rows.push(row('board first page p95 (5c)', all.http.p95, 'ms', null, null));
  if (r.console)
    rows.push(
      row(
        'console JS before the first screen (gzip)',
        r.console.gzip / 1024,
        'kB',
        250,
        r.console.gzip / 1024 / 250,
        `${r.console.files} files, ${Math.round(r.console.raw / 1024)} kB raw; precompressed .br/.gz: ${r.console.precompressed ? 'yes' : 'no'}; target ≤ 250 kB`,
      ),
    );
  if (r.store?.chained100)
    rows.push(
      row(
        'chained append, 100 events a call',
        r.store.chained100.eventsPerSec,
        'events/s',
        r.raw.hundredRowsPerTx.rowsPerSec,
        r.store.chained100.ratioToRaw,
        'reference: raw 100-row transaction (1b); target ratio ≥ 0.5',
      ),
    );
  if (r.store?.batch100)
    rows.push(
      row(
        'plain append, 100 events a call',
        r.store.batch100.eventsPerSec,
        'events/s',
        r.raw.hundredRowsPerTx.rowsPerSec,
        r.store.batch100.ratioToRaw,
      ),
    );
  if (r.api?.afterRebuild)
    rows.push(
      row(
        'API RSS after rebuild',
        r.api.afterRebuild.rssMB,
        'MB',
        r.api.emptyDataDir.rssMB,
        r.api.afterRebuild.rssMB / r.api.emptyDataDir.rssMB,
        'reference: empty data dir',
      ),
    );
  return rows;
}

export function summaryTable(rows, table) {
  const fmt = (x) =>
    x === null || x === undefined
      ? ''
      : x >= 1000
        ? Math.round(x).toLocaleString('en-US')
        : x >= 100
          ? x.toFixed(0)
          : x.toFixed(1);
  return table(
    [
      ['Measure (issue 17)', 'Value', 'Unit', 'Reference', 'Ratio'],
      ...rows.map((x) => [
        x.name,
        fmt(x.value),
        x.unit,
        fmt(x.reference),
        x.ratio === null ? '' : x.ratio.toFixed(2),
      ]),
    ],
    'lrlrr',
  );
}
