import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, login } from './support/browser';
import { e2eEnv } from './support/env';
import { apiCall, apiToken } from './support/projects';
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

/** At 1280 px: the proposals table fits beside the comments, the prospects board in the page. */
describe('a 1280 × 800 screen', () => {
  const { url } = e2eEnv();
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({
      baseURL: url,
      locale: 'fr-FR',
      timezoneId: 'Europe/Paris',
      viewport: { width: 1280, height: 800 },
    });
    context.setDefaultTimeout(15_000);
    page = await context.newPage();
    await login(page, E2E_ADMIN_EMAIL, E2E_PASSWORD);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it("shows the proposals table whole, its 'Trajets' cells included", async () => {
    const token = await apiToken(url, E2E_ADMIN_EMAIL, E2E_PASSWORD);
    // A demo file further on has four proposals with their travel times.
    const board = await apiCall<{ leases: { _id: string }[] }>(url, token, 'POST', '/leases', {
      filter: 'active',
      progress: 'submittedToHil',
      size: 1,
    });
    const [file] = board.leases;
    await page.goto(`/project/${file._id}/proposals`);
    const table = page.getByRole('table', { name: 'Propositions' });
    await table.locator('[data-testid^="travel-"]').first().waitFor();
    const fit = await table.evaluate((element) => {
      const area = element.parentElement as HTMLElement;
      const right = area.getBoundingClientRect().right;
      return {
        table: element.scrollWidth,
        area: area.clientWidth,
        cut: Array.from(element.querySelectorAll('[data-testid^="travel-"]')).filter(
          (cell) => cell.getBoundingClientRect().right > right + 1,
        ).length,
      };
    });
    expect(fit.table).toBeLessThanOrEqual(fit.area);
    expect(fit.cut).toBe(0);
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth)).toBe(1280);
  });

  it('shows every column of the prospects board without sideways scrolling', async () => {
    await page.goto('/prospects');
    const board = page.getByRole('region', { name: 'Étapes des prospects' });
    await board.locator('[data-testid^="prospect-column-"]').first().waitFor();
    const fit = await board.evaluate((element) => ({
      scroll: element.scrollWidth,
      client: element.clientWidth,
      columns: element.querySelectorAll('[data-testid^="prospect-column-"]').length,
    }));
    expect(fit.columns).toBe(7);
    expect(fit.scroll).toBeLessThanOrEqual(fit.client);
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth)).toBe(1280);
  });
});
