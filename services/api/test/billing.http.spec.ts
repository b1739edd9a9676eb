import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '@reloc/eventstore';
import { BillingReadModel } from '../src/billing/billing.read-model';
import { billingProjection } from '../src/billing/billing.projection';
import { Projector } from '../src/infrastructure/projector';
import { proposalFixtures } from './support/proposal-fixtures';
import { AccountRole, ACCOUNTS, startTestApp, TestApp } from './support/test-app';

const NOT_REVIEWERS: AccountRole[] = ['OPERATOR', 'SALE', 'VENDOR', 'USER'];
const NOT_SUPERADMIN: AccountRole[] = ['ADMIN', 'OPERATOR', 'SALE', 'VENDOR', 'USER'];
const month = new Date().toISOString().slice(0, 7);
const range = `from=${month}&to=${month}`;

type Line = { _id: string; step: string; amount: number; roles: string[]; lineId: string | null };
type Entry = {
  _id: string;
  actorId: string;
  trigram: string;
  month: string;
  total: number;
  custom: number;
  confirmed: boolean;
  projects: Line[];
};

describe('billing (§3 "Billing entry", §7 "Staff, users and billing", §9 "Billing")', () => {
  let t: TestApp;
  let fx: ReturnType<typeof proposalFixtures>;
  let projectId: string;
  const as = async (role: AccountRole) => ({ Authorization: `Bearer ${await t.tokenOf(role)}` });
  const get = async (path: string, role: AccountRole = 'SUPERADMIN') =>
    t
      .http()
      .get(path)
      .set(await as(role));
  const move = async (stage: string, role: AccountRole) =>
    t
      .http()
      .post(`/v1/lease/${projectId}`)
      .set(await as(role))
      .send({ currentProgress: stage });
  /** The entries of a trigram holding the test file, this month. */
  const entriesOf = async (trigram: string): Promise<Entry[]> => {
    const res = await get(`/v1/billing?id=${projectId}&${range}&pageSize=200`);
    expect(res.status).toBe(200);
    return (res.body.billings as Entry[]).filter((b) => b.trigram === trigram);
  };
  const linesOf = (entries: Entry[]) =>
    entries
      .flatMap((e) => e.projects)
      .filter((p) => p._id === projectId)
      .map(({ step, amount, roles }) => ({ step, amount, roles }));

  beforeAll(async () => {
    t = await startTestApp();
    fx = proposalFixtures(t);
    projectId = await fx.createProject('Billie', 'Factura');
    const assign = await t
      .http()
      .post(`/v1/lease/${projectId}`)
      .set(await as('ADMIN'))
      .send({ assignees: { lead: 'SPE', reloc: 'JBE' } });
    expect(assign.status).toBe(200);
    for (const [i, author] of (['operator', 'sale', 'operator'] as const).entries()) {
      const hostId = await fx.createHost({ address: `${10 + i} Rue de la République 69001 Lyon` });
      await fx.propose(projectId, hostId);
      await fx.update(projectId, hostId, {
        visited: { dateVisite: `1${i}/03/2026`, time: '10:00', author },
      });
      if (i === 2)
        await fx.update(projectId, hostId, { visitCancelled: true, visitCancelReason: 'client' });
    }
  });
  afterAll(() => t.close());

  it("forecasts the visits of a file before sentToAL at each person's own visit rate (issue 15 point 20)", async () => {
    const all = await get('/v1/billing/outstanding', 'ADMIN');
    expect(all.status).toBe(200);
    const julien = all.body.outstanding.find((u: { trigram: string }) => u.trigram === 'JBE');
    // Demo grids at sentToAL: JBE 15 € a visit, SPE 10 € (not a flat 30 €).
    expect(julien.projects).toContainEqual(
      expect.objectContaining({
        _id: projectId,
        step: 'forecast',
        amount: 1500,
        roles: ['visits'],
      }),
    );
    const mine = await get('/v1/user/billing/outstanding', 'SALE');
    expect(mine.status).toBe(200);
    expect(mine.body.projects).toContainEqual(
      expect.objectContaining({ _id: projectId, step: 'forecast', amount: 1000 }),
    );
    expect(mine.body.total).toBe(mine.body.due + mine.body.custom + mine.body.forecast);
    expect(await entriesOf('JBE')).toEqual([]);
  });

  it('bills each assignee when the file reaches sentToAL, visits frozen, in cents', async () => {
    // The super admin places the file past the gates (its documents are not all there).
    expect((await move('sentToAL', 'SUPERADMIN')).status).toBe(200);
    // Demo grids: JBE reloc 150 € + visits 15 €; SPE lead 40 € + sale 80 € + visits 10 €.
    expect(linesOf(await entriesOf('JBE'))).toEqual([
      { step: 'sentToAL', amount: 16500, roles: ['reloc', 'visits'] },
    ]);
    expect(linesOf(await entriesOf('SPE'))).toEqual([
      { step: 'sentToAL', amount: 13000, roles: ['lead', 'sale', 'visits'] },
    ]);
    const mine = await get('/v1/user/billing/outstanding', 'OPERATOR');
    expect(mine.body.projects.filter((p: Line) => p._id === projectId)).toEqual([
      expect.objectContaining({ step: 'sentToAL', amount: 16500 }),
    ]);
    // The login status (§7 /status.json) carries the same outstanding total.
    const status = await get('/v1/status.json', 'OPERATOR');
    expect(status.body.billing).toEqual({ outstanding: mine.body.total });
    // A visit planned after sentToAL (an admin may still) changes nothing: frozen.
    const hostId = await fx.createHost({ address: '40 Rue de la République 69001 Lyon' });
    await fx.propose(projectId, hostId, 'ADMIN');
    await fx.update(
      projectId,
      hostId,
      { visited: { dateVisite: '20/03/2026', time: '10:00', author: 'operator' } },
      'ADMIN',
    );
    expect(linesOf(await entriesOf('JBE'))).toEqual([
      { step: 'sentToAL', amount: 16500, roles: ['reloc', 'visits'] },
    ]);
  });

  it('bills the paid step too, once, in the same open entry of the month', async () => {
    expect((await move('paid', 'SUPERADMIN')).status).toBe(200);
    const jbe = await entriesOf('JBE');
    expect(jbe).toHaveLength(1);
    expect(linesOf(jbe)).toEqual([
      { step: 'sentToAL', amount: 16500, roles: ['reloc', 'visits'] },
      { step: 'paid', amount: 10500, roles: ['reloc', 'visits'] },
    ]);
    expect(jbe[0].total).toBe(jbe[0].projects.reduce((s, p) => s + p.amount, 0) + jbe[0].custom);
    expect((await move('relanceAL', 'SUPERADMIN')).status).toBe(200);
    expect((await move('paid', 'SUPERADMIN')).status).toBe(200);
    expect(linesOf(await entriesOf('JBE'))).toHaveLength(2);
  });

  it.each(NOT_SUPERADMIN)('refuses the billing overrides to %s', async (role) => {
    const res = await t
      .http()
      .put(`/v1/lease/${projectId}/billing`)
      .set(await as(role))
      .send({ sentToAL: { reloc: 1 }, paid: {} });
    expect(res.status).toBe(403);
  });

  it('refuses a negative or non-numeric override with 400, writing nothing', async () => {
    for (const body of [
      { sentToAL: { reloc: -1 }, paid: {} },
      { sentToAL: { reloc: '12' }, paid: {} },
      { sentToAL: { bonus: 1 }, paid: {} },
      { sentToAL: {} },
    ]) {
      const res = await t
        .http()
        .put(`/v1/lease/${projectId}/billing`)
        .set(await as('SUPERADMIN'))
        .send(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Requête invalide');
    }
    const project = await get(`/v1/lease/${projectId}`);
    expect(project.body.billingOverrides).toEqual({ sentToAL: {}, paid: {} });
  });

  it("re-prices a file's lines when the super admin overrides a reward (null = computed)", async () => {
    const res = await t
      .http()
      .put(`/v1/lease/${projectId}/billing`)
      .set(await as('SUPERADMIN'))
      .send({ sentToAL: { reloc: 200, visits: null }, paid: {} });
    expect(res.status).toBe(200);
    expect(res.body.billingOverrides.sentToAL).toEqual({ reloc: 200, visits: null });
    expect(linesOf(await entriesOf('JBE'))).toEqual([
      { step: 'sentToAL', amount: 21500, roles: ['reloc', 'visits'] },
      { step: 'paid', amount: 10500, roles: ['reloc', 'visits'] },
    ]);
  });

  it('puts the custom adjustment on the next settlement', async () => {
    const res = await t
      .http()
      .put('/v1/user')
      .set(await as('SUPERADMIN'))
      .send({ email: ACCOUNTS.OPERATOR, rewards: { custom: -12.5 } });
    expect(res.status).toBe(200);
    const [entry] = await entriesOf('JBE');
    expect(entry.custom).toBe(-1250);
    expect(entry.total).toBe(entry.projects.reduce((s, p) => s + p.amount, 0) - 1250);
    const mine = await get('/v1/user/billing/outstanding', 'OPERATOR');
    expect(mine.body.custom).toBe(-1250);
  });

  it.each(NOT_REVIEWERS)('refuses the reviewer calls to %s', async (role) => {
    const [entry] = await entriesOf('JBE');
    const headers = await as(role);
    const calls = [
      t.http().get('/v1/billing').set(headers),
      t.http().get('/v1/billing/outstanding').set(headers),
      t.http().post(`/v1/billing/${entry._id}/confirm`).set(headers),
      t.http().get('/v1/reports/billing?type=simple').set(headers),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(403);
    expect((await entriesOf('JBE'))[0].confirmed).toBe(false);
  });

  it('refuses bad list, history and report parameters with 400 in French', async () => {
    for (const path of [
      '/v1/billing?pageSize=50',
      '/v1/billing?page=-1',
      '/v1/billing?sortBy=secret',
      '/v1/billing?sortDirection=up',
      '/v1/billing?from=2026-13',
      '/v1/billing?from=2026-05&to=2026-01',
      '/v1/billing?id=nope',
      '/v1/billing?unknown=1',
      '/v1/reports/billing',
      '/v1/reports/billing?type=full',
    ]) {
      const res = await get(path);
      expect([path, res.status]).toEqual([path, 400]);
      expect(res.body.message).toBe('Requête invalide');
    }
    const history = await get('/v1/user/billing/history?from=2026-1', 'OPERATOR');
    expect(history.status).toBe(400);
    const confirm = await t
      .http()
      .post('/v1/billing/nope/confirm')
      .set(await as('ADMIN'));
    expect(confirm.status).toBe(400);
    const unknown = await t
      .http()
      .post(`/v1/billing/${'0'.repeat(24)}/confirm`)
      .set(await as('ADMIN'));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Pointage introuvable');
  });

  it('lists with paging, sorting, skipZero and a search', async () => {
    const page = await get(`/v1/billing?from=2000-01&to=${month}&pageSize=100&page=0`);
    expect(page.status).toBe(200);
    expect(page.body.billings.length).toBeLessThanOrEqual(100);
    expect(page.body.total).toBeGreaterThan(0);
    const dates = page.body.billings.map((b: { date: string }) => b.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const byTotal = await get(`/v1/billing?${range}&sortBy=total&sortDirection=asc&skipZero=true`);
    const totals = byTotal.body.billings.map((b: Entry) => b.total);
    expect(totals).toEqual([...totals].sort((a: number, b: number) => a - b));
    expect(totals).not.toContain(0);
    const search = await get(`/v1/billing?${range}&filter=factura`);
    expect(search.body.billings.map((b: Entry) => b.trigram).sort()).toEqual(['JBE', 'SPE']);
    const defaults = await get('/v1/billing');
    expect(defaults.status).toBe(200);
    expect(defaults.body.billings.every((b: Entry) => b.month <= month)).toBe(true);
  });

  it('downloads the simple and the detailed report as named spreadsheets', async () => {
    for (const type of ['simple', 'detailed']) {
      const res = await t
        .http()
        .get(`/v1/reports/billing?type=${type}&${range}&filter=factura`)
        .set(await as('ADMIN'))
        .buffer(true)
        .parse((response, done) => {
          const chunks: Buffer[] = [];
          response.on('data', (c: Buffer) => chunks.push(c));
          response.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.headers['content-disposition']).toMatch(
        new RegExp(`attachment; filename="pointage-${type === 'simple' ? 'simple' : 'detaille'}-`),
      );
      expect((res.body as Buffer).subarray(0, 2).toString()).toBe('PK');
    }
  });

  it('confirms an entry (reviewer), read-only afterwards; later lines open a new entry', async () => {
    const [entry] = await entriesOf('JBE');
    const res = await t
      .http()
      .post(`/v1/billing/${entry._id}/confirm`)
      .set(await as('ADMIN'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      _id: entry._id,
      confirmed: true,
      total: entry.total,
      custom: -1250,
    });
    const again = await t
      .http()
      .post(`/v1/billing/${entry._id}/confirm`)
      .set(await as('SUPERADMIN'));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Ce pointage est déjà confirmé');
    // The custom adjustment was consumed by the settlement.
    const users = await t
      .http()
      .post('/v1/users')
      .set(await as('SUPERADMIN'))
      .send({ search: 'julien' });
    expect(users.body[0].rewards.custom).toBe(0);
    const mine = await get('/v1/user/billing/outstanding', 'OPERATOR');
    expect(mine.body.custom).toBe(0);
    // An override after the settlement: the difference goes to a new open entry.
    await t
      .http()
      .put(`/v1/lease/${projectId}/billing`)
      .set(await as('SUPERADMIN'))
      .send({ sentToAL: { reloc: 200 }, paid: { reloc: 110 } });
    const after = await entriesOf('JBE');
    expect(after).toHaveLength(2);
    const confirmed = after.find((e) => e._id === entry._id) as Entry;
    expect(confirmed).toMatchObject({ confirmed: true, total: entry.total });
    const open = after.find((e) => e._id !== entry._id) as Entry;
    expect(open.confirmed).toBe(false);
    expect(linesOf([open])).toEqual([{ step: 'paid', amount: 1000, roles: ['reloc', 'visits'] }]);
  });

  it('shows the user their settled entries by month in the history (default six months)', async () => {
    const res = await get(`/v1/user/billing/history?${range}`, 'OPERATOR');
    expect(res.status).toBe(200);
    expect(res.body.history[0].month).toBe(month);
    expect(res.body.history[0].billings.some((b: Entry) => b.confirmed)).toBe(true);
    const defaults = await get('/v1/user/billing/history', 'OPERATOR');
    expect(defaults.body.to).toBe(month);
    expect(defaults.body.history.length).toBeGreaterThan(0);
    const other = await get(`/v1/user/billing/history?${range}`, 'SALE');
    expect(other.body.history).toEqual([]);
    const user = await get('/v1/user/billing/outstanding', 'USER');
    expect(user.status).toBe(403);
  });

  it('replaying the log into a scratch store gives the same figures, to the cent', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'reloc-billing-replay-'));
    const store = new SqliteEventStore(join(t.config.dataDir, 'reloc.db'));
    const scratch = new Database(join(dir, 'scratch.db'));
    try {
      const projector = new Projector(store, scratch, [billingProjection]);
      await projector.start();
      await projector.stop();
      const live = t.app.get(BillingReadModel);
      const replayed = new BillingReadModel(scratch);
      expect(Object.keys(live.figures()).length).toBeGreaterThan(10);
      expect(replayed.figures()).toEqual(live.figures());
      const params = {
        skipZero: false,
        from: '2000-01',
        to: '2999-12',
        page: 0,
        pageSize: 200,
        sortBy: 'date' as const,
        sortDirection: 'desc' as const,
        filter: '',
        id: null,
      };
      expect(replayed.all(params)).toEqual(live.all(params));
      expect(replayed.outstanding()).toEqual(live.outstanding());
    } finally {
      scratch.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
