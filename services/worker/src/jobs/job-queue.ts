import { randomUUID } from 'node:crypto';

/**
 * The job port: reactors enqueue jobs, processors handle them. Two adapters keep the same
 * semantics (the contract suite in job-queue.contract.ts runs against both):
 * `InProcessJobQueue` (embedded mode) and `BullMqJobQueue` (scaled mode, Redis).
 *
 * `Jobs` maps each job name to its payload type, e.g. `{ 'maintenance.ping': PingPayload }`.
 * Payloads travel as JSON (BullMQ stores them so; the in-process runner copies them the same
 * way), so they must be plain JSON values: a Date arrives as its ISO string.
 *
 * Delivery is at least once: a job can run again after a crash (BullMQ re-runs stalled jobs)
 * or a retry, so handlers must be idempotent. Results go back as commands through the deciders,
 * whose expected revisions make a repeated result harmless.
 */
export interface JobQueue<Jobs extends object> {
  /** `in-process` or `bullmq`, for logs. */
  readonly kind: JobQueueKind;

  /**
   * Adds a job and resolves with its id (the given `jobId`, or a new UUID). While a job with
   * the same name and `jobId` is known to the queue (waiting, delayed, active, or finished and
   * still retained, see {@link JobRetention}), enqueueing it again changes nothing: the first
   * payload and options stand.
   */
  enqueue<N extends JobName<Jobs>>(
    name: N,
    payload: Jobs[N],
    options?: EnqueueOptions,
  ): Promise<string>;

  /**
   * Runs `handler` for every job of this name, at most `concurrency` at a time in this process.
   * Resolves once the handler is ready to take jobs. One handler per name and queue instance.
   * A handler that throws (or rejects) fails the attempt; the job is retried while attempts
   * remain, with exponential backoff, then reported `failed`.
   */
  process<N extends JobName<Jobs>>(
    name: N,
    handler: JobHandler<Jobs[N]>,
    options?: ProcessOptions,
  ): Promise<void>;

  /**
   * Calls `listener` with the progress, completion and final failure of the jobs of this name,
   * wherever they run (for BullMQ, any worker process). Events that happen after the returned
   * promise resolves are delivered; the resolved function unsubscribes.
   */
  subscribe<N extends JobName<Jobs>>(
    name: N,
    listener: (event: JobEvent<N>) => void,
  ): Promise<() => void>;

  /**
   * Stops taking jobs, waits for the active ones to finish, then releases timers and
   * connections. `enqueue`, `process` and `subscribe` reject from the moment it is called.
   * Idempotent. Jobs still waiting stay in Redis with BullMQ; the in-process runner drops them
   * (embedded mode has nothing durable to keep them in: reactors derive jobs from the log).
   */
  close(): Promise<void>;

  /**
   * Jobs of this name not finished yet: waiting, delayed (a first run later, or a retry's
   * backoff) or running; for the metrics. With BullMQ, across every process of the queue.
   */
  depth(name: JobName<Jobs>): Promise<number>;

  /** Jobs of this name by state, for the worker's health (with BullMQ, across every process). */
  counts(name: JobName<Jobs>): Promise<JobCounts>;
}

/** Jobs of one name by state: waiting (prioritized included), delayed, active, failed (kept). */
export interface JobCounts {
  waiting: number;
  delayed: number;
  active: number;
  failed: number;
}

export type JobQueueKind = 'in-process' | 'bullmq';

/** The job names of a job map. */
export type JobName<Jobs extends object> = Extract<keyof Jobs, string>;

export interface EnqueueOptions {
  /** Idempotency key: see {@link JobQueue.enqueue}. Any non-empty string of at most 256 characters. */
  jobId?: string;
  /** Total number of runs allowed, the first included. Default 1 (no retry). */
  attempts?: number;
  /** Wait before the 2nd run; it doubles before each later one. Default 1000 ms. */
  backoffMs?: number;
  /** Wait before the first run. Default 0. */
  delayMs?: number;
}

export interface ProcessOptions {
  /** Jobs of this name run at the same time in this process. Default 1. */
  concurrency?: number;
}

export interface JobContext {
  readonly jobId: string;
  readonly name: string;
  /** 1 for the first run, 2 for the first retry, ... */
  readonly attempt: number;
  /** The `attempts` the job was enqueued with. */
  readonly maxAttempts: number;
  /** Reports progress, a number from 0 to 100, to the subscribers (RangeError otherwise). */
  progress(percent: number): Promise<void>;
}

export type JobHandler<Payload> = (payload: Payload, context: JobContext) => Promise<void> | void;

export type JobEvent<N extends string = string> =
  | { type: 'progress'; name: N; jobId: string; percent: number }
  | { type: 'completed'; name: N; jobId: string }
  /** Final: no attempt is left. `error` is the message of the last attempt's error. */
  | { type: 'failed'; name: N; jobId: string; error: string; attemptsMade: number };

/**
 * How long finished jobs are kept, which is also how long a `jobId` stays idempotent after its
 * job finished. Defaults: completed 24 h, failed 7 days (kept longer for inspection).
 */
export interface JobRetention {
  completedMs: number;
  failedMs: number;
}

export const DEFAULT_RETENTION: JobRetention = {
  completedMs: 24 * 3600 * 1000,
  failedMs: 7 * 24 * 3600 * 1000,
};

export const DEFAULT_BACKOFF_MS = 1000;

/** Called with errors no caller can catch: connection trouble, a listener that throws. */
export type JobQueueErrorHandler = (error: Error, context: string) => void;

export const defaultErrorHandler: JobQueueErrorHandler = (error, context) => {
  console.error(`[jobs] ${context}:`, error);
};

export interface NormalizedEnqueueOptions {
  jobId: string;
  attempts: number;
  backoffMs: number;
  delayMs: number;
}

const MAX_JOB_ID_LENGTH = 256;

/** Checks and completes enqueue options the same way for every adapter. */
export function normalizeEnqueueOptions(options: EnqueueOptions = {}): NormalizedEnqueueOptions {
  const { jobId, attempts = 1, backoffMs = DEFAULT_BACKOFF_MS, delayMs = 0 } = options;
  if (jobId !== undefined && (typeof jobId !== 'string' || jobId.length === 0)) {
    throw new TypeError('jobId must be a non-empty string');
  }
  if (jobId !== undefined && jobId.length > MAX_JOB_ID_LENGTH) {
    throw new TypeError(`jobId must have at most ${MAX_JOB_ID_LENGTH} characters`);
  }
  if (!Number.isInteger(attempts) || attempts < 1) {
    throw new RangeError('attempts must be an integer >= 1');
  }
  if (!Number.isInteger(backoffMs) || backoffMs < 0) {
    throw new RangeError('backoffMs must be an integer >= 0');
  }
  if (!Number.isInteger(delayMs) || delayMs < 0) {
    throw new RangeError('delayMs must be an integer >= 0');
  }
  return { jobId: jobId ?? randomUUID(), attempts, backoffMs, delayMs };
}

export function normalizeConcurrency(options: ProcessOptions = {}): number {
  const { concurrency = 1 } = options;
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError('concurrency must be an integer >= 1');
  }
  return concurrency;
}

export function checkPercent(percent: number): void {
  if (typeof percent !== 'number' || !Number.isFinite(percent) || percent < 0 || percent > 100) {
    throw new RangeError(`progress must be a number from 0 to 100, got ${String(percent)}`);
  }
}

/** Wait before attempt `failedAttempts + 1`: backoff, then doubled each time (BullMQ's `exponential`). */
export function retryDelayMs(backoffMs: number, failedAttempts: number): number {
  return Math.round(2 ** (failedAttempts - 1) * backoffMs);
}

/** What a handler threw, as an Error (a thrown string keeps its text). */
export function toError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(String(thrown));
}

export class JobQueueClosedError extends Error {
  constructor() {
    super('The job queue is closed');
    this.name = 'JobQueueClosedError';
  }
}
