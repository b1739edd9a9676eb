// The headline rows of issue 17: each figure beside the reference measured on the same run,
// as {name, value, unit, reference, ratio} (latest.json `rows`, printed as the first table).

import { join } from 'node:path';
import { apiEnv } from './log-and-rebuild.mjs';
import { median, now } from './stats.mjs';

/** The generated log, read-only: its page of 1000 events by position. */
function openLog({ api, Database, dataDir }) {
  const config = api.loadConfig(apiEnv(dataDir));
  const db = new Database(join(config.dataDir, 'reloc.db'), { readonly: true });
  const page = db.prepare(
    `SELECT position, id, stream_id, revision, type, data, metadata, created_at
     FROM events WHERE position > ? ORDER BY position LIMIT 1000`,
  );
  return { page, close: () => db.close() };
}

/** One pass over the whole log, `data` and `metadata` parsed; answers the number of events. */
function readAndParsePass(page) {
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
  return events;
}

/**
 * Reading the whole log as plainly as SQLite allows, once (open, one pass, close): what any
 * rebuild pays before projecting anything. Answers the number of events (rebuild-cpu.mjs times
 * it in CPU).
 */
export function readAndParseLog({ api, Database, dataDir }) {
  const log = openLog({ api, Database, dataDir });
  try {
    return readAndParsePass(log.page);
  } finally {
    log.close();
  }
}

/** The same read, `runs` passes on one connection: events/s, median of runs. */
export function rawReadParse({ api, Database, dataDir, runs = 3 }) {
  const log = openLog({ api, Database, dataDir });
  const rates = [];
  try {
    for (let r = 0; r < runs; r++) {
      const start = now();
      const events = readAndParsePass(log.page);
      rates.push((events / (now() - start)) * 1000);
    }
  } finally {
    log.close();
  }
  return median(rates);
}

const row = (name, value, unit, reference, ratio, note, target) => ({
  name,
  value,
  unit,
  reference,
  ratio,
  ...(note ? { note } : {}),
  // The target for the row, and whether this run meets it.
  ...(target ? { target: target.text, met: target.met } : {}),
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
        { text: 'ratio ≥ 0.25', met: pr.eventsPerSec / pr.rawReadParse >= 0.25 },
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
          `reference: the unsearched first page (5c) p95; ${s.http.total} files found of ${r.board.boardRows}; targets ≤ 20 ms and ratio ≤ 2`,
          {
            text: '≤ 20 ms, ratio ≤ 2',
            met: s.http.p95 <= 20 && s.http.p95 / all.http.p95 <= 2,
          },
        ),
      );
  }
  // The console's search: every column of /reloc with the term, against the same board unsearched.
  const open = q('openReloc');
  const searched = q('searchReloc');
  if (open && searched)
    rows.push(
      row(
        `board search p95: ${searched.label}`,
        searched.http.p95,
        'ms',
        open.http.p95,
        searched.http.p95 / open.http.p95,
        `reference: the same columns unsearched (${open.label}) p95; target ratio ≤ 2`,
        { text: 'ratio ≤ 2', met: searched.http.p95 / open.http.p95 <= 2 },
      ),
    );
  if (all) rows.push(row('board first page p95 (5c)', all.http.p95, 'ms', null, null));
  if (r.console?.worst) {
    const worst = r.console.worst.gzip / 1024;
    const each = [...r.console.routes]
      .sort((a, b) => b.gzip - a.gzip)
      .map((x) => `${x.route} ${(x.gzip / 1024).toFixed(0)}`)
      .join(', ');
    rows.push(
      row(
        `console JS before the first screen, worst route (gzip): ${r.console.worst.route}`,
        worst,
        'kB',
        250,
        worst / 250,
        `worst of ${r.console.routes.length} routes (kB): ${each}; precompressed .br/.gz: ${r.console.precompressed ? 'yes' : 'no'}; target ≤ 250 kB`,
        { text: '≤ 250 kB', met: worst <= 250 },
      ),
    );
  }
  if (r.store?.chained100)
    rows.push(
      row(
        'chained append, 100 events a call',
        r.store.chained100.eventsPerSec,
        'events/s',
        r.raw.hundredRowsPerTx.rowsPerSec,
        r.store.chained100.ratioToRaw,
        'reference: raw 100-row transaction (1b); target ratio ≥ 0.5',
        { text: 'ratio ≥ 0.5', met: r.store.chained100.ratioToRaw >= 0.5 },
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
      ['Measure (issue 17)', 'Value', 'Unit', 'Reference', 'Ratio', 'Target'],
      ...rows.map((x) => [
        x.name,
        fmt(x.value),
        x.unit,
        fmt(x.reference),
        x.ratio === null ? '' : x.ratio.toFixed(2),
        x.target ? `${x.target}: ${x.met ? 'met' : 'NOT met'}` : '',
      ]),
    ],
    'lrlrrl',
  );
}
