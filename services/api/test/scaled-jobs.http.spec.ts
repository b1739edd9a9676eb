import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import {
  BullMqJobQueue,
  processors,
  redisConnectionFromUrl,
  SignatureJobs,
  signatureProcessors,
} from '@reloc/worker';
import { isServiceRequired, probeRedisSync } from '../../worker/src/testing/redis';
import { FILES_KEY_REQUIRED_WITH_REDIS, loadConfig } from '../src/config';
import { startTestApp, TestApp } from './support/test-app';

// Issue 18: with REDIS_URL set the api only enqueues; every job (geo and signatures) is run by
// the worker process (services/worker/src/worker-signatures.spec.ts). BullMQ lists the workers
// connected to each queue: the api must be none of them.

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const probe = probeRedisSync(REDIS_URL);
if (!probe.answers && isServiceRequired('redis')) {
  throw new Error(`REQUIRE_SERVICES names redis but ${REDIS_URL} does not answer: ${probe.reason}`);
}
const describeWithRedis = probe.answers ? describe : describe.skip;

const JOB_NAMES = [...Object.keys(processors), ...Object.keys(signatureProcessors)];

describeWithRedis('the api with REDIS_URL set (scaled mode)', () => {
  const prefix = `reloc-test-api-${randomUUID().slice(0, 8)}`;
  let api: TestApp;
  const queues = JOB_NAMES.map(
    (name) => new Queue(name, { connection: redisConnectionFromUrl(REDIS_URL), prefix }),
  );

  beforeAll(async () => {
    api = await startTestApp({
      REDIS_URL,
      RELOC_JOB_PREFIX: prefix,
      RELOC_FILES_KEY: 'ef'.repeat(32),
      RELOC_GEO_JOBS: '1',
      RELOC_DEMO: '0',
    });
  });

  afterAll(async () => {
    await api?.close();
    for (const queue of queues) {
      await queue.obliterate({ force: true });
      await queue.close();
    }
  });

  it('refuses to start without RELOC_FILES_KEY: the worker must share the api’s key', () => {
    expect(() => loadConfig({ RELOC_DATA_DIR: api.config.dataDir, REDIS_URL })).toThrow(
      FILES_KEY_REQUIRED_WITH_REDIS,
    );
  });

  it('registers no processor, neither geo nor signatures: the worker runs them', async () => {
    const workers = async () =>
      Object.fromEntries(
        await Promise.all(queues.map(async (q) => [q.name, await q.getWorkersCount()] as const)),
      );
    expect(await workers()).toEqual(Object.fromEntries(JOB_NAMES.map((name) => [name, 0])));

    // The count sees a worker when there is one (here, a stand-in for the worker process).
    const worker = new BullMqJobQueue<SignatureJobs>({
      connection: redisConnectionFromUrl(REDIS_URL),
      prefix,
    });
    await worker.process('signatures.finalize', async () => undefined);
    try {
      expect((await workers())['signatures.finalize']).toBe(1);
    } finally {
      await worker.close();
    }
  });
});
