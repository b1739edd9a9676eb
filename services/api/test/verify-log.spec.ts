import Database from 'better-sqlite3';
import { EventStore } from '@reloc/eventstore';
import { readModelPath } from '../src/infrastructure/event-sourcing.module';
import {
  compareReadModels,
  formatVerification,
  verifyChains,
} from '../src/infrastructure/log-verification';
import { ALL_PROJECTIONS } from '../src/infrastructure/read-models';
import { READ_DB, EVENT_STORE } from '../src/infrastructure/tokens';
import { startTestApp, TestApp } from './support/test-app';

describe('verify-log: hash chains and read models rebuilt from the log (issue 8)', () => {
  let t: TestApp;
  let store: EventStore;

  beforeAll(async () => {
    t = await startTestApp();
    store = t.app.get(EVENT_STORE);
    // A few ordinary edits on top of the demo, by several people.
    const created = await t
      .http()
      .post('/v1/prospects')
      .set({ Authorization: `Bearer ${await t.tokenOf('SALE')}` })
      .send({ name: 'Chaîne Vérifiée', assignees: { sale: 'SPE' } });
    expect(created.status).toBe(201);
    const page = await t
      .http()
      .get(`/v1/prospects/${created.body._id}`)
      .set({ Authorization: `Bearer ${await t.tokenOf('ADMIN')}` });
    const put = await t
      .http()
      .put(`/v1/prospects/${created.body._id}`)
      .set({ Authorization: `Bearer ${await t.tokenOf('ADMIN')}` })
      .send({ _revision: page.body._revision, siret: '12345678900012' });
    expect(put.status).toBe(200);
  });
  afterAll(() => t.close());

  it('verifies an untouched log clean: every chain holds, every read model replays identically', async () => {
    const chains = await verifyChains(store);
    expect(chains.checked).toBeGreaterThan(1000);
    expect(chains.faults).toEqual([]);
    const models = await compareReadModels(store, t.app.get(READ_DB), ALL_PROJECTIONS);
    expect(models.tables).toBeGreaterThan(10);
    expect(models.differences).toEqual([]);
    const report = formatVerification(chains, models);
    expect(report.ok).toBe(true);
    expect(report.text).toContain('hash chains: OK');
  });

  it('names the stream and the event when one byte of a stored event changes', async () => {
    const [, second] = await store
      .readStream(
        (await store.readAll(0, 100_000)).find(
          (e) =>
            e.type === 'ProspectFieldsChanged' && JSON.stringify(e.data).includes('12345678900012'),
        )!.streamId,
      )
      .then((events) => [events[0], events.find((e) => e.type === 'ProspectFieldsChanged')!]);
    const raw = new Database(readModelPath(t.config));
    const data = raw
      .prepare('SELECT data FROM events WHERE id = ?')
      .pluck()
      .get(second.id) as string;
    raw
      .prepare('UPDATE events SET data = ? WHERE id = ?')
      .run(data.replace('00012', '00013'), second.id);
    raw.close();
    const chains = await verifyChains(store);
    expect(chains.faults).toEqual([
      expect.objectContaining({ streamId: second.streamId, eventId: second.id, problem: 'hash' }),
    ]);
    const report = formatVerification(chains, { position: 0, tables: 0, differences: [] });
    expect(report.ok).toBe(false);
    expect(report.text).toContain(`TAMPERED stream ${second.streamId} event ${second.id}`);
  });

  it('names an event whose stored bytes no longer parse, and checks the rest', async () => {
    const raw = new Database(readModelPath(t.config));
    const victim = raw
      .prepare("SELECT id, stream_id AS streamId FROM events WHERE type = 'UserCreated' LIMIT 1")
      .get() as { id: string; streamId: string };
    const original = raw.prepare('SELECT data FROM events WHERE id = ?').pluck().get(victim.id);
    raw.prepare('UPDATE events SET data = substr(data, 2) WHERE id = ?').run(victim.id);
    const chains = await verifyChains(store);
    expect(chains.faults).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          streamId: victim.streamId,
          eventId: victim.id,
          problem: 'unreadable',
        }),
      ]),
    );
    expect(chains.checked).toBeGreaterThan(1000);
    raw.prepare('UPDATE events SET data = ? WHERE id = ?').run(original, victim.id);
    raw.close();
  });

  it('prints the rows that differ when a read model no longer matches the log', async () => {
    const live = t.app.get<Database.Database>(READ_DB);
    live.prepare("UPDATE prospects SET name = 'Falsifié' WHERE name = 'Chaîne Vérifiée'").run();
    const models = await compareReadModels(store, live, ALL_PROJECTIONS);
    expect(models.differences.map((d) => d.table)).toEqual(['prospects']);
    expect(models.differences[0].extraInLive[0]).toContain('Falsifié');
    expect(formatVerification({ checked: 1, faults: [] }, models).text).toContain(
      'DIFFERS table prospects',
    );
  });
});
