import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, login, openPage } from './support/browser';
import { e2eEnv } from './support/env';
import { apiToken, createProject } from './support/projects';
import { E2E_ADMIN_EMAIL, E2E_PASSWORD } from './support/server';

const ADMIN = 'claire.martin@reloc.fr';
const OPERATOR = 'julien.bernard@reloc.fr';

/** The page's tab list (the side panel, after it, has its own 'Chronologie' tab). */
const pageTabs = (page: Page) => page.getByRole('tablist').first();

/** Types a value in 'Poste' and waits for the autosave's PUT. */
async function setJob(page: Page, value: string) {
  const saved = page.waitForResponse(
    (r) => r.url().includes('/v1/lease/') && r.request().method() === 'PUT' && r.ok(),
  );
  await page.getByRole('textbox', { name: 'Poste', exact: true }).first().fill(value);
  await saved;
}

describe("'Historique' of a project (issue 8)", () => {
  const { url } = e2eEnv();
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let projectId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await apiToken(url, E2E_ADMIN_EMAIL, E2E_PASSWORD);
    projectId = await createProject(url, token, `audit.e2e.${Date.now()}@exemple.fr`);
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

  it('an admin edits a field twice, opens Historique, moves back in time and sees the earlier value', async () => {
    await login(page, ADMIN, E2E_PASSWORD);
    await page.goto(`/project/${projectId}/tenant`);
    await setJob(page, 'Ingénieure');
    await setJob(page, 'Architecte');

    await pageTabs(page).getByRole('tab', { name: 'Historique' }).click();
    await page.waitForURL(new RegExp(`/project/${projectId}/history$`));
    const shown = page.getByRole('region', { name: /Le dossier au/ });
    await shown.getByText('Architecte', { exact: true }).waitFor();
    const events = page.getByRole('list', { name: 'Événements' });
    await events.getByText('Création du projet').waitFor();

    // Back one event with the keyboard: the file as it was after the first edit.
    const slider = page.getByRole('slider', { name: 'Remonter le temps' });
    await slider.focus();
    await page.keyboard.press('ArrowLeft');
    await shown.getByText('Ingénieure', { exact: true }).waitFor();
    expect(await shown.getByText('Architecte', { exact: true }).count()).toBe(0);
    // Back to the creation: no job yet (empty fields are hidden until asked for).
    await page.keyboard.press('Home');
    await shown.locator('[data-field="job"]').waitFor({ state: 'detached' });
    await shown.getByLabel('Afficher les champs vides').check();
    expect(await shown.locator('[data-field="job"]').textContent()).toBe('—');
    await page.getByRole('button', { name: 'Télécharger (PDF)' }).waitFor();
    await page.getByRole('button', { name: 'Télécharger (JSON)' }).waitFor();
  });

  it('an operator does not see the view', async () => {
    await login(page, OPERATOR, E2E_PASSWORD);
    await page.goto(`/project/${projectId}`);
    await pageTabs(page).getByRole('tab', { name: 'Projet' }).waitFor();
    expect(await pageTabs(page).getByRole('tab', { name: 'Historique' }).count()).toBe(0);
    // The route falls back to the first tab, without the history.
    await page.goto(`/project/${projectId}/history`);
    await page.getByRole('tab', { name: 'Projet', selected: true }).waitFor();
    expect(await page.getByRole('slider', { name: 'Remonter le temps' }).count()).toBe(0);
  });
});
