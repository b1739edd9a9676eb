import { Kafka, logLevel, Producer } from 'kafkajs';
import { IntegrationMessage } from './integration-event';
import type { IntegrationPublisher } from './integration-relay';

/**
 * kafkajs producer, idempotent with one request in flight: records of a key reach their
 * partition in the order sent, without duplicates from the producer's own retries.
 */
export class KafkaPublisher implements IntegrationPublisher {
  private readonly producer: Producer;
  private connected: Promise<void> | null = null;

  constructor(brokers: string[], clientId = 'reloc-integration-relay') {
    const kafka = new Kafka({
      clientId,
      brokers,
      logLevel: logLevel.ERROR,
      // kafkajs's defaults take ~17 s to give up on a closed port (STACK.md).
      connectionTimeout: 3000,
      retry: { retries: 3, initialRetryTime: 300, maxRetryTime: 3000 },
    });
    this.producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
  }

  async publish(messages: IntegrationMessage[]): Promise<void> {
    this.connected ??= this.producer.connect().catch((error: unknown) => {
      this.connected = null;
      throw error;
    });
    await this.connected;
    // Grouped by topic in log order; one call, acknowledged by all in-sync replicas.
    const byTopic = new Map<string, IntegrationMessage[]>();
    for (const message of messages) {
      const list = byTopic.get(message.topic) ?? [];
      list.push(message);
      byTopic.set(message.topic, list);
    }
    await this.producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, list]) => ({
        topic,
        messages: list.map(({ key, value, headers }) => ({ key, value, headers })),
      })),
    });
  }

  async close(): Promise<void> {
    if (this.connected) await this.producer.disconnect();
    this.connected = null;
  }
}
