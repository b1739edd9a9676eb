import { ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { hostDecider, projectDecider, proposalDecider, proposalRouteKey } from '@reloc/domain';
import { SqliteEventStore } from '@reloc/eventstore';
import { loadStream } from './commands/stream-commands';
import {
  BullMqJobQueue,
  isRedisDriverInstalled,
  redisConnectionFromUrl,
} from './jobs/bullmq-job-queue';
import {
  geoEnqueueOptions,
  GEO_JOB_NAMES,
  hostStream,
  projectStream,
  proposalStream,
} from './processors/geo-jobs';
import type { WorkerJobs } from './processors';
import { proposalFixture } from './testing/geo-fixtures';
import { isServiceRequired, probeRedisSync } from './testing/redis';

// Acceptance (issue 4): killing the worker in the middle of a distance job loses no job: it
// runs again on another worker and the proposal gets its distances.
const url = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const unavailable = !isRedisDriverInstalled()
  ? 'ioredis is not installed'
  : probeRedisSync(url).answers
    ? null
    : `no Redis at ${url}`;

/** A local Google Routes that holds every request open until released. */
async function heldRoutesServer() {
  let released = false;
  const held: ServerResponse[] = [];
  let requests = 0;
  const answer = (res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify([
        {
          originIndex: 0,
          destinationIndex: 0,
          status: {},
          condition: 'ROUTE_EXISTS',
          distanceMeters: 7300,
          duration: '1260s',
        },
      ]),
    );
  };
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      requests += 1;
      if (released) answer(res);
      else held.push(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    release() {
      released = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function waitFor(what: string, condition: () => boolean | Promise<boolean>, ms = 30000) {
  const until = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('worker crash in the middle of a distance job (BullMQ on Redis)', () => {
  if (unavailable) {
    if (isServiceRequired('redis'))
      test(`fails: REQUIRE_SERVICES includes redis, but ${unavailable}`, () => {
        throw new Error(unavailable);
      });
    else test.skip(`skipped: ${unavailable}`, () => undefined);
    return;
  }

  const prefix = `reloc-test-crash-${randomUUID().slice(0, 8)}`;
  let dir: string;
  let store: SqliteEventStore;
  let routes: Awaited<ReturnType<typeof heldRoutesServer>>;
  const children: ChildProcess[] = [];
  const output: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'reloc-crash-'));
    store = new SqliteEventStore(join(dir, 'reloc.db'), { pollIntervalMs: 50 });
    routes = await heldRoutesServer();
  });

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await routes.close();
    await store.close();
    for (const name of Object.values(GEO_JOB_NAMES)) {
      const queue = new Queue(name, { connection: redisConnectionFromUrl(url), prefix });
      await queue.obliterate({ force: true });
      await queue.close();
    }
    rmSync(dir, { recursive: true, force: true });
  });

  /** A real worker process: main() from source, on the shared SQLite file and Redis. */
  function startWorker(): ChildProcess {
    const child = spawn(
      process.execPath,
      [
        '-r',
        join(__dirname, 'testing', 'ts-register.js'),
        join(__dirname, 'testing', 'run-worker.ts'),
      ],
      {
        env: {
          PATH: process.env.PATH,
          REDIS_URL: url,
          RELOC_DATA_DIR: dir,
          // Required: the worker runs the signature jobs too (files encrypted with the api's key).
          RELOC_FILES_KEY: 'cd'.repeat(32),
          RELOC_JOB_PREFIX: prefix,
          RELOC_ROUTES_API_URL: routes.url,
          RELOC_ROUTES_API_KEY: 'cle-de-test',
          // Short lock and stall check: a dead worker's job is taken again within seconds.
          RELOC_JOB_LOCK_MS: '2000',
          RELOC_JOB_STALLED_CHECK_MS: '1000',
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout?.on('data', (chunk) => output.push(String(chunk)));
    child.stderr?.on('data', (chunk) => output.push(String(chunk)));
    children.push(child);
    return child;
  }

  const exited = (child: ChildProcess) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve();
      else child.once('exit', () => resolve());
    });

  it('runs the job again on a second worker, and the proposal gets its distances', async () => {
    const ids = await proposalFixture(store);
    const [{ state: host }, { state: project }] = await Promise.all([
      loadStream(store, hostStream(ids.hostId), hostDecider),
      loadStream(store, projectStream(ids.projectId), projectDecider),
    ]);
    const key = proposalRouteKey(host, project)!;

    // The api's part: enqueue the job on Redis.
    const api = new BullMqJobQueue<WorkerJobs>({ connection: redisConnectionFromUrl(url), prefix });
    const name = GEO_JOB_NAMES.proposalDistances;
    await api.enqueue(
      name,
      { ...ids, key },
      geoEnqueueOptions(name, `${ids.projectId}-${ids.hostId}`, key, 1, 0),
    );
    await api.close();

    const first = startWorker();
    // The job is active: the worker is waiting on the maps service.
    await waitFor('the first worker to call the maps service', () => routes.requests() > 0);
    first.kill('SIGKILL');
    await exited(first);
    const before = routes.requests();
    routes.release();

    startWorker();
    const proposal = async () =>
      (await loadStream(store, proposalStream(ids.projectId, ids.hostId), proposalDecider)).state;
    await waitFor(
      'the proposal’s distances',
      async () => (await proposal()).distanceCar !== null,
      40000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${output.join('')}`);
    });
    expect(routes.requests()).toBeGreaterThan(before);
    expect(await proposal()).toMatchObject({
      distanceCar: 1260,
      distanceTransport: 1260,
      distanceWalk: 1260,
      distanceEstimate: false,
      lastGeocodingAddress: key,
    });
    // One result only, though the job ran twice.
    const events = await store.readStream(proposalStream(ids.projectId, ids.hostId));
    expect(events.filter((e) => e.type === 'ProposalDistancesSet')).toHaveLength(1);
  }, 60000);
});
