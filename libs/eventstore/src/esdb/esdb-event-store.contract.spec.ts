import { eventStoreContract } from '../testing/event-store.contract';
import { EsdbEventStore } from './esdb-event-store';

const NAME = 'EventStoreDB adapter contract';
const url = process.env.EVENTSTORE_URL;
const required = (process.env.REQUIRE_SERVICES ?? '').split(/[\s,]+/).includes('eventstore');

if (!url && required) {
  describe(NAME, () =>
    it('fails: REQUIRE_SERVICES includes eventstore but EVENTSTORE_URL is not set', () => {
      throw new Error('EVENTSTORE_URL must point to an EventStoreDB server (e.g. esdb://localhost:2113?tls=false)');
    }),
  );
} else {
  eventStoreContract(
    NAME,
    url
      ? async () => {
          const opened: EsdbEventStore[] = [];
          const open = () => {
            const store = new EsdbEventStore(url);
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
        }
      : null,
    'EVENTSTORE_URL is not set (no EventStoreDB server on this machine)',
  );
}
