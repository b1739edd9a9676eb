import { type ApiHandle, startApi } from './api-process';
import { freePort, type OidcProviderHandle, startOidcProvider } from './provider-process';
import { CookieJar, exchange, send, signInAtProvider, throughProvider } from './sso-flow';

const CLIENT = { clientId: 'reloc-console', clientSecret: 'reloc-test-secret' };
const ADMIN = { email: 'superadmin.sso@reloc.fr', password: 'Reloc-sso-Mdp-2026' };
const OPERATOR = 'julien.bernard@reloc.fr';
const DEACTIVATED = 'antoine.fournier@reloc.fr';
const UNVERIFIED = 'camille.roux@non-verifie.test';

const UNKNOWN_MESSAGE = "Votre compte n'existe pas sur la plateforme";
const DEACTIVATED_MESSAGE = 'Votre compte est désactivé';

type Stack = { provider: OidcProviderHandle; api: ApiHandle };

/** A provider that knows the API's /callback-sso, and an API configured for that provider. */
async function startStack(
  options: {
    conform?: boolean;
    authMethod?: 'client_secret_basic';
    env?: Record<string, string>;
  } = {},
): Promise<Stack> {
  const port = await freePort();
  const provider = await startOidcProvider({
    ...CLIENT,
    redirectUris: [`http://127.0.0.1:${port}/callback-sso`],
    conform: options.conform,
    authMethod: options.authMethod,
  });
  try {
    const api = await startApi(
      {
        RELOC_ADMIN_EMAIL: ADMIN.email,
        RELOC_ADMIN_PASSWORD: ADMIN.password,
        RELOC_SSO_ISSUER: provider.issuer,
        RELOC_SSO_CLIENT_ID: CLIENT.clientId,
        RELOC_SSO_CLIENT_SECRET: CLIENT.clientSecret,
        ...options.env,
      },
      port,
    );
    return { provider, api };
  } catch (error) {
    await provider.stop();
    throw error;
  }
}

async function stopStack(stack: Stack | undefined): Promise<void> {
  await stack?.api.stop();
  await stack?.provider.stop();
}

/** The whole sign-in of `email`, as the console does it; the answer of POST /v1/callback-sso. */
async function signIn(stack: Stack, email: string) {
  const jar = new CookieJar();
  const back = await signInAtProvider(jar, stack.api.url, stack.provider.issuer, email);
  return exchange(jar, stack.api.url, { code: back.code, state: back.state ?? undefined });
}

async function statusOf(api: ApiHandle, token: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${api.url}/v1/status.json`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await response.json()) as Record<string, unknown>;
}

async function adminToken(api: ApiHandle): Promise<string> {
  const response = await fetch(`${api.url}/v1/login-partner`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!response.ok) throw new Error(`admin login: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** A staff account with this e-mail, created by the superadmin and visible to the login. */
async function createOperator(api: ApiHandle, email: string): Promise<void> {
  const token = await adminToken(api);
  const response = await fetch(`${api.url}/v1/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ firstName: 'Camille', lastName: 'Roux', role: 'OPERATOR', email }),
  });
  if (response.status !== 201) {
    throw new Error(`user creation: ${response.status} ${await response.text()}`);
  }
  const deadline = Date.now() + 10_000;
  for (;;) {
    const list = await fetch(`${api.url}/v1/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ search: email }),
    });
    const body = (await list.json()) as unknown;
    if (JSON.stringify(body).includes(email)) return;
    if (Date.now() > deadline) throw new Error(`${email} never appeared in the users list`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('Google sign-in against a real OpenID provider (§2, §7, §8)', () => {
  let stack: Stack | undefined;

  beforeAll(async () => {
    stack = await startStack();
  }, 90_000);
  afterAll(() => stopStack(stack));

  const running = (): Stack => {
    if (!stack) throw new Error('the provider and the API did not start');
    return stack;
  };

  it('redirects to the provider with an S256 PKCE challenge, a state and the console return', async () => {
    const { api, provider } = running();
    const jar = new CookieJar();

    const response = await send(jar, `${api.url}/v1/login-sso`);

    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(`${provider.issuer}/auth`);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: CLIENT.clientId,
      response_type: 'code',
      redirect_uri: `${api.url}/callback-sso`,
      code_challenge_method: 'S256',
      scope: expect.stringContaining('email') as unknown as string,
    });
    expect(location.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(location.searchParams.get('state')).toBeTruthy();
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('reloc_sso='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('signs an active OPERATOR in: a token for that account, the flow cookie cleared', async () => {
    const { api, provider } = running();
    const jar = new CookieJar();
    const back = await signInAtProvider(jar, api.url, provider.issuer, OPERATOR);
    expect(back.callbackUrl.origin + back.callbackUrl.pathname).toBe(`${api.url}/callback-sso`);
    expect(jar.get(api.url, 'reloc_sso')).toBeTruthy();

    const result = await exchange(jar, api.url, { code: back.code, state: back.state ?? '' });

    expect(result.status).toBe(200);
    expect(typeof result.body.token).toBe('string');
    expect(await statusOf(api, String(result.body.token))).toMatchObject({
      isLogged: true,
      role: 'OPERATOR',
      email: OPERATOR,
    });
    expect(jar.get(api.url, 'reloc_sso')).toBeUndefined();
    // A session like a login's: its refresh token in the http-only cookie, and it rotates.
    const refreshToken = jar.get(api.url, 'reloc_refresh');
    expect(refreshToken).toBeTruthy();
    const refreshed = await send(jar, `${api.url}/v1/refresh`, { method: 'POST' });
    expect(refreshed.status).toBe(200);
    expect(jar.get(api.url, 'reloc_refresh')).not.toBe(refreshToken);
  });

  it('accepts the return without state too (the cookie carries it)', async () => {
    const { api, provider } = running();
    const jar = new CookieJar();
    const back = await signInAtProvider(jar, api.url, provider.issuer, OPERATOR);

    const result = await exchange(jar, api.url, { code: back.code });

    expect(result.status).toBe(200);
  });

  it("answers 401 'Votre compte est désactivé' to a deactivated account", async () => {
    const result = await signIn(running(), DEACTIVATED);

    expect(result).toEqual({ status: 401, body: { message: DEACTIVATED_MESSAGE } });
  });

  it("answers 404 'Votre compte n'existe pas sur la plateforme' to an unknown address", async () => {
    const result = await signIn(running(), 'inconnu@reloc.fr');

    expect(result).toEqual({ status: 404, body: { message: UNKNOWN_MESSAGE } });
  });

  it('refuses an address the provider has not verified, even of an existing account', async () => {
    await createOperator(running().api, UNVERIFIED);

    const result = await signIn(running(), UNVERIFIED);

    expect(result).toEqual({ status: 404, body: { message: UNKNOWN_MESSAGE } });
  });

  it('refuses a state that is not the one of the flow, a missing flow cookie and a replayed code', async () => {
    const { api, provider } = running();
    const jar = new CookieJar();
    const back = await signInAtProvider(jar, api.url, provider.issuer, OPERATOR);
    const flowCookie = jar.get(api.url, 'reloc_sso') ?? '';

    const wrongState = await exchange(jar, api.url, { code: back.code, state: 'pas-le-bon' });
    expect(wrongState.status).toBe(400);

    const noCookie = await exchange(new CookieJar(), api.url, { code: back.code });
    expect(noCookie.status).toBe(400);

    const first = await exchange(jar, api.url, { code: back.code, state: back.state ?? '' });
    expect(first.status).toBe(200);

    jar.set(api.url, 'reloc_sso', flowCookie); // the same flow again, with the used code
    const replay = await exchange(jar, api.url, { code: back.code, state: back.state ?? '' });
    expect(replay.status).toBe(400);
  });

  it('comes back to /callback-sso with error=access_denied and no code when cancelled', async () => {
    const { api, provider } = running();

    const back = await throughProvider(new CookieJar(), api.url, provider.issuer, null);

    expect(back.origin + back.pathname).toBe(`${api.url}/callback-sso`);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('refuses a forged flow cookie', async () => {
    const { api, provider } = running();
    const jar = new CookieJar();
    const back = await signInAtProvider(jar, api.url, provider.issuer, OPERATOR);
    const [payload] = decodeURIComponent(jar.get(api.url, 'reloc_sso') ?? '').split('.');
    jar.set(api.url, 'reloc_sso', `${payload}.${'A'.repeat(43)}`);

    const result = await exchange(jar, api.url, { code: back.code, state: back.state ?? '' });

    expect(result.status).toBe(400);
  });
});

describe('Google sign-in restricted to a domain (RELOC_SSO_ALLOWED_DOMAIN)', () => {
  let stack: Stack | undefined;

  beforeAll(async () => {
    stack = await startStack({ env: { RELOC_SSO_ALLOWED_DOMAIN: 'reloc.fr' } });
  }, 90_000);
  afterAll(() => stopStack(stack));

  it('asks the provider for that domain and signs its accounts in', async () => {
    if (!stack) throw new Error('not started');
    const start = await send(new CookieJar(), `${stack.api.url}/v1/login-sso`);
    expect(new URL(start.headers.get('location') ?? '').searchParams.get('hd')).toBe('reloc.fr');

    const result = await signIn(stack, OPERATOR);

    expect(result.status).toBe(200);
  });

  it('refuses an existing account of another domain', async () => {
    if (!stack) throw new Error('not started');
    const result = await signIn(stack, 'lea.dubois@exemple.fr');

    expect(result).toEqual({ status: 404, body: { message: UNKNOWN_MESSAGE } });
  });
});

describe('Google sign-in with a provider that gives the e-mail at userinfo only', () => {
  let stack: Stack | undefined;

  beforeAll(async () => {
    stack = await startStack({ conform: true });
  }, 90_000);
  afterAll(() => stopStack(stack));

  it('reads the e-mail claims from userinfo when the ID token has only sub', async () => {
    if (!stack) throw new Error('not started');
    const ok = await signIn(stack, OPERATOR);
    expect(ok.status).toBe(200);
    expect(await statusOf(stack.api, String(ok.body.token))).toMatchObject({ email: OPERATOR });

    expect(await signIn(stack, DEACTIVATED)).toMatchObject({ status: 401 });
    expect(await signIn(stack, 'inconnu@non-verifie.test')).toMatchObject({ status: 404 });
  });
});
