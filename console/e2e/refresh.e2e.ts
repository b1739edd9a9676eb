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
