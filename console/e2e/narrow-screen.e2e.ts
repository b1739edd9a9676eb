import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, login } from './support/browser';
import { e2eEnv } from './support/env';
import { apiToken } from './support/projects';
import { everyRoute, settled } from './support/routes';
import { E2E_ADMIN_EMAIL, E2E_PASSWORD } from './support/server';

/** Issue 15 point 27: every page fits a 390 px phone without sideways scrolling. */
describe('every page at 390 × 844', () => {
  const { url } = e2eEnv();
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let routes: string[];

  beforeAll(async () => {
    browser = await launchBrowser();
    routes = await everyRoute(url, await apiToken(url, E2E_ADMIN_EMAIL, E2E_PASSWORD));
    context = await browser.newContext({
      baseURL: url,
      locale: 'fr-FR',
      timezoneId: 'Europe/Paris',
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    context.setDefaultTimeout(15_000);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  const width = () => page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);

  it('has no sideways scrolling on the login page nor on any route', async () => {
    await page.goto('/');
    await page.getByLabel('Identifiant').waitFor();
    const wide: string[] = [];
    if ((await width()) > 390) wide.push(`/ (${await width()} px)`);
    await login(page, E2E_ADMIN_EMAIL, E2E_PASSWORD);
    for (const route of routes) {
      await page.goto(route);
      await page.locator('main, [role="main"], #root').first().waitFor();
      await settled(page);
      const measured = await width();
      if (measured > 390) wide.push(`${route} (${measured} px)`);
      // Tab labels keep their width (the tab list scrolls instead of squeezing them).
      const squeezed = await page.evaluate(() =>
        Array.from(document.querySelectorAll('[role="tab"]'))
          .filter((tab) => tab.scrollWidth > tab.clientWidth + 1)
          .map((tab) => tab.textContent ?? ''),
      );
      if (squeezed.length) wide.push(`${route}: ${squeezed.join(', ')} squeezed`);
    }
    expect(wide).toEqual([]);
  });
});
