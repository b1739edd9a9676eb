#!/usr/bin/env node
/* global window, document, performance, PerformanceObserver -- code run in the page */
// Time to interactive of a large board in Chromium (issue 17 point 6; goal ≤ 1 s). Not a test.
//
//   node bench/board-tti.mjs        (after a build of the API and the console)
//
// Generates BENCH_TTI_PROJECTS client files (generators/projects-log.mjs), starts the real API on
// them (serving the built console), logs in as the superadmin in Debian's Chromium, then opens
// the board BENCH_TTI_ROUTE (default /compta: its 'paid' column holds most files) BENCH_TTI_RUNS
// times, each in a fresh page (assets from the HTTP cache, as on a second visit).
// Per run: from navigation start to (a) every column's first page rendered (the count of
// tiles the API announced), (b) interactive: those tiles shown and no long task (> 50 ms) in
// the next 500 ms (the end of the last long task, when later than (a)); then (c) with every
// column scrolled to its end until the board holds BENCH_TTI_TILES (2000) tiles, the same two
// times for that board (a column shows 200 tiles, then 200 more each time its end shows).
// Median and max printed;
// bench/results/board-tti.json holds every run.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { BENCH_ADMIN, loadApi } from './lib/log-and-rebuild.mjs';
import { startApi, writeProjects } from './lib/board-bench.mjs';
import { benchDir, loadDomain } from './lib/paths.mjs';
import { fmtInt, median } from './lib/stats.mjs';

const int = (name, fallback) => Number(process.env[name] ?? fallback);
const params = {
  projects: int('BENCH_TTI_PROJECTS', 50_000),
  runs: int('BENCH_TTI_RUNS', 5),
  route: process.env.BENCH_TTI_ROUTE ?? '/compta',
  tiles: int('BENCH_TTI_TILES', 2000),
};

const tmp = mkdtempSync(join(os.tmpdir(), 'reloc-tti-'));
const api = loadApi();
const domain = loadDomain();
let server = null;
let browser = null;
try {
  process.stderr.write(`generating ${fmtInt(params.projects)} client files…\n`);
  await writeProjects({ api, domain, dataDir: tmp, projects: params.projects });
  process.stderr.write('starting the API (catch-up from 0)…\n');
  server = await startApi(tmp);
  const base = `http://127.0.0.1:${server.port}`;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const context = await browser.newContext({
    baseURL: base,
    locale: 'fr-FR',
    viewport: { width: 1600, height: 1000 },
  });
  context.setDefaultTimeout(60_000);
  // Long tasks, recorded from the first byte of every page.
  await context.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        window.__longTasks.push({ start: entry.startTime, end: entry.startTime + entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  const login = await context.newPage();
  await login.goto('/');
  await login.getByLabel('Identifiant').fill(BENCH_ADMIN.email);
  await login.getByLabel('Mot de passe').fill(BENCH_ADMIN.password);
  await login.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await login.getByRole('navigation', { name: 'Navigation principale' }).waitFor();
  await login.close();

  const runs = [];
  for (let run = 0; run <= params.runs; run++) {
    const page = await context.newPage();
    // The tiles the board will show: each column's first page, as the API counts them.
    const expected = { n: null };
    page.on('response', async (res) => {
      if (!res.url().endsWith('/v1/leases')) return;
      const body = await res.json().catch(() => null);
      if (body?.leases) expected.n = (expected.n ?? 0) + body.leases.length;
    });
    await page.goto(params.route, { waitUntil: 'commit' });
    // Polls until every tile the API sent is on screen (performance.now() is since navigation).
    const deadline = Date.now() + 60_000;
    let tilesAt = null;
    let tiles = 0;
    while (Date.now() < deadline) {
      const state = await page.evaluate(() => ({
        tiles: document.querySelectorAll('[data-testid="project-tile"]').length,
        now: performance.now(),
      }));
      tiles = state.tiles;
      if (expected.n !== null && tiles >= expected.n && tiles > 0) {
        tilesAt = state.now;
        break;
      }
      await page.waitForTimeout(5);
    }
    if (tilesAt === null) throw new Error(`the board never showed its ${expected.n} tiles`);
    await page.waitForTimeout(500);
    const longTasks = await page.evaluate(() => window.__longTasks);
    const lastLongTask = Math.max(0, ...longTasks.map((t) => t.end));
    const interactive = Math.max(tilesAt, lastLongTask);
    // Then to a board of `params.tiles` tiles: each column scrolled to its end (the next page
    // loads when its end shows), again and again, until the board holds that many.
    let target = null;
    if (params.tiles > tiles) {
      let last = tiles;
      let stalledSince = Date.now();
      while (Date.now() - stalledSince < 10_000) {
        const state = await page.evaluate(() => {
          for (const column of document.querySelectorAll('[data-testid^="column-"]')) {
            const list = column.lastElementChild;
            if (list) list.scrollTop = list.scrollHeight;
          }
          return {
            tiles: document.querySelectorAll('[data-testid="project-tile"]').length,
            now: performance.now(),
          };
        });
        if (state.tiles >= params.tiles) {
          await page.waitForTimeout(500);
          const tasks = await page.evaluate(() => window.__longTasks);
          const lastTask = Math.max(0, ...tasks.map((t) => t.end));
          target = {
            tiles: state.tiles,
            shownMs: state.now,
            interactiveMs: Math.max(state.now, lastTask),
          };
          break;
        }
        if (state.tiles > last) {
          last = state.tiles;
          stalledSince = Date.now();
        }
        await page.waitForTimeout(10);
      }
      if (!target) process.stderr.write(`the board stopped at ${last} tiles\n`);
    }
    if (run > 0)
      runs.push({
        tiles,
        tilesShownMs: tilesAt,
        interactiveMs: interactive,
        longTasks: longTasks.length,
        target,
      });
    await page.close();
  }
  const results = {
    startedAt: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, loadAvg: os.loadavg()[0] },
    params,
    runs,
    tiles: median(runs.map((r) => r.tiles)),
    tilesShownMs: median(runs.map((r) => r.tilesShownMs)),
    interactiveMs: median(runs.map((r) => r.interactiveMs)),
    interactiveMaxMs: Math.max(...runs.map((r) => r.interactiveMs)),
    target: runs.every((r) => r.target)
      ? {
          tiles: median(runs.map((r) => r.target.tiles)),
          shownMs: median(runs.map((r) => r.target.shownMs)),
          interactiveMs: median(runs.map((r) => r.target.interactiveMs)),
        }
      : null,
  };
  mkdirSync(join(benchDir, 'results'), { recursive: true });
  writeFileSync(
    join(benchDir, 'results', 'board-tti.json'),
    `${JSON.stringify(results, null, 2)}\n`,
  );
  console.log(
    `board ${params.route} on ${fmtInt(params.projects)} files: ${results.tiles} tiles; ` +
      `tiles shown ${results.tilesShownMs.toFixed(0)} ms, interactive ${results.interactiveMs.toFixed(0)} ms ` +
      `(median of ${params.runs}, max ${results.interactiveMaxMs.toFixed(0)} ms; goal ≤ 1000 ms; load ${results.machine.loadAvg.toFixed(1)})`,
  );
  if (results.target)
    console.log(
      `scrolled to ${results.target.tiles} tiles: shown at ${results.target.shownMs.toFixed(0)} ms, ` +
        `interactive at ${results.target.interactiveMs.toFixed(0)} ms after navigation (median)`,
    );
} finally {
  await browser?.close();
  await server?.close().catch(() => undefined);
  rmSync(tmp, { recursive: true, force: true });
}
