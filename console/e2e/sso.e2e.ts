import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  freePort,
  type OidcProviderHandle,
  startOidcProvider,
} from '../../services/api/test/sso/provider-process';
import { expectedTabs, launchBrowser, openPage, shownTabs } from './support/browser';
import { E2E_ADMIN_EMAIL, E2E_PASSWORD, type ServerHandle, startServer } from './support/server';

// Google sign-in end to end: the console, the built API and a real OpenID provider (oidc-provider
// in a child process), all on 127.0.0.1; this file starts its own API, configured for SSO.

const CLIENT = { clientId: 'reloc-console-e2e', clientSecret: 'reloc-e2e-sso-secret' };
const NAV = { name: 'Navigation principale' };
const UNVERIFIED = 'camille.roux@non-verifie.test';

describe('Google sign-in (SSO)', () => {
  let provider: OidcProviderHandle | undefined;
  let server: ServerHandle | undefined;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    // The API discovers the provider lazily, at the first /v1/login-sso: it may start first,
    // on the provider's future address, so the provider can be told the API's return URL.
    const providerPort = await freePort();
    server = await startServer({
      RELOC_SSO_ISSUER: `http://127.0.0.1:${providerPort}`,
      RELOC_SSO_CLIENT_ID: CLIENT.clientId,
      RELOC_SSO_CLIENT_SECRET: CLIENT.clientSecret,
    });
    provider = await startOidcProvider({
      ...CLIENT,
      port: providerPort,
      redirectUris: [`${server.url}/callback-sso`],
    });
    await createOperator(server.url, UNVERIFIED);
    browser = await launchBrowser();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await provider?.stop();
  });
  beforeEach(async () => {
    if (!server) throw new Error('the SSO server did not start');
    ({ context, page } = await openPage(browser, server.url));
  });
  afterEach(async () => {
    await context?.close();
  });

  /** From the console's button to the provider's form, signed in there as `email`. */
  async function signInWithGoogle(email: string): Promise<string[]> {
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    await page.getByRole('button', { name: 'Se connecter avec Google' }).click();
    await page.waitForURL((u) => u.origin === provider?.issuer);
    await page.getByLabel('Adresse e-mail').fill(email);
    await page.getByRole('button', { name: 'Continuer' }).click();
    return visited;
  }

  const callbackAlert = () => page.getByRole('alert');

  it("logs an OPERATOR in through the provider, back on /sales with the OPERATOR's tabs", async () => {
    await page.goto('/');

    const visited = await signInWithGoogle('julien.bernard@reloc.fr');

    await page.waitForURL((u) => u.pathname === '/sales');
    await page.getByRole('navigation', NAV).waitFor();
    expect(await shownTabs(page)).toEqual(expectedTabs('OPERATOR'));
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeTruthy();
    const back = visited.map((u) => new URL(u)).find((u) => u.pathname === '/callback-sso');
    expect(back?.origin).toBe(server?.url);
    expect(back?.searchParams.get('code')).toBeTruthy();
    expect(back?.searchParams.get('state')).toBeTruthy();
    const cookies = await context.cookies(server?.url);
    expect(cookies.map((c) => c.name)).not.toContain('reloc_sso');

    await page.reload();
    await page.getByRole('navigation', NAV).waitFor();
    expect(new URL(page.url()).pathname).toBe('/sales');
  });

  it('returns to the route requested before the sign-in', async () => {
    await page.goto('/hosts');
    await page.waitForURL((u) => u.pathname === '/' && u.searchParams.get('redirect') === '/hosts');

    await signInWithGoogle('julien.bernard@reloc.fr');

    await page.waitForURL((u) => u.pathname === '/hosts');
    await page.getByRole('heading', { name: 'Biens' }).waitFor();
  });

  it("says 'Votre compte est désactivé' to a deactivated account", async () => {
    await page.goto('/');

    await signInWithGoogle('antoine.fournier@reloc.fr');

    await page.waitForURL((u) => u.pathname === '/callback-sso');
    await expect(callbackAlert().textContent()).resolves.toContain('Votre compte est désactivé');
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    expect(await page.getByRole('navigation', NAV).count()).toBe(0);
  });

  it("says 'Votre compte n'existe pas sur la plateforme' to an unknown address", async () => {
    await page.goto('/');

    await signInWithGoogle('inconnu@reloc.fr');

    await page.waitForURL((u) => u.pathname === '/callback-sso');
    await expect(callbackAlert().textContent()).resolves.toContain(
      "Votre compte n'existe pas sur la plateforme",
    );
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

    await page.getByRole('link', { name: 'Retour à la connexion' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('button', { name: 'Se connecter avec Google' }).waitFor();
  });

  it('refuses an address the provider has not verified, though its account exists', async () => {
    await page.goto('/');

    await signInWithGoogle(UNVERIFIED);

    await page.waitForURL((u) => u.pathname === '/callback-sso');
    await expect(callbackAlert().textContent()).resolves.toContain(
      "Votre compte n'existe pas sur la plateforme",
    );
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  });
});

/** An active OPERATOR with this address, created by the superadmin, visible to the login. */
async function createOperator(url: string, email: string): Promise<void> {
  const json = { 'content-type': 'application/json' };
  const login = await fetch(`${url}/v1/login-partner`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: E2E_ADMIN_EMAIL, password: E2E_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { ...json, authorization: `Bearer ${token}` };
  const created = await fetch(`${url}/v1/user`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ firstName: 'Camille', lastName: 'Roux', role: 'OPERATOR', email }),
  });
  if (created.status !== 201) throw new Error(`user creation: ${created.status}`);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const list = await fetch(`${url}/v1/users`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ search: email }),
    });
    if ((await list.text()).includes(email)) return;
    if (Date.now() > deadline) throw new Error(`${email} never appeared in the users list`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
