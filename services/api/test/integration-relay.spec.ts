import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Kafka, logLevel } from 'kafkajs';
import { ChainedEventStore, SqliteEventStore } from '@reloc/eventstore';
import { INTEGRATION_SCHEMA, IntegrationMessage } from '../src/integration/integration-event';
import { IntegrationPublisher, IntegrationRelay } from '../src/integration/integration-relay';
import { KafkaPublisher } from '../src/integration/kafka-publisher';

/** Records what it is given; fails the calls it is told to fail, like a broker going away. */
class RecordingPublisher implements IntegrationPublisher {
  readonly received: IntegrationMessage[] = [];
  failNext = 0;
  async publish(messages: IntegrationMessage[]): Promise<void> {
    if (this.failNext > 0) {
      this.failNext -= 1;
      throw new Error('broker unreachable');
    }
    this.received.push(...messages);
  }
  async close(): Promise<void> {}
}

function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'reloc-relay-'));
  const file = join(dir, 'reloc.db');
  const store = new ChainedEventStore(new SqliteEventStore(file));
  const db = new Database(file);
  return {
    store,
    db,
    teardown: async () => {
      await store.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const positions = (messages: IntegrationMessage[]) =>
  messages.map((m) => Number(m.headers.position));

describe('integration relay: the log in order, from a stored checkpoint (issue 8)', () => {
  it('publishes every event once, in log order, a topic per aggregate type, keyed by stream', async () => {
    const { store, db, teardown } = setup();
    try {
      await store.appendToStream('project-1', [
        {
          type: 'ProjectCreated',
          data: { n: 1 },
          metadata: { actor: { id: 'u1' }, correlationId: 'c1' },
        },
      ]);
      await store.appendToStream('prospect-9', [{ type: 'ProspectCreated', data: { n: 2 } }]);
      await store.appendToStream('project-1', [{ type: 'ProjectFieldsChanged', data: { n: 3 } }]);
      const publisher = new RecordingPublisher();
      const relay = new IntegrationRelay(store, db, publisher, { batchSize: 2 });
      expect(await relay.drain()).toBe(3);
      expect(publisher.received.map((m) => [m.topic, m.key, m.headers['event-type']])).toEqual([
        ['reloc.project', 'project-1', 'ProjectCreated'],
        ['reloc.prospect', 'prospect-9', 'ProspectCreated'],
        ['reloc.project', 'project-1', 'ProjectFieldsChanged'],
      ]);
      const first = JSON.parse(publisher.received[0].value);
      expect(first).toMatchObject({
        schema: INTEGRATION_SCHEMA,
        aggregateType: 'project',
        streamId: 'project-1',
        revision: 0,
        type: 'ProjectCreated',
        data: { n: 1 },
        actor: { id: 'u1' },
        correlationId: 'c1',
      });
      expect(first.chain.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(relay.checkpoint).toBe(Math.max(...positions(publisher.received)));
    } finally {
      await teardown();
    }
  });

  it('neither loses nor reorders across a failure and a restart', async () => {
    const { store, db, teardown } = setup();
    try {
      for (let i = 0; i < 7; i++)
        await store.appendToStream(`host-${i % 3}`, [{ type: 'HostChanged', data: { i } }]);
      const publisher = new RecordingPublisher();
      const relay = new IntegrationRelay(store, db, publisher, { batchSize: 3, idleMs: 10 });
      publisher.failNext = 1;
      await expect(relay.drain()).rejects.toThrow('broker unreachable');
      expect(relay.checkpoint).toBe(0);
      expect(await relay.drain()).toBe(7);
      // A restart: a new relay on the same checkpoint publishes only what is new.
      await store.appendToStream('host-1', [{ type: 'HostChanged', data: { i: 7 } }]);
      const again = new IntegrationRelay(store, db, publisher, { batchSize: 3, idleMs: 10 });
      again.start();
      await new Promise((resolve) => setTimeout(resolve, 200));
      await again.stop();
      const seen = positions(publisher.received);
      expect(seen).toHaveLength(8);
      expect([...seen].sort((a, b) => a - b)).toEqual(seen);
      expect(publisher.received.map((m) => JSON.parse(m.value).data.i)).toEqual([
        0, 1, 2, 3, 4, 5, 6, 7,
      ]);
    } finally {
      await teardown();
    }
  });
});

const brokers = process.env.KAFKA_BROKERS?.split(',').filter(Boolean) ?? [];
const kafkaDescribe = brokers.length ? describe : describe.skip;

describe('integration relay against a Kafka broker', () => {
  if (!brokers.length)
    it.skip('skipped: KAFKA_BROKERS is not set (no Kafka broker on this machine)', () => undefined);
});

kafkaDescribe(`integration relay against Kafka at ${brokers.join(',')}`, () => {
  it('publishes to reloc.<type> topics that a consumer reads back in order', async () => {
    const { store, db, teardown } = setup();
    const prefix = `test${Date.now()}`;
    const kafka = new Kafka({ clientId: 'reloc-test', brokers, logLevel: logLevel.ERROR });
    const consumer = kafka.consumer({ groupId: `${prefix}-group` });
    const publisher = new KafkaPublisher(brokers);
    try {
      const stream = `${prefix}-1`;
      for (let i = 0; i < 5; i++)
        await store.appendToStream(stream, [{ type: 'Tick', data: { i } }]);
      const relay = new IntegrationRelay(store, db, publisher);
      expect(await relay.drain()).toBe(5);
      await consumer.connect();
      await consumer.subscribe({ topic: `reloc.${prefix}`, fromBeginning: true });
      const got: number[] = [];
      await new Promise<void>((resolve) => {
        void consumer.run({
          eachMessage: async ({ message }) => {
            got.push(JSON.parse(String(message.value)).data.i);
            if (got.length === 5) resolve();
          },
        });
      });
      expect(got).toEqual([0, 1, 2, 3, 4]);
    } finally {
      await consumer.disconnect();
      await publisher.close();
      await teardown();
    }
  }, 60_000);
});
