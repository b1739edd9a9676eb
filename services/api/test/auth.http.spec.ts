import { CommandBus } from '@nestjs/cqrs';
import type { EventStore } from '@reloc/eventstore';
import type { Response } from 'supertest';
import { REFRESH_RETRY_GRACE_MS } from '@reloc/domain';
import { checkPassword, hashPassword } from '../src/auth/password';
import { SessionService } from '../src/auth/session.service';
import { UsersReadModel } from '../src/users/users.read-model';
import { loadConfig } from '../src/config';
import { EVENT_STORE } from '../src/infrastructure/tokens';
import { SetPasswordCommand } from '../src/users/commands/user-commands';
import { ACCOUNTS, PASSWORD, startTestApp, TestApp } from './support/test-app';

/** The refresh cookie a response sets on /v1/refresh, as a Cookie header value. */
function refreshCookieOf(res: Response): string {
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const cookie = cookies.find(
    (c) => c.startsWith('reloc_refresh=') && /Path=\/v1\/refresh/.test(c),
  );
  if (!cookie) throw new Error(`no refresh cookie in ${JSON.stringify(cookies)}`);
  return cookie.split(';')[0];
}

async function login(t: TestApp, email: string, password = PASSWORD) {
  const res = await t.http().post('/v1/login-partner').send({ email, password });
  expect(res.status).toBe(200);
  return { token: res.body.token as string, cookie: refreshCookieOf(res) };
}

const refresh = (t: TestApp, cookie: string | null, token?: string) => {
  const call = t.http().post('/v1/refresh');
  if (cookie) call.set('Cookie', cookie);
  if (token) call.set('Authorization', `Bearer ${token}`);
  return call;
};

const staff = (t: TestApp, token: string) =>
  t.http().get('/v1/partner/staff').set('Authorization', `Bearer ${token}`);

const sessionIdOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { sid: string })
    .sid;

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

  it('refreshes a token with the refresh cookie', async () => {
    const { token, cookie } = await login(t, ACCOUNTS.VENDOR);
    const res = await refresh(t, cookie, token);
    expect(res.status).toBe(200);
    expect(typeof res.body.token).toBe('string');
    expect((await staff(t, res.body.token)).status).toBe(200);
    const bad = await t.http().post('/v1/refresh').set('Authorization', 'Bearer nope');
    expect(bad.status).toBe(401);
  });

  it('gives every demo account its own password hash (own salt), all of the demo password', async () => {
    const users = t.app.get(UsersReadModel).list(undefined, undefined);
    const hashes = users.map((user) => user.passwordHash).filter((h): h is string => !!h);
    expect(hashes.length).toBeGreaterThanOrEqual(Object.keys(ACCOUNTS).length);
    expect(new Set(hashes).size).toBe(hashes.length);
    expect(new Set(hashes.map((h) => h.slice(0, 29))).size).toBe(hashes.length); // the salts
    for (const hash of hashes) expect(await checkPassword(PASSWORD, hash)).toBe(true);
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
    t = await startTestApp({ RELOC_TOKEN_TTL_SECONDS: '2' });
  });
  afterAll(() => t.close());

  it('answers Expired token, then refresh gives a working token', async () => {
    const { token, cookie } = await login(t, ACCOUNTS.OPERATOR);
    expect((await staff(t, token)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 2100));
    const expired = await t.http().get('/v1/partner/staff').set('Authorization', `Bearer ${token}`);
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ message: 'Expired token' });
    const status = await t.http().get('/v1/status.json').set('Authorization', `Bearer ${token}`);
    expect(status.status).toBe(401);
    expect(status.body).toEqual({ message: 'Expired token' });
    const refreshed = await refresh(t, cookie, token);
    expect(refreshed.status).toBe(200);
    const retried = await t
      .http()
      .get('/v1/partner/staff')
      .set('Authorization', `Bearer ${refreshed.body.token}`);
    expect(retried.status).toBe(200);
  });
});

describe('sessions: short access tokens, rotating refresh tokens, logout (issue 14)', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    t = await startTestApp();
    root = await t.tokenOf('SUPERADMIN');
  });
  afterAll(() => t.close());

  it('gives access tokens of RELOC_TOKEN_TTL_SECONDS (900 by default)', async () => {
    const { token } = await login(t, ACCOUNTS.OPERATOR);
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
    expect(claims.exp - claims.iat).toBe(t.config.tokenTtlSeconds);
    expect(loadConfig({ RELOC_DATA_DIR: t.config.dataDir }).tokenTtlSeconds).toBe(900);
  });

  it('keeps the refresh token in an http-only, SameSite=Strict cookie on /v1/refresh and /v1/logout', async () => {
    const res = await t
      .http()
      .post('/v1/login-partner')
      .send({ email: ACCOUNTS.OPERATOR, password: PASSWORD });
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const refreshCookies = cookies.filter((c) => c.startsWith('reloc_refresh='));
    expect(refreshCookies.map((c) => /Path=([^;]+)/.exec(c)?.[1]).sort()).toEqual([
      '/v1/logout',
      '/v1/refresh',
    ]);
    for (const cookie of refreshCookies) {
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Strict/);
    }
    expect(JSON.stringify(res.body)).not.toContain(refreshCookieOf(res).split('=')[1]);
  });

  it('answers an old client refreshing with only its token a clear 401, never a 5xx', async () => {
    const { token } = await login(t, ACCOUNTS.OPERATOR);
    const res = await refresh(t, null, token);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Invalid credentials' });
    for (const cookie of ['reloc_refresh=', 'reloc_refresh=abc.def', 'reloc_refresh=%E0%A4%A']) {
      const odd = await refresh(t, cookie, token);
      expect({ cookie, status: odd.status }).toEqual({ cookie, status: 401 });
    }
  });

  it('rotates: a refresh token is single use, the token it replaced is no longer valid', async () => {
    const first = await login(t, ACCOUNTS.OPERATOR);
    const res = await refresh(t, first.cookie, first.token);
    expect(res.status).toBe(200);
    const second = { token: res.body.token as string, cookie: refreshCookieOf(res) };
    expect(second.cookie).not.toBe(first.cookie);
    expect((await staff(t, second.token)).status).toBe(200);
    // The access token it replaced asks for a refresh (the console then takes the new one).
    const old = await staff(t, first.token);
    expect(old.status).toBe(401);
    expect(old.body).toEqual({ message: 'Expired token' });
    // Once its successor was used, the first token is spent for good (and revokes: a reuse).
    expect((await refresh(t, second.cookie)).status).toBe(200);
    const spent = await refresh(t, first.cookie);
    expect(spent.status).toBe(401);
    expect(spent.body).toEqual({ message: 'Invalid credentials' });
  });

  describe('a lost refresh answer: the token just replaced works again for a short grace', () => {
    // The sessions' clock, stopped at each test's start and moved by hand: no timing.
    const sessions = () => t.app.get(SessionService);
    let realClock: () => Date;
    let now = 0;
    beforeEach(() => {
      realClock = sessions().now;
      now = Date.now();
      sessions().now = () => new Date(now);
    });
    afterEach(() => {
      sessions().now = realClock;
    });
    const later = async <T>(ms: number, call: () => Promise<T>): Promise<T> => {
      now += ms;
      return call();
    };
    const eventsOf = async (token: string) =>
      (await t.app.get<EventStore>(EVENT_STORE).readStream(`session-${sessionIdOf(token)}`)).map(
        (e) => e.type,
      );

    it('answers a retry within the grace with the same successor, in the same session', async () => {
      const first = await login(t, ACCOUNTS.OPERATOR);
      const lost = await refresh(t, first.cookie, first.token); // the answer never arrives
      expect(lost.status).toBe(200);
      const retry = await later(REFRESH_RETRY_GRACE_MS - 1000, () =>
        refresh(t, first.cookie, first.token),
      );
      expect(retry.status).toBe(200);
      expect(refreshCookieOf(retry)).toBe(refreshCookieOf(lost));
      expect(sessionIdOf(retry.body.token)).toBe(sessionIdOf(first.token));
      expect((await staff(t, retry.body.token)).status).toBe(200);
      // Nothing new in the session: no second rotation, no revocation.
      expect(await eventsOf(first.token)).toEqual(['SessionOpened', 'SessionRefreshed']);
      // And the successor goes on as usual.
      const next = await refresh(t, refreshCookieOf(retry));
      expect(next.status).toBe(200);
      expect((await staff(t, next.body.token)).status).toBe(200);
    });

    it('still revokes the family on a reuse after the grace', async () => {
      const first = await login(t, ACCOUNTS.OPERATOR);
      const lost = await refresh(t, first.cookie, first.token);
      expect(lost.status).toBe(200);
      const late = await later(REFRESH_RETRY_GRACE_MS + 1000, () => refresh(t, first.cookie));
      expect(late.status).toBe(401);
      expect(late.body).toEqual({ message: 'Invalid credentials' });
      expect((await refresh(t, refreshCookieOf(lost))).status).toBe(401);
      expect((await staff(t, lost.body.token)).status).toBe(401);
      expect(await eventsOf(first.token)).toEqual([
        'SessionOpened',
        'SessionRefreshed',
        'SessionRevoked',
      ]);
    });

    it('refuses the replaced token after a logout, even within the grace', async () => {
      const first = await login(t, ACCOUNTS.OPERATOR);
      const rotated = await refresh(t, first.cookie, first.token);
      expect(rotated.status).toBe(200);
      const out = await t
        .http()
        .post('/v1/logout')
        .set('Authorization', `Bearer ${rotated.body.token}`)
        .set('Cookie', refreshCookieOf(rotated));
      expect(out.status).toBe(204);
      const retry = await refresh(t, first.cookie, first.token);
      expect(retry.status).toBe(401);
      expect(retry.body).toEqual({ message: 'Invalid credentials' });
      expect((await refresh(t, refreshCookieOf(rotated))).status).toBe(401);
      expect((await staff(t, rotated.body.token)).status).toBe(401);
    });

    it('logs out with the replaced refresh cookie alone, within the grace', async () => {
      const first = await login(t, ACCOUNTS.OPERATOR);
      const lost = await refresh(t, first.cookie);
      expect(lost.status).toBe(200);
      // The browser kept the old cookie (the answer was lost), then the person logs out.
      expect((await t.http().post('/v1/logout').set('Cookie', first.cookie)).status).toBe(204);
      expect((await staff(t, lost.body.token)).status).toBe(401);
      expect((await refresh(t, first.cookie)).status).toBe(401);
    });
  });

  it('revokes the whole family when a spent refresh token comes back, and leaves an audit event', async () => {
    const first = await login(t, ACCOUNTS.SALE);
    const r1 = await refresh(t, first.cookie);
    expect(r1.status).toBe(200);
    const r2 = await refresh(t, refreshCookieOf(r1));
    expect(r2.status).toBe(200);
    const newest = { token: r2.body.token as string, cookie: refreshCookieOf(r2) };
    expect((await staff(t, newest.token)).status).toBe(200);

    expect((await refresh(t, first.cookie)).status).toBe(401); // the thief's replay
    const afterReuse = await refresh(t, newest.cookie);
    expect(afterReuse.status).toBe(401);
    expect(afterReuse.body).toEqual({ message: 'Invalid credentials' });
    const access = await staff(t, newest.token);
    expect(access.status).toBe(401);
    expect(access.body).toEqual({ message: 'Invalid credentials' });

    const sessionId = sessionIdOf(newest.token);
    const events = await t.app.get<EventStore>(EVENT_STORE).readStream(`session-${sessionId}`);
    expect(events.map((e) => e.type)).toEqual([
      'SessionOpened',
      'SessionRefreshed',
      'SessionRefreshed',
      'SessionRevoked',
    ]);
    expect(events[3].data).toMatchObject({
      reason: 'refreshReused',
      email: ACCOUNTS.SALE,
      reusedGeneration: 0,
    });
    expect(JSON.stringify(events)).not.toContain(first.cookie.split('=')[1].split('.')[1]);
    const audit = await t.http().get('/v1/admin/audit').set('Authorization', `Bearer ${root}`);
    expect(audit.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'refreshReuse',
          target: ACCOUNTS.SALE,
          details: { sessionId, reusedGeneration: 0 },
        }),
      ]),
    );
    // Another session of the same person is untouched.
    expect((await staff(t, (await login(t, ACCOUNTS.SALE)).token)).status).toBe(200);
  });

  it('logs out: the access token and the refresh token answer 401 at once', async () => {
    const other = await login(t, ACCOUNTS.ADMIN);
    const session = await login(t, ACCOUNTS.ADMIN);
    expect((await staff(t, session.token)).status).toBe(200);
    const out = await t
      .http()
      .post('/v1/logout')
      .set('Authorization', `Bearer ${session.token}`)
      .set('Cookie', session.cookie);
    expect(out.status).toBe(204);
    const cleared = ([] as string[]).concat(out.headers['set-cookie'] ?? []);
    expect(cleared.filter((c) => /^reloc_refresh=;/.test(c))).toHaveLength(2);
    const after = await staff(t, session.token);
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ message: 'Invalid credentials' });
    const status = await t
      .http()
      .get('/v1/status.json')
      .set('Authorization', `Bearer ${session.token}`);
    expect(status.body).toEqual({ ok: true, isLogged: false });
    expect((await refresh(t, session.cookie)).status).toBe(401);
    // Only that session: the same person's other one goes on.
    expect((await staff(t, other.token)).status).toBe(200);
    // Logging out twice, or without anything, is not an error.
    expect(
      (await t.http().post('/v1/logout').set('Authorization', `Bearer ${session.token}`)).status,
    ).toBe(204);
    expect((await t.http().post('/v1/logout')).status).toBe(204);
  });

  it('logs out with the refresh cookie alone', async () => {
    const session = await login(t, ACCOUNTS.ADMIN);
    const out = await t.http().post('/v1/logout').set('Cookie', session.cookie);
    expect(out.status).toBe(204);
    expect((await staff(t, session.token)).status).toBe(401);
  });

  it("gives 'Incarner' its own session, which ends without touching the super admin's", async () => {
    const admin = await login(t, ACCOUNTS.SUPERADMIN);
    const res = await t
      .http()
      .post('/v1/admin/impersonate')
      .set('Authorization', `Bearer ${admin.token}`)
      .send({ email: ACCOUNTS.SALE });
    expect(res.status).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    const impersonated = res.body.token as string;
    expect((await staff(t, impersonated)).status).toBe(200);
    // Not renewed with the super admin's refresh cookie.
    expect((await refresh(t, admin.cookie, impersonated)).status).toBe(401);
    const out = await t
      .http()
      .post('/v1/logout')
      .set('Authorization', `Bearer ${impersonated}`)
      .set('Cookie', admin.cookie);
    expect(out.status).toBe(204);
    expect(out.headers['set-cookie']).toBeUndefined();
    expect((await staff(t, impersonated)).status).toBe(401);
    expect((await staff(t, admin.token)).status).toBe(200);
    expect((await refresh(t, admin.cookie, admin.token)).status).toBe(200);
  });

  it('revokes every session of a person whose password changed', async () => {
    const a = await login(t, ACCOUNTS.OPERATOR);
    const b = await login(t, ACCOUNTS.OPERATOR);
    const userId = (await t.http().get('/v1/status.json').set('Authorization', `Bearer ${a.token}`))
      .body.id as string;
    await t.app
      .get(CommandBus)
      .execute(
        new SetPasswordCommand(
          { id: 'root', trigram: null, role: 'SUPERADMIN' },
          userId,
          await hashPassword('Nouveau-Mot-De-Passe-2'),
        ),
      );
    for (const session of [a, b]) {
      const res = await staff(t, session.token);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Invalid credentials' });
      expect((await refresh(t, session.cookie)).status).toBe(401);
    }
    // A session opened with the new password works.
    const fresh = await login(t, ACCOUNTS.OPERATOR, 'Nouveau-Mot-De-Passe-2');
    expect((await staff(t, fresh.token)).status).toBe(200);
    expect((await refresh(t, fresh.cookie)).status).toBe(200);
  });

  it('revokes every session of a deactivated person', async () => {
    const session = await login(t, ACCOUNTS.VENDOR);
    const res = await t
      .http()
      .put(`/v1/partner/${ACCOUNTS.VENDOR}/deactivate`)
      .set('Authorization', `Bearer ${root}`)
      .send({ replaceBy: 'JBE' });
    expect(res.status).toBe(200);
    const access = await staff(t, session.token);
    expect(access.status).toBe(401);
    expect(access.body).toEqual({ message: 'Invalid credentials' });
    expect((await refresh(t, session.cookie)).status).toBe(401);
  });
});

describe('sessions survive a restart', () => {
  it('keeps open sessions open and closed ones closed', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dataDir = mkdtempSync(join(tmpdir(), 'reloc-sessions-'));
    const env = { RELOC_DATA_DIR: dataDir };
    let t = await startTestApp(env);
    const open = await login(t, ACCOUNTS.OPERATOR);
    const closed = await login(t, ACCOUNTS.OPERATOR);
    await t.http().post('/v1/logout').set('Authorization', `Bearer ${closed.token}`).expect(204);
    await t.close();
    t = await startTestApp(env);
    try {
      expect((await staff(t, open.token)).status).toBe(200);
      expect((await refresh(t, open.cookie)).status).toBe(200);
      expect((await staff(t, closed.token)).status).toBe(401);
      expect((await refresh(t, closed.cookie)).status).toBe(401);
    } finally {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
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
