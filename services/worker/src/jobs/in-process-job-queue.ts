import {
  checkPercent,
  DEFAULT_RETENTION,
  defaultErrorHandler,
  EnqueueOptions,
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
  retryDelayMs,
  toError,
} from './job-queue';

export interface InProcessJobQueueOptions {
  retention?: Partial<JobRetention>;
  onError?: JobQueueErrorHandler;
  /** The clock used for retention; tests may replace it. */
  now?: () => number;
}

type JobState = 'waiting' | 'delayed' | 'active' | 'completed' | 'failed';

interface JobRecord {
  id: string;
  /** The payload as JSON, parsed anew for every run, as BullMQ does. */
  json: string;
  attempts: number;
  backoffMs: number;
  attemptsMade: number;
  state: JobState;
}

interface Lane {
  name: string;
  /** Every job known under this name, for idempotency; finished ones until retention ends. */
  jobs: Map<string, JobRecord>;
  /** Finished job ids in finishing order, with their finishing time, for pruning. */
  finished: Record<'completed' | 'failed', Map<string, number>>;
  waiting: string[];
  handler?: { run: JobHandler<unknown>; concurrency: number; active: number };
  listeners: Set<(event: JobEvent) => void>;
}

/**
 * The embedded mode's job runner: same semantics as the BullMQ adapter, in this process, with
 * no Redis. Jobs live in memory only: they are lost when the process stops.
 */
export class InProcessJobQueue<Jobs extends object> implements JobQueue<Jobs> {
  readonly kind = 'in-process' as const;

  private readonly lanes = new Map<string, Lane>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private readonly retention: JobRetention;
  private readonly onError: JobQueueErrorHandler;
  private readonly now: () => number;
  private closing: Promise<void> | null = null;

  constructor(options: InProcessJobQueueOptions = {}) {
    this.retention = { ...DEFAULT_RETENTION, ...options.retention };
    this.onError = options.onError ?? defaultErrorHandler;
    this.now = options.now ?? Date.now;
  }

  async enqueue<N extends JobName<Jobs>>(
    name: N,
    payload: Jobs[N],
    options?: EnqueueOptions,
  ): Promise<string> {
    this.assertOpen();
    const { jobId, attempts, backoffMs, delayMs } = normalizeEnqueueOptions(options);
    const json = JSON.stringify(payload);
    if (json === undefined) throw new TypeError('The payload must be a JSON value');
    const lane = this.lane(name);
    this.prune(lane);
    if (lane.jobs.has(jobId)) return jobId;

    const job: JobRecord = {
      id: jobId,
      json,
      attempts,
      backoffMs,
      attemptsMade: 0,
      state: 'waiting',
    };
    lane.jobs.set(jobId, job);
    if (delayMs > 0) this.delay(lane, job, delayMs);
    else this.makeReady(lane, job);
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
    if (lane.handler) throw new Error(`A handler is already registered for ${name}`);
    lane.handler = { run: handler as JobHandler<unknown>, concurrency, active: 0 };
    this.pump(lane);
  }

  async subscribe<N extends JobName<Jobs>>(
    name: N,
    listener: (event: JobEvent<N>) => void,
  ): Promise<() => void> {
    this.assertOpen();
    const listeners = this.lane(name).listeners;
    const wrapped = listener as (event: JobEvent) => void;
    listeners.add(wrapped);
    return () => {
      listeners.delete(wrapped);
    };
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      for (const timer of this.timers) clearTimeout(timer);
      this.timers.clear();
      // Handlers of running jobs may still report progress; nothing new starts (see pump).
      while (this.running.size > 0) await Promise.allSettled([...this.running]);
      for (const lane of this.lanes.values()) {
        lane.listeners.clear();
        lane.waiting.length = 0;
      }
    })();
    return this.closing;
  }

  async depth(name: JobName<Jobs>): Promise<number> {
    let count = 0;
    for (const job of this.lanes.get(name)?.jobs.values() ?? [])
      if (job.state === 'waiting' || job.state === 'delayed' || job.state === 'active') count += 1;
    return count;
  }

  async counts(name: JobName<Jobs>): Promise<JobCounts> {
    const counts: JobCounts = { waiting: 0, delayed: 0, active: 0, failed: 0 };
    for (const job of this.lanes.get(name)?.jobs.values() ?? [])
      if (job.state !== 'completed') counts[job.state] += 1;
    return counts;
  }

  private assertOpen(): void {
    if (this.closing) throw new JobQueueClosedError();
  }

  private lane(name: string): Lane {
    let lane = this.lanes.get(name);
    if (!lane) {
      lane = {
        name,
        jobs: new Map(),
        finished: { completed: new Map(), failed: new Map() },
        waiting: [],
        listeners: new Set(),
      };
      this.lanes.set(name, lane);
    }
    return lane;
  }

  private delay(lane: Lane, job: JobRecord, ms: number): void {
    job.state = 'delayed';
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.makeReady(lane, job);
    }, ms);
    this.timers.add(timer);
  }

  private makeReady(lane: Lane, job: JobRecord): void {
    job.state = 'waiting';
    lane.waiting.push(job.id);
    this.pump(lane);
  }

  private pump(lane: Lane): void {
    const handler = lane.handler;
    while (
      handler &&
      !this.closing &&
      handler.active < handler.concurrency &&
      lane.waiting.length > 0
    ) {
      const job = lane.jobs.get(lane.waiting.shift() as string);
      if (!job) continue;
      handler.active += 1;
      const run = this.run(lane, job, handler.run).finally(() => {
        handler.active -= 1;
        this.running.delete(run);
        this.pump(lane);
      });
      this.running.add(run);
    }
  }

  private async run(lane: Lane, job: JobRecord, handler: JobHandler<unknown>): Promise<void> {
    job.state = 'active';
    const context = {
      jobId: job.id,
      name: lane.name,
      attempt: job.attemptsMade + 1,
      maxAttempts: job.attempts,
      progress: async (percent: number) => {
        checkPercent(percent);
        this.emit(lane, { type: 'progress', name: lane.name, jobId: job.id, percent });
      },
    };
    try {
      // A fresh copy per run: a handler that mutates its payload cannot change a retry's.
      await handler(JSON.parse(job.json), context);
    } catch (thrown) {
      job.attemptsMade += 1;
      if (job.attemptsMade < job.attempts) {
        // While closing, the retry is dropped like the waiting jobs.
        if (!this.closing) this.delay(lane, job, retryDelayMs(job.backoffMs, job.attemptsMade));
        return;
      }
      this.finish(lane, job, 'failed');
      this.emit(lane, {
        type: 'failed',
        name: lane.name,
        jobId: job.id,
        error: toError(thrown).message,
        attemptsMade: job.attemptsMade,
      });
      return;
    }
    job.attemptsMade += 1;
    this.finish(lane, job, 'completed');
    this.emit(lane, { type: 'completed', name: lane.name, jobId: job.id });
  }

  private finish(lane: Lane, job: JobRecord, state: 'completed' | 'failed'): void {
    job.state = state;
    lane.finished[state].set(job.id, this.now());
  }

  /** Forgets finished jobs older than the retention, oldest first (their ids become reusable). */
  private prune(lane: Lane): void {
    const now = this.now();
    for (const state of ['completed', 'failed'] as const) {
      const keepMs = state === 'failed' ? this.retention.failedMs : this.retention.completedMs;
      const finished = lane.finished[state];
      for (const [id, finishedAt] of finished) {
        if (now - finishedAt < keepMs) break;
        finished.delete(id);
        lane.jobs.delete(id);
      }
    }
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
