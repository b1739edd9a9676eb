import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, login, openPage } from './support/browser';
import { e2eEnv } from './support/env';
import { E2E_PASSWORD } from './support/server';

/**
 * The console and the OpenAPI page work under the api's Content-Security-Policy (no inline
 * script; issue 14 point 5): Chromium reports no violation, pages render.
 */
describe('Content-Security-Policy in the browser', () => {
  const { url } = e2eEnv();
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const violations: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await openPage(browser, url));
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text()))
        violations.push(`${page.url()}: ${message.text()}`);
    });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('sends the policy with the console page', async () => {
    const response = await page.goto(url, { waitUntil: 'networkidle' });
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('runs the console without a violation', async () => {
    await login(page, 'claire.martin@reloc.fr', E2E_PASSWORD);
    await page.waitForLoadState('networkidle');
    for (const path of ['/reloc', '/prospects', '/hosts', '/billing']) {
      await page.goto(new URL(path, url).href, { waitUntil: 'networkidle' });
      await page.getByRole('navigation', { name: 'Navigation principale' }).waitFor();
    }
    expect(violations).toEqual([]);
  });

  it('renders the OpenAPI page without a violation', async () => {
    await page.goto(new URL('/v1/docs', url).href, { waitUntil: 'networkidle' });
    await page.locator('.opblock').first().waitFor();
    expect(await page.locator('.opblock').count()).toBeGreaterThan(50);
    expect(violations).toEqual([]);
  });
});
