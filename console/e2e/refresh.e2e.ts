import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { launchBrowser, login, openPage } from './support/browser';
import { E2E_PASSWORD, type ServerHandle, startServer } from './support/server';

const TTL_SECONDS = 2;

describe('expired token', () => {
  let server: ServerHandle;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startServer({ RELOC_TOKEN_TTL_SECONDS: String(TTL_SECONDS) });
    browser = await launchBrowser();
    ({ context, page } = await openPage(browser, server.url));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('is refreshed exactly once, then the call is retried and succeeds', async () => {
    await login(page, 'claire.martin@reloc.fr', E2E_PASSWORD);
    const firstToken = await page.evaluate(() => window.localStorage.getItem('token'));
    await new Promise((r) => setTimeout(r, (TTL_SECONDS + 1.5) * 1000));

    const apiCalls: { request: Request; status: number }[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/v1/')) {
        apiCalls.push({ request: response.request(), status: response.status() });
      }
    });
    await page.reload();
    await page.getByRole('navigation', { name: 'Navigation principale' }).waitFor();
    await page.waitForLoadState('networkidle');

    const paths = apiCalls.map(
      ({ request }) => `${request.method()} ${new URL(request.url()).pathname}`,
    );
    const refreshes = apiCalls.filter(({ request }) => request.url().endsWith('/v1/refresh'));
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0].status).toBe(200);
    const after = apiCalls.slice(paths.indexOf('POST /v1/refresh') + 1);
    const retried = after.find(
      ({ request }) => new URL(request.url()).pathname === '/v1/status.json',
    );
    expect(retried?.status).toBe(200);
    expect((await retried?.request.response())?.ok()).toBe(true);
    expect(await (await retried!.request.response())!.json()).toMatchObject({ isLogged: true });
    for (const path of ['/v1/notifications', '/v1/partner/staff']) {
      const call = after.find(({ request }) => new URL(request.url()).pathname === path);
      expect({ path, status: call?.status }).toEqual({ path, status: 200 });
    }
    const newToken = await page.evaluate(() => window.localStorage.getItem('token'));
    expect(newToken).toBeTruthy();
    expect(newToken).not.toBe(firstToken);
    expect(new URL(page.url()).pathname).toBe('/sales');
  });
});

describe('sessions with short access tokens (issue 14)', () => {
  let server: ServerHandle;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ RELOC_TOKEN_TTL_SECONDS: String(TTL_SECONDS) });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const waitPastTtl = () => new Promise((r) => setTimeout(r, (TTL_SECONDS + 1.5) * 1000));
  const tokenOf = (page: Page) => page.evaluate(() => window.localStorage.getItem('token'));
  const callWith = (token: string | null) =>
    fetch(`${server.url}/v1/partner/staff`, { headers: { Authorization: `Bearer ${token}` } });
  /**
   * The session was not revoked: the token is the newest (at worst past its few seconds), and
   * the browser's refresh cookie still renews it.
   */
  const expectSessionOpen = async (context: BrowserContext, token: string | null) => {
    const call = await callWith(token);
    if (call.status !== 200) expect(await call.json()).toEqual({ message: 'Expired token' });
    const renewed = await context.request.post(`${server.url}/v1/refresh`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(renewed.status()).toBe(200);
  };

  it('refreshes silently while the console is used, and a reload keeps the user logged in', async () => {
    const { context, page } = await openPage(browser, server.url);
    try {
      await login(page, 'julien.bernard@reloc.fr', E2E_PASSWORD);
      const refreshCookie = (await context.cookies()).find((c) => c.name === 'reloc_refresh');
      expect(refreshCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
      // Page scripts never see the refresh token.
      expect(await page.evaluate(() => document.cookie)).not.toContain('reloc_refresh');

      const failures: string[] = [];
      page.on('response', (response) => {
        const path = new URL(response.url()).pathname;
        if (path.startsWith('/v1/') && response.status() >= 400 && path !== '/v1/status.json')
          failures.push(`${response.status()} ${path}`);
      });
      for (let round = 0; round < 2; round++) {
        await waitPastTtl();
        // Moving on in the console: the expired token is refreshed, the calls are retried.
        await page.getByRole('link', { name: 'Reloc', exact: true }).click();
        await page.getByRole('heading', { name: 'Tableau Reloc' }).waitFor();
        await page.waitForLoadState('networkidle');
        await page.getByRole('link', { name: 'Biens', exact: true }).click();
        await page.getByRole('heading', { name: 'Biens' }).waitFor();
        await page.waitForLoadState('networkidle');
        expect(new URL(page.url()).pathname).toBe('/hosts');
      }
      // Only 'Expired token' answers came back (each followed by its retry), no visible hiccup.
      expect(failures.every((f) => f.startsWith('401'))).toBe(true);

      await waitPastTtl();
      await page.reload();
      await page.getByRole('heading', { name: 'Biens' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(new URL(page.url()).pathname).toBe('/hosts');
      await expectSessionOpen(context, await tokenOf(page));
    } finally {
      await context.close();
    }
  });

  it('lets several tabs refresh at once without revoking the session', async () => {
    const { context, page } = await openPage(browser, server.url);
    try {
      await login(page, 'claire.martin@reloc.fr', E2E_PASSWORD);
      const others = [await context.newPage(), await context.newPage()];
      for (const other of others) {
        await other.goto('/sales');
        await other.getByRole('navigation', { name: 'Navigation principale' }).waitFor();
      }
      const tabs = [page, ...others];
      await waitPastTtl();
      const refreshes: number[] = [];
      for (const tab of tabs)
        tab.on('response', (response) => {
          if (new URL(response.url()).pathname === '/v1/refresh') refreshes.push(response.status());
        });
      // All tabs reload at once, each with the expired token.
      await Promise.all(tabs.map((tab) => tab.reload()));
      for (const tab of tabs) {
        await tab.getByRole('navigation', { name: 'Navigation principale' }).waitFor();
        await tab.waitForLoadState('networkidle');
        expect(new URL(tab.url()).pathname).toBe('/sales');
      }
      // Serialised across tabs: the first refreshes, the others take its token.
      expect(refreshes.length).toBeGreaterThanOrEqual(1);
      expect(refreshes.every((status) => status === 200)).toBe(true);
      await expectSessionOpen(context, await tokenOf(page));
    } finally {
      await context.close();
    }
  });
});

describe('logging out (issue 14)', () => {
  // The default token life: a refusal can only come from the revocation, not from the
  // few seconds of the short-token server above running out on a busy machine.
  let server: ServerHandle;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const tokenOf = (page: Page) => page.evaluate(() => window.localStorage.getItem('token'));
  const callWith = (token: string | null) =>
    fetch(`${server.url}/v1/partner/staff`, { headers: { Authorization: `Bearer ${token}` } });

  it('logs out for real: the former token and refresh cookie answer 401', async () => {
    const { context, page } = await openPage(browser, server.url);
    try {
      await login(page, 'sophie.petit@reloc.fr', E2E_PASSWORD);
      const token = await tokenOf(page);
      const cookie = (await context.cookies()).find((c) => c.name === 'reloc_refresh');
      expect((await callWith(token)).status).toBe(200);

      await page.getByRole('button', { name: 'Se déconnecter' }).click();
      await page.waitForURL((u) => u.pathname === '/');

      expect(await tokenOf(page)).toBeNull();
      const replayed = await callWith(token);
      expect(replayed.status).toBe(401);
      expect(await replayed.json()).toEqual({ message: 'Invalid credentials' });
      const refreshed = await fetch(`${server.url}/v1/refresh`, {
        method: 'POST',
        headers: { Cookie: `reloc_refresh=${cookie?.value}` },
      });
      expect(refreshed.status).toBe(401);
      expect((await context.cookies()).find((c) => c.name === 'reloc_refresh')).toBeUndefined();
    } finally {
      await context.close();
    }
  });
});
