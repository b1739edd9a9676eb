import type { EventStore } from '@reloc/eventstore';
import { EVENT_STORE } from '../src/infrastructure/tokens';
import { AccountRole, startTestApp, TestApp } from './support/test-app';

const STAFF: AccountRole[] = ['SUPERADMIN', 'ADMIN', 'OPERATOR', 'SALE', 'VENDOR'];

const customer = (email: string) => ({
  email,
  firstName: 'Camille',
  lastName: 'Rousseau',
  phoneNumber: '0612345678',
  company: 'Airbus',
  contractType: 'Nouvel embauché en CDI',
  actualCity: 'Lyon',
  fromAddressObject: { label: 'Lyon', city: 'Lyon', postcode: '69001', lat: 45.764, lng: 4.8357 },
  assignees: { sale: 'SPE' },
});

describe('projects (§4, §5, §7 "Projects and customers")', () => {
  let t: TestApp;
  const as = async (role: AccountRole) => ({ Authorization: `Bearer ${await t.tokenOf(role)}` });

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  async function create(email: string, role: AccountRole = 'SALE'): Promise<string> {
    const res = await t
      .http()
      .post('/v1/customer')
      .set(await as(role))
      .send(customer(email));
    expect(res.status).toBe(201);
    return res.body._id as string;
  }

  it('seeds the demo with files on every stage', async () => {
    const res = await t
      .http()
      .post('/v1/leases')
      .set(await as('SUPERADMIN'))
      .send({ filter: 'all', size: 200 });
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThanOrEqual(300);
    expect(res.body.leases).toHaveLength(200);
    expect(Object.keys(res.body.counts)).toHaveLength(16);
  });

  it('creates a customer file with a lowercased e-mail; a second one is duplicateMail', async () => {
    const id = await create('Nouveau.Client@Exemple.FR');
    const res = await t
      .http()
      .get(`/v1/lease/${id}`)
      .set(await as('OPERATOR'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      userId: 'nouveau.client@exemple.fr',
      currentProgress: 'projectCreated',
    });
    expect(typeof res.body._revision).toBe('number');
    const dup = await t
      .http()
      .post('/v1/customer')
      .set(await as('SALE'))
      .send(customer('nouveau.client@exemple.fr'));
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe('duplicateMail');
  });

  it("refuses a file without company ('L'entreprise est obligatoire'), writing nothing", async () => {
    const body = { ...customer('sans.entreprise@exemple.fr'), company: '' };
    const res = await t
      .http()
      .post('/v1/customer')
      .set(await as('SALE'))
      .send(body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("L'entreprise est obligatoire");
    const retry = await t
      .http()
      .post('/v1/customer')
      .set(await as('SALE'))
      .send(customer('sans.entreprise@exemple.fr'));
    expect(retry.status).toBe(201);
  });

  it('lists the new file on the board, with search, filters and counts', async () => {
    const id = await create('board.check@exemple.fr');
    const res = await t
      .http()
      .post('/v1/leases')
      .set(await as('OPERATOR'))
      .send({ search: 'board.check', filter: 'all' });
    expect(res.body.leases.map((l: { _id: string }) => l._id)).toEqual([id]);
    const bad = await t
      .http()
      .post('/v1/leases')
      .set(await as('OPERATOR'))
      .send({ size: 500, year: 2030 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('size');
    expect(bad.body.errors).toHaveProperty('year');
  });

  it('searches substrings without regard to case or accents, short ones included, with counts', async () => {
    const res = await t
      .http()
      .post('/v1/customer')
      .set(await as('SALE'))
      .send({
        ...customer('zoe.recherche@exemple.fr'),
        firstName: 'Zoé',
        lastName: 'Lefèvre-Ørsted',
      });
    expect(res.status).toBe(201);
    const id = res.body._id as string;
    const search = async (term: string, filter = 'all') =>
      (
        await t
          .http()
          .post('/v1/leases')
          .set(await as('OPERATOR'))
          .send({ search: term, filter })
      ).body as { leases: { _id: string }[]; total: number; counts: Record<string, number> };
    for (const term of [
      'LEFEVRE',
      'lefèvre',
      'ÉVRE-Ø',
      'zoe lef',
      'ZOÉ',
      'oe.recherche@exem',
      'zoé.recherche',
    ])
      expect((await search(term)).leases.map((l) => l._id)).toContain(id);
    // Two characters or one: no trigram, the board is read, folded the same way.
    const short = await search('Ø');
    expect(short.leases.map((l) => l._id)).toContain(id);
    expect((await search('oé')).leases.map((l) => l._id)).toContain(id);
    // Counts and total follow the search; a term found nowhere finds nothing.
    const found = await search('zoe.recherche');
    expect(found.total).toBe(1);
    expect(found.counts).toEqual({ projectCreated: 1 });
    expect(await search('zoe.recherche', 'stopped')).toMatchObject({ total: 0, leases: [] });
    expect(await search('lefèvre-orsteda')).toMatchObject({ total: 0, leases: [] });
    expect(await search('100%')).toMatchObject({ total: 0, leases: [] });
    expect((await search('"')).total).toBe(0);
    // Pages of a search keep the board's order (latest move first), offsets included.
    // The whole board, page by page (the demo has more files than one page holds).
    const board: { _id: string; lastName: string }[] = [];
    for (let offset = 0; ; offset += 200) {
      const page = (
        await t
          .http()
          .post('/v1/leases')
          .set(await as('OPERATOR'))
          .send({ filter: 'all', size: 200, offset })
      ).body as { leases: { _id: string; lastName: string }[]; total: number };
      board.push(...page.leases);
      if (!page.leases.length || board.length >= page.total) break;
    }
    const expected = board.filter((l) => /rousseau/i.test(l.lastName)).map((l) => l._id);
    expect(expected.length).toBeGreaterThan(3);
    const pages: string[] = [];
    for (let offset = 0; offset < expected.length; offset += 2) {
      const page = await t
        .http()
        .post('/v1/leases')
        .set(await as('OPERATOR'))
        .send({ filter: 'all', search: 'ROUSSEAU', size: 2, offset });
      pages.push(...page.body.leases.map((l: { _id: string }) => l._id));
    }
    expect(pages).toEqual(expected);
  });

  it.each(STAFF)('lets %s read the board and a file', async (role) => {
    const res = await t
      .http()
      .post('/v1/leases')
      .set(await as(role))
      .send({});
    expect(res.status).toBe(200);
  });

  it('refuses a USER everywhere', async () => {
    const headers = await as('USER');
    expect((await t.http().post('/v1/leases').set(headers).send({})).status).toBe(403);
    expect(
      (await t.http().post('/v1/customer').set(headers).send(customer('u@exemple.fr'))).status,
    ).toBe(403);
  });

  it('saves changed fields, merges others, and names the conflicting ones (409)', async () => {
    const id = await create('autosave@exemple.fr');
    const start = (
      await t
        .http()
        .get(`/v1/lease/${id}`)
        .set(await as('OPERATOR'))
    ).body._revision as number;
    const first = await t
      .http()
      .put(`/v1/lease/${id}`)
      .set(await as('OPERATOR'))
      .send({ _revision: start, job: 'Ingénieure' });
    expect(first.status).toBe(200);
    expect(first.body.job).toBe('Ingénieure');
    // Another person, from the same starting revision, changes another field: it merges.
    const other = await t
      .http()
      .put(`/v1/lease/${id}`)
      .set(await as('SALE'))
      .send({ _revision: start, nationality: 'Française' });
    expect(other.status).toBe(200);
    expect(other.body).toMatchObject({ job: 'Ingénieure', nationality: 'Française' });
    // The same field from the old revision with another value: a conflict naming it.
    const conflict = await t
      .http()
      .put(`/v1/lease/${id}`)
      .set(await as('SALE'))
      .send({ _revision: start, job: 'Technicienne' });
    expect(conflict.status).toBe(409);
    expect(conflict.body.fields).toEqual(['job']);
    expect(conflict.body.current).toEqual({ job: 'Ingénieure' });
    const after = await t
      .http()
      .get(`/v1/lease/${id}`)
      .set(await as('SALE'));
    expect(after.body.job).toBe('Ingénieure');
  });

  it('refuses unknown fields and wrong types on PUT with 400, nothing written', async () => {
    const id = await create('types@exemple.fr');
    const rev = (
      await t
        .http()
        .get(`/v1/lease/${id}`)
        .set(await as('OPERATOR'))
    ).body._revision;
    for (const body of [
      { _revision: rev, hacker: 1 },
      { _revision: rev, wage: 'beaucoup' },
      // `_revision` is optional (issue 15 point 11): a bad field without it is refused too.
      { job: 'x', wage: 'beaucoup' },
      { _revision: 'x', job: 'x' },
      { _revision: rev, currentProgress: 'paid' },
    ]) {
      const res = await t
        .http()
        .put(`/v1/lease/${id}`)
        .set(await as('OPERATOR'))
        .send(body);
      expect(res.status).toBe(400);
    }
    const after = await t
      .http()
      .get(`/v1/lease/${id}`)
      .set(await as('OPERATOR'));
    expect(after.body._revision).toBe(rev);
  });

  it("refuses Paid without a reloc assignee with 'Impossible d'affecter à cette colonne'", async () => {
    const id = await create('paid.refused@exemple.fr');
    const res = await t
      .http()
      .post(`/v1/lease/${id}`)
      .set(await as('SUPERADMIN'))
      .send({ currentProgress: 'paid' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Impossible d'affecter à cette colonne");
  });

  it('refuses toAssign to an incomplete file, listing the missing fields in French', async () => {
    const id = await create('incomplete@exemple.fr');
    const res = await t
      .http()
      .post(`/v1/lease/${id}`)
      .set(await as('SALE'))
      .send({ currentProgress: 'toAssign' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toBeDefined();
    expect(Object.keys(res.body.errors).length).toBeGreaterThan(3);
  });

  it('moves a file to the next stage, assigns, tags, stops and restarts it, with a timeline', async () => {
    const id = await create('workflow@exemple.fr');
    const sale = await as('SALE');
    const admin = await as('ADMIN');
    const post = (headers: Record<string, string>, body: object) =>
      t.http().post(`/v1/lease/${id}`).set(headers).send(body);
    expect((await post(sale, { currentProgress: 'toCall' })).body.currentProgress).toBe('toCall');
    // 'self': a non-admin may not put someone else in a slot; an admin may.
    expect((await post(sale, { assignees: { reloc: 'JBE' } })).status).toBe(403);
    expect((await post(admin, { assignees: { reloc: 'JBE' } })).body.assignees.reloc).toBe('JBE');
    expect((await post(sale, { tags: ['urgent'] })).body.tags).toEqual(['urgent']);
    const stopped = await post(sale, { stopped: true, abortMotivation: 'unresponsive' });
    expect(stopped.status).toBe(200);
    expect(stopped.body.stopped).toBe(true);
    expect((await post(sale, { stopped: true, abortMotivation: 'pas-une-raison' })).status).toBe(
      400,
    );
    const restarted = await post(sale, { stopped: false });
    expect(restarted.body.stopped).toBe(false);
    const tags = await t.http().get('/v1/lease/tags').set(sale);
    expect(tags.body).toContain('urgent');
    const timeline = await t.http().get(`/v1/timeline/for/${id}`).set(sale);
    expect(timeline.body.length).toBeGreaterThanOrEqual(5);
    expect(timeline.body[timeline.body.length - 1].label).toBe('Création');
    expect(timeline.body.map((e: { type: string }) => e.type)).toEqual(
      expect.arrayContaining(['CHANGEMENT_STATUT', 'ROLE_CHANGE', 'TAGS', 'ABANDON', 'REPRISE']),
    );
  });

  it('lets only the superadmin delete a file', async () => {
    const id = await create('delete.me@exemple.fr');
    for (const role of ['ADMIN', 'OPERATOR', 'SALE', 'VENDOR'] as const) {
      expect(
        (
          await t
            .http()
            .delete(`/v1/lease/${id}`)
            .set(await as(role))
        ).status,
      ).toBe(403);
    }
    expect(
      (
        await t
          .http()
          .delete(`/v1/lease/${id}`)
          .set(await as('SUPERADMIN'))
      ).body,
    ).toEqual({ message: 'ok' });
    expect(
      (
        await t
          .http()
          .get(`/v1/lease/${id}`)
          .set(await as('SUPERADMIN'))
      ).status,
    ).toBe(404);
  });

  it('answers 404 for an unknown file and 400 for a malformed id', async () => {
    expect(
      (
        await t
          .http()
          .get('/v1/lease/0123456789abcdef01234567')
          .set(await as('SALE'))
      ).status,
    ).toBe(404);
    expect(
      (
        await t
          .http()
          .get('/v1/lease/pas-un-id')
          .set(await as('SALE'))
      ).status,
    ).toBe(400);
  });

  it('keeps comments with their visibility; only the author or an admin deletes one', async () => {
    const id = await create('comments@exemple.fr');
    const added = await t
      .http()
      .post(`/v1/comments/for/${id}?owner=hil`)
      .set(await as('SALE'))
      .send({ content: 'Rappel demain', visibility: 'sales' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      content: 'Rappel demain',
      visibility: 'sales',
      author: 'SPE',
      owner: 'hil',
    });
    const list = await t
      .http()
      .get(`/v1/comments/for/${id}`)
      .set(await as('OPERATOR'));
    expect(list.body).toHaveLength(1);
    expect(
      (
        await t
          .http()
          .delete(`/v1/comments/${added.body._id}`)
          .set(await as('OPERATOR'))
      ).status,
    ).toBe(403);
    expect(
      (
        await t
          .http()
          .delete(`/v1/comments/${added.body._id}`)
          .set(await as('ADMIN'))
      ).body,
    ).toEqual({ message: 'ok' });
    const empty = await t
      .http()
      .post(`/v1/comments/for/${id}`)
      .set(await as('SALE'))
      .send({ content: '' });
    expect(empty.status).toBe(400);
  });

  async function seededAt(stage: string): Promise<{ _id: string }> {
    const res = await t
      .http()
      .post('/v1/leases')
      .set(await as('SUPERADMIN'))
      .send({ filter: 'active', progress: stage, size: 1 });
    expect(res.body.leases).toHaveLength(1);
    return res.body.leases[0];
  }

  it('lets only admins edit a file at or after sentToAL', async () => {
    const { _id } = await seededAt('sentToAL');
    const rev = (
      await t
        .http()
        .get(`/v1/lease/${_id}`)
        .set(await as('OPERATOR'))
    ).body._revision;
    for (const role of ['OPERATOR', 'SALE', 'VENDOR'] as const) {
      const res = await t
        .http()
        .put(`/v1/lease/${_id}`)
        .set(await as(role))
        .send({ _revision: rev, job: 'Refusé' });
      expect(res.status).toBe(403);
    }
    const admin = await t
      .http()
      .put(`/v1/lease/${_id}`)
      .set(await as('ADMIN'))
      .send({ _revision: rev, job: 'Accepté' });
    expect(admin.status).toBe(200);
    expect(admin.body.job).toBe('Accepté');
  });

  it('keeps relanceAL for admins and paid for the superadmin', async () => {
    const { _id } = await seededAt('sentToAL');
    for (const role of ['OPERATOR', 'SALE', 'VENDOR'] as const) {
      const res = await t
        .http()
        .post(`/v1/lease/${_id}`)
        .set(await as(role))
        .send({ currentProgress: 'relanceAL' });
      expect(res.status).toBe(403);
    }
    // The admin may pick relanceAL: the demo's files from awaitingSignature on are complete
    // (the completeness gate itself is project-rules.http.spec.ts's).
    const relance = await t
      .http()
      .post(`/v1/lease/${_id}`)
      .set(await as('ADMIN'))
      .send({ currentProgress: 'relanceAL' });
    expect(relance.status).toBe(200);
    expect(relance.body).toMatchObject({ currentProgress: 'relanceAL' });
    const paid = await t
      .http()
      .post(`/v1/lease/${_id}`)
      .set(await as('ADMIN'))
      .send({ currentProgress: 'paid' });
    expect(paid.status).toBe(403);
    const placed = await t
      .http()
      .post(`/v1/lease/${_id}`)
      .set(await as('SUPERADMIN'))
      .send({ currentProgress: 'paid' });
    expect(placed.body).toMatchObject({ currentProgress: 'paid' });
  });

  it('keeps the refresh of a file for the superadmin', async () => {
    const { _id } = await seededAt('toCall');
    for (const role of ['ADMIN', 'OPERATOR', 'SALE', 'VENDOR', 'USER'] as const) {
      expect(
        (
          await t
            .http()
            .get(`/v1/lease/${_id}/refresh`)
            .set(await as(role))
        ).status,
      ).toBe(403);
    }
    expect(
      (
        await t
          .http()
          .get(`/v1/lease/${_id}/refresh`)
          .set(await as('SUPERADMIN'))
      ).status,
    ).toBe(200);
  });

  it('lets only admins hide a timeline entry', async () => {
    const id = await create('timeline.hide@exemple.fr');
    await t
      .http()
      .post(`/v1/lease/${id}`)
      .set(await as('SALE'))
      .send({ tags: ['à masquer'] });
    const entries = (
      await t
        .http()
        .get(`/v1/timeline/for/${id}`)
        .set(await as('SALE'))
    ).body;
    const tagEntry = entries.find((e: { type: string }) => e.type === 'TAGS');
    for (const role of ['OPERATOR', 'SALE', 'VENDOR'] as const) {
      expect(
        (
          await t
            .http()
            .delete(`/v1/timeline/${tagEntry._id}`)
            .set(await as(role))
        ).status,
      ).toBe(403);
    }
    expect(
      (
        await t
          .http()
          .delete(`/v1/timeline/${tagEntry._id}`)
          .set(await as('ADMIN'))
      ).body,
    ).toEqual({ message: 'ok' });
    const after = (
      await t
        .http()
        .get(`/v1/timeline/for/${id}`)
        .set(await as('SALE'))
    ).body;
    expect(after.map((e: { _id: string }) => e._id)).not.toContain(tagEntry._id);
    // Hiding it again changes nothing; an unknown id, or an event of no file's timeline (the
    // hiding event itself, in its own stream), is no entry.
    expect(
      (
        await t
          .http()
          .delete(`/v1/timeline/${tagEntry._id}`)
          .set(await as('ADMIN'))
      ).body,
    ).toEqual({ message: 'ok' });
    const store = t.app.get<EventStore>(EVENT_STORE);
    const [hiding] = await store.readStream(`timeline-${id}`);
    expect(hiding).toMatchObject({ type: 'TimelineEntryHidden', data: { entryId: tagEntry._id } });
    expect(await store.readStream(`timeline-${id}`)).toHaveLength(1);
    for (const unknown of ['inconnu', hiding.id])
      expect(
        (
          await t
            .http()
            .delete(`/v1/timeline/${unknown}`)
            .set(await as('ADMIN'))
        ).status,
      ).toBe(404);
  });

  it('drops a file from the Alertes filter once its alert is lifted', async () => {
    const admin = await as('ADMIN');
    const board = await t
      .http()
      .post('/v1/leases')
      .set(admin)
      .send({ filter: 'alerts', size: 200 });
    expect(board.body.leases.length).toBeGreaterThan(0);
    const tile = board.body.leases[0];
    expect(tile.activeAlerts.length).toBeGreaterThan(0);
    const missingReason = await t
      .http()
      .post(`/v1/lease/${tile._id}`)
      .set(admin)
      .send({ liftAlert: { alert: tile.activeAlerts[0], days: 7, reason: '' } });
    expect(missingReason.status).toBe(400);
    for (const alert of tile.activeAlerts) {
      const lifted = await t
        .http()
        .post(`/v1/lease/${tile._id}`)
        .set(admin)
        .send({ liftAlert: { alert, days: 7, reason: 'Client rappelé, attend son contrat' } });
      expect(lifted.status).toBe(200);
    }
    const after = await t
      .http()
      .post('/v1/leases')
      .set(admin)
      .send({ filter: 'alerts', size: 200 });
    expect(after.body.leases.map((l: { _id: string }) => l._id)).not.toContain(tile._id);
    const file = await t.http().get(`/v1/lease/${tile._id}`).set(admin);
    expect(file.body.activeAlerts).toEqual([]);
  });
});
