import { Inject, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type Database from 'better-sqlite3';
import { Redis } from 'ioredis';
import { EventStore } from '@reloc/eventstore';
import { APP_CONFIG, AppConfig } from '../config';
import { EVENT_STORE, READ_DB } from '../infrastructure/tokens';
import { IntegrationRelay } from './integration-relay';
import { KafkaPublisher } from './kafka-publisher';
import { RedisRelayLease } from './relay-lease';

/**
 * The Kafka relay of integration events, on only when KAFKA_BROKERS is set. With REDIS_URL (the
 * scaled mode) every replica runs one, but a fenced Redis lease lets exactly one publish, from
 * a checkpoint shared in Redis; the others stand by and take over when its lease lapses.
 */
@Module({})
export class IntegrationModule implements OnApplicationBootstrap, OnApplicationShutdown {
  private relay: IntegrationRelay | null = null;
  private redis: Redis | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_DB) private readonly db: Database.Database,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.kafkaBrokers) return;
    if (this.config.redisUrl) {
      this.redis = new Redis(this.config.redisUrl, { maxRetriesPerRequest: 3 });
    }
    this.relay = new IntegrationRelay(
      this.store,
      this.db,
      new KafkaPublisher(this.config.kafkaBrokers),
      this.redis
        ? { lease: new RedisRelayLease(this.redis, this.config.jobPrefix ?? 'reloc') }
        : {},
    );
    this.relay.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.relay?.stop();
    await this.redis?.quit();
  }
}
