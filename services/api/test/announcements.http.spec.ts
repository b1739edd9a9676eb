import type Database from 'better-sqlite3';
import { Projector } from '../src/infrastructure/projector';
import { READ_DB } from '../src/infrastructure/tokens';
import { AccountRole, startTestApp, TestApp } from './support/test-app';

const STAFF: AccountRole[] = ['SUPERADMIN', 'ADMIN', 'OPERATOR', 'SALE', 'VENDOR'];
const UNKNOWN_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';
let seq = 0;

const form = (overrides: Record<string, unknown> = {}) => ({
  title: 'Cherche studio à Lyon',
  url: 'https://annonces.exemple.fr/b2c/test',
  address: '10 Rue de la République 69001 Lyon',
  description: 'Alternant, budget 600 €',
  saleTrigram: 'SPE',
  contactName: 'Marie De La Tour',
  contactPhoneNumber: '06 12 34 56 78',
  contactEmail: `marie.${++seq}.${Date.now()}@exemple.fr`,
  ...overrides,
});

describe('announcements (§3 "Announcement", §4, §5 "Announcements", §7)', () => {
  let t: TestApp;
  const as = async (role: AccountRole) => ({ Authorization: `Bearer ${await t.tokenOf(role)}` });

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  async function create(overrides: Record<string, unknown> = {}, role: AccountRole = 'SALE') {
    const res = await t
      .http()
      .post('/v1/announcements')
      .set(await as(role))
      .send(form(overrides));
    expect(res.status).toBe(201);
    return res.body as Record<string, unknown> & { _id: string };
  }
  const put = async (id: string, body: object, role: AccountRole = 'SALE') =>
    t
      .http()
      .put(`/v1/announcements/${id}`)
      .set(await as(role))
      .send(body);
  const get = async (id: string, role: AccountRole = 'SALE') =>
    t
      .http()
      .get(`/v1/announcements/${id}`)
      .set(await as(role));
  const convert = async (id: string, role: AccountRole = 'SALE') =>
    t
      .http()
      .post(`/v1/announcements/${id}/convert`)
      .set(await as(role));

  it('lists the demo announcements in every status, newest first, in pages of 200', async () => {
    const headers = await as('OPERATOR');
    const res = await t.http().get('/v1/announcements').set(headers);
    expect(res.status).toBe(200);
    const statuses = new Set(res.body.map((a: { currentProgress: string }) => a.currentProgress));
    expect([...statuses].sort()).toEqual(['ok', 'prospect', 'stopped', 'toCallback', 'waiting']);
    const dates = res.body.map((a: { createdAt: string }) => a.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const linked = res.body.filter((a: { projectId: string | null }) => a.projectId);
    expect(linked.length).toBeGreaterThan(0);
    const page = await t.http().get('/v1/announcements?offset=2&size=3').set(headers);
    expect(page.body.map((a: { _id: string }) => a._id)).toEqual(
      res.body.slice(2, 5).map((a: { _id: string }) => a._id),
    );
    const empty = await t.http().get('/v1/announcements?offset=100000&size=200').set(headers);
    expect(empty.body).toEqual([]);
    const big = await t.http().get('/v1/announcements?size=5000').set(headers);
    expect(big.body.length).toBeLessThanOrEqual(200);
  });

  it('creates, reads, searches and saves changed fields', async () => {
    const a = await create({ title: 'Colocation Grenoble zèbre' });
    expect(a).toMatchObject({ currentProgress: 'prospect', projectId: null, saleTrigram: 'SPE' });
    expect((await get(a._id)).body.title).toBe('Colocation Grenoble zèbre');
    const found = await t
      .http()
      .get('/v1/announcements?search=ZÈBRE')
      .set(await as('SALE'));
    expect(found.body.map((x: { _id: string }) => x._id)).toEqual([a._id]);
    const saved = await put(a._id, { ...(await get(a._id)).body, description: 'Nouveau budget' });
    expect(saved.status).toBe(200);
    expect(saved.body.description).toBe('Nouveau budget');
    expect((await put(a._id, { currentProgress: 'toCallback' })).body.currentProgress).toBe(
      'toCallback',
    );
  });

  it.each([
    [{ title: '' }, 'title', 'Obligatoire'],
    [{ url: null }, 'url', 'Obligatoire'],
    [{ url: 'pas une url' }, 'url', 'Invalide'],
    [{ address: '  ' }, 'address', 'Obligatoire'],
    [{ contactEmail: 'marie' }, 'contactEmail', 'Doit être une adresse e-mail valide.'],
    [{ currentProgress: 'nope' }, 'currentProgress', 'Invalide'],
    [{ title: 42 }, 'title', undefined],
    [{ unknown: 'x' }, 'unknown', 'Champ inconnu'],
  ])('refuses %j with 400 naming the field, writing nothing', async (change, field, message) => {
    const a = await create();
    const res = await put(a._id, { description: 'ne doit pas être écrit', ...change });
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toBeDefined();
    if (message) expect(res.body.errors[field]).toBe(message);
    expect((await get(a._id)).body).toMatchObject({
      description: form().description,
      title: form().title,
      currentProgress: 'prospect',
    });
  });

  it('refuses a creation without title, url and address', async () => {
    const res = await t
      .http()
      .post('/v1/announcements')
      .set(await as('SALE'))
      .send({});
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      title: 'Obligatoire',
      url: 'Obligatoire',
      address: 'Obligatoire',
    });
  });

  it('stops only with a reason and adds the sales-visible comment', async () => {
    const a = await create();
    const refused = await put(a._id, { currentProgress: 'stopped' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.stopReason).toBeDefined();
    expect((await get(a._id)).body.currentProgress).toBe('prospect');
    const stopped = await put(a._id, { currentProgress: 'stopped', stopReason: 'A trouvé seul' });
    expect(stopped.status).toBe(200);
    expect(stopped.body).toMatchObject({ currentProgress: 'stopped', stopReason: 'A trouvé seul' });
    const comments = await t
      .http()
      .get(`/v1/comments/for/${a._id}`)
      .set(await as('SALE'));
    expect(comments.body).toEqual([
      expect.objectContaining({ content: 'Abandonné car "A trouvé seul"', visibility: 'sales' }),
    ]);
    const back = await put(a._id, { currentProgress: 'waiting' });
    expect(back.body).toMatchObject({ currentProgress: 'waiting', stopReason: null });
  });

  it('converts once into a client file at projectCreated from the contact', async () => {
    const a = await create();
    const first = await convert(a._id);
    expect(first.status).toBe(201);
    const projectId = first.body.projectId as string;
    expect(projectId).toMatch(/^[0-9a-f]{24}$/);
    const second = await convert(a._id);
    expect(second.body).toEqual({ projectId });
    expect((await get(a._id)).body).toMatchObject({ projectId, currentProgress: 'ok' });
    const project = await t
      .http()
      .get(`/v1/lease/${projectId}`)
      .set(await as('SALE'));
    expect(project.status).toBe(200);
    expect(project.body).toMatchObject({
      currentProgress: 'projectCreated',
      firstName: 'Marie',
      lastName: 'De La Tour',
      userId: (a.contactEmail as string).toLowerCase(),
      assignees: expect.objectContaining({ sale: 'SPE' }),
    });
  });

  it('links an announcement whose contact already has a file to that file', async () => {
    const a = await create();
    const { projectId } = (await convert(a._id)).body;
    const b = await create({ contactEmail: a.contactEmail });
    expect((await convert(b._id)).body).toEqual({ projectId });
  });

  it('refuses to convert without a contact e-mail, writing nothing', async () => {
    const a = await create({ contactEmail: null });
    const res = await convert(a._id);
    expect(res.status).toBe(400);
    expect(res.body.errors.contactEmail).toBeDefined();
    expect((await get(a._id)).body.projectId).toBeNull();
  });

  it('answers 404 for an unknown announcement and 400 for a malformed id', async () => {
    expect((await get(UNKNOWN_ID)).status).toBe(404);
    expect((await put(UNKNOWN_ID, { title: 'x' })).status).toBe(404);
    expect((await convert(UNKNOWN_ID)).status).toBe(404);
    expect((await get('pas-un-id')).status).toBe(400);
    const bad = await t
      .http()
      .get('/v1/announcements?size=abc')
      .set(await as('SALE'));
    expect(bad.status).toBe(400);
  });

  it.each(STAFF)('lets %s list, open, save and convert', async (role) => {
    const a = await create({}, role);
    expect((await get(a._id, role)).status).toBe(200);
    expect((await put(a._id, { description: role }, role)).status).toBe(200);
    expect((await convert(a._id, role)).status).toBe(201);
  });

  it('refuses a USER (403) and an anonymous caller (401) on every route, writing nothing', async () => {
    const a = await create();
    const headers = await as('USER');
    const calls = [
      t.http().get('/v1/announcements').set(headers),
      t.http().post('/v1/announcements').set(headers).send(form()),
      t.http().get(`/v1/announcements/${a._id}`).set(headers),
      t.http().put(`/v1/announcements/${a._id}`).set(headers).send({ description: 'x' }),
      t.http().post(`/v1/announcements/${a._id}/convert`).set(headers),
      t.http().post('/v1/leads').set(headers).send({ email: 'lead.user@exemple.fr' }),
    ];
    for (const call of calls) expect((await call).status).toBe(403);
    expect((await t.http().get('/v1/announcements')).status).toBe(401);
    expect((await t.http().post(`/v1/announcements/${a._id}/convert`)).status).toBe(401);
    expect((await get(a._id)).body).toMatchObject({
      description: form().description,
      projectId: null,
    });
  });

  it('rebuilds the announcements read model from the log to the same rows', async () => {
    const a = await create({ title: 'Avant reconstruction' });
    await put(a._id, { currentProgress: 'stopped', stopReason: 'Injoignable' });
    await convert(a._id);
    const list = async () =>
      (
        await t
          .http()
          .get('/v1/announcements?search=reconstruction')
          .set(await as('SALE'))
      ).body;
    const before = await list();
    expect(before).toHaveLength(1);
    const projector = t.app.get(Projector);
    await projector.rebuild();
    await projector.start();
    expect(await list()).toEqual(before);
  });

  it('counts seen and saved per staff member and day', async () => {
    const db = t.app.get<Database.Database>(READ_DB);
    const today = new Date().toISOString().slice(0, 10);
    const counters = () =>
      (db
        .prepare('SELECT seen, saved FROM announcement_activity WHERE trigram = ? AND day = ?')
        .get('TRO', today) as { seen: number; saved: number } | undefined) ?? { seen: 0, saved: 0 };
    const a = await create({}, 'VENDOR');
    const before = counters();
    await get(a._id, 'VENDOR');
    await get(a._id, 'VENDOR');
    await put(a._id, { description: 'compté' }, 'VENDOR');
    await put(a._id, { description: 'compté' }, 'VENDOR'); // nothing changed: not counted
    expect(counters()).toEqual({ seen: before.seen + 2, saved: before.saved + 1 });
  });
});

describe('lead form (§1, §5 "Login and lead form")', () => {
  let t: TestApp;
  const as = async (role: AccountRole) => ({ Authorization: `Bearer ${await t.tokenOf(role)}` });

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('opens a client file at projectCreated, then points to it for the same e-mail', async () => {
    const headers = await as('SALE');
    const first = await t
      .http()
      .post('/v1/leads')
      .set(headers)
      .send({ email: 'Nouveau.Lead@Exemple.fr', firstName: 'Paul' });
    expect(first.status).toBe(201);
    expect(first.body.existing).toBe(false);
    const project = await t.http().get(`/v1/lease/${first.body.projectId}`).set(headers);
    expect(project.body).toMatchObject({
      currentProgress: 'projectCreated',
      userId: 'nouveau.lead@exemple.fr',
      firstName: 'Paul',
      assignees: expect.objectContaining({ sale: 'SPE' }),
    });
    const again = await t
      .http()
      .post('/v1/leads')
      .set(await as('OPERATOR'))
      .send({ email: 'nouveau.lead@exemple.fr' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ projectId: first.body.projectId, existing: true });
  });

  it.each([
    [{}, 'email', 'Obligatoire'],
    [{ email: '' }, 'email', 'Obligatoire'],
    [{ email: 'pas-un-mail' }, 'email', 'Doit être une adresse e-mail valide.'],
    [{ email: 'a@exemple.fr', phoneNumber: '12' }, 'phoneNumber', 'Invalide'],
    [{ email: 'a@exemple.fr', extra: 1 }, 'extra', 'Champ inconnu'],
  ])('refuses %j with 400, creating nothing', async (body, field, message) => {
    const headers = await as('SALE');
    const res = await t.http().post('/v1/leads').set(headers).send(body);
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toBe(message);
  });

  it('left no file behind after the refused a@exemple.fr', async () => {
    const res = await t
      .http()
      .post('/v1/leads')
      .set(await as('SALE'))
      .send({ email: 'a@exemple.fr' });
    expect(res.status).toBe(201);
    expect(res.body.existing).toBe(false);
  });
});
