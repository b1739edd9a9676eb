import type { Browser, BrowserContext, Page } from 'playwright-core';
import { monthLabel } from '@reloc/domain';
import { launchBrowser, login, openPage, shownTabs } from './support/browser';
import { e2eEnv } from './support/env';
import { apiCall, apiToken, createProject } from './support/projects';
import { E2E_ADMIN_EMAIL, E2E_PASSWORD } from './support/server';

const ADMIN = 'claire.martin@reloc.fr';
const OPERATOR = 'julien.bernard@reloc.fr';

type Report = {
  months: string[];
  stats: { _id: { month: string; status: string }; count: number }[];
};

/** The count a chart's hidden table gives for a month. */
async function countIn(page: Page, chart: string, month: string): Promise<string> {
  const table = page.getByRole('table', { name: chart });
  const row = table.getByRole('row').filter({ hasText: monthLabel(month) });
  return (await row.getByRole('cell').first().textContent())?.trim() ?? '';
}

describe('dashboard Vos indicateurs', () => {
  const { url } = e2eEnv();
  const thisMonth = new Date().toISOString().slice(0, 7);
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

  it('draws the charts for an admin, who can switch staff', async () => {
    await login(page, ADMIN, E2E_PASSWORD);
    expect(await shownTabs(page)).toContain('Pilotage');
    await page.getByRole('link', { name: 'Pilotage' }).click();
    await page.getByRole('heading', { name: 'Vos indicateurs' }).waitFor();
    // The nivo charts arrive in their own chunk and draw SVG images named after their title.
    for (const name of [
      'Dossiers créés, par mois',
      'Dossiers envoyés à AL, par mois',
      'Dossiers payés, par mois',
      'Proportions (% des dossiers créés dans le mois)',
    ])
      await page.locator(`svg[role="img"][aria-label="${name}"]`).waitFor();
    await page.getByRole('heading', { name: 'B2C' }).waitFor();
    expect(await page.getByText('Toute l’équipe').count()).toBeGreaterThan(0);
    expect(
      await page.getByRole('row', { name: new RegExp(`^${new Date().getUTCFullYear()} `) }).count(),
    ).toBeGreaterThan(0);

    const answered = page.waitForResponse(
      (r) =>
        r.url().endsWith('/v1/reports/dashboard') &&
        (r.request().postDataJSON() as { as?: string; focus?: unknown }).as === 'JBE' &&
        !(r.request().postDataJSON() as { focus?: unknown }).focus,
    );
    await page.getByLabel('Collaborateur').selectOption({ label: 'JBE - Julien Bernard' });
    expect((await answered).status()).toBe(200);
    await page.getByText('Données de JBE').waitFor();
    await page.locator('svg[role="img"][aria-label="Dossiers créés, par mois"]').waitFor();
    // The fourth chart (paid) only when the viewed user is admin: JBE is an operator.
    expect(await page.locator('svg[aria-label="Dossiers payés, par mois"]').count()).toBe(0);
  });

  it('shows an operator only their own data: no staff picker, no B2C, their own files', async () => {
    const adminToken = await apiToken(url, E2E_ADMIN_EMAIL, E2E_PASSWORD);
    const operatorToken = await apiToken(url, OPERATOR, E2E_PASSWORD);
    const own = async () => {
      const report = await apiCall<Report>(url, operatorToken, 'POST', '/reports/dashboard', {});
      return (
        report.stats.find((b) => b._id.month === thisMonth && b._id.status === 'created')?.count ??
        0
      );
    };
    const before = await own();
    const company = `Indicateurs E2E ${Date.now()}`;
    const id = await createProject(url, adminToken, `dashboard.${Date.now()}@exemple.fr`, {
      company,
    });
    await apiCall(url, adminToken, 'POST', `/lease/${id}`, { assignees: { reloc: 'JBE' } });
    // A file of someone else does not count for JBE.
    await createProject(url, adminToken, `dashboard.other.${Date.now()}@exemple.fr`, {
      company: `${company} autre`,
      assignees: { sale: 'SPE' },
    });
    expect(await own()).toBe(before + 1);

    await login(page, OPERATOR, E2E_PASSWORD);
    expect(await shownTabs(page)).not.toContain('Pilotage');
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Vos indicateurs' }).waitFor();
    await page.getByText(/^Vos données depuis le \d{2}\/\d{2}\/\d{4}$/).waitFor();
    await page.locator('svg[role="img"][aria-label="Dossiers créés, par mois"]').waitFor();
    expect(await countIn(page, 'Dossiers créés', thisMonth)).toBe(String(before + 1));
    expect(await page.getByLabel('Collaborateur').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'B2C' }).count()).toBe(0);
    expect(await page.locator('svg[aria-label="Dossiers payés, par mois"]').count()).toBe(0);
    // The detail of this month lists the operator's new file, not the other one.
    const detail = page.getByTestId('focus-table');
    await detail.getByRole('cell', { name: company, exact: true }).waitFor();
    expect(await detail.getByRole('cell', { name: `${company} autre` }).count()).toBe(0);
  });
});
