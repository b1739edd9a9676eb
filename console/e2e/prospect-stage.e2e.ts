import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, login, openPage } from './support/browser';
import { e2eEnv } from './support/env';
import { apiCall, apiToken } from './support/projects';
import { E2E_ADMIN_EMAIL, E2E_PASSWORD } from './support/server';

const ADMIN = 'claire.martin@reloc.fr';

/** Issue 15 points 8 and 25: the prospect's stage and abandon controls. */
describe('prospect stage and abandon', () => {
  const { url } = e2eEnv();
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let id: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await apiToken(url, E2E_ADMIN_EMAIL, E2E_PASSWORD);
    ({ _id: id } = await apiCall<{ _id: string }>(url, token, 'POST', '/prospects', {
      name: `Prospect étape ${Date.now()}`,
    }));
    const { _revision } = await apiCall<{ _revision: number }>(
      url,
      token,
      'GET',
      `/prospects/${id}`,
    );
    // The superadmin puts it at 'Intéressé' directly; it has no client file.
    await apiCall(url, token, 'PUT', `/prospects/${id}`, {
      _revision,
      currentProgress: 'involved',
    });
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

  it('lets only the superadmin pick a stage, and blocks a next stage ahead of the theoretical status', async () => {
    await login(page, ADMIN, E2E_PASSWORD);
    await page.goto(`/prospect/${id}`);
    const stage = page.getByLabel('Étape', { exact: true });
    await stage.waitFor();
    expect(await stage.isDisabled()).toBe(true);
    await page.getByText("Seul le super admin peut choisir directement l'étape").waitFor();

    const next = page.getByRole('button', { name: 'Passer en Bêta testeur, 1 client à reloger' });
    await next.waitFor();
    expect(await next.isDisabled()).toBe(true);
    await page.getByText(/^À compléter \(\d+\)$/).click();
    await page
      .getByText('Statut théorique (Intéressé) : aucun dossier client n’est lié à ce prospect')
      .waitFor();
    await page.screenshot({ path: '/tmp/cs/e2e-prospect-stage.png' });

    await context.close();
    ({ context, page } = await openPage(browser, url));
    await login(page, E2E_ADMIN_EMAIL, E2E_PASSWORD);
    await page.goto(`/prospect/${id}`);
    await page.getByLabel('Étape', { exact: true }).waitFor();
    expect(await page.getByLabel('Étape', { exact: true }).isDisabled()).toBe(false);
  });

  it('keeps Abandonner disabled until a reason (and its text for Autre), and a cancel leaves the box unticked', async () => {
    await login(page, ADMIN, E2E_PASSWORD);
    await page.goto(`/prospect/${id}`);
    await page.getByText('Abandonné', { exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Abandonner le prospect' });
    const confirm = dialog.getByRole('button', { name: 'Abandonner' });
    await confirm.waitFor();
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Raison').selectOption({ label: 'Autre' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Précisez').fill('Budget gelé');
    expect(await confirm.isDisabled()).toBe(false);
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByRole('checkbox', { name: 'Abandonné' }).isChecked()).toBe(false);
  });
});
