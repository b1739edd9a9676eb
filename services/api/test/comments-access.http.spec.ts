import { AccountRole, startTestApp, TestApp } from './support/test-app';

describe('comments follow their target (issue 14 point 6)', () => {
  let t: TestApp;
  const as = async (role: AccountRole) => ({ Authorization: `Bearer ${await t.tokenOf(role)}` });
  const list = async (role: AccountRole, targetId: string) =>
    t
      .http()
      .get(`/v1/comments/for/${targetId}`)
      .set(await as(role));
  const add = async (role: AccountRole, targetId: string, body: object = { content: 'Note' }) =>
    t
      .http()
      .post(`/v1/comments/for/${targetId}`)
      .set(await as(role))
      .send(body);

  let foreignProspect: string;
  let ownProspect: string;
  let project: string;
  let host: string;
  beforeAll(async () => {
    t = await startTestApp();
    // The admin's prospect (CMA), not the SALE's (SPE); and one that is the SALE's.
    const created = async (name: string, sale: string, role: AccountRole) => {
      const res = await t
        .http()
        .post('/v1/prospects')
        .set(await as(role))
        .send({ name, assignees: { sale } });
      expect(res.status).toBe(201);
      return res.body._id as string;
    };
    foreignProspect = await created('Prospect de Claire', 'CMA', 'ADMIN');
    ownProspect = await created('Prospect de Sophie', 'SPE', 'SALE');
    const leases = await t
      .http()
      .post('/v1/leases')
      .set(await as('SUPERADMIN'))
      .send({ filter: 'all', size: 1 });
    project = leases.body.leases[0]._id;
    const hosts = await t
      .http()
      .post('/v1/hosts/_search')
      .set(await as('SUPERADMIN'))
      .send({ offset: 0, size: 1 });
    host = hosts.body[0]._id;
  });
  afterAll(() => t.close());

  it('a SALE refused the prospect reads none of its comments, sales-only ones included', async () => {
    expect(
      (await add('ADMIN', foreignProspect, { content: 'Marge négociée', visibility: 'sales' }))
        .status,
    ).toBe(201);
    expect(
      (
        await t
          .http()
          .get(`/v1/prospects/${foreignProspect}`)
          .set(await as('SALE'))
      ).status,
    ).toBe(403);
    const refused = await list('SALE', foreignProspect);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).not.toContain('Marge');
    expect((await list('OPERATOR', foreignProspect)).status).toBe(403);
    const admin = await list('ADMIN', foreignProspect);
    expect(admin.status).toBe(200);
    expect(admin.body.map((c: { content: string }) => c.content)).toEqual(['Marge négociée']);
  });

  it('nor writes or deletes one there', async () => {
    expect((await add('SALE', foreignProspect, { content: 'Intrus' })).status).toBe(403);
    const own = await add('ADMIN', foreignProspect, { content: 'À supprimer' });
    // An admin's comment: the decider alone would say 403 too; the SALE's own on a prospect
    // later taken from them is the case that needs the target's rule.
    const mine = await add('SALE', ownProspect, { content: 'Ma note' });
    expect(mine.status).toBe(201);
    const reassigned = await t
      .http()
      .get(`/v1/prospects/${ownProspect}`)
      .set(await as('ADMIN'));
    const moved = await t
      .http()
      .put(`/v1/prospects/${ownProspect}`)
      .set(await as('ADMIN'))
      .send({ _revision: reassigned.body._revision, assignees: { sale: 'CMA' } });
    expect(moved.status).toBe(200);
    expect((await list('SALE', ownProspect)).status).toBe(403);
    const removed = await t
      .http()
      .delete(`/v1/comments/${mine.body._id}`)
      .set(await as('SALE'));
    expect(removed.status).toBe(403);
    expect((await list('ADMIN', ownProspect)).body).toHaveLength(1);
    expect(
      (
        await t
          .http()
          .delete(`/v1/comments/${own.body._id}`)
          .set(await as('ADMIN'))
      ).status,
    ).toBe(200);
    const left = (await list('ADMIN', foreignProspect)).body.map(
      (c: { content: string }) => c.content,
    );
    expect(left).toEqual(['Marge négociée']);
  });

  it("the prospect's lead or sale reads and writes its comments", async () => {
    const prospect = (
      await t
        .http()
        .post('/v1/prospects')
        .set(await as('SALE'))
        .send({ name: 'Prospect suivi', assignees: { sale: 'SPE' } })
    ).body._id as string;
    expect((await add('SALE', prospect, { content: 'Rappeler', visibility: 'sales' })).status).toBe(
      201,
    );
    const listed = await list('SALE', prospect);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      expect.objectContaining({ content: 'Rappeler', visibility: 'sales' }),
    ]);
  });

  it("a project's comments are read and written by every staff role", async () => {
    for (const role of ['OPERATOR', 'SALE', 'VENDOR', 'ADMIN', 'SUPERADMIN'] as const) {
      expect((await add(role, project, { content: `Note ${role}` })).status).toBe(201);
      expect((await list(role, project)).status).toBe(200);
    }
  });

  it('a target that does not exist, or of a kind without comments, answers 404 and stores nothing', async () => {
    const missing = '0123456789abcdef01234567';
    const answered = await add('SUPERADMIN', missing);
    expect(answered.status).toBe(404);
    expect(answered.body).toEqual({ message: 'Cible du commentaire introuvable' });
    expect((await list('SUPERADMIN', missing)).status).toBe(404);
    // A property is no comment target (the target's kind is checked).
    expect((await add('SUPERADMIN', host)).status).toBe(404);
    expect((await list('SUPERADMIN', host)).status).toBe(404);
    const users = await t
      .http()
      .get('/v1/partner/staff')
      .set(await as('SUPERADMIN'));
    const userId = (users.body as { _id?: string; id?: string }[])[0];
    const id = userId._id ?? userId.id;
    if (id) expect((await add('SUPERADMIN', id)).status).toBe(404);
  });

  it("a file's history follows the same rule: 404 for what is no file, 403 for a prospect the caller may not read", async () => {
    const timeline = async (role: AccountRole, id: string) =>
      t
        .http()
        .get(`/v1/timeline/for/${id}`)
        .set(await as(role));
    const read = await timeline('VENDOR', project);
    expect(read.status).toBe(200);
    expect(read.body.length).toBeGreaterThan(0);
    const missing = await timeline('SUPERADMIN', '0123456789abcdef01234567');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Dossier introuvable' });
    expect((await timeline('SUPERADMIN', host)).status).toBe(404);
    expect((await timeline('SALE', foreignProspect)).status).toBe(403);
    expect((await timeline('ADMIN', foreignProspect)).status).toBe(200);
  });
});
