import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  EventData,
  EventStore,
  ExpectedRevision,
  RecordedEvent,
  WrongExpectedVersionError,
} from '../event-store';
import { metadataWithoutChain } from '../chain';

export type EventStoreFixture = {
  store: EventStore;
  /** A new store on the same storage; teardown closes whatever is still open. */
  reopen: () => Promise<EventStore>;
  teardown: () => Promise<void>;
};

const TIMEOUT_MS = 30_000;

/**
 * The behaviour every EventStore adapter must show. Streams get unique names, so the suite also
 * runs against a shared server that already holds events.
 */
export function eventStoreContract(
  name: string,
  setup: (() => Promise<EventStoreFixture>) | null,
  skipReason = 'no setup given',
): void {
  if (!setup) {
    describe(name, () => it.skip(`skipped: ${skipReason}`, () => undefined));
    return;
  }

  describe(name, () => {
    let fixture: EventStoreFixture;
    let store: EventStore;

    beforeEach(async () => {
      fixture = await setup();
      store = fixture.store;
    });
    afterEach(() => fixture.teardown());

    test(
      'appends and reads back a stream in order, revisions 0..n-1, positions increasing',
      async () => {
        const stream = streamName('order');
        const givenId = randomUUID();
        const first = await store.appendToStream(stream, [
          { id: givenId, type: 'Opened', data: { i: 0 }, metadata: { actor: 'abc' } },
          ...numbered(1, 2),
        ]);
        const second = await store.appendToStream(stream, numbered(3, 2));

        const events = await store.readStream(stream);
        expect(events.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4]);
        expect(events.map((e) => e.data)).toEqual([0, 1, 2, 3, 4].map((i) => ({ i })));
        expect(events[0]).toMatchObject({
          id: givenId,
          streamId: stream,
          type: 'Opened',
          metadata: { actor: 'abc' },
        });
        // A chaining store adds its link (metadata.chain); nothing else may appear.
        expect(metadataWithoutChain(events[1].metadata)).toEqual({});
        expect(new Date(events[0].createdAt).toISOString()).toBe(events[0].createdAt);
        expectIncreasing(events.map((e) => e.position));
        expect(first).toEqual({ nextExpectedRevision: 2, position: events[2].position });
        expect(second).toEqual({ nextExpectedRevision: 4, position: events[4].position });
        expect(await store.headPosition()).toBe(second.position);
      },
      TIMEOUT_MS,
    );

    test(
      'names the stream of an event by its id, and none for an unknown id',
      async () => {
        const [a, b] = [streamName('owner-a'), streamName('owner-b')];
        const [inA, inB] = [randomUUID(), randomUUID()];
        await store.appendToStream(a, [{ id: inA, type: 'Opened', data: {} }, ...numbered(1, 1)]);
        await store.appendToStream(b, [...numbered(0, 1), { id: inB, type: 'Noted', data: {} }]);

        expect(await store.streamOfEvent(inA)).toBe(a);
        expect(await store.streamOfEvent(inB)).toBe(b);
        expect(await store.streamOfEvent(randomUUID())).toBeNull();
        expect(await store.streamOfEvent('inconnu')).toBeNull();
      },
      TIMEOUT_MS,
    );

    test(
      'orders events globally across streams, after the given position',
      async () => {
        const head = await store.headPosition();
        const [a, b] = [streamName('a'), streamName('b')];
        await store.appendToStream(a, numbered(0, 2));
        await store.appendToStream(b, numbered(0, 1));
        await store.appendToStream(a, numbered(2, 1));

        const all = await store.readAll(head, 100);
        expect(all.length).toBeGreaterThan(0);
        expect(all[0].position).toBeGreaterThan(head);
        expectIncreasing(all.map((e) => e.position));
        const ours = all.filter((e) => e.streamId === a || e.streamId === b);
        expect(ours.map((e) => `${e.streamId}@${e.revision}`)).toEqual([
          `${a}@0`,
          `${a}@1`,
          `${b}@0`,
          `${a}@2`,
        ]);

        const after = await store.readAll(ours[1].position, 100);
        expect(after[0].position).toBeGreaterThan(ours[1].position);
        expect(after.filter((e) => e.streamId === a || e.streamId === b)).toEqual(ours.slice(2));
        expect(await store.readAll(head, 2)).toHaveLength(2);
      },
      TIMEOUT_MS,
    );

    test(
      'reads the log with each metadata parsed when first read, the same events otherwise',
      async () => {
        const head = await store.headPosition();
        const stream = streamName('on-access');
        await store.appendToStream(stream, [
          { type: 'Opened', data: { i: 0 }, metadata: { actor: { id: 'u-1' }, at: 'hier' } },
          { type: 'Noted', data: [1, 'deux'] },
        ]);

        const parsed = (await store.readAll(head, 100)).filter((e) => e.streamId === stream);
        const onAccess = (await store.readAll(head, 100, { metadata: 'on-access' })).filter(
          (e) => e.streamId === stream,
        );
        expect(onAccess).toHaveLength(2);
        for (const [i, event] of onAccess.entries()) {
          const { metadata, ...rest } = parsed[i];
          expect({ ...event, metadata: event.metadata }).toEqual({ ...rest, metadata });
          // Parsed once: the same object on every read.
          expect(event.metadata).toBe(event.metadata);
        }
        expect(metadataWithoutChain(onAccess[0].metadata)).toEqual({
          actor: { id: 'u-1' },
          at: 'hier',
        });
      },
      TIMEOUT_MS,
    );

    test(
      'reads a stream from a revision, with a maximum count, and backwards',
      async () => {
        const stream = streamName('range');
        await store.appendToStream(stream, numbered(0, 5));
        const revisions = async (options: Parameters<EventStore['readStream']>[1]) =>
          (await store.readStream(stream, options)).map((e) => e.revision);

        expect(await revisions({ fromRevision: 2 })).toEqual([2, 3, 4]);
        expect(await revisions({ maxCount: 2 })).toEqual([0, 1]);
        expect(await revisions({ fromRevision: 1, maxCount: 2 })).toEqual([1, 2]);
        expect(await revisions({ direction: 'backwards' })).toEqual([4, 3, 2, 1, 0]);
        expect(await revisions({ direction: 'backwards', maxCount: 1 })).toEqual([4]);
        expect(await revisions({ direction: 'backwards', fromRevision: 3, maxCount: 2 })).toEqual([
          3, 2,
        ]);
      },
      TIMEOUT_MS,
    );

    test(
      'reads a missing stream as empty',
      async () => {
        const stream = streamName('missing');
        expect(await store.readStream(stream)).toEqual([]);
        expect(await store.readStream(stream, { direction: 'backwards' })).toEqual([]);
      },
      TIMEOUT_MS,
    );

    test(
      "rejects 'no_stream' on an existing stream",
      async () => {
        const stream = streamName('exists');
        await store.appendToStream(stream, numbered(0, 1), { expectedRevision: 'no_stream' });
        const error = await rejection(store, stream, 'no_stream');
        expect(error).toMatchObject({ streamId: stream, expected: 'no_stream', actual: 0 });
        expect(error.name).toBe('WrongExpectedVersionError');
        expect(await store.readStream(stream)).toHaveLength(1);
      },
      TIMEOUT_MS,
    );

    test(
      'rejects a stale revision, and a revision on a missing stream',
      async () => {
        const stream = streamName('stale');
        await store.appendToStream(stream, numbered(0, 2));
        expect(await rejection(store, stream, 0)).toMatchObject({ expected: 0, actual: 1 });
        const ok = await store.appendToStream(stream, numbered(2, 1), { expectedRevision: 1 });
        expect(ok.nextExpectedRevision).toBe(2);

        const missing = streamName('stale-missing');
        expect(await rejection(store, missing, 0)).toMatchObject({ actual: 'no_stream' });
        expect(await store.readStream(missing)).toEqual([]);
      },
      TIMEOUT_MS,
    );

    test(
      "rejects 'stream_exists' on a missing stream",
      async () => {
        const stream = streamName('not-yet');
        expect(await rejection(store, stream, 'stream_exists')).toMatchObject({
          expected: 'stream_exists',
          actual: 'no_stream',
        });
        expect(await store.readStream(stream)).toEqual([]);
        await store.appendToStream(stream, numbered(0, 1));
        const ok = await store.appendToStream(stream, numbered(1, 1), {
          expectedRevision: 'stream_exists',
        });
        expect(ok.nextExpectedRevision).toBe(1);
      },
      TIMEOUT_MS,
    );

    test(
      "'any' always works",
      async () => {
        const stream = streamName('any');
        await store.appendToStream(stream, numbered(0, 1), { expectedRevision: 'any' });
        await store.appendToStream(stream, numbered(1, 1), { expectedRevision: 'any' });
        await store.appendToStream(stream, numbered(2, 1));
        expect((await store.readStream(stream)).map((e) => e.revision)).toEqual([0, 1, 2]);
      },
      TIMEOUT_MS,
    );

    test(
      'exactly one of 50 concurrent appends with the same expected revision wins',
      async () => {
        const stream = streamName('race');
        await store.appendToStream(stream, numbered(0, 1));
        // Five connections to the same storage, ten appends each.
        const stores = [store, ...(await Promise.all([1, 2, 3, 4].map(() => fixture.reopen())))];
        const results = await Promise.allSettled(
          stores.flatMap((s) =>
            Array.from({ length: 10 }, () =>
              s.appendToStream(stream, numbered(1, 1), { expectedRevision: 0 }),
            ),
          ),
        );

        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        const failures = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
        expect(failures).toHaveLength(49);
        for (const failure of failures) expect(failure).toBeInstanceOf(WrongExpectedVersionError);
        expect((await store.readStream(stream)).map((e) => e.revision)).toEqual([0, 1]);
      },
      TIMEOUT_MS,
    );

    test(
      'a rejected append writes nothing of its batch',
      async () => {
        const stream = streamName('atomic');
        await store.appendToStream(stream, numbered(0, 2));
        const head = await store.headPosition();
        await expect(
          store.appendToStream(stream, numbered(2, 3), { expectedRevision: 0 }),
        ).rejects.toBeInstanceOf(WrongExpectedVersionError);

        expect(await store.readStream(stream)).toHaveLength(2);
        expect((await store.readAll(head, 100)).filter((e) => e.streamId === stream)).toEqual([]);
      },
      TIMEOUT_MS,
    );

    test(
      'appends 5,000 events in one call and pages through them with readAll',
      async () => {
        const stream = streamName('bulk');
        const head = await store.headPosition();
        const result = await store.appendToStream(stream, numbered(0, 5_000));
        expect(result.nextExpectedRevision).toBe(4_999);

        const ours: RecordedEvent[] = [];
        const sizes: number[] = [];
        for (let from = head; ;) {
          const page = await store.readAll(from, 1_000);
          if (page.length === 0) break;
          expect(page[0].position).toBeGreaterThan(from);
          sizes.push(page.length);
          ours.push(...page.filter((e) => e.streamId === stream));
          from = page[page.length - 1].position;
        }
        // Full pages until the end of the log.
        expect(sizes.slice(0, 5)).toEqual([1_000, 1_000, 1_000, 1_000, 1_000]);
        expect(sizes.slice(0, -1).every((size) => size === 1_000)).toBe(true);
        expect(ours.map((e) => e.revision)).toEqual(Array.from({ length: 5_000 }, (_, i) => i));
        expectIncreasing(ours.map((e) => e.position));
        expect(ours[4_999].position).toBe(result.position);
      },
      TIMEOUT_MS,
    );

    test(
      'subscribeToAll delivers catch-up then live events, in order, one at a time',
      async () => {
        const head = await store.headPosition();
        const stream = streamName('live');
        await store.appendToStream(stream, numbered(0, 3));

        const received: RecordedEvent[] = [];
        const positions: number[] = [];
        let inFlight = 0;
        let maxInFlight = 0;
        const subscription = store.subscribeToAll(head, async (event) => {
          maxInFlight = Math.max(maxInFlight, ++inFlight);
          await sleep(2);
          positions.push(event.position);
          if (event.streamId === stream) received.push(event);
          inFlight--;
        });
        await waitFor(() => received.length === 3);
        await store.appendToStream(stream, numbered(3, 1));
        await store.appendToStream(streamName('other'), numbered(0, 1));
        await store.appendToStream(stream, numbered(4, 2));
        await waitFor(() => received.length === 6);
        await subscription.stop();

        expect(received.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4, 5]);
        expect(positions[0]).toBeGreaterThan(head);
        expectIncreasing(positions);
        expect(maxInFlight).toBe(1);

        await store.appendToStream(stream, numbered(6, 1));
        await sleep(500);
        expect(received).toHaveLength(6);
      },
      TIMEOUT_MS,
    );

    test(
      'a subscription resumes from its checkpoint after a restart',
      async () => {
        const head = await store.headPosition();
        const stream = streamName('resume');
        await store.appendToStream(stream, numbered(0, 3));

        let checkpoint = head;
        const before: RecordedEvent[] = [];
        const first = store.subscribeToAll(head, (event) => {
          if (event.streamId === stream) before.push(event);
          checkpoint = event.position;
        });
        await waitFor(() => before.length === 3);
        await first.stop();
        await store.close();

        const writer = await fixture.reopen();
        await writer.appendToStream(stream, numbered(3, 2));
        await writer.close();

        const reopened = await fixture.reopen();
        const after: RecordedEvent[] = [];
        const second = reopened.subscribeToAll(checkpoint, (event) => {
          if (event.streamId === stream) after.push(event);
        });
        await waitFor(() => after.length >= 2);
        await sleep(500);
        await second.stop();
        expect(after.map((e) => e.revision)).toEqual([3, 4]);
        expect(after[0].position).toBeGreaterThan(checkpoint);
      },
      TIMEOUT_MS,
    );

    test(
      'readAll returns all of our events and only user events',
      async () => {
        const head = await store.headPosition();
        const streams = [streamName('mix-a'), streamName('mix-b')];
        const ids: string[] = [];
        for (const [i, stream] of [...streams, ...streams].entries()) {
          const events = numbered(i, 2).map((e) => ({ ...e, id: randomUUID() }));
          ids.push(...events.map((e) => e.id));
          await store.appendToStream(stream, events);
        }

        const all: RecordedEvent[] = [];
        for (let from = head; ;) {
          const page = await store.readAll(from, 3);
          if (page.length === 0) break;
          expect(page[0].position).toBeGreaterThan(from); // or this loop would never end
          all.push(...page);
          from = page[page.length - 1].position;
        }
        expect(all.filter((e) => streams.includes(e.streamId)).map((e) => e.id)).toEqual(ids);
        for (const event of all) {
          expect(event.type.startsWith('$') || event.streamId.startsWith('$')).toBe(false);
        }
      },
      TIMEOUT_MS,
    );
  });
}

/** Unique, so tests never meet each other's streams on a shared server. */
function streamName(label: string): string {
  return `contract_${label}-${randomUUID().replace(/-/g, '')}`;
}

function numbered(from: number, count: number): EventData[] {
  return Array.from({ length: count }, (_, k) => ({ type: 'Numbered', data: { i: from + k } }));
}

async function rejection(
  store: EventStore,
  stream: string,
  expectedRevision: ExpectedRevision,
): Promise<WrongExpectedVersionError> {
  const error = await store.appendToStream(stream, numbered(99, 1), { expectedRevision }).then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(WrongExpectedVersionError);
  return error as WrongExpectedVersionError;
}

function expectIncreasing(values: number[]): void {
  for (let i = 1; i < values.length; i++) expect(values[i]).toBeGreaterThan(values[i - 1]);
}

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await sleep(10);
  }
}
