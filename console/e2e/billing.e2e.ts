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

const OPERATOR = 'julien.bernard@reloc.fr';

type Entry = { _id: string; trigram: string; projects: { _id: string; step: string }[] };

describe('billing: lines, confirmation, Règlements', () => {
  const { url } = e2eEnv();
  let browser: Browser;
  let contexts: BrowserContext[] = [];
  let adminToken: string;

  const newPage = async (): Promise<Page> => {
    const { context, page } = await openPage(browser, url);
    contexts.push(context);
    return page;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    adminToken = await apiToken(url, E2E_ADMIN_EMAIL, E2E_PASSWORD);
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    for (const context of contexts) await context.close();
    contexts = [];
  });

  it('a file moved to sentToAL then paid bills its assignees; the reviewer confirms one, read-only; the user sees it in Règlements', async () => {
    const stamp = Date.now().toString(36);
    const lastName = `Facture${stamp}`;
    const email = `facture.${stamp}@exemple.fr`;
    const id = await createProject(url, adminToken, email, { firstName: 'Billie', lastName });
    await apiCall(url, adminToken, 'POST', `/lease/${id}`, {
      assignees: { lead: 'SPE', sale: 'SPE', reloc: 'JBE' },
    });
    await apiCall(url, adminToken, 'POST', `/lease/${id}`, { currentProgress: 'sentToAL' });

    // The super admin drops the file on Paid.
    const page = await newPage();
    await login(page, E2E_ADMIN_EMAIL, E2E_PASSWORD);
    await page.goto('/compta');
    await column(page, 'paid').waitFor();
    await searchBoard(page, email);
    const tile = tileIn(page, 'sentToAL', id);
    await tile.waitFor();
    const moved = page.waitForResponse(
      (r) => r.url().endsWith(`/v1/lease/${id}`) && r.request().method() === 'POST',
    );
    await dragTo(page, tile, column(page, 'paid'));
    expect((await moved).ok()).toBe(true);

    // Both steps billed both assignees (read back through the API the console uses).
    const month = new Date().toISOString().slice(0, 7);
    const { billings } = await apiCall<{ billings: Entry[] }>(
      url,
      adminToken,
      'GET',
      `/billing?id=${id}&from=${month}&to=${month}`,
    );
    const stepsOf = (trigram: string) =>
      billings
        .filter((b) => b.trigram === trigram)
        .flatMap((b) => b.projects.filter((p) => p._id === id).map((p) => p.step));
    expect(stepsOf('JBE')).toEqual(['sentToAL', 'paid']);
    expect(stepsOf('SPE')).toEqual(['sentToAL', 'paid']);

    // Pointage: the reviewer finds the entries by the client's name and confirms JBE's.
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Pointage', exact: true }).click();
    const searched = page.waitForResponse(
      (r) =>
        r.url().includes('/v1/billing?') && r.url().includes(`filter=${lastName.toLowerCase()}`),
    );
    await page.getByLabel('Rechercher un pointage').fill(lastName.toLowerCase());
    await searched;
    const rows = page.getByTestId('billing-row');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="billing-row"]').length === 2,
    );
    const jbe = rows.filter({ hasText: 'JBE' });
    await jbe.getByRole('button', { name: /JBE Julien Bernard/ }).click();
    const link = jbe.getByRole('link', { name: `Billie ${lastName}` }).first();
    expect(await link.getAttribute('href')).toBe(`/project/${id}`);
    await jbe.getByRole('cell', { name: 'Envoyé à AL' }).first().waitFor();
    await jbe.getByRole('cell', { name: 'Payé' }).first().waitFor();

    const box = jbe.getByRole('checkbox', { name: /Confirmer le pointage de JBE/ });
    expect(await box.isChecked()).toBe(false);
    const confirmed = page.waitForResponse(
      (r) => r.url().includes('/confirm') && r.request().method() === 'POST',
    );
    await box.click({ force: true });
    expect((await confirmed).status()).toBe(200);
    await page.waitForFunction(() =>
      Array.from(
        document.querySelectorAll('[data-testid="billing-row"] input[type=checkbox]'),
      ).some(
        (input) => (input as HTMLInputElement).checked && (input as HTMLInputElement).disabled,
      ),
    );
    expect(await box.isDisabled()).toBe(true);
    expect(await box.isChecked()).toBe(true);
    // Read-only after a reload too.
    await page.reload();
    await page.getByRole('tab', { name: 'Pointage', exact: true }).click();
    await page.getByLabel('Rechercher un pointage').fill(lastName.toLowerCase());
    const again = page
      .getByTestId('billing-row')
      .filter({ hasText: 'JBE' })
      .getByRole('checkbox', { name: /Confirmer le pointage de JBE/ });
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="billing-row"]').length === 2,
    );
    expect(await again.isDisabled()).toBe(true);

    // The operator sees the settled file in the history of Règlements.
    const mine = await newPage();
    await login(mine, OPERATOR, E2E_PASSWORD);
    await mine.goto('/billing');
    await mine.getByRole('heading', { name: 'Règlements', level: 1 }).waitFor();
    const history = mine.locator('section[aria-labelledby="billing-history"]');
    const settled = history.getByRole('link', { name: `Billie ${lastName}` });
    await settled.first().waitFor();
    expect(await settled.count()).toBe(2); // sentToAL and paid
    expect(await settled.first().getAttribute('href')).toBe(`/project/${id}`);
  });
});
