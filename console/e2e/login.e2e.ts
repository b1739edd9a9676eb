import AxeBuilder from '@axe-core/playwright';
import type { Role } from '@reloc/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { e2eEnv } from './support/env';
import { E2E_ADMIN_EMAIL, E2E_PASSWORD } from './support/server';
import {
  expectedTabs,
  launchBrowser,
  login,
  openPage,
  shownTabs,
  submitLogin,
} from './support/browser';

const ACCOUNTS: [Role, string][] = [
  ['SUPERADMIN', E2E_ADMIN_EMAIL],
  ['ADMIN', 'claire.martin@reloc.fr'],
  ['OPERATOR', 'julien.bernard@reloc.fr'],
  ['SALE', 'sophie.petit@reloc.fr'],
  ['VENDOR', 'thomas.robert@reloc.fr'],
];

describe('login', () => {
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

  it.each(ACCOUNTS)('%s (%s) lands on /sales and sees exactly its tabs', async (role, email) => {
    await login(page, email, E2E_PASSWORD);

    expect(new URL(page.url()).pathname).toBe('/sales');
    expect(await shownTabs(page)).toEqual(expectedTabs(role));
    const active = page.locator('nav[aria-label="Navigation principale"] [aria-current="page"]');
    await expect(active.textContent()).resolves.toBe('Sales');
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeTruthy();
  });

  it("says 'Identifiant ou mot de passe incorrect' for a wrong password", async () => {
    await page.goto('/');
    await submitLogin(page, 'claire.martin@reloc.fr', 'pas-le-bon-mot-de-passe');

    await expect(page.getByRole('alert').textContent()).resolves.toContain(
      'Identifiant ou mot de passe incorrect',
    );
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('shows the French validation messages without calling the API', async () => {
    const posts: string[] = [];
    page.on('request', (r) => r.url().includes('/v1/login-partner') && posts.push(r.url()));
    await page.goto('/');

    await submitLogin(page, 'claire.martin', 'court');

    await page.getByText('Doit être une adresse e-mail valide.').waitFor();
    await page.getByText('Doit contenir au minimum 8 caractères.').waitFor();
    const identifier = page.getByLabel('Identifiant');
    expect(await identifier.getAttribute('aria-invalid')).toBe('true');
    const describedBy = await identifier.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(
      'Doit être une adresse e-mail valide.',
    );

    await identifier.fill('');
    await page.getByLabel('Mot de passe').fill('');
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await expect(page.getByText('Obligatoire').count()).resolves.toBe(2);
    expect(posts).toEqual([]);
  });

  it('logs a USER out back to the login', async () => {
    await page.goto('/');
    await submitLogin(page, 'lea.dubois@exemple.fr', E2E_PASSWORD);

    await page.waitForURL((u) => u.pathname === '/' && !u.search.includes('redirect'), {
      timeout: 15_000,
    });
    await page.getByRole('button', { name: 'Se connecter', exact: true }).waitFor();
    await page.waitForFunction(() => window.localStorage.getItem('token') === null);
    expect(await page.getByRole('navigation', { name: 'Navigation principale' }).count()).toBe(0);
  });

  it('has no accessibility violation on the login page (axe)', async () => {
    await page.goto('/');
    await page.getByLabel('Identifiant').waitFor();
    await submitLogin(page, 'x', 'y'); // with the error messages shown too

    await page.getByText('Doit être une adresse e-mail valide.').waitFor();
    const results = await new AxeBuilder({ page }).analyze();

    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`),
    ).toEqual([]);
  });
});
