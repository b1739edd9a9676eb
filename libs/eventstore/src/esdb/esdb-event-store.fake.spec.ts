import { setTimeout as sleep } from 'node:timers/promises';
import { RecordedEvent, START } from '../event-store';
import { eventStoreContract } from '../testing/event-store.contract';
import { FakeEsdbServer } from '../testing/fake-esdb-server';
import { EsdbEventStore } from './esdb-event-store';

// The adapter's own logic (mapping, paging, filtering, resubscribing), on a machine without the
// server; esdb-event-store.contract.spec.ts runs the same suite against a real one.
eventStoreContract(
  'EventStoreDB adapter contract, against an imitation of the server',
  async () => {
    const server = new FakeEsdbServer();
    const opened: EsdbEventStore[] = [];
    const open = () => {
      const store = new EsdbEventStore(server.client());
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
  },
);

describe('EsdbEventStore, against an imitation of the server', () => {
  it('resubscribes from its checkpoint after the subscription drops', async () => {
    const server = new FakeEsdbServer();
    const store = new EsdbEventStore(server.client());
    await store.appendToStream(
      's-1',
      [0, 1, 2, 3].map((i) => ({ type: 'A', data: { i } })),
    );
    server.dropNextSubscriptionAfter(2);

    const seen: RecordedEvent[] = [];
    const errors: unknown[] = [];
    const subscription = store.subscribeToAll(START, (event) => void seen.push(event), {
      onError: (err) => errors.push(err),
    });
    for (let i = 0; i < 200 && seen.length < 4; i++) await sleep(10);
    await subscription.stop();
    await store.close();

    expect(seen.map((e) => e.revision)).toEqual([0, 1, 2, 3]);
    expect(errors).toEqual([new Error('14 UNAVAILABLE: Connection dropped')]);
  });
});
