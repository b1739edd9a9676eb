import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, login, openPage } from './support/browser';
import { e2eEnv } from './support/env';
import { apiCall, apiToken } from './support/projects';
import { E2E_ADMIN_EMAIL, E2E_PASSWORD } from './support/server';

const SALE = 'sophie.petit@reloc.fr';
const OPERATOR = 'julien.bernard@reloc.fr';

/** Waits for 'Passer en <label>' to enable (after the autosave), clicks it, waits for the PUT. */
async function advance(page: Page, label: string) {
  const button = page.getByRole('button', { name: `Passer en ${label}` });
  await page.waitForFunction(
    (name) =>
      Array.from(document.querySelectorAll('button')).some(
        (b) => b.textContent?.trim() === name && !b.disabled,
      ),
    `Passer en ${label}`,
    { timeout: 10_000 },
  );
  const moved = page.waitForResponse(
    (r) => r.url().includes('/v1/prospects/') && r.request().method() === 'PUT' && r.ok(),
  );
  await button.click();
  await moved;
}

describe('prospects board and page', () => {
  const { url } = e2eEnv();
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let adminToken: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    adminToken = await apiToken(url, E2E_ADMIN_EMAIL, E2E_PASSWORD);
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

  it('a sale creates a prospect, fills it up to the Démo stage, abandons it and finds it under Abandonnés', async () => {
    const name = `Prospect E2E ${Date.now()}`;
    await login(page, SALE, E2E_PASSWORD);
    await page.goto('/prospects');
    await page.getByTestId('prospect-column-new').waitFor();

    await page.getByRole('button', { name: 'Nouveau prospect' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouveau prospect' });
    await dialog.getByLabel(/^Nom/).fill(name);
    await dialog.getByLabel('Commercial').selectOption({ label: 'SPE - Sophie Petit' });
    await dialog.getByRole('button', { name: 'Créer le prospect' }).click();
    await page.waitForURL(/\/prospect\/[0-9a-f]{24}$/);
    await page.getByRole('heading', { name }).waitFor();

    const next = page.getByRole('button', { name: 'Passer en Prospects' });
    await next.waitFor();
    expect(await next.isDisabled()).toBe(true);

    await page.getByLabel('SIRET').fill('123 456 789 00012');
    await page.getByLabel('Adresse').fill('10 rue de Rivoli, Paris');
    await page.getByLabel('Effectifs').selectOption('50-250');
    await page.getByLabel('Type de structure').selectOption({ label: 'Siège' });
    await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Entreprise' });
    await page.getByLabel('Origine').selectOption({ label: 'LinkedIn' });
    await advance(page, 'Prospects');

    await page.getByLabel('Nom du contact').fill('Jeanne Contact');
    await page.getByLabel('Poste du contact').fill('DRH');
    await page.getByLabel('Téléphone du contact').fill('0601020304');
    await page.getByLabel('E-mail du contact').fill('jeanne@exemple.fr');
    await advance(page, '1er contact établi');

    await page.getByLabel('Date de la démo').fill('15/12/2026');
    await advance(page, 'Démo');
    await page.getByRole('button', { name: 'Passer en Intéressé' }).waitFor();
    expect(await page.getByLabel('Étape').inputValue()).toBe('pitched');

    await page.getByText('Abandonné', { exact: true }).first().click();
    const abandon = page.getByRole('dialog', { name: 'Abandonner le prospect' });
    await abandon.getByLabel('Raison').selectOption({ label: 'Pas une priorité' });
    const saved = page.waitForResponse(
      (r) => r.url().includes('/v1/prospects/') && r.request().method() === 'PUT' && r.ok(),
    );
    await abandon.getByRole('button', { name: 'Abandonner' }).click();
    await saved;
    await page.getByTestId('abandon-reason').getByText('Pas une priorité').waitFor();

    await page.goto('/prospects');
    await page.getByTestId('prospect-column-pitched').waitFor();
    expect(await page.getByText(name).count()).toBe(0);
    await page.getByLabel('État').selectOption({ label: 'Abandonnés' });
    const column = page.getByTestId('prospect-column-pitched');
    await column.getByText(name).waitFor();
  });

  it('an operator who is neither lead nor sale cannot open the prospect', async () => {
    const name = `Prospect fermé ${Date.now()}`;
    const { _id: id } = await apiCall<{ _id: string }>(url, adminToken, 'POST', '/prospects', {
      name,
      assignees: { sale: 'SPE' },
    });
    await login(page, OPERATOR, E2E_PASSWORD);
    await page.goto('/prospects');
    await page.getByLabel('Rechercher un prospect').fill(name);
    const tile = page.getByTestId('prospect-tile').filter({ hasText: name });
    await tile.waitFor();
    expect(await tile.getByRole('link').count()).toBe(0);
    expect(await tile.evaluate((el) => el.tagName)).not.toBe('A');
    await tile.getByText("Vous n'êtes ni lead ni commercial sur ce prospect").waitFor();

    await page.goto(`/prospect/${id}`);
    await page.getByText('Accès refusé').waitFor();
    await page.getByText("Vous n'êtes ni lead ni commercial sur ce prospect").waitFor();
  });
});
