import type { Browser, BrowserContext, Page } from 'playwright-core';
import { e2eEnv } from './support/env';
import { E2E_PASSWORD } from './support/server';
import { launchBrowser, login, openPage, shownTabs, submitLogin } from './support/browser';

const NAV = { name: 'Navigation principale' };

describe('session and routes', () => {
  const { url } = e2eEnv();
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
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

  it('keeps the session across a reload', async () => {
    await login(page, 'julien.bernard@reloc.fr', E2E_PASSWORD);
    await page.getByRole('link', { name: 'Reloc', exact: true }).click();
    await page.getByRole('heading', { name: 'Tableau Reloc' }).waitFor();

    await page.reload();

    await page.getByRole('heading', { name: 'Tableau Reloc' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/reloc');
    expect(await shownTabs(page)).toContain('Reloc');
  });

  it('redirects at once from the login page when already logged in', async () => {
    await login(page, 'sophie.petit@reloc.fr', E2E_PASSWORD);

    await page.goto('/');

    await page.waitForURL((u) => u.pathname === '/sales');
    await page.getByRole('navigation', NAV).waitFor();
  });

  it('renders an unknown path as the default board inside the layout', async () => {
    await login(page, 'claire.martin@reloc.fr', E2E_PASSWORD);

    await page.goto('/foo');

    await page.getByRole('heading', { name: 'Tableau des projets' }).waitFor();
    expect(await page.locator('[data-board-mode="default"]').count()).toBe(1);
    await page.getByRole('navigation', NAV).waitFor();
    expect(await page.getByRole('button', { name: 'Se déconnecter' }).count()).toBe(1);
  });

  it('returns to a deep link after logging in', async () => {
    await page.goto('/hosts');

    await page.waitForURL((u) => u.pathname === '/' && u.searchParams.get('redirect') === '/hosts');
    await submitLogin(page, 'thomas.robert@reloc.fr', E2E_PASSWORD);

    await page.waitForURL((u) => u.pathname === '/hosts');
    await page.getByRole('heading', { name: 'Biens' }).waitFor();
    const active = page.locator('nav[aria-label="Navigation principale"] [aria-current="page"]');
    expect(await active.textContent()).toBe('Biens');
  });

  it('logs out with the toolbar button, and the pages then ask for a login', async () => {
    await login(page, 'claire.martin@reloc.fr', E2E_PASSWORD);

    await page.getByRole('button', { name: 'Se déconnecter' }).click();

    await page.waitForURL((u) => u.pathname === '/');
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    await page.goto('/sales');
    await page.waitForURL((u) => u.pathname === '/' && u.searchParams.get('redirect') === '/sales');
  });

  it('opens the notifications page from the toolbar and shows the about page', async () => {
    await login(page, 'claire.martin@reloc.fr', E2E_PASSWORD);

    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.waitForURL((u) => u.pathname === '/notifications');
    await page.getByRole('heading', { name: 'Notifications' }).waitFor();

    await page.goto('/about');
    await page.getByRole('heading', { name: 'À propos' }).waitFor();
    await page.getByText('réservée aux partenaires').waitFor();
    expect(await page.getByRole('link', { name: 'politique de confidentialité' }).count()).toBe(1);
  });
});
