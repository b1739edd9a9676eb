import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, login, openPage } from './support/browser';
import { e2eEnv } from './support/env';
import { apiCall, apiToken } from './support/projects';
import { E2E_ADMIN_EMAIL, E2E_PASSWORD } from './support/server';

const SALE = 'sophie.petit@reloc.fr';

type Created = { _id: string; title: string };

describe('B2C announcements and the lead form, as a sales person would', () => {
  const { url } = e2eEnv();
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;

  const createAnnouncement = (title: string, contactEmail: string) =>
    apiCall<Created>(url, token, 'POST', '/announcements', {
      title,
      url: 'https://annonces.exemple.fr/b2c/e2e',
      address: '12 rue Nationale 59000 Lille',
      description: 'Cherche un logement pour la rentrée',
      saleTrigram: 'SPE',
      contactName: 'Chloé Annonce',
      contactEmail,
    });

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await apiToken(url, E2E_ADMIN_EMAIL, E2E_PASSWORD);
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    ({ context, page } = await openPage(browser, url));
    await login(page, SALE, E2E_PASSWORD);
  });
  afterEach(async () => {
    await context?.close();
  });

  it("finds an announcement in the table, converts it and opens the file through 'Voir le projet'", async () => {
    const stamp = Date.now();
    const title = `Annonce E2E conversion ${stamp}`;
    const { _id } = await createAnnouncement(title, `chloe.${stamp}@exemple.fr`);

    await page.getByRole('link', { name: 'B2C' }).click();
    await page.getByRole('heading', { name: 'Annonces (B2C)' }).waitFor();
    await page.getByRole('searchbox', { name: 'Rechercher une annonce' }).fill(`${stamp}`);
    const rows = page.getByTestId('announcement-row');
    await rows.getByText(title).waitFor();
    expect(await rows.count()).toBe(1);
    await rows.getByText('SPE', { exact: true }).waitFor();
    await rows.getByRole('link', { name: `Ouvrir l’annonce ${title}` }).click();
    await page.waitForURL(`**/announcement/${_id}`);

    await page.getByRole('button', { name: 'Convertir en projet' }).click();
    const see = page.getByRole('link', { name: 'Voir le projet' });
    await see.waitFor();
    await see.click();
    await page.waitForURL(/\/project\/[0-9a-f]{24}/);
    await page.getByText(`chloe.${stamp}@exemple.fr`).first().waitFor();

    // Back in the table, the announcement is done (linked) with the status 'Projet'.
    await page.goto('/announcements');
    await page.getByRole('searchbox', { name: 'Rechercher une annonce' }).fill(`${stamp}`);
    await rows.getByRole('img', { name: 'Converti en projet' }).waitFor();
    await rows.getByText('Projet', { exact: true }).waitFor();
  });

  it("stops another one with a reason ('Valider' disabled without) and sees the comment", async () => {
    const stamp = Date.now();
    const { _id } = await createAnnouncement(
      `Annonce E2E abandon ${stamp}`,
      `stop.${stamp}@exemple.fr`,
    );
    await page.goto(`/announcement/${_id}`);

    await page.getByRole('combobox', { name: 'Statut' }).selectOption('stopped');
    const dialog = page.getByRole('dialog', { name: 'Raison de l’abandon' });
    const valider = dialog.getByRole('button', { name: 'Valider' });
    await valider.waitFor();
    expect(await valider.isDisabled()).toBe(true);
    await dialog.getByRole('textbox').fill('A trouvé un logement seul');
    await valider.click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('tab', { name: 'Privés' }).click();
    await page.getByText('Abandonné car "A trouvé un logement seul"').waitFor();
    expect(await page.getByRole('combobox', { name: 'Statut' }).inputValue()).toBe('stopped');
  });

  it('registers a lead from the Sales board and lands on its new file', async () => {
    const email = `lead.${Date.now()}@exemple.fr`;
    await page.goto('/sales');
    await page.getByRole('button', { name: 'Nouveau lead' }).click();
    const form = page.getByRole('form', { name: 'Nouveau lead' });
    await form.getByRole('button', { name: 'Créer le dossier' }).click();
    await form.getByText('Obligatoire').waitFor();
    await form.getByRole('textbox', { name: /E-mail/ }).fill(email);
    await form.getByRole('textbox', { name: /Prénom/ }).fill('Léon');
    await form.getByRole('button', { name: 'Créer le dossier' }).click();
    await page.waitForURL(/\/project\/[0-9a-f]{24}/);
    await page.getByText(email).first().waitFor();
  });
});
