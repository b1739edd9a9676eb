import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '@reloc/eventstore';
import { InProcessJobQueue } from './jobs/in-process-job-queue';
import { JobEvent, JobQueue } from './jobs/job-queue';
import { createLogger } from './logger';
import {
  closeOnSignals,
  createWorker,
  redisErrorReporter,
  FILES_KEY_REQUIRED,
  REDIS_URL_REQUIRED,
  ScaledJobs,
  WorkerStartupError,
  workerProcessors,
} from './main';

/** A throw-away event store, so that no test opens the repository's data folder. */
const dirs: string[] = [];
function tempStore(): SqliteEventStore {
  const dir = mkdtempSync(join(tmpdir(), 'reloc-worker-main-'));
  dirs.push(dir);
  return new SqliteEventStore(join(dir, 'events.db'));
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** REDIS_URL (never reached: the tests pass an in-process queue) and a files folder and key. */
function workerEnv(redisUrl: string, more: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const dir = mkdtempSync(join(tmpdir(), 'reloc-worker-files-'));
  dirs.push(dir);
  return { REDIS_URL: redisUrl, RELOC_FILES_DIR: dir, RELOC_FILES_KEY: 'ab'.repeat(32), ...more };
}

function memoryLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({
    name: 'test',
    level: 'debug',
    write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>),
  });
  return { logger, lines, messages: () => lines.map((line) => line.msg) };
}

describe('worker process', () => {
  test('refuses to start without REDIS_URL, in French and English', () => {
    for (const env of [{}, { REDIS_URL: ' ' }]) {
      expect(() => createWorker({ env, logger: memoryLogger().logger })).toThrow(
        WorkerStartupError,
      );
    }
    expect(REDIS_URL_REQUIRED).toMatch(/^REDIS_URL est requis : .*mode étendu/);
    expect(REDIS_URL_REQUIRED).toMatch(/\nREDIS_URL is required: .*scaled mode/);
  });

  test('refuses to start without RELOC_FILES_KEY: the signature jobs need the api’s key', () => {
    const env = workerEnv('redis://localhost:6379', { RELOC_FILES_KEY: '' });
    expect(() => createWorker({ env, logger: memoryLogger().logger })).toThrow(FILES_KEY_REQUIRED);
    expect(FILES_KEY_REQUIRED).toMatch(/^RELOC_FILES_KEY est requis : /);
    expect(() =>
      createWorker({
        env: { ...env, RELOC_FILES_KEY: 'trop-courte' },
        logger: memoryLogger().logger,
      }),
    ).toThrow(WorkerStartupError);
  });

  test('GET /health answers each queue’s waiting, delayed, active and failed jobs', async () => {
    const { logger } = memoryLogger();
    let queue!: JobQueue<ScaledJobs>;
    const worker = createWorker({
      env: workerEnv('redis://localhost:6379', { RELOC_WORKER_HEALTH_PORT: '0' }),
      logger,
      createQueue: () => (queue = new InProcessJobQueue<ScaledJobs>()),
      store: tempStore(),
      registry: {
        ...workerProcessors,
        'maintenance.ping': {
          concurrency: 1,
          handle: async () => {
            throw new Error('panne');
          },
        },
      },
    });
    expect(worker.healthPort()).toBeNull();
    await worker.start();
    const failed = new Promise<void>((resolve) => {
      void queue.subscribe('maintenance.ping', (event) => event.type === 'failed' && resolve());
    });
    await queue.enqueue('maintenance.ping', { requestedAt: '' });
    await failed;
    await queue.enqueue('geo.geocodeHost', { hostId: 'h1', address: 'x' }, { delayMs: 60_000 });
    try {
      const base = `http://127.0.0.1:${worker.healthPort()}`;
      const response = await fetch(`${base}/health`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as Record<string, unknown>;
      expect(body).toMatchObject({
        status: 'ok',
        pid: process.pid,
        queues: {
          'maintenance.ping': { waiting: 0, delayed: 0, active: 0, failed: 1 },
          'geo.geocodeHost': { waiting: 0, delayed: 1, active: 0, failed: 0 },
          'signatures.finalize': { waiting: 0, delayed: 0, active: 0, failed: 0 },
        },
      });
      expect((await fetch(`${base}/other`)).status).toBe(404);
    } finally {
      await worker.close();
    }
  });

  test('registers the processors, runs maintenance.ping, and stops on SIGTERM', async () => {
    const { logger, lines, messages } = memoryLogger();
    let queue!: JobQueue<ScaledJobs>;
    const worker = createWorker({
      env: workerEnv('redis://:secret@redis.example:6379'),
      logger,
      createQueue: () => (queue = new InProcessJobQueue<ScaledJobs>()),
      store: tempStore(),
    });
    const signals = new EventEmitter();
    const exited = new Promise<number>((resolve) =>
      closeOnSignals(worker, logger, { target: signals, exit: resolve }),
    );

    expect(await worker.start()).toEqual([
      'maintenance.ping',
      'geo.geocodeHost',
      'geo.proposalDistances',
      'geo.projectDistances',
      'signatures.create',
      'signatures.finalize',
      'signatures.cancel',
    ]);
    const done = new Promise<JobEvent>((resolve) => {
      void queue.subscribe(
        'maintenance.ping',
        (event) => event.type !== 'progress' && resolve(event),
      );
    });
    const jobId = await queue.enqueue('maintenance.ping', {
      requestedAt: new Date().toISOString(),
      requestedBy: 'ops',
    });
    expect(await done).toEqual({ type: 'completed', name: 'maintenance.ping', jobId });

    signals.emit('SIGTERM');
    expect(await exited).toBe(0);
    expect(messages()).toEqual([
      'Connexion à Redis / connecting to Redis',
      'Worker prêt / worker ready',
      'maintenance.ping reçu / received',
      'Tâche terminée / job done',
      'Arrêt demandé, fin des tâches en cours / shutting down, finishing active jobs',
      'Worker arrêté / worker stopped',
    ]);
    expect(lines[1]).toMatchObject({
      level: 30,
      jobs: expect.arrayContaining(['maintenance.ping', 'geo.proposalDistances']),
      redis: 'redis://:***@redis.example:6379',
    });
    expect(lines[2]).toMatchObject({ jobId, attempt: 1, requestedBy: 'ops' });
    expect(lines[3]).toMatchObject({
      queue: 'maintenance',
      job: 'maintenance.ping',
      jobId,
      attempt: 1,
      outcome: 'done',
      durationMs: expect.any(Number),
    });
    expect(JSON.stringify(lines)).not.toContain('secret');
    await expect(queue.enqueue('maintenance.ping', { requestedAt: '' })).rejects.toThrow('closed');
  });

  test('a second signal exits at once with 1', async () => {
    const { logger } = memoryLogger();
    const signals = new EventEmitter();
    const codes: number[] = [];
    let finishClose!: () => void;
    const worker = { close: () => new Promise<void>((resolve) => (finishClose = resolve)) };
    closeOnSignals(worker, logger, { target: signals, exit: (code) => codes.push(code) });

    signals.emit('SIGINT');
    signals.emit('SIGTERM');
    expect(codes).toEqual([1]);
    finishClose();
  });

  test('logs a failed attempt of a processor, then its final failure', async () => {
    const { logger, lines } = memoryLogger();
    let queue!: JobQueue<ScaledJobs>;
    const worker = createWorker({
      env: workerEnv('redis://localhost:6379'),
      logger,
      createQueue: () => (queue = new InProcessJobQueue<ScaledJobs>()),
      store: tempStore(),
      registry: {
        ...workerProcessors,
        'maintenance.ping': {
          concurrency: 1,
          handle: async () => {
            throw new Error('panne');
          },
        },
      },
    });
    await worker.start();
    const failed = new Promise<void>((resolve) => {
      void queue.subscribe('maintenance.ping', (event) => event.type === 'failed' && resolve());
    });
    await queue.enqueue('maintenance.ping', { requestedAt: '' }, { attempts: 2, backoffMs: 1 });
    await failed;
    await worker.close();

    const failures = lines.filter((line) => line.level === 40 || line.level === 50);
    expect(failures.map((line) => [line.level, line.attempt])).toEqual([
      [40, 1],
      [50, 2],
    ]);
    expect(failures[1].error).toMatchObject({ type: 'Error', message: 'panne' });
  });
});

describe('redisErrorReporter', () => {
  test('logs a repeated Redis error once per quiet period, then how many it left out', () => {
    const { logger, lines } = memoryLogger();
    let now = 0;
    const report = redisErrorReporter(logger, 30_000, () => now);
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), {
      code: 'ECONNREFUSED',
    });
    for (const context of ['queue a', 'worker of a', 'worker of a']) report(refused, context);
    now = 30_000;
    report(refused, 'queue a');
    report(new Error('NOSCRIPT'), 'worker of a');

    expect(lines.map((line) => [line.context, line.error, line.suppressed])).toEqual([
      ['queue a', 'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:6379', undefined],
      ['queue a', 'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:6379', 2],
      ['worker of a', expect.objectContaining({ message: 'NOSCRIPT' }), undefined],
    ]);
  });
});
