#!/usr/bin/env node
/* global window, document, performance, PerformanceObserver, KeyboardEvent, requestAnimationFrame -- code run in the page */
// Time to interactive of a large board in Chromium (issue 17 point 6; goal ≤ 1 s). Not a test.
//
//   node bench/board-tti.mjs        (after a build of the API and the console)
//
// Generates BENCH_TTI_PROJECTS client files (generators/projects-log.mjs), starts the real API on
// them (serving the built console), logs in as the superadmin in Debian's Chromium, then opens
// the board BENCH_TTI_ROUTE (default /compta: its 'paid' column holds most files) BENCH_TTI_RUNS
// times, each in a fresh page (assets from the HTTP cache, as on a second visit).
// Per run: from navigation start to (a) every column's first page loaded (the count of tiles
// the API announced, and no column still busy; a column says how many tiles it holds in
// data-loaded, since it draws only those on screen), (b) interactive: those tiles loaded and no
// long task (> 50 ms) in the next 500 ms (the end of the last long task, when later than (a));
// then (c) with every column scrolled to its end again and again until the board holds
// BENCH_TTI_TILES (2000) tiles, the same two times for that board (from navigation: they hold
// the 500 ms of (b)'s check, so also printed from the first scroll, and (b) plus that time from the
// first scroll: the board without the bench's own wait). After (b) and (c), how long
// a tile takes to answer a focus and a key press (until the next frame). Medians and max
// printed; BENCH_TTI_DATA_DIR keeps the generated files between runs (generated there once).
// bench/results/board-tti.json holds every run.

import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

// BENCH_TTI_DATA_DIR: generated once there and kept (later runs start the API on it at once).
const keptDir = process.env.BENCH_TTI_DATA_DIR;
const tmp = keptDir ?? mkdtempSync(join(os.tmpdir(), 'reloc-tti-'));
const generated = join(tmp, `.bench-tti-${params.projects}`);
const api = loadApi();
const domain = loadDomain();
let server = null;
let browser = null;
try {
  if (!existsSync(generated)) {
    process.stderr.write(`generating ${fmtInt(params.projects)} client files…\n`);
    mkdirSync(tmp, { recursive: true });
    await writeProjects({ api, domain, dataDir: tmp, projects: params.projects });
    writeFileSync(generated, '');
  }
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
    // The tiles the board holds: a column says how many it loaded (it draws only those on
    // screen); a board that does not say it, the tiles in the page.
    window.__loadedTiles = () => {
      const columns = [...document.querySelectorAll('[data-testid^="column-"][data-loaded]')];
      const loaded = columns.reduce((sum, column) => sum + Number(column.dataset.loaded), 0);
      return Math.max(loaded, document.querySelectorAll('[data-testid="project-tile"]').length);
    };
    // How long a tile takes to answer: a focus and a key press on the first tile, until the
    // next frame is painted (ms).
    window.__tileResponse = () =>
      new Promise((resolve) => {
        const tile = document.querySelector('[data-testid="project-tile"]');
        if (!tile) return resolve(null);
        const start = performance.now();
        tile.focus();
        tile.dispatchEvent(new KeyboardEvent('keydown', { key: 'Shift', bubbles: true }));
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
      });
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
    const expected = { n: null, responses: 0 };
    page.on('response', async (res) => {
      if (!res.url().endsWith('/v1/leases')) return;
      const body = await res.json().catch(() => null);
      if (body?.leases) expected.n = (expected.n ?? 0) + body.leases.length;
      expected.responses++;
    });
    // The renderer's main-thread time (Chromium's TaskDuration, ScriptDuration, LayoutDuration):
    // CPU spent, less sensitive than wall times to a loaded machine.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const metrics = async () => (await cdp.send('Performance.getMetrics')).metrics;
    // Counted from here (a renderer may have served an earlier page).
    const start = await metrics();
    const mainThread = async () => {
      const now = await metrics();
      const of = (name) => {
        const value = (list) => list.find((m) => m.name === name)?.value ?? 0;
        return Math.round((value(now) - value(start)) * 1000);
      };
      return {
        taskMs: of('TaskDuration'),
        scriptMs: of('ScriptDuration'),
        layoutMs: of('LayoutDuration'),
      };
    };
    await page.goto(params.route, { waitUntil: 'commit' });
    // Polls until every tile the API sent is on screen (performance.now() is since navigation).
    const deadline = Date.now() + 60_000;
    let tilesAt = null;
    let tiles = 0;
    while (Date.now() < deadline) {
      const state = await page.evaluate(() => ({
        tiles: window.__loadedTiles(),
        // A column still waiting for its page says so (aria-busy).
        busy: !!document.querySelector('[data-testid^="column-"][aria-busy="true"]'),
        columns: document.querySelectorAll('[data-testid^="column-"]').length,
        now: performance.now(),
      }));
      tiles = state.tiles;
      const answered = expected.responses >= state.columns && state.columns > 0;
      if (answered && expected.n !== null && tiles >= expected.n && tiles > 0 && !state.busy) {
        tilesAt = state.now;
        break;
      }
      await page.waitForTimeout(5);
    }
    if (tilesAt === null) throw new Error(`the board never showed its ${expected.n} tiles`);
    const cpuAtTiles = await mainThread();
    await page.waitForTimeout(500);
    const longTasks = await page.evaluate(() => window.__longTasks);
    const lastLongTask = Math.max(0, ...longTasks.map((t) => t.end));
    const interactive = Math.max(tilesAt, lastLongTask);
    const tileResponseMs = await page.evaluate(() => window.__tileResponse());
    // Where the first screen's time goes: the API calls, from the page's resource timings.
    const requests = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/v1/'))
        .map((entry) => ({
          path: new URL(entry.name).pathname,
          startMs: Math.round(entry.startTime),
          endMs: Math.round(entry.responseEnd),
        })),
    );
    // Then to a board of `params.tiles` tiles: each column scrolled to its end (the next page
    // loads when its end shows), again and again, until the board holds that many.
    let target = null;
    if (params.tiles > tiles) {
      let last = tiles;
      let stalledSince = Date.now();
      // When the first scroll was made (performance.now()): (c) counts from navigation, so it
      // holds (b)'s 500 ms wait too; from here is what the scrolling itself took.
      let scrolledFrom = null;
      while (Date.now() - stalledSince < 10_000) {
        const state = await page.evaluate(() => {
          for (const column of document.querySelectorAll('[data-testid^="column-"]')) {
            const list = column.lastElementChild;
            if (list) list.scrollTop = list.scrollHeight;
          }
          return { tiles: window.__loadedTiles(), now: performance.now() };
        });
        scrolledFrom ??= state.now;
        if (state.tiles >= params.tiles) {
          await page.waitForTimeout(500);
          const tasks = await page.evaluate(() => window.__longTasks);
          const lastTask = Math.max(0, ...tasks.map((t) => t.end));
          target = {
            tiles: state.tiles,
            shownMs: state.now,
            interactiveMs: Math.max(state.now, lastTask),
            scrolledFromMs: scrolledFrom,
            scrollMs: Math.max(state.now, lastTask) - scrolledFrom,
            // The first screen's interactive time plus what the board took from the first
            // scroll: the 2 000-tile board without this bench's own 500 ms check in between.
            withoutWaitMs: interactive + Math.max(state.now, lastTask) - scrolledFrom,
            longTasks: tasks.length,
            cpu: await mainThread(),
            drawnTiles: await page.evaluate(
              () => document.querySelectorAll('[data-testid="project-tile"]').length,
            ),
            tileResponseMs: await page.evaluate(() => window.__tileResponse()),
            // The pages asked while scrolling (from the resource timings, as above).
            requests: await page.evaluate(
              (after) =>
                performance
                  .getEntriesByType('resource')
                  .filter((entry) => entry.name.endsWith('/v1/leases') && entry.startTime > after)
                  .map((entry) => ({
                    startMs: Math.round(entry.startTime),
                    endMs: Math.round(entry.responseEnd),
                  })),
              tilesAt,
            ),
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
        cpu: cpuAtTiles,
        tileResponseMs,
        requests,
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
    mainThreadMs: median(runs.map((r) => r.cpu.taskMs)),
    target: runs.every((r) => r.target)
      ? {
          tiles: median(runs.map((r) => r.target.tiles)),
          shownMs: median(runs.map((r) => r.target.shownMs)),
          interactiveMs: median(runs.map((r) => r.target.interactiveMs)),
          interactiveMaxMs: Math.max(...runs.map((r) => r.target.interactiveMs)),
          tileResponseMs: median(runs.map((r) => r.target.tileResponseMs ?? NaN)),
          scrollMs: median(runs.map((r) => r.target.scrollMs)),
          withoutWaitMs: median(runs.map((r) => r.target.withoutWaitMs)),
          withoutWaitMaxMs: Math.max(...runs.map((r) => r.target.withoutWaitMs)),
          drawnTiles: median(runs.map((r) => r.target.drawnTiles)),
          mainThreadMs: median(runs.map((r) => r.target.cpu.taskMs)),
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
      `(median of ${params.runs}, max ${results.interactiveMaxMs.toFixed(0)} ms; goal ≤ 1000 ms; load ${results.machine.loadAvg.toFixed(1)}); ` +
      `main thread busy ${results.mainThreadMs} ms until then`,
  );
  if (results.target)
    console.log(
      `scrolled to ${results.target.tiles} tiles: shown at ${results.target.shownMs.toFixed(0)} ms, ` +
        `interactive at ${results.target.interactiveMs.toFixed(0)} ms after navigation, ` +
        `${results.target.scrollMs.toFixed(0)} ms after the first scroll (median, ` +
        `max ${results.target.interactiveMaxMs.toFixed(0)} ms; ${results.target.drawnTiles} tiles ` +
        `drawn; a tile answers a key in ${results.target.tileResponseMs.toFixed(0)} ms; main thread busy ` +
        `${results.target.mainThreadMs} ms since navigation)`,
    );
  if (results.target)
    console.log(
      `first screen interactive + board growth to ${results.target.tiles} tiles (from the first ` +
        `scroll; without the bench's 500 ms check): ${results.target.withoutWaitMs.toFixed(0)} ms ` +
        `(median, max ${results.target.withoutWaitMaxMs.toFixed(0)} ms; goal ≤ 1000 ms)`,
    );
} finally {
  await browser?.close();
  await server?.close().catch(() => undefined);
  if (!keptDir) rmSync(tmp, { recursive: true, force: true });
}
