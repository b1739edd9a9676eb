import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { login } from './support/browser';
import { e2eEnv } from './support/env';
import { E2E_ADMIN_EMAIL, E2E_PASSWORD } from './support/server';

/** Issue 15 point 24: dates in French in an English browser. */
describe('dates in French whatever the browser language', () => {
  const { url } = e2eEnv();
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--lang=en-US', '--no-first-run'],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    context = await browser.newContext({
      baseURL: url,
      locale: 'en-US',
      timezoneId: 'Europe/Paris',
      viewport: { width: 1280, height: 800 },
    });
    context.setDefaultTimeout(15_000);
    page = await context.newPage();
    await login(page, E2E_ADMIN_EMAIL, E2E_PASSWORD);
  });
  afterEach(async () => {
    await context?.close();
  });

  const nativePickers = (p: Page) =>
    p.locator('input[type=date], input[type=month], input[type=datetime-local]').count();

  it('shows and takes DD/MM/YYYY on the dashboard', async () => {
    await page.goto('/dashboard');
    const from = page.getByLabel('Du', { exact: true });
    await from.waitFor();
    expect(await nativePickers(page)).toBe(0);
    const year = new Date().getFullYear();
    expect(await from.inputValue()).toBe(`01/01/${year - 1}`);
    expect(await page.getByLabel('Au', { exact: true }).inputValue()).toBe(`31/12/${year}`);
    const asked = page.waitForResponse(
      (r) =>
        r.url().endsWith('/v1/reports/dashboard') &&
        (r.request().postData() ?? '').includes(`"startDate":"${year - 1}-03-15"`),
    );
    await from.fill('');
    await from.pressSequentially(`1503${year - 1}`);
    expect(await from.inputValue()).toBe(`15/03/${year - 1}`);
    await asked;
    await from.fill('31/02/2020');
    await from.blur();
    await page.getByText('Date invalide : écrivez-la JJ/MM/AAAA').waitFor();

    // The calendar beside the field: French month and day names, the keyboard, Escape.
    const to = page.getByLabel('Au', { exact: true });
    const opener = page.getByRole('button', { name: 'Choisir une date' }).nth(1);
    await opener.click();
    const calendar = page.getByRole('dialog', { name: 'Calendrier : Au' });
    await calendar.getByText(`décembre ${year}`, { exact: true }).waitFor();
    expect(
      await calendar
        .getByRole('columnheader')
        .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('abbr'))),
    ).toEqual(['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche']);
    expect(await calendar.textContent()).not.toMatch(/December|Monday|Mon\b/);
    await page.keyboard.press('Escape');
    await calendar.waitFor({ state: 'hidden' });
    expect(await to.inputValue()).toBe(`31/12/${year}`);

    const picked = page.waitForResponse(
      (r) =>
        r.url().endsWith('/v1/reports/dashboard') &&
        (r.request().postData() ?? '').includes(`"endDate":"${year}-11-30"`),
    );
    await opener.click();
    await calendar.getByText(`décembre ${year}`, { exact: true }).waitFor();
    await page.keyboard.press('PageUp');
    await calendar.getByText(`novembre ${year}`, { exact: true }).waitFor();
    await page.keyboard.press('Enter');
    await calendar.waitFor({ state: 'hidden' });
    expect(await to.inputValue()).toBe(`30/11/${year}`);
    await picked;
    await page.screenshot({ path: '/tmp/cs/e2e-dashboard-dates.png' });
  });

  it('names the months in French on Règlements and Pointage', async () => {
    await page.goto('/billing');
    const month = page.getByLabel('Du mois : mois');
    await month.waitFor();
    expect(await nativePickers(page)).toBe(0);
    const shown = await month.evaluate((el) => {
      const select = el as HTMLSelectElement;
      return select.options[select.selectedIndex].text;
    });
    expect(
      [
        'janvier',
        'février',
        'mars',
        'avril',
        'mai',
        'juin',
        'juillet',
        'août',
        'septembre',
        'octobre',
        'novembre',
        'décembre',
      ].includes(shown),
    ).toBe(true);
    await page.screenshot({ path: '/tmp/cs/e2e-billing-months.png' });

    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Pointage', exact: true }).click();
    await page.getByLabel('Du mois : mois').waitFor();
    expect(await nativePickers(page)).toBe(0);
    await page.getByRole('tab', { name: 'Clients' }).click();
    await page.getByLabel('Du', { exact: true }).first().waitFor();
    expect(await nativePickers(page)).toBe(0);
  });
});
