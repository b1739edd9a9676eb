import type { EventStore } from '@reloc/eventstore';
import type { GeoServices } from '../geo/geo-services';
import type { JobContext, JobName, JobQueue } from '../jobs/job-queue';
import type { Logger } from '../logger';

/**
 * What a processor gets from the process that hosts it: the worker in the scaled mode, the api
 * in the embedded mode. Results come back as commands through the deciders, appended to the
 * `store` (see commands/stream-commands.ts).
 */
export interface ProcessorDeps {
  logger: Logger;
  /** The event store the results are appended to (the geo processors need it). */
  store?: EventStore;
  /** The address and travel-time adapters (the geo processors need them). */
  geo?: GeoServices;
}

export interface Processor<Payload> {
  /** Jobs of this name one process runs at once. */
  concurrency: number;
  handle(payload: Payload, context: JobContext, deps: ProcessorDeps): Promise<void>;
}

/** One processor for every job name of the map. */
export type ProcessorRegistry<Jobs extends object> = {
  readonly [N in JobName<Jobs>]: Processor<Jobs[N]>;
};

/**
 * Registers every processor of `registry` on `queue`, whichever its adapter, and logs failed
 * attempts. Resolves with the names, once every handler is ready to take jobs.
 */
export async function registerProcessors<Jobs extends object>(
  queue: JobQueue<Jobs>,
  registry: ProcessorRegistry<Jobs>,
  deps: ProcessorDeps,
): Promise<JobName<Jobs>[]> {
  const names = Object.keys(registry) as JobName<Jobs>[];
  for (const name of names) {
    const processor: Processor<Jobs[typeof name]> = registry[name];
    await queue.process(
      name,
      async (payload, context) => {
        // One line per job: its queue (the job name's prefix), id, attempt, duration, outcome.
        const started = Date.now();
        const line = () => ({
          queue: String(name).split('.')[0],
          job: name,
          jobId: context.jobId,
          attempt: context.attempt,
          durationMs: Date.now() - started,
        });
        try {
          await processor.handle(payload, context, deps);
          deps.logger.info('Tâche terminée / job done', { ...line(), outcome: 'done' });
        } catch (error) {
          const last = context.attempt >= context.maxAttempts;
          deps.logger[last ? 'error' : 'warn'](
            last ? 'Tâche en échec / job failed' : 'Tentative en échec / job attempt failed',
            { ...line(), outcome: last ? 'failed' : 'retry', error },
          );
          throw error;
        }
      },
      { concurrency: processor.concurrency },
    );
  }
  return names;
}
