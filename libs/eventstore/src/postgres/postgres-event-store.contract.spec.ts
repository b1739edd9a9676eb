import { setTimeout as sleep } from 'node:timers/promises';
import { WrongExpectedVersionError } from '../event-store';
import { eventStoreContract } from '../testing/event-store.contract';
import {
  createThrowawayDatabase,
  isServiceRequired,
  postgresUnavailableReason,
  testPostgresUrl,
  ThrowawayDatabase,
} from '../testing/postgres';
import { PostgresEventStore } from './postgres-event-store';

const NAME = 'PostgreSQL adapter contract';
const adminUrl = testPostgresUrl();
const unavailable = postgresUnavailableReason(adminUrl);

if (unavailable && isServiceRequired('postgres')) {
  describe(NAME, () =>
    it(`fails: REQUIRE_SERVICES includes postgres but ${unavailable}`, () => {
      throw new Error(unavailable);
    }),
  );
} else if (unavailable) {
  eventStoreContract(NAME, null, unavailable);
} else {
  // One throwaway database for the file: the suite names its streams uniquely.
  let database: Promise<ThrowawayDatabase> | undefined;
  afterAll(async () => {
    if (database) await (await database).drop();
  });

  eventStoreContract(NAME, async () => {
    database ??= createThrowawayDatabase(adminUrl);
    const { url } = await database;
    const opened: PostgresEventStore[] = [];
    const open = () => {
      const store = new PostgresEventStore(url, { pollIntervalMs: 50, poolSize: 5 });
      opened.push(store);
      return store;
    };
    return {
      store: open(),
      reopen: async () => open(),
      teardown: async () => {
        await Promise.all(opened.map((store) => store.close()));
      },
    };
  });
}

// These need no server. They also keep this file from being entirely skipped, which Jest would
// report without printing the skipped test's name, and so without its reason.
describe('PostgreSQL adapter with its server unreachable', () => {
  const unreachable = 'postgres://postgres@127.0.0.1:1/reloc';

  it('rejects an append with the connection error, not a version conflict', async () => {
    const store = new PostgresEventStore(unreachable);
    const error = await store.appendToStream('s-1', [{ type: 'A', data: {} }]).catch((e) => e);
    await store.close();
    expect(error).not.toBeInstanceOf(WrongExpectedVersionError);
    expect(error).toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('reports subscription failures, retries with a growing backoff, stops at once', async () => {
    const listenErrors: unknown[] = [];
    const store = new PostgresEventStore(unreachable, {
      onListenError: (err) => listenErrors.push(err),
    });
    const failedAt: number[] = [];
    const subscription = store.subscribeToAll(0, () => undefined, {
      onError: () => failedAt.push(Date.now()),
    });
    await sleep(1_000);
    const stopping = Date.now();
    await subscription.stop();
    await store.close();
    expect(Date.now() - stopping).toBeLessThan(500);
    expect(failedAt.length).toBeGreaterThanOrEqual(3);
    const gaps = failedAt.slice(1).map((at, i) => at - failedAt[i]);
    expect(gaps[gaps.length - 1]).toBeGreaterThan(gaps[0]);
    // The LISTEN connection kept retrying too, but an outage is reported once.
    expect(listenErrors).toHaveLength(1);
  });
});
