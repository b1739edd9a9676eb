import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, ClientConfig } from 'pg';
import { ExpectedRevision, RecordedEvent, START, WrongExpectedVersionError } from '../event-store';
import {
  createThrowawayDatabase,
  isServiceRequired,
  postgresUnavailableReason,
  testPostgresUrl,
  ThrowawayDatabase,
} from '../testing/postgres';
import { PostgresEventStore, PostgresEventStoreOptions } from './postgres-event-store';
import { uuidv7 } from '../uuidv7';
import { APPEND_SQL, appendParameters, appendResult } from './schema';

const NAME = 'PostgresEventStore';
const adminUrl = testPostgresUrl();
const unavailable = postgresUnavailableReason(adminUrl);

if (unavailable && isServiceRequired('postgres')) {
  describe(NAME, () =>
    it(`fails: REQUIRE_SERVICES includes postgres but ${unavailable}`, () => {
      throw new Error(unavailable);
    }),
  );
} else if (unavailable) {
  describe(NAME, () => it.skip(`skipped: ${unavailable}`, () => undefined));
} else {
  describe(NAME, () => {
    let database: ThrowawayDatabase;
    const opened: PostgresEventStore[] = [];
    const clients: Client[] = [];
    const open = (
      options: PostgresEventStoreOptions = {},
      url: string | ClientConfig = database.url,
    ) => {
      const store = new PostgresEventStore(url, { pollIntervalMs: 50, poolSize: 4, ...options });
      opened.push(store);
      return store;
    };
    /** A plain pg connection to the test database, as another process would have. */
    const connect = async (url = database.url) => {
      const client = new Client({ connectionString: url });
      clients.push(client);
      await client.connect();
      return client;
    };
    const stream = (label: string) => `${label}-${randomUUID()}`;

    const closeAll = async () => {
      await Promise.all(clients.splice(0).map((client) => client.end().catch(() => undefined)));
      await Promise.all(opened.splice(0).map((store) => store.close()));
    };

    beforeAll(async () => {
      database = await createThrowawayDatabase(adminUrl);
    });
    afterEach(closeAll);
    afterAll(() => database?.drop());

    it(
      'never lets a reader past a transaction that commits late: a later append waits for it, ' +
        'then readers see both, in order',
      async () => {
        const store = open();
        const reader = open({ pollIntervalMs: 20 });
        const head = await store.headPosition();
        const seen: RecordedEvent[] = [];
        const subscription = reader.subscribeToAll(head, (event) => void seen.push(event));

        // T1: the adapter's own append, inside a transaction this test holds open.
        const first = stream('late');
        const t1 = await connect();
        await t1.query('BEGIN');
        const { rows } = await t1.query(
          APPEND_SQL,
          appendParameters(first, 'no_stream', [
            { type: 'A', data: { i: 0 } },
            { type: 'A', data: { i: 1 } },
          ]),
        );
        expect(appendResult(rows[0].append_events)).toEqual({
          accepted: true,
          revision: 1,
          lastPosition: String(head + 2),
        });

        // T2 starts after T1 took its positions, and cannot commit ahead of it.
        const second = stream('early');
        let t2Done = false;
        const t2 = store
          .appendToStream(second, [{ type: 'B', data: {} }], { expectedRevision: 'no_stream' })
          .finally(() => (t2Done = true));
        await sleep(500);
        expect(t2Done).toBe(false);
        expect(await reader.readAll(head, 100)).toEqual([]);
        expect(await reader.headPosition()).toBe(head);
        expect(seen).toEqual([]);

        await t1.query('COMMIT');
        const appended = await t2;
        await waitFor(() => seen.length === 3);
        await subscription.stop();

        const order = seen.map((e) => [e.streamId, e.revision, e.position]);
        expect(order).toEqual([
          [first, 0, head + 1],
          [first, 1, head + 2],
          [second, 0, head + 3],
        ]);
        expect(appended.position).toBe(head + 3);
        // The store's clock is read under the lock, so it follows the positions too.
        expect(seen[2].createdAt >= seen[1].createdAt).toBe(true);
        expect((await reader.readAll(head, 100)).map((e) => e.position)).toEqual([
          head + 1,
          head + 2,
          head + 3,
        ]);
      },
    );

    it('leaves no gap and no trace when the open transaction rolls back instead', async () => {
      const store = open();
      const head = await store.headPosition();
      const t1 = await connect();
      await t1.query('BEGIN');
      await t1.query(
        APPEND_SQL,
        appendParameters(stream('rolled-back'), 'any', [{ type: 'A', data: {} }]),
      );
      const after = store.appendToStream(stream('after'), [{ type: 'B', data: {} }]);
      await sleep(200);
      await t1.query('ROLLBACK');
      expect((await after).position).toBe(head + 1);
      expect((await store.readAll(head, 10)).map((e) => e.type)).toEqual(['B']);
    });

    it('lets exactly one of 50 appends racing from 5 stores win, round after round', async () => {
      const stores = [1, 2, 3, 4, 5].map(() => open({ poolSize: 10 }));
      for (let round = 0; round < 20; round++) {
        const raced = stream(`race-${round}`);
        const results = await Promise.allSettled(
          stores.flatMap((s) =>
            Array.from({ length: 10 }, (_, i) =>
              s.appendToStream(raced, [{ type: 'Raced', data: { i } }], {
                expectedRevision: 'no_stream',
              }),
            ),
          ),
        );
        const failures = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
        expect(failures).toHaveLength(49);
        for (const failure of failures) expect(failure).toBeInstanceOf(WrongExpectedVersionError);
        expect(await stores[0].readStream(raced)).toHaveLength(1);
      }
    }, 60_000);

    it('is woken by NOTIFY for an append made by another process, without polling', async () => {
      const store = open({ pollIntervalMs: 3_600_000 });
      const head = await store.headPosition();
      const seen: RecordedEvent[] = [];
      store.subscribeToAll(head, (event) => void seen.push(event));
      await waitForListener(database.name);
      await sleep(100); // the first read, made after LISTEN, has found nothing

      const other = await connect();
      await appendRaw(other, stream('notified'));
      await waitFor(() => seen.length === 1, 2_000);
      // The adapter's own one-event and batch appends, from another process's store (its own
      // settings, so no in-process wake-up): NOTIFY too.
      const { hostname, port, pathname, username, password } = new URL(database.url);
      const elsewhere = open(
        { listen: false },
        {
          host: hostname,
          port: Number(port || 5432),
          database: decodeURIComponent(pathname.slice(1)),
          user: decodeURIComponent(username) || undefined,
          password: decodeURIComponent(password) || undefined,
        },
      );
      await elsewhere.appendToStream(stream('notified-one'), [{ type: 'A', data: {} }]);
      await waitFor(() => seen.length === 2, 2_000);
      await elsewhere.appendToStream(stream('notified-two'), [
        { type: 'A', data: {} },
        { type: 'B', data: {} },
      ]);
      await waitFor(() => seen.length === 4, 2_000);
    });

    it('reconnects its LISTEN connection after losing it, and re-reads what it missed', async () => {
      const listenErrors: unknown[] = [];
      const store = open({
        pollIntervalMs: 3_600_000,
        onListenError: (err) => listenErrors.push(err),
      });
      const head = await store.headPosition();
      const seen: RecordedEvent[] = [];
      store.subscribeToAll(head, (event) => void seen.push(event));
      await waitForListener(database.name);
      await sleep(100);

      const admin = await connect();
      await terminate(admin, database.name, 'reloc-eventstore-listen');
      // Appended while the listener is down: found by the re-read after it reconnects.
      await appendRaw(admin, stream('missed'));
      await waitFor(() => seen.length === 1, 5_000);
      await waitForListener(database.name);
      await appendRaw(admin, stream('notified-again'));
      await waitFor(() => seen.length === 2, 2_000);
      expect(listenErrors).toHaveLength(1);
    });

    it('polls when told not to LISTEN, and opens no listening connection', async () => {
      const store = open({ listen: false, pollIntervalMs: 50 });
      const head = await store.headPosition();
      const seen: RecordedEvent[] = [];
      store.subscribeToAll(head, (event) => void seen.push(event));
      const other = await connect();
      await appendRaw(other, stream('polled'));
      await waitFor(() => seen.length === 1, 2_000);
      expect(await connectionsOf(other, database.name, 'reloc-eventstore-listen')).toBe(0);
    });

    it('wakes subscriptions of this process at once on a local append', async () => {
      const writer = open({ listen: false, pollIntervalMs: 3_600_000 });
      const reader = open({ listen: false, pollIntervalMs: 3_600_000 });
      const head = await writer.headPosition();
      const seen: RecordedEvent[] = [];
      reader.subscribeToAll(head, (event) => void seen.push(event));
      await sleep(100);
      await writer.appendToStream(stream('local'), [{ type: 'A', data: {} }]);
      await waitFor(() => seen.length === 1, 1_000);
    });

    it('survives its pooled connections being killed while idle', async () => {
      const store = open();
      const s = stream('killed');
      await store.appendToStream(s, [{ type: 'A', data: {} }]);
      const admin = await connect();
      expect(await terminate(admin, database.name, 'reloc-eventstore')).toBeGreaterThan(0);
      await sleep(100);
      await store.appendToStream(s, [{ type: 'A', data: {} }], { expectedRevision: 0 });
      expect(await store.readStream(s)).toHaveLength(2);
    });

    it('returns data and metadata exactly as given: key order, escapes, any JSON value', async () => {
      const store = open();
      const s = stream('fidelity');
      const data = {
        z: 1,
        a: 'nul \u0000, lone \ud800, separator \x1e, é ✓',
        m: { b: [1, 2.5, null], a: true },
      };
      await store.appendToStream(s, [
        { type: 'A', data, metadata: { zeta: 1, alpha: 2 } },
        { type: 'B', data: 'a string' },
        { type: 'C', data: undefined },
      ]);
      const [a, b, c] = await store.readStream(s);
      expect(JSON.stringify(a.data)).toBe(JSON.stringify(data));
      expect(Object.keys(a.metadata)).toEqual(['zeta', 'alpha']);
      expect(b.data).toBe('a string');
      expect(c.data).toBeNull();
      expect(c.metadata).toEqual({});
      expect(new Date(a.createdAt).toISOString()).toBe(a.createdAt);
      expect(Math.abs(Date.parse(a.createdAt) - Date.now())).toBeLessThan(60_000);
    });

    it('answers an empty append with the stream revision, still checking it', async () => {
      const store = open();
      const s = stream('empty');
      expect(await store.appendToStream(s, [])).toEqual({
        nextExpectedRevision: -1,
        position: START,
      });
      await store.appendToStream(s, [{ type: 'A', data: {} }]);
      expect(await store.appendToStream(s, [], { expectedRevision: 0 })).toEqual({
        nextExpectedRevision: 0,
        position: START,
      });
      await expect(
        store.appendToStream(s, [], { expectedRevision: 'no_stream' }),
      ).rejects.toBeInstanceOf(WrongExpectedVersionError);
      await expect(
        store.appendToStream(s, [{ type: 'A', data: {} }], { expectedRevision: -2 }),
      ).rejects.toBeInstanceOf(RangeError);
      for (const bad of [{ type: '' }, { type: 'A\x1eB' }, { type: 'A', id: '' }]) {
        await expect(store.appendToStream(s, [{ data: {}, ...bad }])).rejects.toBeInstanceOf(
          TypeError,
        );
      }
      expect(await store.readStream(s)).toHaveLength(1);
    });

    it('rejects, never throws, an invalid event alone or in a batch, and writes none of it', async () => {
      const store = open();
      const s = stream('invalid');
      const good = { id: uuidv7(), type: 'A', data: '{}', metadata: '{}' };
      const bad = [
        { ...good, id: 'a\x1eb' },
        { ...good, type: '' },
        { ...good, data: '"\x1e"' },
        { ...good, metadata: '{"k":"\x1e"}' },
      ];
      for (const event of bad) {
        for (const events of [[event], [{ ...good, id: uuidv7() }, event]]) {
          let appended: Promise<unknown> | undefined;
          expect(() => (appended = store.appendSerialized(s, events))).not.toThrow();
          await expect(appended).rejects.toBeInstanceOf(TypeError);
        }
      }
      let appended: Promise<unknown> | undefined;
      expect(
        () =>
          (appended = store.appendToStream(s, [{ type: 'A', data: {} }], { expectedRevision: -3 })),
      ).not.toThrow();
      await expect(appended).rejects.toBeInstanceOf(RangeError);
      expect(await store.readStream(s)).toEqual([]);
      expect(await store.appendSerialized(s, [good])).toMatchObject({ nextExpectedRevision: 0 });
    });

    it('returns one record text per call, read back as accepted, revision and last position', async () => {
      await open().headPosition(); // the schema
      const client = await connect();
      const call = async (streamId: string, expected: ExpectedRevision, count: number) => {
        const events = Array.from({ length: count }, (_, i) => ({ type: 'A', data: { i } }));
        const { rows } = await client.query<{ append_events: string }>(
          APPEND_SQL,
          appendParameters(streamId, expected, events),
        );
        return rows[0].append_events;
      };
      const s = stream('record');
      const written = await call(s, 'no_stream', 1);
      expect(written).toMatch(/^\(t,0,\d+\)$/);
      const position = appendResult(written).lastPosition;
      expect(appendResult(await call(s, 0, 2))).toEqual({
        accepted: true,
        revision: 2,
        lastPosition: String(Number(position) + 2),
      });
      expect(await call(stream('missing'), 0, 1)).toBe('(f,-1,)');
      expect(appendResult(await call(s, 1, 1))).toEqual({
        accepted: false,
        revision: 2,
        lastPosition: null,
      });
      expect(await call(s, 'stream_exists', 0)).toBe('(t,2,)');
      for (const bad of ['', '(t,1)', '(x,1,2)', '(t,1,2', '(t,"1",2)']) {
        expect(() => appendResult(bad)).toThrow(/append_events returned/);
      }
    });

    it('refuses a call whose fields do not match the number of events announced', async () => {
      await open().headPosition(); // the schema
      const client = await connect();
      const values = appendParameters(stream('miscounted'), 'any', [{ type: 'A', data: {} }]);
      values[2] = 2;
      await expect(client.query(APPEND_SQL, values)).rejects.toThrow(
        /2 events announced, fields of 1 1 1 1 given/,
      );
      const miscounted = stream('miscounted');
      const two = appendParameters(miscounted, 'any', [
        { type: 'A', data: {} },
        { type: 'A', data: {} },
      ]);
      two[2] = 1;
      await expect(client.query(APPEND_SQL, two)).rejects.toThrow(
        /1 events announced, fields of 2 2 2 2 given/,
      );
      expect(await open().readStream(miscounted)).toEqual([]);
    });

    it('rolls back a whole batch when an event fails midway', async () => {
      const store = open();
      const taken = randomUUID();
      await store.appendToStream(stream('taken'), [{ id: taken, type: 'A', data: {} }]);
      const head = await store.headPosition();
      const s = stream('half');
      await expect(
        store.appendToStream(s, [
          { type: 'A', data: {} },
          { id: taken, type: 'A', data: {} },
        ]),
      ).rejects.toMatchObject({ code: '23505', constraint: 'events_id_key' });
      expect(await store.readStream(s)).toEqual([]);
      expect(await store.headPosition()).toBe(head);
    });

    it('catches up across several pages, in order', async () => {
      const store = open();
      const head = await store.headPosition();
      const s = stream('pages');
      for (let i = 0; i < 5; i++) {
        await store.appendToStream(
          s,
          Array.from({ length: 500 }, (_, k) => ({ type: 'A', data: { i: i * 500 + k } })),
        );
      }
      const seen: number[] = [];
      const subscription = store.subscribeToAll(head, (event) => {
        if (event.streamId === s) seen.push((event.data as { i: number }).i);
      });
      await waitFor(() => seen.length === 2_500);
      await subscription.stop();
      expect(seen).toEqual(Array.from({ length: 2_500 }, (_, i) => i));
    });

    it('retries from the checkpoint after a handler fails mid-page, skipping nothing', async () => {
      const store = open();
      const head = await store.headPosition();
      const s = stream('retry');
      await store.appendToStream(
        s,
        Array.from({ length: 2_500 }, (_, i) => ({ type: 'A', data: { i } })),
      );
      const handled: number[] = [];
      const errors: unknown[] = [];
      let failures = 1;
      const subscription = store.subscribeToAll(
        head,
        (event) => {
          const { i } = event.data as { i: number };
          // In the second page, while the third is being read ahead.
          if (i === 1_500 && failures-- > 0) throw new Error('projection failed');
          handled.push(i);
        },
        { onError: (err) => errors.push(err) },
      );
      await waitFor(() => handled.length === 2_500);
      await subscription.stop();
      expect(handled).toEqual(Array.from({ length: 2_500 }, (_, i) => i));
      expect(errors).toEqual([new Error('projection failed')]);
    });

    it('closes idempotently, with its connections, and refuses new subscriptions', async () => {
      const store = open();
      const subscription = store.subscribeToAll(START, () => undefined);
      await waitForListener(database.name);
      await subscription.stop();
      await store.close();
      await store.close();
      expect(() => store.subscribeToAll(START, () => undefined)).toThrow(/closed/);
      const admin = await connect();
      expect(await connectionsOf(admin, database.name, 'reloc-eventstore%')).toBe(0);
    });

    describe('on a database of its own', () => {
      let own: ThrowawayDatabase;
      beforeEach(async () => (own = await createThrowawayDatabase(adminUrl)));
      afterEach(async () => {
        await closeAll();
        await own.drop();
      });

      it('creates its schema once when several stores start together', async () => {
        const stores = [1, 2, 3, 4].map(() => open({}, own.url));
        expect(await Promise.all(stores.map((s) => s.headPosition()))).toEqual([0, 0, 0, 0]);
        await stores[0].appendToStream('s-1', [{ type: 'A', data: {} }]);
        expect(await stores[3].headPosition()).toBe(1);
      });

      it('refuses an "events" table that is not its own, saying so', async () => {
        const client = await connect(own.url);
        await client.query('CREATE TABLE events (id serial PRIMARY KEY, body text)');
        await expect(open({}, own.url).headPosition()).rejects.toThrow(
          /"events" table is not this event store's/,
        );
      });

      it('retries its schema on the next append after a failed first one', async () => {
        const client = await connect(own.url);
        await client.query('CREATE TABLE events (id serial PRIMARY KEY, body text)');
        const store = open({}, own.url);
        await expect(store.appendToStream('s-1', [{ type: 'A', data: {} }])).rejects.toThrow(
          /"events" table is not this event store's/,
        );
        await client.query('DROP TABLE events');
        expect(await store.appendToStream('s-1', [{ type: 'A', data: {} }])).toEqual({
          nextExpectedRevision: 0,
          position: 1,
        });
        expect(await store.appendToStream('s-1', [{ type: 'B', data: {} }])).toEqual({
          nextExpectedRevision: 1,
          position: 2,
        });
      });

      it('refuses to append under another isolation than READ COMMITTED, writing nothing', async () => {
        const client = await connect(own.url);
        await client.query(
          `ALTER DATABASE ${own.name} SET default_transaction_isolation = 'repeatable read'`,
        );
        const store = open({}, own.url);
        await expect(store.appendToStream('s-1', [])).rejects.toThrow(/needs READ COMMITTED/);
        // One event (two statements, no function) and a batch (append_events): both refused.
        await expect(store.appendToStream('s-1', [{ type: 'A', data: {} }])).rejects.toThrow(
          /needs READ COMMITTED isolation, not repeatable read/,
        );
        await expect(
          store.appendToStream('s-1', [
            { type: 'A', data: {} },
            { type: 'B', data: {} },
          ]),
        ).rejects.toThrow(/needs READ COMMITTED/);
        expect(await store.headPosition()).toBe(0);
      });

      it('appends one event again after a failed one on the same connection', async () => {
        const store = open({ poolSize: 1 }, own.url);
        const id = uuidv7();
        await store.appendToStream('s-1', [{ id, type: 'A', data: {} }]);
        // The server refuses these (an id taken, a text that is not JSON): the connection's two
        // statements are prepared again on the next call, and nothing was written.
        await expect(store.appendToStream('s-2', [{ id, type: 'A', data: {} }])).rejects.toThrow(
          /duplicate key/,
        );
        await expect(
          store.appendSerialized('s-2', [{ id: uuidv7(), type: 'A', data: '{', metadata: '{}' }]),
        ).rejects.toThrow(/json/);
        expect(await store.appendToStream('s-2', [{ type: 'B', data: {} }])).toEqual({
          nextExpectedRevision: 0,
          position: 2,
        });
        expect(
          await store.appendToStream('s-2', [{ type: 'C', data: {} }], { expectedRevision: 0 }),
        ).toEqual({ nextExpectedRevision: 1, position: 3 });
        await expect(
          store.appendToStream('s-2', [{ type: 'D', data: {} }], { expectedRevision: 0 }),
        ).rejects.toMatchObject({ actual: 1 });
        expect((await store.readAll(0, 10)).map((e) => [e.streamId, e.type])).toEqual([
          ['s-1', 'A'],
          ['s-2', 'B'],
          ['s-2', 'C'],
        ]);
      });
    });
  });
}

/** One event appended through the adapter's SQL function, as another process would. */
async function appendRaw(client: Client, streamId: string): Promise<void> {
  await client.query(APPEND_SQL, appendParameters(streamId, 'any', [{ type: 'Raw', data: {} }]));
}

async function connectionsOf(client: Client, database: string, application: string) {
  const { rows } = await client.query(
    `SELECT count(*)::int AS n FROM pg_stat_activity
     WHERE datname = $1 AND application_name LIKE $2 AND pid <> pg_backend_pid()`,
    [database, application],
  );
  return rows[0].n as number;
}

async function terminate(client: Client, database: string, application: string) {
  const { rows } = await client.query(
    `SELECT count(*)::int AS n FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity
     WHERE datname = $1 AND application_name = $2 AND pid <> pg_backend_pid()) t`,
    [database, application],
  );
  return rows[0].n as number;
}

/** Until the store's LISTEN connection is up (it shows as listening in pg_stat_activity). */
async function waitForListener(database: string): Promise<void> {
  const client = new Client({ connectionString: testPostgresUrl() });
  await client.connect();
  try {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const { rows } = await client.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE datname = $1 AND application_name = 'reloc-eventstore-listen'
           AND query ILIKE 'LISTEN%' AND state = 'idle'`,
        [database],
      );
      if (rows[0].n > 0) return;
      if (Date.now() > deadline) throw new Error('The store never started listening');
      await sleep(20);
    }
  } finally {
    await client.end();
  }
}

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await sleep(5);
  }
}
