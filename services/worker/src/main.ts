import {
  BullMqJobQueue,
  isRedisDriverInstalled,
  REDIS_DRIVER_MISSING,
} from './jobs/bullmq-job-queue';
import type { JobQueue, JobQueueErrorHandler } from './jobs/job-queue';
import { redactRedisUrl } from './jobs/redis-url';
import { createLogger, Logger } from './logger';
import { processors, ProcessorRegistry, registerProcessors, WorkerJobs } from './processors';

// The worker process of the scaled mode (docker-compose.yml: `worker`, two replicas): it takes
// the jobs that the api's reactors put on BullMQ and runs their processors. Today only
// `maintenance.ping`; the geocoding, distance and e-signature processors come in later issues.
// In the embedded mode there is no worker: the api runs the same `processors` in-process.
export { processors };
export type { WorkerJobs };

export const REDIS_URL_REQUIRED = [
  'REDIS_URL est requis : le worker ne sert qu’en mode étendu (BullMQ sur Redis), par exemple REDIS_URL=redis://redis:6379. En mode embarqué (sans REDIS_URL), l’API exécute elle-même les tâches et aucun worker n’est nécessaire.',
  'REDIS_URL is required: the worker only serves the scaled mode (BullMQ on Redis), e.g. REDIS_URL=redis://redis:6379. In embedded mode (no REDIS_URL) the API runs the jobs itself and no worker is needed.',
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
  registry?: ProcessorRegistry<WorkerJobs>;
  /** Builds the queue from REDIS_URL: BullMQ unless a test passes another adapter. */
  createQueue?: (redisUrl: string, logger: Logger) => JobQueue<WorkerJobs>;
}

export interface WorkerProcess {
  readonly queue: JobQueue<WorkerJobs>;
  /** Registers the processors; resolves with their job names once Redis answered. */
  start(): Promise<string[]>;
  /** Lets the active jobs finish, then disconnects. */
  close(): Promise<void>;
}

const bullMqQueue = (redisUrl: string, logger: Logger): JobQueue<WorkerJobs> => {
  if (!isRedisDriverInstalled()) throw new WorkerStartupError(REDIS_DRIVER_MISSING);
  return BullMqJobQueue.fromUrl<WorkerJobs>(redisUrl, { onError: redisErrorReporter(logger) });
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
  const logger = options.logger ?? createLogger({ name: 'reloc-worker', level: env.LOG_LEVEL });
  const redisUrl = env.REDIS_URL?.trim();
  if (!redisUrl) throw new WorkerStartupError(REDIS_URL_REQUIRED);
  const queue = (options.createQueue ?? bullMqQueue)(redisUrl, logger);
  const registry = options.registry ?? processors;
  return {
    queue,
    async start() {
      logger.info('Connexion à Redis / connecting to Redis', { redis: redactRedisUrl(redisUrl) });
      const names = await registerProcessors(queue, registry, { logger });
      logger.info('Worker prêt / worker ready', {
        queue: queue.kind,
        redis: redactRedisUrl(redisUrl),
        jobs: names,
        pid: process.pid,
      });
      return names;
    },
    close: () => queue.close(),
  };
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
  const logger = createLogger({ name: 'reloc-worker', level: env.LOG_LEVEL });
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
