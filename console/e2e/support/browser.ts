import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { visibleTopTabs, type Role } from '@reloc/domain';

/** Debian's Chromium; never a downloaded browser. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A fresh French-speaking browser context (empty storage) and its page. */
export async function openPage(
  browser: Browser,
  baseURL: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    viewport: { width: 1280, height: 800 },
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return { context, page };
}

/** Fills and submits the login form on the current page. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Identifiant').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
}

/** From the login page to the shell: waits for the tabs. */
export async function login(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/');
  await submitLogin(page, email, password);
  await page.getByRole('navigation', { name: 'Navigation principale' }).waitFor();
}

/** The labels of the top tabs shown. */
export async function shownTabs(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  return (await nav.getByRole('link').allTextContents()).map((text) => text.trim());
}

export const expectedTabs = (role: Role) => visibleTopTabs(role).map((tab) => tab.label);

/** Waits until `predicate` holds (polling), for checks that are not about the DOM. */
export async function eventually(predicate: () => boolean | Promise<boolean>, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}
