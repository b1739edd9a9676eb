import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { canonicalJson, chainHash, chainLinkOf, ChainedEventStore, ChainVerifier } from './chain';
import type { RecordedEvent } from './event-store';
import { SqliteEventStore } from './sqlite/sqlite-event-store';
import { eventStoreContract } from './testing/event-store.contract';

eventStoreContract('hash-chained store over SQLite: the same contract', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'reloc-chain-'));
  const file = join(dir, 'events.sqlite');
  const opened: ChainedEventStore[] = [];
  const open = () => {
    const store = new ChainedEventStore(new SqliteEventStore(file, { pollIntervalMs: 50 }));
    opened.push(store);
    return store;
  };
  return {
    store: open(),
    reopen: async () => open(),
    teardown: async () => {
      await Promise.all(opened.map((store) => store.close()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

async function readLog(store: ChainedEventStore): Promise<RecordedEvent[]> {
  return store.readAll(0, 100_000);
}

function verify(events: RecordedEvent[]) {
  const verifier = new ChainVerifier();
  for (const event of events) verifier.add(event);
  return verifier.faults;
}

describe('hash chain (tamper evidence)', () => {
  let dir: string;
  let file: string;
  let store: ChainedEventStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'reloc-chain-'));
    file = join(dir, 'events.sqlite');
    store = new ChainedEventStore(new SqliteEventStore(file));
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sorts keys at every depth and drops undefined, as stored JSON does', () => {
    expect(canonicalJson({ b: 1, a: { d: [{ z: 1, y: undefined }], c: 'é' } })).toBe(
      '{"a":{"c":"é","d":[{"z":1}]},"b":1}',
    );
    const odd = {
      when: new Date('2026-11-23T10:00:00.000Z'),
      list: [undefined, () => 1, NaN, -0, 1e21, 'a"\\b\n'],
      nested: { z: null, y: { x: [true, false] } },
      skip: undefined,
    };
    // Whatever goes in, the text equals the canonical form of what JSON stores and reads back.
    expect(canonicalJson(odd)).toBe(canonicalJson(JSON.parse(JSON.stringify(odd))));
    expect(JSON.parse(canonicalJson(odd))).toEqual(JSON.parse(JSON.stringify(odd)));
    expect(canonicalJson(undefined)).toBe('null');
  });

  it('hashes exactly sha256(prev + "\\n" + canonical JSON of the event without its link)', () => {
    const cases = [
      {
        data: { n: 1, a: [1, { z: 'é', b: null }] },
        metadata: { actor: { id: 'u1' }, chain: { prev: null, hash: 'x' } },
      },
      { data: undefined, metadata: undefined },
      {
        data: { when: new Date('2026-11-23T10:00:00.000Z'), skip: undefined },
        metadata: { '"odd\nkey': 1, zz: [undefined] },
      },
      { data: 'texte', metadata: { chain: 1 } },
    ];
    let prev: string | null = null;
    cases.forEach(({ data, metadata }, revision) => {
      const event = {
        id: `e${revision}`,
        streamId: 's-1',
        revision,
        type: 'Changed',
        data,
        metadata,
      };
      const { chain: _link, ...rest } = metadata ?? {};
      const body = canonicalJson({
        id: event.id,
        streamId: 's-1',
        revision,
        type: 'Changed',
        data: data ?? null,
        metadata: rest,
      });
      const expected = createHash('sha256')
        .update(`${prev ?? ''}\n${body}`)
        .digest('hex');
      expect(chainHash(prev, event)).toBe(expected);
      prev = expected;
    });
  });

  it('links each event to the previous one of its stream, across appends and streams', async () => {
    await store.appendToStream('a-1', [
      { type: 'Opened', data: { n: 1 }, metadata: { actor: { id: 'u1' } } },
      { type: 'Changed', data: { n: 2 } },
    ]);
    await store.appendToStream('b-1', [{ type: 'Opened', data: {} }]);
    await store.appendToStream('a-1', [{ type: 'Changed', data: { n: 3 } }], {
      expectedRevision: 1,
    });
    const a = await store.readStream('a-1');
    const links = a.map((event) => chainLinkOf(event)!);
    expect(links[0].prev).toBeNull();
    expect(links[1].prev).toBe(links[0].hash);
    expect(links[2].prev).toBe(links[1].hash);
    expect(links[0].hash).toBe(chainHash(null, a[0]));
    expect(a[0].metadata.actor).toEqual({ id: 'u1' });
    expect(chainLinkOf((await store.readStream('b-1'))[0])!.prev).toBeNull();
    expect(verify(await readLog(store))).toEqual([]);
  });

  it('keeps one chain when appends with "any" race on the same stream', async () => {
    const other = new ChainedEventStore(new SqliteEventStore(file));
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? store : other).appendToStream('race-1', [{ type: 'Tick', data: { i } }]),
      ),
    );
    await other.close();
    const events = await store.readStream('race-1');
    expect(events).toHaveLength(20);
    expect(verify(await readLog(store))).toEqual([]);
  });

  it('keeps one chain when two stores (two processes) write the same stream in turn', async () => {
    const other = new ChainedEventStore(new SqliteEventStore(file));
    await store.appendToStream('shared-1', [{ type: 'A', data: {} }], {
      expectedRevision: 'no_stream',
    });
    await other.appendToStream('shared-1', [{ type: 'B', data: {} }], { expectedRevision: 0 });
    // The first store last wrote revision 0; a caller expecting 0 now is refused, not forked.
    await expect(
      store.appendToStream('shared-1', [{ type: 'C', data: {} }], { expectedRevision: 0 }),
    ).rejects.toThrow('Wrong expected version');
    await store.appendToStream('shared-1', [{ type: 'C', data: {} }], { expectedRevision: 1 });
    await other.appendToStream('shared-1', [{ type: 'D', data: {} }], { expectedRevision: 2 });
    await other.close();
    expect((await store.readStream('shared-1')).map((e) => e.type)).toEqual(['A', 'B', 'C', 'D']);
    expect(verify(await readLog(store))).toEqual([]);
  });

  it('names the stream and the event when one byte of a stored event changes', async () => {
    await store.appendToStream('project-1', [
      { type: 'Created', data: { name: 'Alice' } },
      { type: 'Renamed', data: { name: 'Alicia' } },
      { type: 'Renamed', data: { name: 'Alix' } },
    ]);
    const [, second] = await store.readStream('project-1');
    const db = new Database(file);
    db.prepare('UPDATE events SET data = ? WHERE id = ?').run('{"name":"Alicio"}', second.id);
    db.close();
    expect(verify(await readLog(store))).toEqual([
      {
        streamId: 'project-1',
        revision: 1,
        position: second.position,
        eventId: second.id,
        type: 'Renamed',
        problem: 'hash',
      },
    ]);
  });

  it('notices an event removed from the middle of a stream, and unchained events', async () => {
    await store.appendToStream('p-2', [
      { type: 'A', data: {} },
      { type: 'B', data: {} },
      { type: 'C', data: {} },
    ]);
    const plain = new SqliteEventStore(file);
    await plain.appendToStream('legacy-1', [{ type: 'Old', data: {} }]);
    await plain.close();
    const events = (await readLog(store)).filter((event) => event.type !== 'B');
    const faults = verify(events);
    expect(faults.map((f) => [f.streamId, f.type, f.problem])).toEqual([
      ['p-2', 'C', 'prev'],
      ['legacy-1', 'Old', 'unchained'],
    ]);
  });
});
