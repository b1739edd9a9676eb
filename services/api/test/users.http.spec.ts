import { AccountRole, ACCOUNTS, PASSWORD, startTestApp, TestApp } from './support/test-app';

const NOT_SUPERADMIN: AccountRole[] = ['ADMIN', 'OPERATOR', 'SALE', 'VENDOR', 'USER'];

describe('staff and users (§5 "Users and admin", §7)', () => {
  let t: TestApp;
  let root: string;
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await startTestApp();
    root = await t.tokenOf('SUPERADMIN');
  });
  afterAll(() => t.close());

  it('lists every demo account for the superadmin, filtered by roles and search', async () => {
    const all = await t.http().post('/v1/users').set(auth(root)).send({});
    expect(all.status).toBe(200);
    const emails = all.body.map((u: { email: string }) => u.email);
    expect(emails).toEqual(expect.arrayContaining(Object.values(ACCOUNTS)));
    expect(all.body[0]).not.toHaveProperty('passwordHash');
    const staff = await t
      .http()
      .post('/v1/users')
      .set(auth(root))
      .send({ roles: ['OPERATOR', 'SALE', 'ADMIN', 'SUPERADMIN'] });
    expect(
      staff.body.every((u: { role: string }) => u.role !== 'USER' && u.role !== 'VENDOR'),
    ).toBe(true);
    const search = await t.http().post('/v1/users').set(auth(root)).send({ search: 'bern' });
    expect(search.body.map((u: { email: string }) => u.email)).toEqual([ACCOUNTS.OPERATOR]);
  });

  it.each(NOT_SUPERADMIN)('refuses user management to %s', async (role) => {
    const token = await t.tokenOf(role);
    const calls = [
      t.http().post('/v1/users').set(auth(token)).send({}),
      t
        .http()
        .post('/v1/user')
        .set(auth(token))
        .send({ firstName: 'A', lastName: 'B', role: 'SALE', email: `x-${role}@reloc.fr` }),
      t.http().put('/v1/user').set(auth(token)).send({ email: ACCOUNTS.SALE, firstName: 'Pirate' }),
      t.http().delete(`/v1/user/${ACCOUNTS.VENDOR}`).set(auth(token)),
      t
        .http()
        .put(`/v1/partner/${ACCOUNTS.VENDOR}/deactivate`)
        .set(auth(token))
        .send({ replaceBy: 'JBE' }),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(403);
    const check = await t.http().post('/v1/users').set(auth(root)).send({ search: 'pirate' });
    expect(check.body).toEqual([]);
  });

  it('creates a user with a lowercased e-mail, refuses a duplicate with duplicateMail', async () => {
    const res = await t.http().post('/v1/user').set(auth(root)).send({
      firstName: 'Zoé',
      lastName: 'Mercier',
      role: 'OPERATOR',
      email: 'Zoe.Mercier@Reloc.fr',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email: 'zoe.mercier@reloc.fr',
      role: 'OPERATOR',
      trigram: null,
      isDeactivated: false,
    });
    const dup = await t.http().post('/v1/user').set(auth(root)).send({
      firstName: 'Zoé',
      lastName: 'Autre',
      role: 'SALE',
      email: 'zoe.mercier@reloc.fr',
    });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe('duplicateMail');
  });

  it('lets exactly one of concurrent creations with the same e-mail win', async () => {
    const body = (i: number) => ({
      firstName: `P${i}`,
      lastName: 'Course',
      role: 'SALE',
      email: 'course@reloc.fr',
    });
    const results = await Promise.all(
      [0, 1, 2, 3, 4].map((i) => t.http().post('/v1/user').set(auth(root)).send(body(i))),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const list = await t.http().post('/v1/users').set(auth(root)).send({ search: 'course@' });
    expect(list.body).toHaveLength(1);
  });

  it('refuses the USER role, missing names and a bad e-mail when adding, writing nothing', async () => {
    const cases = [
      [{ firstName: 'A', lastName: 'B', role: 'USER', email: 'a1@reloc.fr' }, 'role'],
      [{ firstName: '', lastName: 'B', role: 'SALE', email: 'a2@reloc.fr' }, 'firstName'],
      [{ lastName: 'B', role: 'SALE', email: 'a3@reloc.fr' }, 'firstName'],
      [{ firstName: 'A', lastName: 'B', role: 'SALE', email: 'pas-un-mail' }, 'email'],
    ] as const;
    for (const [body, field] of cases) {
      const res = await t.http().post('/v1/user').set(auth(root)).send(body);
      expect(res.status).toBe(400);
      expect(res.body.errors).toHaveProperty(field);
    }
    const list = await t.http().post('/v1/users').set(auth(root)).send({ search: '@reloc.fr' });
    expect(list.body.map((u: { email: string }) => u.email)).not.toEqual(
      expect.arrayContaining(['a1@reloc.fr', 'a2@reloc.fr', 'a3@reloc.fr']),
    );
  });

  it('updates names, trigram, role, version and rewards; refuses a taken trigram', async () => {
    const res = await t
      .http()
      .put('/v1/user')
      .set(auth(root))
      .send({
        email: 'zoe.mercier@reloc.fr',
        firstName: 'Zoé-Anne',
        trigram: 'ZME',
        version: 2,
        rewards: { sentToAL: { lead: 40, visits: 30 }, paid: { reloc: 120 }, custom: -15 },
      });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: 'Zoé-Anne', trigram: 'ZME', version: 2 });
    expect(res.body.rewards.sentToAL).toMatchObject({ lead: 40, visits: 30, sale: 0 });
    expect(res.body.rewards.paid.reloc).toBe(120);
    expect(res.body.rewards.custom).toBe(-15);
    const taken = await t
      .http()
      .put('/v1/user')
      .set(auth(root))
      .send({ email: ACCOUNTS.SALE, trigram: 'ZME' });
    expect(taken.status).toBe(400);
    expect(taken.body.message).toBe('duplicateTrigram');
    const staff = await t.http().get('/v1/partner/staff').set(auth(root));
    expect(staff.body.find((s: { trigram: string }) => s.trigram === 'ZME').email).toBe(
      'zoe.mercier@reloc.fr',
    );
  });

  it('refuses negative or non-numeric rewards and bad trigrams with 400, changing nothing', async () => {
    const before = await t.http().post('/v1/users').set(auth(root)).send({ search: ACCOUNTS.SALE });
    for (const body of [
      { email: ACCOUNTS.SALE, rewards: { sentToAL: { lead: -1 } } },
      { email: ACCOUNTS.SALE, rewards: { paid: { sale: '12' } } },
      { email: ACCOUNTS.SALE, trigram: 'ab' },
      { email: ACCOUNTS.SALE, firstName: 'Nouveau', version: 3 },
    ]) {
      const res = await t.http().put('/v1/user').set(auth(root)).send(body);
      expect(res.status).toBe(400);
    }
    const me = await t.http().post('/v1/users').set(auth(root)).send({ search: ACCOUNTS.SALE });
    expect(me.body[0]).toMatchObject({ firstName: 'Sophie', trigram: 'SPE' });
    expect(me.body[0].rewards).toEqual(before.body[0].rewards);
  });

  it('lists only active staff having a trigram', async () => {
    const token = await t.tokenOf('OPERATOR');
    const res = await t.http().get('/v1/partner/staff').set(auth(token));
    expect(res.status).toBe(200);
    const emails = res.body.map((s: { email: string }) => s.email);
    expect(emails).toContain(ACCOUNTS.SALE);
    expect(emails).not.toContain(ACCOUNTS.DEACTIVATED);
    expect(emails).not.toContain(ACCOUNTS.USER);
    expect(
      res.body.every((s: { trigram: string | null }) => /^[A-Z]{3}$/.test(s.trigram ?? '')),
    ).toBe(true);
  });

  it('deactivates a user with a replacement; the account can no longer log in', async () => {
    const missing = await t
      .http()
      .put(`/v1/partner/${ACCOUNTS.VENDOR}/deactivate`)
      .set(auth(root))
      .send({});
    expect(missing.status).toBe(400);
    const res = await t
      .http()
      .put(`/v1/partner/${ACCOUNTS.VENDOR}/deactivate`)
      .set(auth(root))
      .send({ replaceBy: 'JBE' });
    expect(res.body).toEqual({ message: 'ok', replacedBy: 'JBE', files: 0 });
    const again = await t
      .http()
      .put(`/v1/partner/${ACCOUNTS.VENDOR}/deactivate`)
      .set(auth(root))
      .send({ replaceBy: 'JBE' });
    expect(again.status).toBe(400);
    const login = await t
      .http()
      .post('/v1/login-partner')
      .send({ email: ACCOUNTS.VENDOR, password: PASSWORD });
    expect(login.status).toBe(401);
  });

  it('deletes a user, freeing the e-mail; refuses to delete oneself', async () => {
    const res = await t.http().delete('/v1/user/zoe.mercier@reloc.fr').set(auth(root));
    expect(res.body).toEqual({ message: 'ok' });
    const gone = await t.http().delete('/v1/user/zoe.mercier@reloc.fr').set(auth(root));
    expect(gone.status).toBe(404);
    const again = await t.http().post('/v1/user').set(auth(root)).send({
      firstName: 'Zoé',
      lastName: 'Mercier',
      role: 'OPERATOR',
      email: 'zoe.mercier@reloc.fr',
    });
    expect(again.status).toBe(201);
    const self = await t.http().delete(`/v1/user/${ACCOUNTS.SUPERADMIN}`).set(auth(root));
    expect(self.status).toBe(400);
  });
});
