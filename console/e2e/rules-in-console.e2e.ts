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

const SALE = 'sophie.petit@reloc.fr';
const OPERATOR = 'julien.bernard@reloc.fr';
const VENDOR = 'thomas.robert@reloc.fr';
const unique = (name: string) => `${name}.${Date.now()}@exemple.fr`;

/** Every stage change sent for the project (POST /v1/lease/{id}) from now on. */
function moveRequests(page: Page, id: string): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(`/v1/lease/${id}`)) {
      sent.push(request.postData() ?? '');
    }
  });
  return sent;
}

describe('the console applies the stage rules before sending (issue 15)', () => {
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

  it('drops nothing on the read-only visitScheduled column: no request, the tile stays', async () => {
    const email = unique('visites');
    const id = await createProject(url, adminToken, email);
    await apiCall(url, adminToken, 'POST', `/lease/${id}`, { currentProgress: 'researchStarted' });
    await login(page, OPERATOR, E2E_PASSWORD);
    await page.goto('/reloc');
    await column(page, 'visitScheduled').waitFor();
    await searchBoard(page, email);
    const tile = tileIn(page, 'researchStarted', id);
    await tile.waitFor();
    const sent = moveRequests(page, id);

    await dragTo(page, tile, column(page, 'visitScheduled'));

    // The read-only column is no drop target: the tile stays, nothing is sent.
    expect(await page.getByText('Projet déposé.').count()).toBe(0);
    await tileIn(page, 'researchStarted', id).waitFor();
    expect(await tileIn(page, 'visitScheduled', id).count()).toBe(0);
    expect(sent).toEqual([]);
  });

  it('refuses an incomplete file on toAssign for a sale: "Dossier incomplet : …", no request', async () => {
    const email = unique('incomplet');
    const id = await createProject(url, adminToken, email);
    await login(page, SALE, E2E_PASSWORD);
    await column(page, 'toAssign').waitFor();
    await searchBoard(page, email);
    const tile = tileIn(page, 'projectCreated', id);
    await tile.waitFor();
    const sent = moveRequests(page, id);

    await dragTo(page, tile, column(page, 'toAssign'));

    await page
      .getByText(/^Dossier incomplet : .*Civilité/)
      .first()
      .waitFor();
    expect(await page.getByText('Projet déposé.').count()).toBe(0);
    await tileIn(page, 'projectCreated', id).waitFor();
    expect(sent).toEqual([]);
  });

  it('does not let a vendor without a role on the file move it', async () => {
    const email = unique('sans.role');
    const id = await createProject(url, adminToken, email);
    await login(page, VENDOR, E2E_PASSWORD);
    await page.goto('/sales');
    await column(page, 'toCall').waitFor();
    await searchBoard(page, email);
    const tile = tileIn(page, 'projectCreated', id);
    await tile.waitFor();
    const sent = moveRequests(page, id);

    await dragTo(page, tile, column(page, 'toCall'));

    await page.getByText("Vous n'avez pas de rôle sur ce dossier").first().waitFor();
    expect(await page.getByText('Projet déposé.').count()).toBe(0);
    await tileIn(page, 'projectCreated', id).waitFor();
    expect(sent).toEqual([]);
  });

  it('on the project page: no visitScheduled in the selector, and the advance button refuses an incomplete file without sending', async () => {
    const id = await createProject(url, adminToken, unique('page.incomplet'));
    await apiCall(url, adminToken, 'POST', `/lease/${id}`, { currentProgress: 'docsMobiPass' });
    await login(page, OPERATOR, E2E_PASSWORD);
    await page.goto(`/project/${id}`);
    const select = page.getByTestId('stage-select');
    await select.waitFor();
    const offered = await select
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(offered).toContain('toAssign');
    expect(offered).not.toContain('visitScheduled');
    const sent = moveRequests(page, id);

    await page.getByRole('button', { name: 'Passer en A répartir' }).click();
    await page
      .getByText(/^Dossier incomplet : .*Civilité/)
      .first()
      .waitFor();

    await select.selectOption('toAssign');
    await page
      .getByText(/^Dossier incomplet : .*Civilité/)
      .nth(1)
      .waitFor();
    expect(await select.inputValue()).toBe('docsMobiPass');
    expect(sent).toEqual([]);
  });

  it("shows the server's 'Dossier abandonné : …' comment right after abandoning, without a reload", async () => {
    const id = await createProject(url, adminToken, unique('abandon'));
    await login(page, OPERATOR, E2E_PASSWORD);
    await page.goto(`/project/${id}`);
    await page.getByLabel('État du projet').selectOption('stopped');
    const dialog = page.getByRole('dialog', { name: 'Raison de l’abandon' });
    await dialog.getByText('Peut chercher seul').click();
    const stopped = page.waitForResponse(
      (r) => r.url().endsWith(`/v1/lease/${id}`) && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Confirmer' }).click();
    expect((await stopped).status()).toBe(200);
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('tab', { name: 'Privés' }).click();
    await page
      .getByText('Dossier abandonné : Peut chercher seul')
      .filter({ visible: true })
      .first()
      .waitFor();
  });

  describe('announcements', () => {
    const createAnnouncement = (stamp: number) =>
      apiCall<{ _id: string }>(url, adminToken, 'POST', '/announcements', {
        title: `Annonce règles ${stamp}`,
        url: 'https://annonces.exemple.fr/b2c/e2e',
        address: '12 rue Nationale 59000 Lille',
        description: 'Cherche un logement',
        saleTrigram: 'SPE',
        contactName: 'Chloé Règles',
        contactEmail: `regles.${stamp}@exemple.fr`,
      });
    const statusesOffered = (p: Page) =>
      p
        .getByLabel('Statut')
        .locator('option')
        .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));

    it('offers only the allowed statuses, before and after conversion', async () => {
      const { _id } = await createAnnouncement(Date.now());
      await login(page, SALE, E2E_PASSWORD);
      await page.goto(`/announcement/${_id}`);
      await page.getByRole('button', { name: 'Convertir en projet' }).waitFor();
      let offered = await statusesOffered(page);
      expect(offered).toContain('prospect');
      expect(offered).not.toContain('ok');

      await page.getByRole('button', { name: 'Convertir en projet' }).click();
      await page.getByRole('link', { name: 'Voir le projet' }).waitFor();
      offered = await statusesOffered(page);
      expect(offered).toContain('ok');
      expect(offered).not.toContain('prospect');
      expect(offered).not.toContain('toCallback');
      expect(offered).not.toContain('waiting');
    });

    it("does not offer 'Convertir en projet' for a stopped announcement, and says why", async () => {
      const { _id } = await createAnnouncement(Date.now());
      await apiCall(url, adminToken, 'PUT', `/announcements/${_id}`, {
        currentProgress: 'stopped',
        stopReason: 'Plus de réponse',
      });
      await login(page, SALE, E2E_PASSWORD);
      await page.goto(`/announcement/${_id}`);
      await page.getByText('Une annonce abandonnée ne peut pas être convertie en projet').waitFor();
      expect(await page.getByRole('button', { name: 'Convertir en projet' }).count()).toBe(0);
    });
  });
});
