import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import {
  contractualRouteKey,
  hostDecider,
  projectDecider,
  proposalDecider,
  proposalRouteKey,
  TravelTimes,
} from '@reloc/domain';
import { SqliteEventStore } from '@reloc/eventstore';
import { loadStream } from '../commands/stream-commands';
import { createGeoServices, GeoServices } from '../geo/geo-services';
import {
  BullMqJobQueue,
  isRedisDriverInstalled,
  redisConnectionFromUrl,
} from '../jobs/bullmq-job-queue';
import type { JobContext } from '../jobs/job-queue';
import { createLogger } from '../logger';
import { isServiceRequired, probeRedisSync } from '../testing/redis';
import { PLACES, proposalFixture } from '../testing/geo-fixtures';
import {
  geoEnqueueOptions,
  GEO_JOB_NAMES,
  hostStream,
  projectStream,
  proposalStream,
} from './geo-jobs';
import {
  geocodeHostProcessor,
  projectDistancesProcessor,
  proposalDistancesProcessor,
} from './geo.processors';
import { processors, registerProcessors, WorkerJobs } from './index';

const logger = createLogger({ name: 'test', level: 'fatal' });
const job = (jobId = randomUUID()): JobContext => ({
  jobId,
  name: 'test',
  attempt: 1,
  maxAttempts: 1,
  progress: async () => undefined,
});

let dir: string;
let store: SqliteEventStore;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'reloc-geo-proc-'));
  store = new SqliteEventStore(join(dir, 'events.db'));
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const offline = () => createGeoServices({ logger });
type Ids = { projectId: string; hostId: string };
const hostOf = async (ids: Ids) =>
  (await loadStream(store, hostStream(ids.hostId), hostDecider)).state;
const projectOf = async (ids: Ids) =>
  (await loadStream(store, projectStream(ids.projectId), projectDecider)).state;
const proposalOf = async (ids: Ids) =>
  (await loadStream(store, proposalStream(ids.projectId, ids.hostId), proposalDecider)).state;

describe('geo processors (results go back through the deciders)', () => {
  it('geocodes a host from its address with the gazetteer, and skips a stale job', async () => {
    const ids = await proposalFixture(store, { geoLoc: null });
    const deps = { logger, store, geo: offline() };
    await geocodeHostProcessor.handle({ hostId: ids.hostId, address: 'ailleurs' }, job(), deps);
    expect((await hostOf(ids)).geoLoc).toBeNull();
    await geocodeHostProcessor.handle(
      { hostId: ids.hostId, address: '10 Rue de la République 69001 Lyon' },
      job(),
      deps,
    );
    const host = await hostOf(ids);
    expect(host.geoLoc?.coordinates[1]).toBeCloseTo(45.76, 1);
    const events = await store.readStream(hostStream(ids.hostId));
    expect(events.at(-1)).toMatchObject({
      type: 'HostGeolocated',
      metadata: { actor: { id: 'system:geo.geocodeHost', role: 'SYSTEM' } },
    });
  });

  it('records a proposal’s travel times once per route key; a changed address waits for its own job', async () => {
    const ids = await proposalFixture(store);
    const host = await hostOf(ids);
    const project = await projectOf(ids);
    const key = proposalRouteKey(host, project)!;
    const deps = { logger, store, geo: offline() };
    await proposalDistancesProcessor.handle({ ...ids, key: 'ancienne adresse' }, job(), deps);
    expect((await proposalOf(ids)).lastGeocodingAddress).toBeNull();

    await proposalDistancesProcessor.handle({ ...ids, key }, job(), deps);
    const proposal = await proposalOf(ids);
    expect(proposal).toMatchObject({ lastGeocodingAddress: key, distanceEstimate: true });
    expect(proposal.distanceWalk).toBeGreaterThan(proposal.distanceCar!);
    // Delivered again (at least once): nothing new.
    const before = (await store.readStream(proposalStream(ids.projectId, ids.hostId))).length;
    await proposalDistancesProcessor.handle({ ...ids, key }, job(), deps);
    expect(await store.readStream(proposalStream(ids.projectId, ids.hostId))).toHaveLength(before);
  });

  it('leaves a failed mode empty, and retries when every mode failed', async () => {
    const ids = await proposalFixture(store);
    const key = proposalRouteKey(await hostOf(ids), await projectOf(ids))!;
    const stub = (times: TravelTimes): GeoServices => ({
      geocode: async () => null,
      travelTimes: async () => ({ times, estimate: false }),
    });
    await expect(
      proposalDistancesProcessor.handle(
        { ...ids, key },
        { ...job(), maxAttempts: 3 },
        {
          logger,
          store,
          geo: stub({ car: null, transport: null, walk: null }),
        },
      ),
    ).rejects.toThrow(/no travel mode answered/);
    await proposalDistancesProcessor.handle({ ...ids, key }, job(), {
      logger,
      store,
      geo: stub({
        car: { distanceMeters: 5000, durationSeconds: 900 },
        transport: null,
        walk: { distanceMeters: 4200, durationSeconds: 3400 },
      }),
    });
    expect(await proposalOf(ids)).toMatchObject({
      distanceCar: 900,
      distanceTransport: null,
      distanceWalk: 3400,
      distanceEstimate: false,
    });
  });

  it('records the route with no time at the last attempt (the console says Trajet indisponible)', async () => {
    const ids = await proposalFixture(store);
    const key = proposalRouteKey(await hostOf(ids), await projectOf(ids))!;
    const down: GeoServices = {
      geocode: async () => null,
      travelTimes: async () => {
        throw new Error('HTTP 500');
      },
    };
    const deps = { logger, store, geo: down };
    await expect(
      proposalDistancesProcessor.handle({ ...ids, key }, { ...job(), maxAttempts: 3 }, deps),
    ).rejects.toThrow('HTTP 500');
    expect((await proposalOf(ids)).lastGeocodingAddress).toBeNull();
    await proposalDistancesProcessor.handle(
      { ...ids, key },
      { ...job(), attempt: 3, maxAttempts: 3 },
      deps,
    );
    expect(await proposalOf(ids)).toMatchObject({
      lastGeocodingAddress: key,
      distanceCar: null,
      distanceTransport: null,
      distanceWalk: null,
    });
  });

  it('records the project’s contractual distance and time, the minimum across modes', async () => {
    const ids = await proposalFixture(store);
    const project = await projectOf(ids);
    const key = contractualRouteKey(project)!;
    await projectDistancesProcessor.handle({ projectId: ids.projectId, key }, job(), {
      logger,
      store,
      geo: offline(),
    });
    const after = await projectOf(ids);
    expect(after).toMatchObject({
      contractualEstimate: true,
      lastContractualAddress1: expect.stringContaining('Paris'),
      lastContractualAddress2: expect.stringContaining('Villeurbanne'),
    });
    expect(after.contractualDistance).toBeGreaterThan(390_000);
    expect(after.contractualTime).toBeGreaterThan(3 * 3600);
  });

  it('computes nothing without a work address', async () => {
    const ids = await proposalFixture(store, { work: null });
    expect(proposalRouteKey(await hostOf(ids), await projectOf(ids))).toBeNull();
    expect(contractualRouteKey(await projectOf(ids))).toBeNull();
    expect(PLACES.paris.label).toBe('Paris');
  });
});

const url = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const unavailable = !isRedisDriverInstalled()
  ? 'ioredis is not installed'
  : probeRedisSync(url).answers
    ? null
    : `no Redis at ${url}`;

describe('geo jobs on BullMQ (Redis)', () => {
  if (unavailable) {
    if (isServiceRequired('redis'))
      test(`fails: REQUIRE_SERVICES includes redis, but ${unavailable}`, () => {
        throw new Error(unavailable);
      });
    else test.skip(`skipped: ${unavailable}`, () => undefined);
    return;
  }

  it('runs a distance job once for two enqueues with the same id, through the real queue', async () => {
    const prefix = `reloc-test-geo-${randomUUID().slice(0, 8)}`;
    const queue = new BullMqJobQueue<WorkerJobs>({
      connection: redisConnectionFromUrl(url),
      prefix,
    });
    try {
      const ids = await proposalFixture(store);
      const key = proposalRouteKey(await hostOf(ids), await projectOf(ids))!;
      await registerProcessors(queue, processors, { logger, store, geo: offline() });
      const done: string[] = [];
      await queue.subscribe(GEO_JOB_NAMES.proposalDistances, (event) => {
        if (event.type === 'completed') done.push(event.jobId);
      });
      const name = GEO_JOB_NAMES.proposalDistances;
      const options = geoEnqueueOptions(name, `${ids.projectId}-${ids.hostId}`, key, 42, 0);
      const first = await queue.enqueue(name, { ...ids, key }, options);
      const second = await queue.enqueue(name, { ...ids, key }, options);
      expect(second).toBe(first);
      const until = Date.now() + 15000;
      while (!done.length && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      expect(done).toEqual([first]);
      expect(await proposalOf(ids)).toMatchObject({
        lastGeocodingAddress: key,
        distanceEstimate: true,
      });
    } finally {
      await queue.close();
      for (const name of Object.keys(processors)) {
        const q = new Queue(name, { connection: redisConnectionFromUrl(url), prefix });
        await q.obliterate({ force: true });
        await q.close();
      }
    }
  });
});
