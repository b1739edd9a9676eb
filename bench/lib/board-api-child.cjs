// Serves the real API (createApp from services/api/dist) on a data dir for phase 5: waits until
// /v1/health reports no projector lag, reports its port and start-up times to the parent (IPC),
// then serves HTTP until the parent sends 'close'. Started by bench/lib/board-bench.mjs; the env
// of the API is in BENCH_API_ENV.
'use strict';
const { join } = require('node:path');
const { createRequire } = require('node:module');
const { performance } = require('node:perf_hooks');
const { setTimeout: sleep } = require('node:timers/promises');

const root = join(__dirname, '..', '..');
const apiDist = join(root, 'services', 'api', 'dist');
const apiRequire = createRequire(join(root, 'services', 'api', 'package.json'));

async function main() {
  const env = JSON.parse(process.env.BENCH_API_ENV);
  const closing = new Promise((resolve) => {
    process.on('message', (m) => m === 'close' && resolve());
    process.on('disconnect', resolve);
  });
  const beforeLoad = performance.now();
  apiRequire('reflect-metadata');
  const { loadConfig } = require(join(apiDist, 'config.js'));
  const { createApp } = require(join(apiDist, 'app.factory.js'));
  // Time the projector's start-up catch-up (the API builds its Projector from this same module).
  const { Projector } = require(join(apiDist, 'infrastructure', 'projector.js'));
  const catchUp = { ms: null, from: null, to: null };
  const start = Projector.prototype.start;
  Projector.prototype.start = async function timedStart(...args) {
    const t = performance.now();
    const result = await start.apply(this, args);
    catchUp.ms = performance.now() - t;
    catchUp.to = this.currentPosition;
    return result;
  };
  const setup = Projector.prototype.setup;
  Projector.prototype.setup = function timedSetup(...args) {
    const result = setup.apply(this, args);
    if (catchUp.from === null) catchUp.from = this.currentPosition;
    return result;
  };
  // RELOC_CONSOLE_DIR: another console build to serve (a comparison); console/dist otherwise.
  const consoleDir = process.env.RELOC_CONSOLE_DIR;
  const config = loadConfig(consoleDir ? { ...env, RELOC_CONSOLE_DIR: consoleDir } : env);
  const app = await createApp(config, { logger: ['error', 'warn'] });
  const createdMs = performance.now() - beforeLoad;
  // BENCH_API_PORT pins the port (a shared machine's assigned range); else any free one.
  await app.listen(Number(process.env.BENCH_API_PORT) || 0, '127.0.0.1');
  const { port } = app.getHttpServer().address();

  let health;
  const deadline = Date.now() + 600_000;
  for (;;) {
    const res = await fetch(`http://127.0.0.1:${port}/v1/health`);
    if (!res.ok) throw new Error(`/v1/health answered ${res.status}`);
    health = await res.json();
    if (health.projector.lag === 0) break;
    if (Date.now() > deadline)
      throw new Error(`projector still lagging: ${JSON.stringify(health)}`);
    await sleep(100);
  }
  const caughtUpMs = performance.now() - beforeLoad;
  process.send({ ok: true, port, createdMs, caughtUpMs, catchUp, health: health.projector });
  await closing;
  await app.close();
}

main()
  .catch((error) => {
    process.send?.({ ok: false, error: String(error && error.stack ? error.stack : error) });
    process.exitCode = 1;
  })
  .finally(() => {
    // Whatever handle the API leaves behind, the measurement is done.
    setTimeout(() => process.exit(), 2000).unref();
    process.disconnect?.();
  });
