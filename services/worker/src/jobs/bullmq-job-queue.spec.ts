import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { Queue } from 'bullmq';
import { isServiceRequired, probeRedisSync } from '../testing/redis';
import {
  BullMqJobQueue,
  fromBullMqJobId,
  isRedisDriverInstalled,
  redisConnectionFromUrl,
  toBullMqJobId,
} from './bullmq-job-queue';
import { createJobQueue } from './create-job-queue';
import { JobQueueClosedError } from './job-queue';
import { CONTRACT_JOB_NAMES, ContractJobs, jobQueueContract } from './job-queue.contract';
import { redactRedisUrl } from './redis-url';

const NAME = 'BullMqJobQueue contract (Redis)';
const url = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const shownUrl = redactRedisUrl(url);
const connection = redisConnectionFromUrl(url);
/** Every key of this run starts with it; each test adds its own suffix. */
const runPrefix = `reloc-test-${randomUUID().slice(0, 8)}`;

function unavailability(): string | null {
  if (!isRedisDriverInstalled()) {
    return 'ioredis is not installed (BullMQ 6 loads it as an optional peer)';
  }
  return probeRedisSync(url).answers ? null : `no Redis at ${shownUrl}`;
}

describe('BullMQ job ids', () => {
  test('escapes what BullMQ refuses and reads every id back', () => {
    const ids = [
      '42',
      '0',
      '-7',
      'geocode:1',
      'geocode%3A1',
      'a%b:c',
      '%N12',
      'uuid-like-1e3',
      '12abc',
    ];
    for (const id of ids) {
      const stored = toBullMqJobId(id);
      expect(stored).not.toContain(':');
      expect(`${parseInt(stored, 10)}`).not.toBe(stored);
      expect(fromBullMqJobId(stored)).toBe(id);
    }
    expect(new Set(ids.map(toBullMqJobId)).size).toBe(ids.length);
    expect(toBullMqJobId('project-65f1c0de')).toBe('project-65f1c0de');
  });
});

if (isRedisDriverInstalled()) {
  describe('BullMqJobQueue without Redis', () => {
    test('close() settles, and rejects what was waiting for Redis', async () => {
      const port = await unusedLoopbackPort();
      const errors: string[] = [];
      const queue = BullMqJobQueue.fromUrl<ContractJobs>(`redis://127.0.0.1:${port}`, {
        prefix: `${runPrefix}-dead`,
        onError: (error) => errors.push(error.message),
      });
      const processing = queue.process('contract.echo', () => undefined);
      const subscribing = queue.subscribe('contract.echo', () => undefined);
      const enqueuing = queue.enqueue('contract.echo', { text: '', n: 0, tags: [] });
      await waitUntil(() => errors.some((message) => message.includes('ECONNREFUSED')));

      await queue.close();
      await expect(processing).rejects.toThrow(JobQueueClosedError);
      await expect(subscribing).rejects.toThrow(JobQueueClosedError);
      await expect(enqueuing).rejects.toThrow();
    });
  });
}

const reason = unavailability();
if (reason) {
  describe(NAME, () => {
    if (isServiceRequired('redis')) {
      test(`fails: REQUIRE_SERVICES includes redis, but ${reason}`, () => {
        throw new Error(
          `The Redis job queue suite cannot run: ${reason}. Start Redis or set REDIS_URL.`,
        );
      });
    } else {
      test.skip(`skipped: ${reason}`, () => undefined);
    }
  });
} else {
  let testCount = 0;

  /** Removes every key of the queues a test used (obliterate needs an open queue). */
  async function obliterate(prefix: string): Promise<void> {
    for (const name of CONTRACT_JOB_NAMES) {
      const queue = new Queue(name, { connection, prefix, skipMetasUpdate: true });
      try {
        await queue.obliterate({ force: true });
      } finally {
        await queue.close();
      }
    }
  }

  jobQueueContract(NAME, async () => {
    testCount += 1;
    const prefix = `${runPrefix}-${testCount}`;
    const queue = new BullMqJobQueue<ContractJobs>({ connection, prefix });
    return {
      queue,
      teardown: async () => {
        await queue.close();
        await obliterate(prefix);
      },
    };
  });

  describe('BullMqJobQueue', () => {
    test('is what createJobQueue returns when REDIS_URL is set', async () => {
      const queue = createJobQueue<ContractJobs>({ REDIS_URL: url }, { prefix: `${runPrefix}-f` });
      expect(queue.kind).toBe('bullmq');
      await queue.close();
    });

    test('leaves no key behind once the tests cleaned up', async () => {
      const queue = new Queue('cleanup-check', {
        connection,
        prefix: runPrefix,
        skipMetasUpdate: true,
      });
      try {
        const client = await queue.getBackend().client;
        const keys: string[] = [];
        let cursor = '0';
        do {
          const [next, batch] = await client.scan(cursor, { MATCH: `${runPrefix}*`, COUNT: 1000 });
          keys.push(...batch);
          cursor = next;
        } while (cursor !== '0');
        expect(keys).toEqual([]);
      } finally {
        await queue.close();
      }
    });
  });
}

/** A loopback port that nothing listens on (it was free a moment ago). */
function unusedLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once `condition` holds, checking after each turn of the event loop. */
async function waitUntil(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}
