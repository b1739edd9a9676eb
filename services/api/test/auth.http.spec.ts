import { ACCOUNTS, PASSWORD, startTestApp, TestApp } from './support/test-app';

describe('session and infrastructure (§7)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('logs a partner in with a token', async () => {
    const res = await t
      .http()
      .post('/v1/login-partner')
      .send({ email: ACCOUNTS.OPERATOR, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('accepts the e-mail in any case', async () => {
    const res = await t
      .http()
      .post('/v1/login-partner')
      .send({ email: 'Julien.Bernard@Reloc.fr', password: PASSWORD });
    expect(res.status).toBe(200);
  });

  it('answers 401 Invalid credentials to a wrong password, an unknown or a deactivated account', async () => {
    for (const body of [
      { email: ACCOUNTS.OPERATOR, password: 'mauvais-mot-de-passe' },
      { email: 'personne@reloc.fr', password: PASSWORD },
      { email: ACCOUNTS.DEACTIVATED, password: PASSWORD },
    ]) {
      const res = await t.http().post('/v1/login-partner').send(body);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Invalid credentials' });
    }
  });

  it('refuses malformed JSON and wrong types with 400 and a clear message', async () => {
    const malformed = await t
      .http()
      .post('/v1/login-partner')
      .set('Content-Type', 'application/json')
      .send('{"email":');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/JSON/);
    const wrongType = await t
      .http()
      .post('/v1/login-partner')
      .send({ email: 42, password: PASSWORD });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors).toHaveProperty('email');
    const extra = await t
      .http()
      .post('/v1/login-partner')
      .send({ email: ACCOUNTS.OPERATOR, password: PASSWORD, role: 'SUPERADMIN' });
    expect(extra.status).toBe(400);
    expect(extra.body.errors).toEqual({ role: 'Champ inconnu' });
  });

  it('tells the status of the caller', async () => {
    const anonymous = await t.http().get('/v1/status.json');
    expect(anonymous.body).toEqual({ ok: true, isLogged: false });
    const token = await t.tokenOf('SALE');
    const res = await t.http().get('/v1/status.json').set('Authorization', `Bearer ${token}`);
    expect(res.body).toMatchObject({
      ok: true,
      isLogged: true,
      role: 'SALE',
      projectId: null,
      rewards: { custom: 0 },
    });
    // The demo's sales person has unconfirmed lines (cents; the billing suite checks the sum).
    expect(Number.isInteger(res.body.billing.outstanding)).toBe(true);
    expect(res.body.billing.outstanding).toBeGreaterThan(0);
    expect(res.body.id).toMatch(/^[0-9a-f]{24}$/);
    expect(typeof res.body.createdAt).toBe('string');
  });

  it('serves the release stamp', async () => {
    const res = await t.http().get('/v1/release.json');
    expect(res.status).toBe(200);
    expect(res.body.ts).toBeDefined();
  });

  it('answers 401 without a token, and Invalid credentials for a forged one', async () => {
    expect((await t.http().get('/v1/partner/staff')).body).toEqual({
      message: 'Invalid credentials',
    });
    const token = await t.tokenOf('SALE');
    const forged = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    const res = await t.http().get('/v1/partner/staff').set('Authorization', `Bearer ${forged}`);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Invalid credentials');
  });

  it('refuses a USER on staff calls', async () => {
    const token = await t.tokenOf('USER');
    const res = await t.http().get('/v1/partner/staff').set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(403);
    const status = await t.http().get('/v1/status.json').set('Authorization', `Bearer ${token}`);
    expect(status.body.role).toBe('USER');
  });

  it('refreshes a token', async () => {
    const token = await t.tokenOf('VENDOR');
    const res = await t.http().post('/v1/refresh').set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(200);
    expect(typeof res.body.token).toBe('string');
    const bad = await t.http().post('/v1/refresh').set('Authorization', 'Bearer nope');
    expect(bad.status).toBe(401);
  });

  it('serves the OpenAPI description', async () => {
    const res = await t.http().get('/v1/docs-json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/v1/login-partner', '/v1/users']),
    );
  });
});

describe('expired tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ RELOC_TOKEN_TTL_SECONDS: '1' });
  });
  afterAll(() => t.close());

  it('answers Expired token, then refresh gives a working token', async () => {
    const token = await t.tokenOf('OPERATOR');
    await new Promise((r) => setTimeout(r, 1100));
    const expired = await t.http().get('/v1/partner/staff').set('Authorization', `Bearer ${token}`);
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ message: 'Expired token' });
    const status = await t.http().get('/v1/status.json').set('Authorization', `Bearer ${token}`);
    expect(status.status).toBe(401);
    expect(status.body).toEqual({ message: 'Expired token' });
    const refreshed = await t.http().post('/v1/refresh').set('Authorization', `Bearer ${token}`);
    expect(refreshed.status).toBe(200);
    const retried = await t
      .http()
      .get('/v1/partner/staff')
      .set('Authorization', `Bearer ${refreshed.body.token}`);
    expect(retried.status).toBe(200);
  });
});

describe('login rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('refuses attempts on an e-mail after 10 failures, even with the right password', async () => {
    for (let i = 0; i < 10; i++) {
      await t
        .http()
        .post('/v1/login-partner')
        .send({ email: ACCOUNTS.SALE, password: `faux-${i}-xxxxx` })
        .expect(401);
    }
    const blocked = await t
      .http()
      .post('/v1/login-partner')
      .send({ email: ACCOUNTS.SALE, password: PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(
      'Trop de tentatives de connexion, réessayez dans quelques minutes.',
    );
    const other = await t
      .http()
      .post('/v1/login-partner')
      .send({ email: ACCOUNTS.OPERATOR, password: PASSWORD });
    expect(other.status).toBe(200);
  });
});

describe('single sign-on not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('sends the browser back to the console with a readable error', async () => {
    const res = await t.http().get('/v1/login-sso');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/callback-sso?error=sso_unavailable');
    const callback = await t.http().post('/v1/callback-sso').send({ code: 'abc' });
    expect(callback.status).toBe(400);
  });
});
