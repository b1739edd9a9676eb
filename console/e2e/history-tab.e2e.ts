import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, login, openPage } from './support/browser';
import { e2eEnv } from './support/env';
import { apiCall, apiToken, createProject } from './support/projects';
import { E2E_ADMIN_EMAIL, E2E_PASSWORD } from './support/server';

const unique = (name: string) => `${name}.${Date.now()}@exemple.fr`;
const normal = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Issue 15 point 19: the 'Historique' tab reads like the Info tab and covers the whole file. */
describe("the project's Historique tab", () => {
  const { url } = e2eEnv();
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let id: string;
  let hostId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await apiToken(url, E2E_ADMIN_EMAIL, E2E_PASSWORD);
    id = await createProject(url, token, unique('historique'));
    const { _revision } = await apiCall<{ _revision: number }>(url, token, 'GET', `/lease/${id}`);
    await apiCall(url, token, 'PUT', `/lease/${id}`, {
      _revision,
      budget: 1200,
      dateMove: '2026-12-31',
      typeOfEstate: 'apartment',
    });
    ({ _id: hostId } = await apiCall<{ _id: string }>(url, token, 'POST', '/hosts', {}));
    await apiCall(url, token, 'PUT', `/hosts/${hostId}`, {
      externalId: `https://annonces.example.fr/${hostId}`,
      price: 900,
      carrez: 40,
      numberOfRoom: 2,
      address: '3 rue Nationale 59000 Lille',
    });
    await apiCall(url, token, 'POST', `/proposals/lease/${id}/host/${hostId}`, {});
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

  it('formats values as the Info tab, lists each field once, and offers documents, signatures and proposals', async () => {
    await login(page, E2E_ADMIN_EMAIL, E2E_PASSWORD);
    // Opening the documents starts their stream (the default folders).
    await page.goto(`/project/${id}/documents`);
    await page.getByTestId('doc-folder').first().waitFor();
    await page.getByRole('tab', { name: 'Historique' }).click();
    const state = page.getByRole('region', { name: 'Projet' }).first();
    await page.locator('dd[data-field="budget"]').waitFor();
    expect(normal(await page.locator('dd[data-field="budget"]').innerText())).toBe('1 200 €');
    expect(await page.locator('dd[data-field="dateMove"]').innerText()).toBe('31/12/2026');
    expect(await page.locator('dd[data-field="typeOfEstate"]').innerText()).toBe('Appartement');
    expect(await page.locator('dd[data-field="currentProgress"]').innerText()).toBe(
      'Nouveaux inscrits',
    );
    const labels = (await state.locator('dt').allInnerTexts()).map(normal);
    expect(labels.filter((label) => label === 'Ville actuelle')).toHaveLength(1);
    expect(new Set(labels).size).toBe(labels.length);
    const changes = page.getByRole('list', { name: 'Événements' });
    await changes.getByText(/^Date d.emménagement : — → 31\/12\/2026$/).waitFor();
    await page.screenshot({ path: '/tmp/cs/e2e-history.png', fullPage: true });

    const source = page.getByLabel('Historique de');
    const options = await source.locator('option').allInnerTexts();
    expect(options.slice(0, 3)).toEqual(['Projet', 'Documents', 'Signatures']);
    expect(options.some((option) => option.startsWith('Proposition'))).toBe(true);
    await source.selectOption({ value: `proposal-${id}-${hostId}` });
    await page.getByText(`flux proposal-${id}-${hostId}`).waitFor();
    await source.selectOption({ value: `documents-${id}` });
    await page.getByText(`flux documents-${id}`).waitFor();
    await source.selectOption({ value: `signatures-${id}` });
    await page.getByText('Aucun événement').waitFor();
  });
});
