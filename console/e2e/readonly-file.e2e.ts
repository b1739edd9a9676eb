import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, login, openPage } from './support/browser';
import { e2eEnv } from './support/env';
import { apiCall, apiToken, createProject } from './support/projects';
import { E2E_ADMIN_EMAIL, E2E_PASSWORD } from './support/server';

const OPERATOR = 'julien.bernard@reloc.fr';
const ADMIN = 'claire.martin@reloc.fr';
const REASON = 'seuls les administrateurs peuvent le modifier';
const unique = (name: string) => `${name}.${Date.now()}@exemple.fr`;

/** Issue 15 point 4: at or after sentToAL the file reads as read-only for non-admins. */
describe('a file sent to AL', () => {
  const { url } = e2eEnv();
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let adminToken: string;
  let id: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    adminToken = await apiToken(url, E2E_ADMIN_EMAIL, E2E_PASSWORD);
    id = await createProject(url, adminToken, unique('lecture.seule'));
    await apiCall(url, adminToken, 'POST', `/lease/${id}`, { currentProgress: 'sentToAL' });
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

  it('shows every field, proposal and folder control read-only to an operator, with the reason', async () => {
    await login(page, OPERATOR, E2E_PASSWORD);
    await page.goto(`/project/${id}`);
    const wish = page.getByLabel('Souhait de déménagement');
    await wish.waitFor();
    // A read-only text field does not look like an editable one.
    expect(await wish.evaluate((el) => getComputedStyle(el).borderStyle)).toBe('dashed');
    expect(await page.getByLabel('État du projet').isDisabled()).toBe(true);
    await page.getByText(`Lecture seule : le dossier a été envoyé à AL, ${REASON}.`).waitFor();

    await page.getByRole('tab', { name: 'Propositions' }).click();
    await page.getByLabel('Identifiant du bien').waitFor();
    expect(await page.getByLabel('Identifiant du bien').isDisabled()).toBe(true);
    expect(await page.getByTestId('read-only-note').count()).toBeGreaterThan(0);

    await page.getByRole('tab', { name: 'Visites' }).click();
    // The Visites panel's own note: the previous panel may still be leaving the page.
    await page.getByRole('tabpanel', { name: 'Visites' }).getByTestId('read-only-note').waitFor();

    await page.getByRole('tab', { name: 'Documents' }).click();
    await page.getByTestId('doc-folder').first().waitFor();
    expect(await page.getByRole('button', { name: 'Nouvelle section' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Sélectionner' }).isDisabled()).toBe(true);
    const adds = page.getByRole('button', { name: /^Ajouter un fichier à/ });
    expect(await adds.count()).toBeGreaterThan(0);
    for (const add of await adds.all()) expect(await add.isDisabled()).toBe(true);
    const removes = page.getByRole('button', { name: /^Supprimer la section/ });
    for (const remove of await removes.all()) expect(await remove.isDisabled()).toBe(true);
    expect(await page.getByLabel('Pack').first().isDisabled()).toBe(true);
    expect(await page.getByLabel('Type du document').first().isDisabled()).toBe(true);
    await page.screenshot({ path: '/tmp/cs/e2e-readonly-documents.png', fullPage: true });
  });

  it('leaves the same file editable to an admin', async () => {
    await login(page, ADMIN, E2E_PASSWORD);
    await page.goto(`/project/${id}`);
    const wish = page.getByLabel('Souhait de déménagement');
    await wish.waitFor();
    expect(await wish.evaluate((el) => getComputedStyle(el).borderStyle)).not.toBe('dashed');
    expect(await page.getByTestId('read-only-note').count()).toBe(0);
    await page.getByRole('tab', { name: 'Documents' }).click();
    await page.getByTestId('doc-folder').first().waitFor();
    expect(await page.getByRole('button', { name: 'Nouvelle section' }).isDisabled()).toBe(false);
  });
});
