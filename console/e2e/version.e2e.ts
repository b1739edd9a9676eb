import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, login, openPage } from './support/browser';
import { e2eEnv } from './support/env';
import { E2E_PASSWORD } from './support/server';

describe('new version', () => {
  const { url, consoleDir } = e2eEnv();
  const releaseFile = join(consoleDir, 'release.json');
  let original: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    original = readFileSync(releaseFile, 'utf8');
    browser = await launchBrowser();
    ({ context, page } = await openPage(browser, url));
  });
  afterAll(async () => {
    writeFileSync(releaseFile, original);
    await context?.close();
    await browser?.close();
  });

  it('offers to reload when release.json changes, and stays until dismissed', async () => {
    await page.clock.install();
    const releaseChecks: number[] = [];
    page.on(
      'response',
      (r) => r.url().endsWith('/v1/release.json') && releaseChecks.push(r.status()),
    );
    await login(page, 'claire.martin@reloc.fr', E2E_PASSWORD);
    await page.waitForLoadState('networkidle');
    expect(releaseChecks.length).toBeGreaterThanOrEqual(1);

    // Nothing changed: ten minutes later, no snackbar.
    await page.clock.fastForward('10:00');
    await page.waitForLoadState('networkidle');
    expect(await page.getByText('Une nouvelle version du site est disponible.').count()).toBe(0);

    const { ts } = JSON.parse(original) as { ts: number };
    writeFileSync(releaseFile, JSON.stringify({ ts: ts + 1000 }));
    await page.clock.fastForward('10:00');

    const message = page.getByText('Une nouvelle version du site est disponible.');
    await message.waitFor();
    // Persistent: still there long after the 7 s of an ordinary snackbar.
    await page.clock.fastForward('01:00');
    await page.waitForTimeout(500);
    expect(await message.isVisible()).toBe(true);

    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Rafraichir' }).click();
    await reloaded;
    await page.getByRole('navigation', { name: 'Navigation principale' }).waitFor();
  });
});
