import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Redis } from 'ioredis';
import { ChainedEventStore, SqliteEventStore } from '@reloc/eventstore';
import { IntegrationMessage } from '../src/integration/integration-event';
import { IntegrationPublisher, IntegrationRelay } from '../src/integration/integration-relay';
import { RedisRelayLease } from '../src/integration/relay-lease';
import { isServiceRequired, probeRedisSync } from '../../worker/src/testing/redis';

// Exactly one Kafka relay per deployment (issue 18 point 5): replicas share a fenced Redis lease
// and the checkpoint; against the machine's real Redis.

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const probe = probeRedisSync(REDIS_URL);
if (!probe.answers && isServiceRequired('redis')) {
  throw new Error(`REQUIRE_SERVICES names redis but ${REDIS_URL} does not answer: ${probe.reason}`);
}
const describeWithRedis = probe.answers ? describe : describe.skip;

class RecordingPublisher implements IntegrationPublisher {
  readonly received: IntegrationMessage[] = [];
  async publish(messages: IntegrationMessage[]): Promise<void> {
    this.received.push(...messages);
  }
  async close(): Promise<void> {}
}

const positions = (messages: IntegrationMessage[]) =>
  messages.map((message) => Number(message.headers.position));

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describeWithRedis('integration relay: one publisher per deployment (Redis lease)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'reloc-relay-lease-'));
  const store = new ChainedEventStore(new SqliteEventStore(join(dir, 'events.db')));
  const dbA = new Database(join(dir, 'a.db'));
  const dbB = new Database(join(dir, 'b.db'));
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 3 });
  const prefix = () => `reloc-test-${randomUUID()}`;
  // Long enough that no pause of a loaded machine lapses a lease before the test means it to,
  // short enough to wait for. The tests wait for Redis to expire it, never for a guessed time.
  const LAPSING_TTL_MS = 1_500;
  const leaseLapsed = (keys: string) =>
    until(async () => (await redis.exists(`${keys}:relay:lock`)) === 0);

  beforeAll(async () => {
    // Allow-listed integration events with valid payloads (each file created once).
    for (let i = 0; i < 40; i += 1) {
      const projectId = i.toString(16).padStart(24, '0');
      await store.appendToStream(`project-${projectId}`, [
        {
          type: 'ProjectCreated',
          data: { projectId, createdAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString() },
          metadata: {},
        },
      ]);
    }
  });
  afterAll(async () => {
    await redis.quit();
    await store.close();
    dbA.close();
    dbB.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('two replicas running their relay publish each event once, all from one of them', async () => {
    const keys = prefix();
    const head = await store.headPosition();
    const a = new RecordingPublisher();
    const b = new RecordingPublisher();
    const relayA = new IntegrationRelay(store, dbA, a, {
      batchSize: 5,
      idleMs: 10,
      lease: new RedisRelayLease(redis, keys),
    });
    const relayB = new IntegrationRelay(store, dbB, b, {
      batchSize: 5,
      idleMs: 10,
      lease: new RedisRelayLease(redis, keys),
    });
    relayA.start();
    relayB.start();
    const published = () => [...a.received, ...b.received];
    try {
      await until(() => published().length > 0 && Math.max(...positions(published())) >= head);
      await new Promise((resolve) => setTimeout(resolve, 200)); // room for a duplicate to show
    } finally {
      // Stopped whatever happens: a running relay would keep jest from exiting.
      await relayA.stop();
      await relayB.stop();
    }
    const all = positions(published());
    expect(new Set(all).size).toBe(all.length);
    expect([a.received.length, b.received.length].filter((n) => n > 0)).toHaveLength(1);
    expect(Number(await redis.hget(`${keys}:relay:checkpoint`, 'position'))).toBe(head);
  });

  it('a standby takes over from the shared checkpoint when the holder dies', async () => {
    const keys = prefix();
    const head = await store.headPosition();
    // The holder publishes a first batch, then "dies": it never renews its lease again.
    const dead = new RedisRelayLease(redis, keys, LAPSING_TTL_MS);
    const first = new RecordingPublisher();
    const holder = new IntegrationRelay(store, dbA, first, { batchSize: 10, lease: dead });
    const events = await store.readAll(0, 10);
    expect(await dead.hold()).toBe(true);
    expect(await dead.writeCheckpoint(events[9].position)).toBe(true);
    expect(holder.checkpoint).toBe(events[9].position);

    const standby = new RecordingPublisher();
    const lease = new RedisRelayLease(redis, keys, LAPSING_TTL_MS);
    const relay = new IntegrationRelay(store, dbB, standby, { batchSize: 10, lease });
    expect(await relay.drain()).toBe(0); // the lease is still held
    await leaseLapsed(keys);
    await relay.drain();
    expect(Math.min(...positions(standby.received))).toBeGreaterThan(events[9].position);
    expect(Math.max(...positions(standby.received))).toBe(head);
    await relay.stop();
  });

  it('fences a holder whose lease lapsed: its checkpoint write is refused', async () => {
    const keys = prefix();
    const slow = new RedisRelayLease(redis, keys, LAPSING_TTL_MS);
    expect(await slow.hold()).toBe(true);
    expect(await slow.writeCheckpoint(3)).toBe(true);
    const slowFence = slow.currentFence;
    await leaseLapsed(keys);
    const next = new RedisRelayLease(redis, keys, 5000);
    expect(await next.hold()).toBe(true);
    expect(next.currentFence).toBeGreaterThan(slowFence);
    expect(await next.writeCheckpoint(8)).toBe(true);
    // The paused holder wakes up and tries to move the checkpoint back: refused.
    expect(await slow.writeCheckpoint(5)).toBe(false);
    expect(await slow.hold()).toBe(false);
    expect(await next.readCheckpoint()).toBe(8);
    await next.release();
    expect(await redis.exists(`${keys}:relay:lock`)).toBe(0);
  });
});
