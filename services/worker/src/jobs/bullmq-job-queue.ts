import { ConnectionOptions, Job, Queue, QueueEvents, Worker } from 'bullmq';
import {
  checkPercent,
  DEFAULT_RETENTION,
  defaultErrorHandler,
  EnqueueOptions,
  JobContext,
  JobCounts,
  JobEvent,
  JobHandler,
  JobName,
  JobQueue,
  JobQueueClosedError,
  JobQueueErrorHandler,
  JobRetention,
  normalizeConcurrency,
  normalizeEnqueueOptions,
  ProcessOptions,
  toError,
} from './job-queue';

export interface BullMqJobQueueOptions {
  /** Redis connection options (see {@link redisConnectionFromUrl}) or a client instance. */
  connection: ConnectionOptions;
  /** Prefix of every Redis key. Default `reloc`. */
  prefix?: string;
  retention?: Partial<JobRetention>;
  onError?: JobQueueErrorHandler;
  /**
   * How long a worker's lock on an active job lasts without renewal (BullMQ default 30 s), and
   * how often workers look for jobs whose lock expired (default 30 s): a job whose worker died
   * runs again after about their sum. Short values let the crash test run in seconds.
   */
  lockDuration?: number;
  stalledInterval?: number;
}

/**
 * Connection options for a `redis://` or `rediss://` URL. `maxRetriesPerRequest: null` is what
 * BullMQ's workers need: a command waits for Redis to come back instead of failing.
 */
export function redisConnectionFromUrl(url: string): ConnectionOptions {
  return { url, maxRetriesPerRequest: null };
}

/**
 * BullMQ 6 no longer depends on ioredis: it loads it, when given connection options, as an
 * optional peer. Without it every connection fails with "could not load the optional 'ioredis'
 * package".
 */
export function isRedisDriverInstalled(): boolean {
  try {
    require.resolve('ioredis');
    return true;
  } catch {
    return false;
  }
}

export const REDIS_DRIVER_MISSING =
  'Le paquet ioredis est introuvable : BullMQ 6 en a besoin pour joindre Redis (ajoutez-le aux dépendances).\nThe ioredis package is missing: BullMQ 6 needs it to reach Redis (add it to the dependencies).';

/**
 * BullMQ refuses job ids that read as integers or contain ':'; the port accepts any string, so
 * ids are escaped ('%' and ':' percent-encoded, integer-like ids prefixed with '%N').
 */
export function toBullMqJobId(id: string): string {
  const escaped = id.replace(/[%:]/g, (c) => (c === '%' ? '%25' : '%3A'));
  return `${parseInt(escaped, 10)}` === escaped ? `%N${escaped}` : escaped;
}

export function fromBullMqJobId(id: string): string {
  const body = id.startsWith('%N') ? id.slice(2) : id;
  return body.replace(/%(25|3A)/g, (_, code: string) => (code === '25' ? '%' : ':'));
}

/** The id of the newest entry of a stream, or 0-0 when it has none. */
const LAST_EVENT_ID_COMMAND = 'relocLastEventId';
const LAST_EVENT_ID_LUA = `
local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
if #last == 0 then return '0-0' end
return last[1][1]`;

interface Lane {
  name: string;
  queue: Queue;
  worker?: Worker;
  /** Whether the worker ever reached Redis: before that no job can be active. */
  workerReady: boolean;
  /** Settles once the events of this name are read (see openEvents). */
  eventsOpened?: Promise<void>;
  events?: QueueEvents;
  eventsReady: boolean;
  listeners: Set<(event: JobEvent) => void>;
}

/**
 * The scaled mode's queue: one BullMQ Queue, Worker and QueueEvents per job name, created on
 * first use. Jobs and their state live in Redis, so any api replica enqueues and any worker
 * replica processes.
 */
export class BullMqJobQueue<Jobs extends object> implements JobQueue<Jobs> {
  readonly kind = 'bullmq' as const;

  private readonly lanes = new Map<string, Lane>();
  private readonly pendingLookups = new Set<Promise<void>>();
  private readonly connection: ConnectionOptions;
  private readonly prefix: string;
  private readonly retention: JobRetention;
  private readonly onError: JobQueueErrorHandler;
  private readonly lockOptions: { lockDuration?: number; stalledInterval?: number };
  private closing: Promise<void> | null = null;
  /** Rejects when close() starts, so that nothing waits for a Redis that never answered. */
  private readonly closed: Promise<never>;
  private rejectClosed!: (error: Error) => void;

  constructor(options: BullMqJobQueueOptions) {
    this.closed = new Promise<never>((_, reject) => (this.rejectClosed = reject));
    this.closed.catch(() => undefined);
    const isClientInstance =
      typeof (options.connection as { duplicate?: unknown }).duplicate === 'function';
    if (!isClientInstance && !isRedisDriverInstalled()) throw new Error(REDIS_DRIVER_MISSING);
    this.connection = options.connection;
    this.prefix = options.prefix ?? 'reloc';
    this.retention = { ...DEFAULT_RETENTION, ...options.retention };
    this.onError = options.onError ?? defaultErrorHandler;
    this.lockOptions = {
      ...(options.lockDuration ? { lockDuration: options.lockDuration } : {}),
      ...(options.stalledInterval ? { stalledInterval: options.stalledInterval } : {}),
    };
  }

  static fromUrl<Jobs extends object>(
    url: string,
    options: Omit<BullMqJobQueueOptions, 'connection'> = {},
  ): BullMqJobQueue<Jobs> {
    return new BullMqJobQueue<Jobs>({ ...options, connection: redisConnectionFromUrl(url) });
  }

  async enqueue<N extends JobName<Jobs>>(
    name: N,
    payload: Jobs[N],
    options?: EnqueueOptions,
  ): Promise<string> {
    this.assertOpen();
    const { jobId, attempts, backoffMs, delayMs } = normalizeEnqueueOptions(options);
    if (JSON.stringify(payload) === undefined) {
      throw new TypeError('The payload must be a JSON value');
    }
    // An existing id makes BullMQ's add script a no-op ("duplicated"): idempotent and atomic.
    await this.lane(name).queue.add(name, payload, {
      jobId: toBullMqJobId(jobId),
      attempts,
      backoff: { type: 'exponential', delay: backoffMs },
      delay: delayMs,
    });
    return jobId;
  }

  async process<N extends JobName<Jobs>>(
    name: N,
    handler: JobHandler<Jobs[N]>,
    options?: ProcessOptions,
  ): Promise<void> {
    this.assertOpen();
    const concurrency = normalizeConcurrency(options);
    const lane = this.lane(name);
    if (lane.worker) throw new Error(`A handler is already registered for ${name}`);
    const worker = new Worker(
      name,
      async (job: Job) => {
        const context: JobContext = {
          jobId: fromBullMqJobId(job.id ?? ''),
          name,
          attempt: job.attemptsMade + 1,
          maxAttempts: job.opts.attempts ?? 1,
          progress: async (percent: number) => {
            checkPercent(percent);
            await job.updateProgress(percent);
          },
        };
        try {
          await handler(job.data as Jobs[N], context);
        } catch (thrown) {
          throw toError(thrown);
        }
      },
      { connection: this.connection, prefix: this.prefix, concurrency, ...this.lockOptions },
    );
    worker.on('error', (error) => this.onError(error, `worker of ${name}`));
    lane.worker = worker;
    await Promise.race([worker.waitUntilReady(), this.closed]);
    lane.workerReady = true;
  }

  async subscribe<N extends JobName<Jobs>>(
    name: N,
    listener: (event: JobEvent<N>) => void,
  ): Promise<() => void> {
    this.assertOpen();
    const lane = this.lane(name);
    lane.eventsOpened ??= this.openEvents(lane);
    await Promise.race([lane.eventsOpened, this.closed]);
    const wrapped = listener as (event: JobEvent) => void;
    lane.listeners.add(wrapped);
    return () => {
      lane.listeners.delete(wrapped);
    };
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      this.rejectClosed(new JobQueueClosedError());
      const lanes = [...this.lanes.values()];
      // Worker.close waits for the active jobs; then the failure lookups that need the queue.
      // A worker or an event reader that never reached Redis would wait for it forever: those
      // are closed by force (they hold no job).
      const results = await Promise.allSettled(
        lanes.map((lane) => lane.worker?.close(!lane.workerReady)),
      );
      await Promise.allSettled([...this.pendingLookups]);
      results.push(
        ...(await Promise.allSettled(
          lanes.map((lane) =>
            lane.eventsReady ? lane.events?.close() : lane.events?.getBackend().close(true),
          ),
        )),
        ...(await Promise.allSettled(lanes.map((lane) => lane.queue.close()))),
      );
      for (const lane of lanes) lane.listeners.clear();
      const failure = results.find((result) => result.status === 'rejected');
      if (failure) throw toError((failure as PromiseRejectedResult).reason);
    })();
    return this.closing;
  }

  async depth(name: JobName<Jobs>): Promise<number> {
    this.assertOpen();
    const counts = await this.lane(name).queue.getJobCounts(
      'waiting',
      'prioritized',
      'delayed',
      'active',
      'waiting-children',
    );
    return Object.values(counts).reduce((sum, n) => sum + n, 0);
  }

  async counts(name: JobName<Jobs>): Promise<JobCounts> {
    this.assertOpen();
    const counts = await this.lane(name).queue.getJobCounts(
      'waiting',
      'prioritized',
      'delayed',
      'active',
      'failed',
    );
    return {
      waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
      delayed: counts.delayed ?? 0,
      active: counts.active ?? 0,
      failed: counts.failed ?? 0,
    };
  }

  private assertOpen(): void {
    if (this.closing) throw new JobQueueClosedError();
  }

  private lane(name: string): Lane {
    let lane = this.lanes.get(name);
    if (!lane) {
      const queue = new Queue(name, {
        connection: this.connection,
        prefix: this.prefix,
        defaultJobOptions: {
          removeOnComplete: { age: Math.ceil(this.retention.completedMs / 1000) },
          removeOnFail: { age: Math.ceil(this.retention.failedMs / 1000) },
        },
      });
      queue.on('error', (error) => this.onError(error, `queue ${name}`));
      lane = { name, queue, workerReady: false, eventsReady: false, listeners: new Set() };
      this.lanes.set(name, lane);
    }
    return lane;
  }

  /**
   * QueueEvents reads the queue's event stream from `lastEventId`, by default `$`: only entries
   * added after its first blocking read, which starts at some unknown moment after the
   * constructor. Starting from the stream's newest id, read first on the queue's connection,
   * delivers every event that happens once subscribe resolves.
   */
  private async openEvents(lane: Lane): Promise<void> {
    const client = await lane.queue.getBackend().client;
    client.defineCommand(LAST_EVENT_ID_COMMAND, { numberOfKeys: 1, lua: LAST_EVENT_ID_LUA });
    const lastEventId = String(
      await client.runCommand(LAST_EVENT_ID_COMMAND, [lane.queue.keys.events]),
    );
    this.assertOpen();
    const events = new QueueEvents(lane.name, {
      connection: this.connection,
      prefix: this.prefix,
      lastEventId,
    });
    events.on('error', (error) => this.onError(error, `events of ${lane.name}`));
    events.on('progress', ({ jobId, data }) => {
      const percent = typeof data === 'number' ? data : Number(data);
      this.emit(lane, {
        type: 'progress',
        name: lane.name,
        jobId: fromBullMqJobId(jobId),
        percent,
      });
    });
    events.on('completed', ({ jobId }) => {
      this.emit(lane, { type: 'completed', name: lane.name, jobId: fromBullMqJobId(jobId) });
    });
    events.on('failed', ({ jobId, failedReason }) => {
      // The event has no attempt count: read it from the job, still retained (removeOnFail).
      const lookup = lane.queue
        .getJob(jobId)
        .then(
          (job) => job?.attemptsMade ?? 0,
          () => 0,
        )
        .then((attemptsMade) => {
          this.emit(lane, {
            type: 'failed',
            name: lane.name,
            jobId: fromBullMqJobId(jobId),
            error: failedReason ?? '',
            attemptsMade,
          });
        })
        .finally(() => this.pendingLookups.delete(lookup));
      this.pendingLookups.add(lookup);
    });
    lane.events = events;
    await events.waitUntilReady();
    lane.eventsReady = true;
  }

  private emit(lane: Lane, event: JobEvent): void {
    for (const listener of [...lane.listeners]) {
      try {
        listener(event);
      } catch (error) {
        this.onError(toError(error), `listener of ${lane.name} threw on ${event.type}`);
      }
    }
  }
}
