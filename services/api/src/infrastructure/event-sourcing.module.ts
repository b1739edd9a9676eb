import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { createEventStore, EventStore } from '@reloc/eventstore';
import { APP_CONFIG, AppConfig } from '../config';
import { CommandExecutor } from './command-executor';
import { Metrics } from './metrics';
import { Projector, ProjectorOptions } from './projector';
import { ALL_PROJECTIONS } from './read-models';
import { DataDirLock } from './data-dir-lock';
import { EVENT_STORE, READ_DB } from './tokens';

/** In embedded mode events and read models share one SQLite file; otherwise a local one. */
export function readModelPath(config: AppConfig): string {
  return join(config.dataDir, config.eventStoreUrl ? 'read-models.db' : 'reloc.db');
}

export function openReadDb(config: AppConfig): Database.Database {
  const db = new Database(readModelPath(config));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  return db;
}

/**
 * The projector's settings, the same for the API, `rebuild-read-models` and a restore. A
 * replay's worker threads open the log as openEventStore does; not EventStoreDB's (no server
 * here to prove a second reader against), whose replays stay on one thread.
 */
export function projectorOptions(config: AppConfig): ProjectorOptions {
  const esdb = /^esdb/i.test(config.eventStoreUrl?.trim() ?? '');
  return {
    replayLog: esdb
      ? undefined
      : {
          eventStoreUrl: config.eventStoreUrl ?? undefined,
          sqlitePath: join(config.dataDir, 'reloc.db'),
        },
  };
}

export function openEventStore(config: AppConfig): EventStore {
  return createEventStore(
    { ...process.env, EVENTSTORE_URL: config.eventStoreUrl ?? '' },
    { sqlitePath: join(config.dataDir, 'reloc.db') },
  );
}

@Global()
@Module({
  providers: [
    { provide: Metrics, useFactory: () => new Metrics() },
    {
      provide: EVENT_STORE,
      inject: [APP_CONFIG, Metrics],
      useFactory: (config: AppConfig, metrics: Metrics) =>
        metrics.instrumentStore(openEventStore(config)),
    },
    { provide: READ_DB, inject: [APP_CONFIG], useFactory: openReadDb },
    {
      provide: Projector,
      inject: [EVENT_STORE, READ_DB, APP_CONFIG],
      useFactory: (store: EventStore, db: Database.Database, config: AppConfig) =>
        new Projector(store, db, ALL_PROJECTIONS, {
          ...projectorOptions(config),
          delayMs: config.projectorDelayMs,
        }),
    },
    {
      provide: CommandExecutor,
      inject: [EVENT_STORE, Projector, Metrics],
      useFactory: (store: EventStore, projector: Projector, metrics: Metrics) =>
        new CommandExecutor(store, projector, metrics),
    },
  ],
  exports: [EVENT_STORE, READ_DB, Projector, CommandExecutor, Metrics],
})
export class EventSourcingModule implements OnApplicationShutdown {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_DB) private readonly db: Database.Database,
    private readonly projector: Projector,
    private readonly lock: DataDirLock,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.projector.stop();
    await this.store.close();
    this.db.close();
    this.lock.release();
  }
}
