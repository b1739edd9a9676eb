import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { RecordedEvent, START } from '../event-store';
import { runInWorker } from '../testing/run-in-worker';
import type { AppendWorkerInput, AppendWorkerResult } from '../testing/sqlite-append-worker';
import { SqliteEventStore } from './sqlite-event-store';

const APPEND_WORKER = join(__dirname, '../testing/sqlite-append-worker.ts');

describe('SqliteEventStore', () => {
  let dir: string;
  let file: string;
  const opened: SqliteEventStore[] = [];
  const open = (pollIntervalMs = 50) => {
    const store = new SqliteEventStore(file, { pollIntervalMs });
    opened.push(store);
    return store;
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'reloc-eventstore-'));
    file = join(dir, 'events.sqlite');
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs in WAL mode with synchronous=NORMAL and a busy timeout', () => {
    const { db } = open();
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
  });

  it('creates the parent directory of its file', () => {
    file = join(dir, 'nested', 'data', 'events.sqlite');
    open();
    expect(existsSync(file)).toBe(true);
  });

  it('reports START as the head of an empty log, and an empty append writes nothing', async () => {
    const store = open();
    expect(await store.headPosition()).toBe(START);
    expect(await store.appendToStream('s-1', [])).toEqual({
      nextExpectedRevision: -1,
      position: START,
    });
    expect(await store.readAll(START, 10)).toEqual([]);
  });

  it('names an event whose stored text is no longer JSON, in every read', async () => {
    const store = open();
    await store.appendToStream('s-1', [{ type: 'A', data: { i: 0 } }]);
    const { position } = await store.appendToStream('s-1', [{ type: 'B', data: { i: 1 } }]);
    const [, damaged] = await store.readStream('s-1');
    store.db.prepare('UPDATE events SET data = ? WHERE position = ?').run('{"i":', position);
    const named = {
      name: 'CorruptEventError',
      streamId: 's-1',
      eventId: damaged.id,
      revision: 1,
      position,
    };
    await expect(store.readAll(START, 10)).rejects.toMatchObject(named);
    await expect(store.readStream('s-1')).rejects.toMatchObject(named);
    // The events before it still read as they were.
    expect((await store.readAll(START, 1)).map((e) => [e.type, e.data])).toEqual([['A', { i: 0 }]]);
  });

  it('names an event whose metadata is no longer JSON when a replay first reads it', async () => {
    const store = open();
    await store.appendToStream('s-1', [{ type: 'A', data: { i: 0 } }]);
    const { position } = await store.appendToStream('s-1', [
      { type: 'B', data: { i: 1 }, metadata: { at: 'hier' } },
    ]);
    store.db.prepare('UPDATE events SET metadata = ? WHERE position = ?').run('{"at":', position);

    await expect(store.readAll(START, 10)).rejects.toMatchObject({ name: 'CorruptEventError' });
    // Its data still reads; its metadata throws once read, naming the event.
    const [first, damaged] = await store.readAll(START, 10, { metadata: 'on-access' });
    expect(first.metadata).toEqual({});
    expect(damaged.data).toEqual({ i: 1 });
    expect(() => damaged.metadata).toThrow(
      expect.objectContaining({ name: 'CorruptEventError', streamId: 's-1', position }),
    );
  });

  it('rolls back a whole batch when an event fails midway', async () => {
    const store = open();
    await store.appendToStream('s-1', [{ id: 'taken', type: 'A', data: {} }]);
    const head = await store.headPosition();
    await expect(
      store.appendToStream('s-2', [
        { type: 'A', data: { i: 0 } },
        { id: 'taken', type: 'A', data: { i: 1 } },
      ]),
      // Not toThrow(): better-sqlite3's native addon keeps the SqliteError class of the first
      // Jest realm that loaded it, so in later test files it fails `instanceof Error`.
    ).rejects.toMatchObject({
      code: 'SQLITE_CONSTRAINT_UNIQUE',
      message: 'UNIQUE constraint failed: events.id',
    });
    expect(await store.readStream('s-2')).toEqual([]);
    expect(await store.headPosition()).toBe(head);
  });

  it('works on a database it is given, with only its own table, and leaves it open', async () => {
    const db = new Database(file);
    const store = new SqliteEventStore(db);
    await store.appendToStream('s-1', [{ type: 'A', data: { i: 0 } }]);
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .pluck()
      .all();
    expect(tables).toEqual(['events', 'sqlite_sequence']);
    await store.close();
    expect(db.open).toBe(true);
    db.close();
  });

  it('catches up across several pages, in order', async () => {
    const store = open();
    for (let i = 0; i < 5; i++) {
      await store.appendToStream(
        's-1',
        Array.from({ length: 500 }, (_, k) => ({ type: 'A', data: { i: i * 500 + k } })),
      );
    }
    const seen: number[] = [];
    const subscription = store.subscribeToAll(START, (event) => {
      seen.push((event.data as { i: number }).i);
    });
    await waitFor(() => seen.length === 2_500);
    await subscription.stop();
    expect(seen).toEqual(Array.from({ length: 2_500 }, (_, i) => i));
  });

  it('wakes its subscriptions on a local append without waiting for the poll', async () => {
    const store = open(3_600_000);
    const reader = open(3_600_000);
    const seen: RecordedEvent[] = [];
    store.subscribeToAll(START, (event) => void seen.push(event));
    reader.subscribeToAll(START, (event) => void seen.push(event));
    await sleep(50);
    await store.appendToStream('s-1', [{ type: 'A', data: {} }]);
    // Both stores share the file, so both subscriptions wake.
    await waitFor(() => seen.length === 2, 1_000);
  });

  it('writes serialised events through the same path: revision check, texts kept, subscribers woken', async () => {
    const store = open(3_600_000);
    const seen: RecordedEvent[] = [];
    store.subscribeToAll(START, (event) => void seen.push(event));
    await sleep(50);
    const text = '{"b":1,"a":[2]}';
    const first = await store.appendSerialized(
      's-1',
      [{ id: 'e1', type: 'A', data: text, metadata: '{"z":0}' }],
      { expectedRevision: 'no_stream' },
    );
    expect(first.nextExpectedRevision).toBe(0);
    await waitFor(() => seen.length === 1, 1_000);
    expect(store.db.prepare("SELECT data FROM events WHERE id = 'e1'").pluck().get()).toBe(text);
    await expect(
      store.appendSerialized('s-1', [{ id: 'e2', type: 'A', data: '{}', metadata: '{}' }], {
        expectedRevision: 'no_stream',
      }),
    ).rejects.toMatchObject({ name: 'WrongExpectedVersionError' });
    // Both kinds of append follow one another in the same stream.
    const next = await store.appendToStream('s-1', [{ type: 'B', data: { c: 3 } }], {
      expectedRevision: 0,
    });
    expect(next).toEqual({ nextExpectedRevision: 1, position: first.position + 1 });
    await waitFor(() => seen.length === 2, 1_000);
    expect(seen.map((event) => [event.id, event.revision, event.data])).toEqual([
      ['e1', 0, { b: 1, a: [2] }],
      [seen[1].id, 1, { c: 3 }],
    ]);
    // An empty serialised append only checks the revision.
    expect(await store.appendSerialized('s-1', [], { expectedRevision: 1 })).toEqual({
      nextExpectedRevision: 1,
      position: START,
    });
  });

  it('sees appends from another thread through the poll', async () => {
    const polling = open(50);
    const notPolling = open(3_600_000);
    const seenByPolling: RecordedEvent[] = [];
    const seenByNotPolling: RecordedEvent[] = [];
    polling.subscribeToAll(START, (event) => void seenByPolling.push(event));
    notPolling.subscribeToAll(START, (event) => void seenByNotPolling.push(event));
    await sleep(50);

    await runInWorker<AppendWorkerResult>(APPEND_WORKER, {
      file,
      stream: 's',
      rounds: 1,
      appendsPerRound: 3,
      expectedRevision: 'any',
    } satisfies AppendWorkerInput);
    await waitFor(() => seenByPolling.length === 3, 2_000);
    expect(seenByPolling.map((e) => e.revision)).toEqual([0, 1, 2]);
    // The in-process notifier cannot see another thread or process: only the poll does.
    expect(seenByNotPolling).toEqual([]);
  });

  it('lets exactly one of 50 appends racing from 5 threads win, round after round', async () => {
    // 50 rounds × 50 racing appends: enough to catch a check made outside the write lock
    // (it failed 5 runs in 6 that way), few enough to stay quick on a loaded 2-core CI box.
    const rounds = 50;
    const state = new Int32Array(new SharedArrayBuffer(8));
    const settled = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        runInWorker<AppendWorkerResult>(APPEND_WORKER, {
          file,
          stream: 'race',
          rounds,
          appendsPerRound: 10,
          expectedRevision: 'no_stream',
          barrier: { state, parties: 5 },
        } satisfies AppendWorkerInput),
      ),
    );
    // Report a worker's own failure before the barrier time-outs it causes in the others.
    const failures = settled.flatMap((r) => (r.status === 'rejected' ? [r.reason as Error] : []));
    const rootCause = failures.find((e) => !/Barrier timed out/.test(String(e))) ?? failures[0];
    if (rootCause) throw rootCause;
    const results = settled.map((r) => (r as PromiseFulfilledResult<AppendWorkerResult>).value);

    // A check made outside the write lock would let two appends in, or fail with SQLITE_BUSY.
    expect(results.reduce((sum, r) => sum + r.won, 0)).toBe(rounds);
    expect(results.reduce((sum, r) => sum + r.wrongVersion, 0)).toBe(rounds * 49);
    const store = open();
    for (let round = 0; round < rounds; round++) {
      expect(await store.readStream(`race-${round}`)).toHaveLength(1);
    }
  }, 90_000);

  it('reports a failing handler and retries the same event, skipping nothing', async () => {
    const store = open();
    await store.appendToStream(
      's-1',
      [0, 1, 2].map((i) => ({ type: 'A', data: { i } })),
    );
    const handled: number[] = [];
    const errors: unknown[] = [];
    let failures = 1;
    const subscription = store.subscribeToAll(
      START,
      (event) => {
        if (event.revision === 1 && failures-- > 0) throw new Error('projection failed');
        handled.push(event.revision);
      },
      { onError: (err) => errors.push(err) },
    );
    await waitFor(() => handled.length === 3);
    await subscription.stop();
    expect(handled).toEqual([0, 1, 2]);
    expect(errors).toEqual([new Error('projection failed')]);
  });

  it('stops delivering once stopped, and closes idempotently', async () => {
    const store = open();
    const seen: RecordedEvent[] = [];
    const subscription = store.subscribeToAll(START, (event) => void seen.push(event));
    await store.appendToStream('s-1', [{ type: 'A', data: {} }]);
    await waitFor(() => seen.length === 1);
    await subscription.stop();
    await store.appendToStream('s-1', [{ type: 'A', data: {} }]);
    await sleep(150);
    expect(seen).toHaveLength(1);
    await store.close();
    await store.close();
    expect(store.db.open).toBe(false);
    expect(() => store.subscribeToAll(START, () => undefined)).toThrow(/closed/);
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await sleep(5);
  }
}
