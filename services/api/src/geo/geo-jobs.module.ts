import { Inject, Logger as NestLogger, Module, OnModuleDestroy } from '@nestjs/common';
import type Database from 'better-sqlite3';
import type { EventStore } from '@reloc/eventstore';
import {
  createGeoServices,
  createJobQueue,
  JobQueue,
  Logger,
  processors,
  registerProcessors,
  WorkerJobs,
} from '@reloc/worker';
import { APP_CONFIG, AppConfig } from '../config';
import { Projector } from '../infrastructure/projector';
import { EVENT_STORE, READ_DB } from '../infrastructure/tokens';
import { GeoReactor } from './geo-reactor';

export const JOB_QUEUE = Symbol('JOB_QUEUE');

/** The worker's logger interface over Nest's, so in-process jobs log like the rest of the api. */
export function nestJobLogger(context: string): Logger {
  const nest = new NestLogger(context);
  const line = (msg: string, fields?: Record<string, unknown>) =>
    fields && Object.keys(fields).length
      ? `${msg} ${JSON.stringify(fields, (_k, v: unknown) => (v instanceof Error ? v.message : v))}`
      : msg;
  return {
    error: (msg, fields) => nest.error(line(msg, fields)),
    warn: (msg, fields) => nest.warn(line(msg, fields)),
    info: (msg, fields) => nest.log(line(msg, fields)),
    debug: (msg, fields) => nest.debug(line(msg, fields)),
  };
}

/**
 * The job queue and the geo reactor. BullMQ when REDIS_URL is set (the worker processes);
 * otherwise the in-process runner, on which the api registers the same processors itself.
 */
@Module({
  providers: [
    {
      provide: JOB_QUEUE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): JobQueue<WorkerJobs> => {
        const logger = nestJobLogger('Jobs');
        return createJobQueue<WorkerJobs>(
          { REDIS_URL: config.redisUrl ?? '' },
          {
            prefix: config.jobPrefix ?? undefined,
            onError: (error, context) => logger.warn(`jobs: ${context}`, { error }),
          },
        );
      },
    },
    {
      provide: GeoReactor,
      inject: [EVENT_STORE, READ_DB, Projector, JOB_QUEUE],
      useFactory: (
        store: EventStore,
        db: Database.Database,
        projector: Projector,
        queue: JobQueue<WorkerJobs>,
      ) => new GeoReactor(store, db, projector, queue, nestJobLogger('GeoReactor')),
    },
  ],
  exports: [JOB_QUEUE, GeoReactor],
})
export class GeoJobsModule implements OnModuleDestroy {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue<WorkerJobs>,
    private readonly reactor: GeoReactor,
  ) {}

  /** Embedded mode: the api runs the processors; then the reactor follows the log. */
  async start(): Promise<void> {
    if (!this.config.geoJobs) return;
    if (this.queue.kind === 'in-process') {
      const logger = nestJobLogger('Jobs');
      const geo = createGeoServices({
        addressApiUrl: this.config.addressApiUrl,
        routesApiUrl: this.config.routesApiUrl,
        routesApiKey: this.config.routesApiKey,
        logger,
      });
      await registerProcessors(this.queue, processors, { logger, store: this.store, geo });
    }
    await this.reactor.start();
  }

  /** Before the event store closes (onApplicationShutdown): no new job, active ones finish. */
  async onModuleDestroy(): Promise<void> {
    await this.reactor.stop();
    await this.queue.close();
  }
}
