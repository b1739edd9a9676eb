import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, login, openPage } from './support/browser';
import { e2eEnv } from './support/env';
import {
  apiCall,
  apiToken,
  column,
  createProject,
  dragTo,
  searchBoard,
  tileIn,
} from './support/projects';
import { E2E_ADMIN_EMAIL, E2E_PASSWORD } from './support/server';

type Spoken = Window & { spoken: string[] };

/** Issue 15 point 29: the same words for the same things, and honest announcements. */
describe('console words', () => {
  const { url } = e2eEnv();
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await apiToken(url, E2E_ADMIN_EMAIL, E2E_PASSWORD);
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

  it("calls the dispatcher 'Répartiteur' on a prospect as on a project", async () => {
    const { _id } = await apiCall<{ _id: string }>(url, token, 'POST', '/prospects', {
      name: `Prospect rôles ${Date.now()}`,
    });
    await login(page, E2E_ADMIN_EMAIL, E2E_PASSWORD);
    await page.goto(`/prospect/${_id}/admin`);
    await page.getByLabel('Répartiteur').first().waitFor();
    expect(await page.getByText('Dispatcheur', { exact: true }).count()).toBe(0);
    expect(await page.getByText('Apporteur', { exact: true }).count()).toBe(0);
  });

  it("says 'Aucun résultat' in an empty prospect column, as in an empty project column", async () => {
    await login(page, E2E_ADMIN_EMAIL, E2E_PASSWORD);
    await page.goto('/sales');
    await searchBoard(page, `personne.${Date.now()}@nulle-part.fr`);
    await page.getByTestId('column-projectCreated').getByText('Aucun résultat').waitFor();
    await page.goto('/prospects');
    await page.getByLabel('Rechercher un prospect').fill(`Personne ${Date.now()}`);
    await page.getByTestId('prospect-column-new').getByText('Aucun résultat').waitFor();
  });

  it("never announces 'Projet déposé.' for a drop the server refuses", async () => {
    const email = `refus.${Date.now()}@exemple.fr`;
    const id = await createProject(url, token, email);
    await apiCall(url, token, 'POST', `/lease/${id}`, { currentProgress: 'sentToAL' });
    // Everything the live regions say, as it is said.
    await context.addInitScript(() => {
      const w = window as unknown as Spoken;
      w.spoken = [];
      new MutationObserver(() => {
        for (const region of Array.from(document.querySelectorAll('[aria-live]'))) {
          const text = region.textContent?.trim();
          if (text && w.spoken[w.spoken.length - 1] !== text) w.spoken.push(text);
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await login(page, E2E_ADMIN_EMAIL, E2E_PASSWORD);
    await page.goto('/compta');
    await column(page, 'paid').waitFor();
    await searchBoard(page, email);
    const tile = tileIn(page, 'sentToAL', id);
    await tile.waitFor();
    await dragTo(page, tile, column(page, 'paid'));
    await page
      .getByTestId('board-announcement')
      .getByText(/^Déplacement refusé : /)
      .waitFor();
    const spoken = await page.evaluate(() => (window as unknown as Spoken).spoken);
    expect(spoken.some((text) => text.includes('Projet déposé.'))).toBe(false);
  });
});
