import { EventStore } from '@reloc/eventstore';
import { EVENT_STORE } from '../src/infrastructure/tokens';
import { startTestApp, TestApp } from './support/test-app';

describe('operations: health, request and correlation ids (issue 8)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('says live and ready, with the projector position and lag of every read model', async () => {
    const res = await t.http().get('/v1/health');
    expect(res.status).toBe(200);
    const head = await t.app.get<EventStore>(EVENT_STORE).headPosition();
    expect(res.body).toMatchObject({
      ok: true,
      live: true,
      ready: true,
      eventStore: { reachable: true, head },
      projector: { following: true, position: head, head, lag: 0 },
    });
    const names = (res.body.readModels as { name: string; lag: number }[]).map((m) => m.name);
    expect(names).toEqual(expect.arrayContaining(['users', 'projects', 'prospects']));
    expect((res.body.readModels as { lag: number }[]).every((m) => m.lag === 0)).toBe(true);
  });

  it('gives every request an id and carries the correlation id into the events it writes', async () => {
    const plain = await t.http().get('/v1/health');
    expect(plain.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(plain.headers['x-correlation-id']).toBe(plain.headers['x-request-id']);

    const res = await t
      .http()
      .post('/v1/prospects')
      .set('Authorization', `Bearer ${await t.tokenOf('ADMIN')}`)
      .set('X-Request-Id', 'req-42')
      .set('X-Correlation-Id', 'flow-7')
      .send({ name: 'Corrélation Test' });
    expect(res.status).toBe(201);
    expect(res.headers['x-request-id']).toBe('req-42');
    expect(res.headers['x-correlation-id']).toBe('flow-7');
    const [created] = await t.app
      .get<EventStore>(EVENT_STORE)
      .readStream(`prospect-${res.body._id}`);
    expect(created.metadata.correlationId).toBe('flow-7');

    // An id that could inject into the logs is replaced by a fresh one.
    const odd = await t.http().get('/v1/health').set('X-Request-Id', 'bad id {"level":60}');
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
