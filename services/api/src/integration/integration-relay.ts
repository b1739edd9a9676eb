import { Logger } from '@nestjs/common';
import type Database from 'better-sqlite3';
import { EventStore } from '@reloc/eventstore';
import {
  IntegrationMessage,
  IntegrationPayloadError,
  toIntegrationMessage,
} from './integration-event';
import { LocalRelayLease, RelayLease } from './relay-lease';

/** Where the relay's messages go (Kafka in production). Resolves once the broker has them. */
export interface IntegrationPublisher {
  publish(messages: IntegrationMessage[]): Promise<void>;
  close(): Promise<void>;
}

export type RelayOptions = {
  batchSize?: number;
  idleMs?: number;
  maxBackoffMs?: number;
  /** Who may publish and where the checkpoint lives; by default this api alone, in its SQLite. */
  lease?: RelayLease;
  /** Topics are `<prefix>.<aggregate type>` (default `reloc`). */
  topicPrefix?: string;
};

/**
 * Publishes the integration events of the log (the allow-list of integration-event.ts, each
 * checked against its schema; every other event is passed over), in order, from its stored
 * checkpoint: a batch is read after the checkpoint, published, and only then the checkpoint
 * moves past it. A crash between the two publishes that batch again (at least once, never
 * lost, never reordered); consumers skip an idempotency-key (event id) already seen.
 */
export class IntegrationRelay {
  private readonly logger = new Logger('IntegrationRelay');
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private backoffMs = 0;
  private readonly lease: RelayLease;

  constructor(
    private readonly store: EventStore,
    db: Database.Database,
    private readonly publisher: IntegrationPublisher,
    private readonly options: RelayOptions = {},
  ) {
    this.lease = options.lease ?? new LocalRelayLease(db);
  }

  get checkpoint(): number {
    return this.lease.knownCheckpoint;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    this.loop = null;
    await this.lease.release();
  }

  /** Publishes everything up to the head now; used by tests and on shutdown. */
  async drain(): Promise<number> {
    let published = 0;
    for (;;) {
      const count = await this.publishNextBatch();
      if (!count) return published;
      published += count;
    }
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        const count = await this.publishNextBatch();
        this.backoffMs = 0;
        if (!count) await this.sleep(this.options.idleMs ?? 250);
      } catch (error) {
        const max = this.options.maxBackoffMs ?? 30_000;
        this.backoffMs = Math.min(max, this.backoffMs ? this.backoffMs * 2 : 500);
        this.logger.error(
          `publishing failed at position ${this.checkpoint}, retrying in ${this.backoffMs} ms: ${String(error)}`,
        );
        await this.sleep(this.backoffMs);
      }
    }
  }

  /** One batch after the shared checkpoint, only while this relay holds the lease. */
  private async publishNextBatch(): Promise<number> {
    if (!(await this.lease.hold())) return 0;
    const from = await this.lease.readCheckpoint();
    const events = await this.store.readAll(from, this.options.batchSize ?? 500);
    if (!events.length) return 0;
    const messages = events.flatMap((event) => {
      try {
        const message = toIntegrationMessage(event, this.options.topicPrefix);
        return message ? [message] : [];
      } catch (error) {
        // Never publish a payload that breaks its schema; the rest of the log goes on.
        if (!(error instanceof IntegrationPayloadError)) throw error;
        this.logger.error(error.message);
        return [];
      }
    });
    if (messages.length) await this.publisher.publish(messages);
    // Lost the lease meanwhile: the new holder publishes this batch again from the checkpoint.
    if (!(await this.lease.writeCheckpoint(events[events.length - 1].position))) return 0;
    return events.length;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}
