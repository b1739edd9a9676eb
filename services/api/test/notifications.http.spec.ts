import { Projector } from '../src/infrastructure/projector';
import { proposalFixtures } from './support/proposal-fixtures';
import { AccountRole, startTestApp, TestApp } from './support/test-app';

type Notification = {
  _id: string;
  kind: string;
  type: string;
  projectId: string;
  idProject: string;
  project: { firstName: string; lastName: string };
  user: { _id: string | null; trigram: string | null; owner: string } | null;
  params: Record<string, unknown>;
  evaluation: string | null;
  idSell: string | null;
  seen: boolean;
  ts: string;
};

describe('notifications (§3 "Notification", §7 "Notifications")', () => {
  let t: TestApp;
  let fx: ReturnType<typeof proposalFixtures>;
  const as = async (role: AccountRole) => ({ Authorization: `Bearer ${await t.tokenOf(role)}` });

  beforeAll(async () => {
    t = await startTestApp();
    fx = proposalFixtures(t);
  });
  afterAll(() => t.close());

  const feed = async (role: AccountRole, query = '') =>
    t
      .http()
      .get(`/v1/notifications${query}`)
      .set(await as(role));
  const ofProject = async (role: AccountRole, projectId: string) =>
    ((await feed(role, '?page=0&pageSize=200')).body.notifications as Notification[]).filter(
      (n) => n.projectId === projectId,
    );
  const comment = async (role: AccountRole, targetId: string, content: string) => {
    const res = await t
      .http()
      .post(`/v1/comments/for/${targetId}`)
      .set(await as(role))
      .send({ content });
    expect(res.status).toBe(201);
    return res.body._id as string;
  };

  it('tells the assignees of a commented file, never its author', async () => {
    const projectId = await fx.createProject('Mathilde', 'Garnier'); // sale: SPE
    const before = (await feed('SALE')).body as { total: number; unseen: number };
    // The demo's imported history is in the feed, already read.
    expect(before.total).toBeGreaterThan(0);
    expect(before.unseen).toBe(0);
    await comment('OPERATOR', projectId, 'Le client a envoyé ses bulletins');
    const after = await feed('SALE');
    expect(after.status).toBe(200);
    expect(after.body.total).toBe(before.total + 1);
    expect(after.body.unseen).toBe(before.unseen + 1);
    const [n] = after.body.notifications as Notification[];
    expect(n).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      kind: 'ProjectCommentTrace',
      type: 'COMMENTAIRE_PROJET',
      projectId,
      idProject: projectId,
      project: { firstName: 'Mathilde', lastName: 'Garnier' },
      user: { trigram: 'JBE', owner: 'hil' },
      params: { text: 'Le client a envoyé ses bulletins' },
      seen: false,
    });
    // The author is not told of their own comment.
    expect(await ofProject('OPERATOR', projectId)).toEqual([]);
    await comment('SALE', projectId, 'Vu, merci');
    expect(await ofProject('SALE', projectId)).toHaveLength(1);
  });

  it('marks one read, per project, and keeps it read through a rebuild', async () => {
    const projectId = await fx.createProject('Paul', 'Lemoine');
    await comment('ADMIN', projectId, 'Premier');
    await comment('OPERATOR', projectId, 'Second');
    const [first, second] = await ofProject('SALE', projectId);
    // Someone else's notification, a bad id, an unknown one.
    expect(
      (
        await t
          .http()
          .get(`/v1/notifications/${first._id}/disable`)
          .set(await as('OPERATOR'))
      ).status,
    ).toBe(404);
    expect(
      (
        await t
          .http()
          .get('/v1/notifications/nope/disable')
          .set(await as('SALE'))
      ).status,
    ).toBe(400);
    expect(
      (
        await t
          .http()
          .get(`/v1/notifications/${'0'.repeat(24)}/disable`)
          .set(await as('SALE'))
      ).status,
    ).toBe(404);

    const unseen = (await feed('SALE')).body.unseen as number;
    const one = await t
      .http()
      .get(`/v1/notifications/${first._id}/disable`)
      .set(await as('SALE'));
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ _id: first._id, seen: true });
    expect((await feed('SALE')).body.unseen).toBe(unseen - 1);
    // Twice is harmless.
    expect(
      (
        await t
          .http()
          .get(`/v1/notifications/${first._id}/disable`)
          .set(await as('SALE'))
      ).status,
    ).toBe(200);

    const bulk = await t
      .http()
      .post(`/v1/notifications/project/${projectId}/disable`)
      .set(await as('SALE'));
    expect(bulk.status).toBe(200);
    expect(bulk.body).toEqual({ ids: [second._id] });
    expect((await ofProject('SALE', projectId)).every((n) => n.seen)).toBe(true);
    expect(
      (
        await t
          .http()
          .post('/v1/notifications/project/x/disable')
          .set(await as('SALE'))
      ).status,
    ).toBe(400);

    const projector = t.app.get(Projector);
    await projector.rebuild();
    await projector.start();
    const rebuilt = await ofProject('SALE', projectId);
    expect(rebuilt.map((n) => n._id).sort()).toEqual([first._id, second._id].sort());
    expect(rebuilt.every((n) => n.seen)).toBe(true);
  });

  it('drops the notification of a deleted comment', async () => {
    const projectId = await fx.createProject('Inès', 'Caron');
    const commentId = await comment('OPERATOR', projectId, 'À supprimer');
    expect(await ofProject('SALE', projectId)).toHaveLength(1);
    const removed = await t
      .http()
      .delete(`/v1/comments/${commentId}`)
      .set(await as('OPERATOR'));
    expect(removed.status).toBe(200);
    expect(await ofProject('SALE', projectId)).toEqual([]);
  });

  it('tells of a proposal liked, a visit report and a proposal comment', async () => {
    const projectId = await fx.createProject('Lucas', 'Perrin');
    const hostId = await fx.createHost({ address: '10 Rue de la République 69001 Lyon' });
    await fx.propose(projectId, hostId);
    await fx.update(projectId, hostId, { liked: true });
    await fx.update(projectId, hostId, { comments: { comment: 'Très lumineux', owner: 'hil' } });
    await fx.update(projectId, hostId, {
      visited: { dateVisite: '12/12/2026', time: '10:00', author: null, report: 'Bonne visite' },
    });
    const found = await ofProject('SALE', projectId);
    const kinds = found.map((n) => [n.kind, n.evaluation, n.idSell, n.params.text ?? null]);
    expect(kinds).toContainEqual(['ProposalEvaluation', 'liked', hostId, null]);
    expect(kinds).toContainEqual(['ProposalCommentTrace', null, hostId, 'Très lumineux']);
    expect(kinds).toContainEqual(['ProposalReport', null, hostId, 'Bonne visite']);
    expect(found.every((n) => n.user?.trigram === 'JBE')).toBe(true);
  });

  it('tells of a document added to the file, with the title of its slot', async () => {
    const projectId = await fx.createProject('Nina', 'Bouvier');
    const docs = (
      await t
        .http()
        .get(`/v1/documents/for/${projectId}`)
        .set(await as('OPERATOR'))
    ).body as { _id: string; type: string; title: string }[];
    const slot = docs.find((d) => d.type === 'file');
    if (!slot) throw new Error('no document slot');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const uploaded = await t
      .http()
      .put(`/v1/documents/for/${projectId}/document/${slot._id}/upload`)
      .set(await as('OPERATOR'))
      .attach('file', png, { filename: 'scan.png', contentType: 'image/png' });
    expect(uploaded.status).toBeLessThan(300);
    const [n] = await ofProject('SALE', projectId);
    expect(n).toMatchObject({
      kind: 'ProjectDocumentTrace',
      document: { title: slot.title },
      user: { trigram: 'JBE' },
    });
  });

  it('pages the feed: zero-based page, 100 or 200 rows', async () => {
    for (const query of ['?pageSize=50', '?page=-1', '?page=abc', '?pageSize=abc']) {
      const res = await feed('SALE', query);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Requête invalide');
    }
    const all = await feed('SALE', '?page=0&pageSize=200');
    expect(all.status).toBe(200);
    const far = await feed('SALE', '?page=999&pageSize=100');
    expect(far.body).toMatchObject({ notifications: [], total: all.body.total });
    const dates = (all.body.notifications as Notification[]).map((n) => n.ts);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('shows someone’s feed to admins and to oneself only', async () => {
    const path = '/v1/notifications/for/sophie.petit@reloc.fr';
    for (const role of ['OPERATOR', 'VENDOR'] as const)
      expect(
        (
          await t
            .http()
            .get(path)
            .set(await as(role))
        ).status,
      ).toBe(403);
    for (const role of ['SALE', 'ADMIN', 'SUPERADMIN'] as const) {
      const res = await t
        .http()
        .get(path)
        .set(await as(role));
      expect(res.status).toBe(200);
      expect(res.body.total).toBe((await feed('SALE')).body.total);
    }
    expect(
      (
        await t
          .http()
          .get('/v1/notifications/for/nobody@reloc.fr')
          .set(await as('ADMIN'))
      ).status,
    ).toBe(404);
    expect(
      (
        await t
          .http()
          .get(`${path}?pageSize=7`)
          .set(await as('ADMIN'))
      ).status,
    ).toBe(400);
  });

  it('refuses a client account and a missing token', async () => {
    expect((await feed('USER')).status).toBe(403);
    expect((await t.http().get('/v1/notifications')).status).toBe(401);
  });

  describe('the prospect flame', () => {
    const tiles = async (role: AccountRole) =>
      (
        await t
          .http()
          .get('/v1/prospects?filter=all')
          .set(await as(role))
      ).body as {
        _id: string;
        flame: boolean;
      }[];
    const flameOf = async (role: AccountRole, id: string) =>
      (await tiles(role)).find((tile) => tile._id === id)?.flame;

    it('lights for an assignee when someone else acts, and goes out when opened', async () => {
      const created = await t
        .http()
        .post('/v1/prospects')
        .set(await as('SALE'))
        .send({ name: 'Flamme et Fils', assignees: { sale: 'SPE' } });
      expect(created.status).toBe(201);
      const id = created.body._id as string;
      expect(await flameOf('SALE', id)).toBe(false);
      await comment('SALE', id, 'Ma propre note');
      expect(await flameOf('SALE', id)).toBe(false);
      await comment('ADMIN', id, 'Rappeler la DRH');
      expect(await flameOf('SALE', id)).toBe(true);
      // Not an assignee: no flame.
      expect(await flameOf('OPERATOR', id)).toBe(false);
      expect(await flameOf('ADMIN', id)).toBe(false);

      const seen = await t
        .http()
        .post(`/v1/notifications/prospect/${id}/seen`)
        .set(await as('SALE'));
      expect(seen.status).toBe(200);
      expect(seen.body).toEqual({ flame: false });
      expect(await flameOf('SALE', id)).toBe(false);
      expect(
        (
          await t
            .http()
            .post('/v1/notifications/prospect/zz/seen')
            .set(await as('SALE'))
        ).status,
      ).toBe(400);

      await comment('ADMIN', id, 'Encore');
      expect(await flameOf('SALE', id)).toBe(true);
      const projector = t.app.get(Projector);
      await projector.rebuild();
      await projector.start();
      expect(await flameOf('SALE', id)).toBe(true);
      await t
        .http()
        .post(`/v1/notifications/prospect/${id}/seen`)
        .set(await as('SALE'));
      await projector.rebuild();
      await projector.start();
      expect(await flameOf('SALE', id)).toBe(false);
    });
  });
});
