import type Database from 'better-sqlite3';
import { Projector } from '../src/infrastructure/projector';
import { READ_DB } from '../src/infrastructure/tokens';
import { AccountRole, startTestApp, TestApp } from './support/test-app';

type Bucket = { _id: { month: string; status: string }; count: number };
type Report = {
  range: { startDate: string; endDate: string };
  months: string[];
  viewed: { trigram: string | null; isAdmin: boolean } | null;
  statuses: string[];
  stats: Bucket[];
  proportions: { _id: { month: string; status: string }; percent: number }[];
  focusStats: { _id: string; count: number }[];
  b2c: {
    seen: { _id: string; count: number; trigrams: string[] }[];
    saved: { _id: string; count: number; trigrams: string[] }[];
  } | null;
};

const thisMonth = new Date().toISOString().slice(0, 7);

describe('dashboard (§2 "Dashboard", §6, §7 POST /reports/dashboard, §9)', () => {
  let t: TestApp;
  const as = async (role: AccountRole) => ({ Authorization: `Bearer ${await t.tokenOf(role)}` });
  const report = async (role: AccountRole, body: object = {}) =>
    t
      .http()
      .post('/v1/reports/dashboard')
      .set(await as(role))
      .send(body);

  /** The oracle: a file's creation and sentToAL dates from the projects read model. */
  function filesOf(trigram: string | null) {
    const db = t.app.get<Database.Database>(READ_DB);
    const docs = (db.prepare('SELECT doc FROM project_docs').pluck().all() as string[]).map(
      (raw) =>
        JSON.parse(raw) as {
          createdAt: string;
          deleted: boolean;
          assignees: Record<string, string | null>;
          progress: Record<string, string>;
        },
    );
    return docs.filter(
      (doc) =>
        !doc.deleted &&
        (trigram === null ||
          Object.entries(doc.assignees).some(
            ([role, who]) => role !== 'prescriptor' && who === trigram,
          )),
    );
  }
  const countBy = (dates: (string | undefined)[], start: string, end: string) => {
    const out: Record<string, number> = {};
    for (const date of dates)
      if (date && date >= start && date <= end)
        out[date.slice(0, 7)] = (out[date.slice(0, 7)] ?? 0) + 1;
    return out;
  };
  const seriesOf = (body: Report, status: string) =>
    Object.fromEntries(
      body.stats.filter((b) => b._id.status === status).map((b) => [b._id.month, b.count]),
    );

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('gives an admin every file from the start of last year, up to this month, with B2C', async () => {
    const res = await report('ADMIN');
    expect(res.status).toBe(200);
    const body = res.body as Report;
    const year = new Date().getUTCFullYear();
    expect(body.range.startDate).toBe(`${year - 1}-01-01T00:00:00.000Z`);
    expect(body.months[0]).toBe(`${year - 1}-01`);
    expect(body.months.at(-1)).toBe(thisMonth);
    expect(body.viewed).toBeNull();
    expect(body.statuses).toEqual(['created', 'toAssign', 'signed', 'sentToAL', 'paid']);
    const files = filesOf(null);
    const { startDate, endDate } = body.range;
    expect(seriesOf(body, 'created')).toEqual(
      countBy(
        files.map((f) => f.createdAt),
        startDate,
        endDate,
      ),
    );
    expect(seriesOf(body, 'sentToAL')).toEqual(
      countBy(
        files.map((f) => f.progress.sentToAL),
        startDate,
        endDate,
      ),
    );
    expect(body.stats.some((b) => b._id.status === 'paid')).toBe(true);
    for (const p of body.proportions) {
      expect(Number.isInteger(p.percent)).toBe(true);
      expect(p.percent).toBeGreaterThanOrEqual(0);
      expect(p.percent).toBeLessThanOrEqual(100);
    }
    expect(body.b2c).toEqual({ seen: expect.any(Array), saved: expect.any(Array) });
    expect(body.focusStats).toEqual([]);
  });

  it('lets an admin view a staff member over a chosen range; paid only for an admin viewed', async () => {
    const res = await report('ADMIN', {
      as: 'JBE',
      startDate: '2020-01-01',
      endDate: '2099-12-31',
    });
    expect(res.status).toBe(200);
    const body = res.body as Report;
    expect(body.viewed).toEqual({ trigram: 'JBE', isAdmin: false });
    expect(body.range.startDate).toBe('2020-01-01T00:00:00.000Z');
    expect(body.months.at(-1)).toBe(thisMonth);
    expect(body.statuses).not.toContain('paid');
    expect(body.stats.some((b) => b._id.status === 'paid')).toBe(false);
    const files = filesOf('JBE');
    expect(files.length).toBeGreaterThan(0);
    expect(seriesOf(body, 'created')).toEqual(
      countBy(
        files.map((f) => f.createdAt),
        body.range.startDate,
        body.range.endDate,
      ),
    );
    const admin = (await report('SUPERADMIN', { as: 'CMA' })).body as Report;
    expect(admin.viewed).toEqual({ trigram: 'CMA', isAdmin: true });
    expect(admin.statuses).toContain('paid');
    expect((await report('ADMIN', { as: 'ZZZ' })).status).toBe(404);
  });

  it('gives an operator only their own files from one year ago, whatever they send', async () => {
    const res = await report('OPERATOR', { startDate: '2000-01-01', endDate: '2099-12-31' });
    expect(res.status).toBe(200);
    const body = res.body as Report;
    expect(body.viewed).toEqual({ trigram: 'JBE', isAdmin: false });
    expect(body.b2c).toBeNull();
    expect(body.statuses).not.toContain('paid');
    // From the later of one year ago or their creation (the demo staff are created at seeding).
    const status = await t
      .http()
      .get('/v1/status.json')
      .set(await as('OPERATOR'));
    const yearAgo = new Date();
    yearAgo.setUTCFullYear(yearAgo.getUTCFullYear() - 1);
    const start = [yearAgo.toISOString(), String(status.body.createdAt)].sort()[1];
    expect(body.range.startDate.slice(0, 16)).toBe(start.slice(0, 16));
    expect(body.months[0]).toBe(start.slice(0, 7));
    expect(body.months.at(-1)).toBe(thisMonth);
    const files = filesOf('JBE');
    expect(seriesOf(body, 'created')).toEqual(
      countBy(
        files.map((f) => f.createdAt),
        body.range.startDate,
        body.range.endDate,
      ),
    );
    expect(seriesOf(body, 'toAssign')).toEqual(
      countBy(
        files.map((f) => f.progress.toAssign),
        body.range.startDate,
        body.range.endDate,
      ),
    );
    expect((await report('OPERATOR', { as: 'JBE' })).status).toBe(200);
  });

  it('refuses a non-admin naming someone else, a USER and a request without a token', async () => {
    const other = await report('OPERATOR', { as: 'CMA' });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('Accès refusé');
    expect((await report('SALE', { as: 'JBE' })).status).toBe(403);
    expect((await report('VENDOR', { as: 'CMA' })).status).toBe(403);
    expect((await report('USER')).status).toBe(403);
    expect((await t.http().post('/v1/reports/dashboard').send({})).status).toBe(401);
  });

  it('answers 400 in French on bad dates and unknown fields', async () => {
    const bad = await report('ADMIN', { startDate: 'pas une date' });
    expect(bad.status).toBe(400);
    // The message names the rule that failed (issue 15 point 14).
    expect(bad.body.errors).toEqual({ startDate: 'Doit être une date (AAAA-MM-JJ)' });
    const reversed = await report('ADMIN', { startDate: '2026-05-01', endDate: '2026-04-01' });
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe('La date de début doit précéder la date de fin');
    expect((await report('OPERATOR', { endDate: '2026-13-45' })).status).toBe(400);
    expect((await report('ADMIN', { focus: { month: '2026-1', status: 'created' } })).status).toBe(
      400,
    );
    expect((await report('ADMIN', { focus: { month: '2026-01', status: 'nope' } })).status).toBe(
      400,
    );
    expect((await report('ADMIN', { as: 'jbe' })).status).toBe(400);
    expect((await report('ADMIN', { pirate: 1 })).status).toBe(400);
  });

  it('follows new files, hand-overs, stages and announcements as they happen, with a focus', async () => {
    const before = (await report('OPERATOR')).body as Report;
    const created = await t
      .http()
      .post('/v1/customer')
      .set(await as('SALE'))
      .send({
        email: `dashboard.${Date.now()}@exemple.fr`,
        firstName: 'Camille',
        lastName: 'Rousseau',
        phoneNumber: '0612345678',
        company: 'Tableau de Bord SA',
        contractType: 'Nouvel embauché en CDI',
        actualCity: 'Lyon',
        fromAddressObject: {
          label: 'Lyon',
          city: 'Lyon',
          postcode: '69001',
          lat: 45.764,
          lng: 4.8357,
        },
        assignees: { sale: 'SPE' },
      });
    expect(created.status).toBe(201);
    const id = created.body._id as string;
    const assigned = await t
      .http()
      .post(`/v1/lease/${id}`)
      .set(await as('ADMIN'))
      .send({ assignees: { reloc: 'JBE' } });
    expect(assigned.status).toBe(200);
    const after = (await report('OPERATOR')).body as Report;
    expect(seriesOf(after, 'created')[thisMonth] ?? 0).toBe(
      (seriesOf(before, 'created')[thisMonth] ?? 0) + 1,
    );
    const focus = (
      await report('ADMIN', { as: 'JBE', focus: { month: thisMonth, status: 'created' } })
    ).body as Report;
    expect(focus.focusStats).toContainEqual({ _id: 'Tableau de Bord SA', count: 1 });
    // An operator's focus is on their own files only.
    const own = (await report('OPERATOR', { focus: { month: thisMonth, status: 'created' } })).body;
    expect(own.focusStats).toEqual(focus.focusStats);

    const list = await t
      .http()
      .get('/v1/announcements')
      .set(await as('SALE'));
    const seenBefore = ((await report('ADMIN', { as: 'SPE' })).body as Report).b2c!.seen;
    await t
      .http()
      .get(`/v1/announcements/${list.body[0]._id}`)
      .set(await as('SALE'));
    const seenAfter = ((await report('ADMIN', { as: 'SPE' })).body as Report).b2c!.seen;
    const count = (buckets: typeof seenAfter) =>
      buckets.find((b) => b._id === thisMonth)?.count ?? 0;
    expect(count(seenAfter)).toBe(count(seenBefore) + 1);
    expect(seenAfter.find((b) => b._id === thisMonth)?.trigrams).toEqual(['SPE']);
  });

  it('rebuilds the dashboard from the log to the same figures', async () => {
    const body = { as: 'JBE', startDate: '2020-01-01' };
    const before = (await report('ADMIN', body)).body as Report;
    const everyone = (await report('ADMIN')).body as Report;
    const projector = t.app.get(Projector);
    await projector.rebuild();
    await projector.start();
    expect((await report('ADMIN', body)).body).toEqual(before);
    expect((await report('ADMIN')).body).toEqual(everyone);
  });
});
