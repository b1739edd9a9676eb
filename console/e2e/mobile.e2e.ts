import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, login, openPage } from './support/browser';
import {
  CONSOLE_DIST_MOBILE,
  E2E_PASSWORD,
  type ServerHandle,
  startServer,
} from './support/server';

type WrapperWindow = Window & { wrapperMessages: string[] };

describe('mobile build (dist-mobile)', () => {
  let server: ServerHandle;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startServer({}, CONSOLE_DIST_MOBILE);
    browser = await launchBrowser();
    ({ context, page } = await openPage(browser, server.url));
    // The React Native wrapper's bridge, recording what the console posts to it.
    await context.addInitScript(() => {
      const w = window as unknown as WrapperWindow & {
        ReactNativeWebView: { postMessage: (m: string) => void };
      };
      w.wrapperMessages = JSON.parse(sessionStorage.getItem('wrapperMessages') ?? '[]');
      w.ReactNativeWebView = {
        postMessage: (message: string) => {
          w.wrapperMessages.push(message);
          sessionStorage.setItem('wrapperMessages', JSON.stringify(w.wrapperMessages));
        },
      };
    });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  const messages = () =>
    page.evaluate(() =>
      (window as unknown as WrapperWindow).wrapperMessages.map((m) => JSON.parse(m)),
    );

  it('posts the login to the wrapper and offers an info button to /about', async () => {
    await login(page, 'julien.bernard@reloc.fr', E2E_PASSWORD);

    const token = await page.evaluate(() => window.localStorage.getItem('token'));
    expect(await messages()).toEqual([{ type: 'login', token }]);
    await page.getByRole('button', { name: 'À propos' }).click();
    await page.getByRole('heading', { name: 'À propos' }).waitFor();
  });

  it("shows 'Vous êtes hors ligne' while status.json fails, and hides it when back", async () => {
    const banner = page.getByText('Vous êtes hors ligne');
    expect(await banner.count()).toBe(0);

    await page.route('**/v1/status.json', (route) => route.abort('internetdisconnected'));
    await banner.waitFor({ timeout: 12_000 });

    await page.unroute('**/v1/status.json');
    await banner.waitFor({ state: 'detached', timeout: 12_000 });
  });

  it('posts the logout to the wrapper', async () => {
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    expect((await messages()).at(-1)).toEqual({ type: 'logout' });
  });
});
