import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, login, openPage } from './support/browser';
import { e2eEnv } from './support/env';
import { apiToken } from './support/projects';
import { everyRoute, settled } from './support/routes';
import { E2E_ADMIN_EMAIL, E2E_PASSWORD } from './support/server';

const ACCOUNTS = [
  ['SUPERADMIN', E2E_ADMIN_EMAIL],
  ['ADMIN', 'claire.martin@reloc.fr'],
  ['OPERATOR', 'julien.bernard@reloc.fr'],
  ['SALE', 'sophie.petit@reloc.fr'],
  ['VENDOR', 'thomas.robert@reloc.fr'],
] as const;

/** Issue 15 point 28: axe finds no serious or critical violation, on every route, for every role. */
describe('accessibility (axe) of every route', () => {
  const { url } = e2eEnv();
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let routes: string[];

  beforeAll(async () => {
    browser = await launchBrowser();
    routes = await everyRoute(url, await apiToken(url, E2E_ADMIN_EMAIL, E2E_PASSWORD));
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    ({ context, page } = await openPage(browser, url));
  });
  afterEach(async () => {
    await context?.close();
  });

  it.each(ACCOUNTS)(
    'has no serious or critical violation for %s',
    async (_role, email) => {
      await login(page, email, E2E_PASSWORD);
      const found: string[] = [];
      for (const route of routes) {
        await page.goto(route);
        await page.locator('#root *').first().waitFor();
        await settled(page);
        const { violations } = await new AxeBuilder({ page }).analyze();
        for (const violation of violations)
          if (violation.impact === 'serious' || violation.impact === 'critical')
            found.push(
              `${route} ${violation.impact} ${violation.id}: ${violation.nodes
                .slice(0, 3)
                .map((node) => node.target.join(' '))
                .join(', ')}`,
            );
      }
      expect(found).toEqual([]);
    },
    // Some twenty routes, each analysed: slow on a shared machine.
    900_000,
  );
});
