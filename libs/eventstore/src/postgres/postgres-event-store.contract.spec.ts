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
