import { BullMqJobQueue } from './bullmq-job-queue';
import { InProcessJobQueue } from './in-process-job-queue';
import type { JobQueue, JobQueueErrorHandler } from './job-queue';

export interface CreateJobQueueOptions {
  onError?: JobQueueErrorHandler;
  /** Prefix of the Redis keys in the scaled mode. Default `reloc`. */
  prefix?: string;
}

/**
 * The adapter the environment asks for: BullMQ on Redis when `REDIS_URL` is set (scaled mode),
 * otherwise the in-process runner (embedded mode).
 */
export function createJobQueue<Jobs extends object>(
  env: NodeJS.ProcessEnv = process.env,
  options: CreateJobQueueOptions = {},
): JobQueue<Jobs> {
  const url = env.REDIS_URL?.trim();
  return url
    ? BullMqJobQueue.fromUrl<Jobs>(url, { onError: options.onError, prefix: options.prefix })
    : new InProcessJobQueue<Jobs>({ onError: options.onError });
}
