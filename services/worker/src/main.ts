import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createEventStore, EventStore } from '@reloc/eventstore';
import { GeoServices, geoServicesFromEnv } from './geo/geo-services';
import {
  BullMqJobQueue,
  isRedisDriverInstalled,
  REDIS_DRIVER_MISSING,
} from './jobs/bullmq-job-queue';
import type { JobQueue, JobQueueErrorHandler } from './jobs/job-queue';
import { redactRedisUrl } from './jobs/redis-url';
import { Logger, workerLoggerFromEnv } from './logger';
import { healthPortOf, HealthServer, startHealthServer, WorkerHealth } from './health';
import { processors, ProcessorRegistry, registerProcessors, WorkerJobs } from './processors';
import {
  SignatureJobs,
  SignatureProcessorDeps,
  signatureProcessors,
  SignatureServices,
  signatureServicesFromEnv,
} from './signatures';

// The worker process of the scaled mode (docker-compose.yml: `worker`, two replicas): it takes
// every job the api puts on BullMQ and runs its processor (geocoding, travel times, e-signature),
// whose results go back as commands to the event store (EVENTSTORE_URL, or the SQLite file of
// RELOC_DATA_DIR). With REDIS_URL set the api only enqueues. In the embedded mode there is no
// worker: the api runs the same processors in-process.
export { processors };
export type { WorkerJobs };

/** Every job of the scaled mode: the geo and maintenance jobs, and the signature jobs. */
export type ScaledJobs = WorkerJobs & SignatureJobs;

/** The processors the worker registers: all of them (the api registers none with REDIS_URL). */
export const workerProcessors: ProcessorRegistry<ScaledJobs> = {
  ...processors,
  ...signatureProcessors,
};

export const REDIS_URL_REQUIRED = [
  'REDIS_URL est requis : le worker ne sert qu’en mode étendu (BullMQ sur Redis), par exemple REDIS_URL=redis://redis:6379. En mode embarqué (sans REDIS_URL), l’API exécute elle-même les tâches et aucun worker n’est nécessaire.',
  'REDIS_URL is required: the worker only serves the scaled mode (BullMQ on Redis), e.g. REDIS_URL=redis://redis:6379. In embedded mode (no REDIS_URL) the API runs the jobs itself and no worker is needed.',
].join('\n');

export const FILES_KEY_REQUIRED = [
  'RELOC_FILES_KEY est requis : le worker lit et écrit les fichiers chiffrés (signatures) avec la même clé que l’API (64 chiffres hexadécimaux ou base64, 32 octets).',
  'RELOC_FILES_KEY is required: the worker reads and writes the encrypted files (signatures) with the same key as the API (64 hex digits or base64, 32 bytes).',
].join('\n');

/** A configuration the worker cannot start with; its message is for the operator. */
export class WorkerStartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkerStartupError';
  }
}

export interface WorkerOptions {
  env?: NodeJS.ProcessEnv;
  logger?: Logger;
  registry?: ProcessorRegistry<ScaledJobs>;
  /** Builds the queue from REDIS_URL: BullMQ unless a test passes another adapter. */
  createQueue?: (redisUrl: string, logger: Logger) => JobQueue<ScaledJobs>;
  /** The event store results go to; by default from EVENTSTORE_URL / RELOC_DATA_DIR, opened by start(). */
  store?: EventStore;
  /** The address and travel-time adapters; by default from the environment. */
  geo?: GeoServices;
  /** The blob store and signature providers; by default from the environment (RELOC_FILES_*). */
  signatures?: SignatureServices;
}

export interface WorkerProcess {
  readonly queue: JobQueue<ScaledJobs>;
  /**
   * Registers the processors, then opens the health server (RELOC_WORKER_HEALTH_PORT, if set);
   * resolves with the job names once Redis answered.
   */
  start(): Promise<string[]>;
  /** The queues' counts, as GET /health answers them. */
  health(): Promise<WorkerHealth>;
  /** The health server's port once started; null when RELOC_WORKER_HEALTH_PORT is unset. */
  healthPort(): number | null;
  /** Lets the active jobs finish, then disconnects. */
  close(): Promise<void>;
}

const repoRoot = resolve(__dirname, '..', '..', '..');

/** The api's event store: the one EVENTSTORE_URL names (postgres://, esdb://), else its SQLite file. */
export function openWorkerEventStore(env: NodeJS.ProcessEnv): EventStore {
  const dataDir = resolve(env.RELOC_DATA_DIR || join(repoRoot, 'data'));
  if (!env.EVENTSTORE_URL) mkdirSync(dataDir, { recursive: true });
  return createEventStore(env, { sqlitePath: join(dataDir, 'reloc.db') });
}

/** Optional BullMQ timings (ms), for operators and for the crash test: lock and stall check. */
function lockOptions(env: NodeJS.ProcessEnv): { lockDuration?: number; stalledInterval?: number } {
  const ms = (value: string | undefined) => {
    const n = Number(value);
    return Number.isInteger(n) && n > 0 ? n : undefined;
  };
  return {
    lockDuration: ms(env.RELOC_JOB_LOCK_MS),
    stalledInterval: ms(env.RELOC_JOB_STALLED_CHECK_MS),
  };
}

const bullMqQueue =
  (env: NodeJS.ProcessEnv) =>
  (redisUrl: string, logger: Logger): JobQueue<ScaledJobs> => {
    if (!isRedisDriverInstalled()) throw new WorkerStartupError(REDIS_DRIVER_MISSING);
    return BullMqJobQueue.fromUrl<ScaledJobs>(redisUrl, {
      onError: redisErrorReporter(logger),
      prefix: env.RELOC_JOB_PREFIX?.trim() || undefined,
      ...lockOptions(env),
    });
  };

/**
 * While Redis is unreachable every connection reports each failed reconnection: the same
 * message is logged once per `quietMs`, with the count of those left out. Connection errors
 * (with a `code`) are logged without their stack.
 */
export function redisErrorReporter(
  logger: Logger,
  quietMs = 30_000,
  now: () => number = Date.now,
): JobQueueErrorHandler {
  let last = { message: '', at: -Infinity };
  let suppressed = 0;
  return (error, context) => {
    const at = now();
    if (error.message === last.message && at - last.at < quietMs) {
      suppressed += 1;
      return;
    }
    const code = (error as NodeJS.ErrnoException).code;
    logger.warn('Erreur Redis / Redis error', {
      context,
      error: code ? `${code}: ${error.message}` : error,
      ...(suppressed > 0 ? { suppressed } : {}),
    });
    last = { message: error.message, at };
    suppressed = 0;
  };
}

/** Checks the environment and builds the worker, without connecting yet. */
export function createWorker(options: WorkerOptions = {}): WorkerProcess {
  const env = options.env ?? process.env;
  const logger = options.logger ?? workerLoggerFromEnv(env);
  const redisUrl = env.REDIS_URL?.trim();
  if (!redisUrl) throw new WorkerStartupError(REDIS_URL_REQUIRED);
  const signatures = options.signatures ?? signatureServicesOf(env);
  const healthPort = healthPortOrThrow(env);
  const queue = (options.createQueue ?? bullMqQueue(env))(redisUrl, logger);
  const registry = options.registry ?? workerProcessors;
  const geo = options.geo ?? geoServicesFromEnv(env, logger);
  // Opened by start() (not when a test only builds the worker), closed by close() if ours.
  let ownStore: EventStore | null = null;
  let names: string[] | null = null;
  let server: HealthServer | null = null;
  const health = async (): Promise<WorkerHealth> => {
    if (!names) return { status: 'starting', pid: process.pid, queues: {} };
    const jobs = names;
    const counts = await withTimeout(
      Promise.all(jobs.map((name) => queue.counts(name as keyof ScaledJobs & string))),
      HEALTH_TIMEOUT_MS,
    );
    return {
      status: 'ok',
      pid: process.pid,
      queues: Object.fromEntries(jobs.map((name, i) => [name, counts[i]])),
    };
  };
  return {
    queue,
    health,
    healthPort: () => server?.port ?? null,
    async start() {
      const store = options.store ?? (ownStore ??= openWorkerEventStore(env));
      logger.info('Connexion à Redis / connecting to Redis', { redis: redactRedisUrl(redisUrl) });
      const deps: SignatureProcessorDeps = { logger, store, geo, signatures };
      names = await registerProcessors(queue, registry, deps);
      if (healthPort !== null) server = await startHealthServer(healthPort, health);
      logger.info('Worker prêt / worker ready', {
        queue: queue.kind,
        redis: redactRedisUrl(redisUrl),
        jobs: names,
        pid: process.pid,
        ...(server ? { healthPort: server.port } : {}),
      });
      return names;
    },
    async close() {
      try {
        await server?.close();
        await queue.close();
      } finally {
        await ownStore?.close();
      }
    },
  };
}

const HEALTH_TIMEOUT_MS = 3000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis ne répond pas / no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The blob store and providers from the environment; RELOC_FILES_KEY must be the api's. */
function signatureServicesOf(env: NodeJS.ProcessEnv): SignatureServices {
  if (!env.RELOC_FILES_KEY?.trim()) throw new WorkerStartupError(FILES_KEY_REQUIRED);
  try {
    return signatureServicesFromEnv(env, join(repoRoot, 'data'));
  } catch (error) {
    throw new WorkerStartupError(error instanceof Error ? error.message : String(error));
  }
}

function healthPortOrThrow(env: NodeJS.ProcessEnv): number | null {
  try {
    return healthPortOf(env.RELOC_WORKER_HEALTH_PORT);
  } catch (error) {
    throw new WorkerStartupError((error as Error).message);
  }
}

export interface SignalOptions {
  signals?: NodeJS.Signals[];
  target?: Pick<NodeJS.EventEmitter, 'on'>;
  exit?: (code: number) => void;
}

/**
 * On SIGTERM or SIGINT: stop taking jobs, let the active ones finish, disconnect, exit 0.
 * A second signal exits at once with 1 (a stuck job must not block a deliberate stop).
 */
export function closeOnSignals(
  worker: Pick<WorkerProcess, 'close'>,
  logger: Logger,
  options: SignalOptions = {},
): void {
  const { signals = ['SIGTERM', 'SIGINT'], target = process, exit = process.exit } = options;
  let stopping = false;
  for (const signal of signals) {
    target.on(signal, () => {
      if (stopping) {
        logger.warn('Arrêt forcé / forced exit', { signal });
        exit(1);
        return;
      }
      stopping = true;
      logger.info('Arrêt demandé, fin des tâches en cours / shutting down, finishing active jobs', {
        signal,
      });
      worker.close().then(
        () => {
          logger.info('Worker arrêté / worker stopped');
          exit(0);
        },
        (error: unknown) => {
          logger.error('Arrêt en erreur / shutdown failed', { error });
          exit(1);
        },
      );
    });
  }
}

export async function main(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const logger = workerLoggerFromEnv(env);
  let worker: WorkerProcess;
  try {
    worker = createWorker({ env, logger });
  } catch (error) {
    if (!(error instanceof WorkerStartupError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  // Before connecting: a stop requested while Redis is still awaited is honoured too.
  closeOnSignals(worker, logger);
  await worker.start();
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
