import type { EventStore } from '@reloc/eventstore';
import { EVENT_STORE } from '../src/infrastructure/tokens';
import { AccountRole, startTestApp, TestApp } from './support/test-app';
import { proposalFixtures } from './support/proposal-fixtures';

const UNKNOWN_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';

describe('POST /v1/proposals/lease/{p}/host/{h}/notify (§7: date, time, address)', () => {
  let t: TestApp;
  let f: ReturnType<typeof proposalFixtures>;
  let projectId: string;
  let hostId: string;
  const body = { date: '15/03/2027', time: '14:30', address: '10 rue de la Gare 69001 Lyon' };

  beforeAll(async () => {
    t = await startTestApp();
    f = proposalFixtures(t);
    projectId = await f.createProject();
    hostId = await f.createHost({ address: '10 rue de la Gare 69001 Lyon' });
    await f.propose(projectId, hostId);
  });
  afterAll(() => t.close());

  const notify = async (
    payload: unknown,
    role: AccountRole = 'OPERATOR',
    p = projectId,
    h = hostId,
  ) =>
    t
      .http()
      .post(`/v1/proposals/lease/${p}/host/${h}/notify`)
      .set(await f.as(role))
      .send(payload as object);

  const notifications = async () =>
    (await t.app.get<EventStore>(EVENT_STORE).readStream(`proposal-${projectId}-${hostId}`))
      .filter((event) => event.type === 'ProposalClientNotified')
      .map((event) => event.data);

  it('needs a planned visit (400 in French), then answers 204 and records the notification', async () => {
    const before = await notify(body);
    expect(before.status).toBe(400);
    expect(before.body.message).toBe("Aucune visite n'est planifiée");
    await f.update(projectId, hostId, { visited: { dateVisite: '15/03/2027', time: '14:30' } });
    expect(await notifications()).toEqual([]);
    const res = await notify(body);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(await notifications()).toEqual([
      { proposalId: expect.any(String), ...body, at: expect.any(String) },
    ]);
    for (const role of ['SALE', 'ADMIN', 'VENDOR', 'SUPERADMIN'] as const)
      expect((await notify(body, role)).status).toBe(204);
    expect(await notifications()).toHaveLength(5);
  });

  it('400 with French field errors for a bad date, time or address, and writes nothing', async () => {
    const before = (await notifications()).length;
    const cases: [unknown, Record<string, string>][] = [
      [{ ...body, date: '2027-03-15' }, { date: 'Invalide' }],
      [{ ...body, date: '15/03/1999' }, { date: 'Invalide' }],
      [{ ...body, date: '31/02/2027' }, { date: 'Invalide' }],
      [{ ...body, time: '14:32' }, { time: 'Invalide' }],
      [{ ...body, time: '25:00' }, { time: 'Invalide' }],
      [{ ...body, address: '  ' }, { address: 'Obligatoire' }],
    ];
    for (const [payload, errors] of cases) {
      const res = await notify(payload);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual(errors);
    }
    const shapes = [
      {},
      { ...body, extra: 1 },
      { ...body, date: 15 },
      { date: body.date, time: body.time },
    ];
    for (const payload of shapes) {
      const res = await notify(payload);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Requête invalide');
    }
    expect(await notifications()).toHaveLength(before);
  });

  it('404 for a pair without a proposal, 400 for a malformed id', async () => {
    const unknown = await notify(body, 'OPERATOR', projectId, UNKNOWN_ID);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Introuvable');
    expect((await notify(body, 'OPERATOR', 'nope', hostId)).status).toBe(400);
  });

  it('refuses anonymous callers (401) and USER accounts (403)', async () => {
    const anonymous = await t
      .http()
      .post(`/v1/proposals/lease/${projectId}/host/${hostId}/notify`)
      .send(body);
    expect(anonymous.status).toBe(401);
    expect((await notify(body, 'USER')).status).toBe(403);
  });
});
