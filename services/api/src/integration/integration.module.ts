import { Inject, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type Database from 'better-sqlite3';
import { EventStore } from '@reloc/eventstore';
import { APP_CONFIG, AppConfig } from '../config';
import { EVENT_STORE, READ_DB } from '../infrastructure/tokens';
import { IntegrationRelay } from './integration-relay';
import { KafkaPublisher } from './kafka-publisher';

/** The Kafka relay of integration events, on only when KAFKA_BROKERS is set. */
@Module({})
export class IntegrationModule implements OnApplicationBootstrap, OnApplicationShutdown {
  private relay: IntegrationRelay | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_DB) private readonly db: Database.Database,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.kafkaBrokers) return;
    this.relay = new IntegrationRelay(
      this.store,
      this.db,
      new KafkaPublisher(this.config.kafkaBrokers),
    );
    this.relay.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.relay?.stop();
  }
}
