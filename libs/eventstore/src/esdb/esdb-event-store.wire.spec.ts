import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { status } from '@grpc/grpc-js';
import { RecordedEvent, START, WrongExpectedVersionError } from '../event-store';
import { eventStoreContract } from '../testing/event-store.contract';
import { parseUUID } from '@eventstore/db-client/dist/utils/grpcUUID';
import { toProtoUuid, uuidString } from '../testing/esdb-wire-messages';
import { EsdbWireServer, EsdbWireServerOptions } from '../testing/esdb-wire-server';
import { startInWorker } from '../testing/run-in-worker';
import { EsdbEventStore } from './esdb-event-store';

// The adapter and the real @eventstore/db-client, over gRPC, against a test double of the
// protocol (esdb-wire-server.ts); esdb-event-store.contract.spec.ts runs the same suite against a
// real server when EVENTSTORE_URL is set.

/** Beyond 2^32, so that a 32-bit integer anywhere between the log and our positions shows. */
const FIRST_POSITION = 2n ** 40n;

// One double for the whole suite, on its own thread as a remote server is, holding the events of
// every test before it as a shared server does.
const WIRE_WORKER = join(__dirname, '../testing/esdb-wire-worker.ts');
let shared: Promise<{ worker: Worker; connectionString: string }> | undefined;

function sharedServer() {
  shared ??= (async () => {
    const { worker, result } = startInWorker<string>(WIRE_WORKER, {
      firstPosition: FIRST_POSITION,
    } satisfies EsdbWireServerOptions);
    return { worker, connectionString: await result };
  })();
  return shared;
}

afterAll(async () => {
  if (shared) await (await shared).worker.terminate();
});

eventStoreContract(
  'EventStoreDB adapter contract, over gRPC against the wire-level test double',
  async () => {
    const { connectionString } = await sharedServer();
    const opened: EsdbEventStore[] = [];
    const open = () => {
      const store = new EsdbEventStore(connectionString);
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

describe('EsdbEventStore over gRPC, against the wire-level test double', () => {
  let server: EsdbWireServer;
  let store: EsdbEventStore;

  async function start(options: EsdbWireServerOptions = {}) {
    server = await EsdbWireServer.start({ firstPosition: FIRST_POSITION, ...options });
    store = new EsdbEventStore(server.connectionString);
  }

  afterEach(async () => {
    await store.close();
    await server.stop();
  });

  it('asks the server features, appends through BatchAppend, reads and subscribes through Read', async () => {
    await start();
    await store.appendToStream('s-1', [{ type: 'A', data: { i: 0 } }]);
    await store.appendToStream('s-1', [{ type: 'A', data: { i: 1 } }], { expectedRevision: 0 });
    await store.readStream('s-1');
    const seen: RecordedEvent[] = [];
    const subscription = store.subscribeToAll(START, (event) => void seen.push(event));
    await waitFor(() => seen.length === 2);
    await subscription.stop();

    // One BatchAppend call carries every append of the client.
    expect(server.calls).toEqual([
      'GetSupportedMethods',
      'BatchAppend',
      'Read stream',
      'Read $all subscription',
    ]);
    expect(seen[0].position).toBeGreaterThan(Number(FIRST_POSITION));
  });

  it('reads every page to its end, so that no read outlives its call', async () => {
    // A read left midway (break, then cancel) stays in the client for good when the server's last
    // messages and its status arrive before the cancel: close() then waits for it forever. That
    // race was seen with the double in another process; here, reads simply must not be cancelled.
    await start();
    const events = Array.from({ length: 2_000 }, (_, i) => ({ type: 'A', data: { i } }));
    await store.appendToStream('s-1', events);
    const [last] = await store.readStream('s-1', { direction: 'backwards', maxCount: 1 });

    expect((await store.readAll(START, 3)).map((e) => e.revision)).toEqual([0, 1, 2]);
    expect(await store.headPosition()).toBe(last.position);
    await store.close();
    expect(server.cancelledReads).toEqual([]);
  });

  it('on a 20.x server (no ServerFeatures) appends through Append, with the same semantics', async () => {
    await start({ protocol: 'v20' });
    const first = await store.appendToStream('s-1', [{ type: 'A', data: {} }], {
      expectedRevision: 'no_stream',
    });
    const second = await store.appendToStream('s-1', [{ type: 'A', data: {} }], {
      expectedRevision: 'stream_exists',
    });
    await store.appendToStream('s-1', [{ type: 'A', data: {} }], { expectedRevision: 1 });
    const conflicts = await Promise.all(
      [
        store.appendToStream('s-1', [{ type: 'A', data: {} }], { expectedRevision: 0 }),
        store.appendToStream('s-1', [{ type: 'A', data: {} }], { expectedRevision: 'no_stream' }),
        store.appendToStream('s-2', [{ type: 'A', data: {} }], {
          expectedRevision: 'stream_exists',
        }),
        store.appendToStream('s-2', [{ type: 'A', data: {} }], { expectedRevision: 3 }),
      ].map((append) => append.catch((err: unknown) => err)),
    );

    expect(server.calls.filter((call) => call !== 'Append')).toEqual([]);
    expect(first.nextExpectedRevision).toBe(0);
    expect(second.nextExpectedRevision).toBe(1);
    const events = await store.readStream('s-1');
    expect(events.map((e) => e.revision)).toEqual([0, 1, 2]);
    expect(second.position).toBe(events[1].position);
    for (const conflict of conflicts) expect(conflict).toBeInstanceOf(WrongExpectedVersionError);
    expect(conflicts).toMatchObject([
      { expected: 0, actual: 2 },
      { expected: 'no_stream', actual: 2 },
      { expected: 'stream_exists', actual: 'no_stream' },
      { expected: 3, actual: 'no_stream' },
    ]);
  });

  it('resubscribes from its checkpoint after the server drops the subscription', async () => {
    await start();
    await store.appendToStream(
      's-1',
      [0, 1, 2, 3].map((i) => ({ type: 'A', data: { i } })),
    );
    server.failNextSubscription(2, status.UNAVAILABLE, 'Connection dropped');

    const seen: RecordedEvent[] = [];
    const errors: unknown[] = [];
    const subscription = store.subscribeToAll(START, (event) => void seen.push(event), {
      onError: (err) => errors.push(err),
    });
    await waitFor(() => seen.length === 4);
    await subscription.stop();

    expect(seen.map((e) => e.revision)).toEqual([0, 1, 2, 3]);
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toMatch(/UNAVAILABLE: Connection dropped/);
    expect(server.calls.filter((call) => call === 'Read $all subscription')).toHaveLength(2);
  });

  it('survives a server restart: appends work again, the subscription resumes where it was', async () => {
    await start();
    await store.appendToStream('s-1', [{ type: 'A', data: { i: 0 } }]);
    const seen: RecordedEvent[] = [];
    const errors: unknown[] = [];
    const subscription = store.subscribeToAll(START, (event) => void seen.push(event), {
      onError: (err) => errors.push(err),
    });
    await waitFor(() => seen.length === 1);

    await server.restart();
    await store.appendToStream('s-1', [{ type: 'A', data: { i: 1 } }], { expectedRevision: 0 });
    await waitFor(() => seen.length === 2);
    await sleep(200);
    await subscription.stop();

    expect(seen.map((e) => e.data)).toEqual([{ i: 0 }, { i: 1 }]);
    expect(errors.length).toBeGreaterThan(0);
  });
});

describe('The wire-level test double', () => {
  it('encodes event ids in both UUID forms of the protocol as the client decodes them', () => {
    const ids = [
      randomUUID(),
      'f81d4fae-7dec-41d0-a765-00a0c91e6bf6',
      'ffffffff-ffff-4fff-bfff-fffffffffffe',
    ];
    for (const id of ids) {
      expect(parseUUID(toProtoUuid(id, false))).toBe(id);
      expect(parseUUID(toProtoUuid(id, true))).toBe(id);
      expect(uuidString(toProtoUuid(id, false))).toBe(id);
      // The server answers ids in the canonical lowercase form, whatever form it was given.
      expect(uuidString(toProtoUuid(id.toUpperCase(), true))).toBe(id);
    }
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await sleep(10);
  }
}
