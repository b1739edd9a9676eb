import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eventually, launchBrowser, login, openPage } from './support/browser';
import { e2eEnv } from './support/env';
import { apiCall, apiToken, createProject } from './support/projects';
import { E2E_ADMIN_EMAIL, E2E_PASSWORD } from './support/server';

/** A fresh three-letter trigram (Q + two letters from the clock) not used by the demo. */
function freshTrigram(): string {
  const n = Date.now() % 676;
  return `Q${String.fromCharCode(65 + Math.floor(n / 26))}${String.fromCharCode(65 + (n % 26))}`;
}

async function openUsers(page: Page, search: string) {
  await page.goto('/admin');
  await page.getByRole('table', { name: 'Utilisateurs' }).waitFor();
  await page.getByLabel('Rechercher un utilisateur').fill(search);
  // The user fetch waits 1 s (§9).
  await page.getByRole('table', { name: 'Utilisateurs' }).getByText(search).waitFor();
}

describe('admin page: users, deactivation with hand-over, inactive trigrams', () => {
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

  it('the superadmin edits rewards, deactivates an operator with files for a replacement, and the files follow', async () => {
    const trigram = freshTrigram();
    const email = `operateur.${trigram.toLowerCase()}.${Date.now()}@reloc.fr`;
    await apiCall(url, adminToken, 'POST', '/user', {
      email,
      firstName: 'Opé',
      lastName: `Sortant ${trigram}`,
      role: 'OPERATOR',
    });
    await apiCall(url, adminToken, 'PUT', '/user', { email, trigram });
    const files = [
      await createProject(url, adminToken, `client.a.${Date.now()}@exemple.fr`, {
        assignees: { reloc: trigram },
      }),
      await createProject(url, adminToken, `client.b.${Date.now()}@exemple.fr`, {
        assignees: { lead: trigram, dispatcher: trigram },
      }),
    ];

    await login(page, E2E_ADMIN_EMAIL, E2E_PASSWORD);
    await openUsers(page, email);
    const name = `Opé Sortant ${trigram}`;

    // Rewards: a bad value shows the rule; a good one is saved.
    await page.getByRole('button', { name: `Modifier ${name}` }).click();
    const dialog = page.getByRole('dialog');
    const lead = dialog.getByLabel('Lead (Envoyé à AL)');
    await lead.fill('-5');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.getByText('Doit être supérieur ou égal à 0').waitFor();
    await lead.fill('45');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/v1/user') && r.request().method() === 'PUT' && r.ok(),
    );
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await saved;
    await dialog.waitFor({ state: 'hidden' });
    const users = await apiCall<{ email: string; rewards: { sentToAL: { lead: number } } }[]>(
      url,
      adminToken,
      'POST',
      '/users',
      { search: email },
    );
    expect(users[0].rewards.sentToAL.lead).toBe(45);

    // Deactivation: the replacement is required, then the server says 'ok'.
    await page.getByRole('button', { name: `Désactiver ${name}` }).click();
    const deactivate = page.getByRole('dialog');
    await deactivate.getByRole('button', { name: 'Désactiver' }).click();
    await deactivate.getByText('Obligatoire').waitFor();
    await deactivate.getByRole('combobox').selectOption('CDU');
    await deactivate.getByRole('button', { name: 'Désactiver' }).click();
    const alert = deactivate.getByRole('alert');
    await alert.waitFor();
    expect((await alert.textContent())?.trim()).toBe('ok : 2 dossiers confiés à CDU');
    await deactivate.getByRole('button', { name: 'Fermer' }).first().click();

    // The operator's files now show the replacement.
    await page.goto(`/project/${files[1]}`);
    const leadSelect = page.locator('select[data-field="assignees.lead"]');
    await leadSelect.waitFor();
    expect(await leadSelect.inputValue()).toBe('CDU');
    expect(await page.locator('select[data-field="assignees.dispatcher"]').inputValue()).toBe(
      'CDU',
    );
    const project = await apiCall<{ assignees: Record<string, string | null> }>(
      url,
      adminToken,
      'GET',
      `/lease/${files[0]}`,
    );
    expect(project.assignees.reloc).toBe('CDU');

    // Trigrammes inactifs is reachable, and lists no file of the deactivated operator.
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Trigrammes inactifs' }).click();
    await page.getByTestId('inactive-staff').waitFor();
    await page.getByText('Lignes par page').waitFor();
    expect(await page.getByTestId('inactive-staff').getByText(trigram).count()).toBe(0);
  });

  it("'Incarner' switches to the member's session and 'Revenir à mon compte' comes back", async () => {
    await login(page, E2E_ADMIN_EMAIL, E2E_PASSWORD);
    await openUsers(page, 'sophie.petit@reloc.fr');
    await page.getByRole('button', { name: 'Modifier Sophie Petit' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Incarner' }).click();
    const banner = page.getByTestId('impersonation-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('Sophie Petit');
    const tabs = page.getByRole('navigation', { name: 'Navigation principale' });
    expect(await tabs.getByRole('link', { name: 'Admin' }).count()).toBe(0);
    const impersonated = await page.evaluate(() => window.localStorage.getItem('token'));
    const staffWith = (token: string | null) =>
      fetch(`${url}/v1/partner/staff`, { headers: { Authorization: `Bearer ${token}` } });
    expect((await staffWith(impersonated)).status).toBe(200);
    await banner.getByRole('button', { name: 'Revenir à mon compte' }).click();
    await page.waitForURL(/\/admin$/);
    await page.getByRole('table', { name: 'Utilisateurs' }).waitFor();
    expect(await page.getByTestId('impersonation-banner').count()).toBe(0);
    // The impersonated session is over; the super admin's own goes on, refresh cookie included.
    await eventually(async () => (await staffWith(impersonated)).status === 401);
    expect((await context.cookies()).some((c) => c.name === 'reloc_refresh')).toBe(true);
    const audit = await apiCall<{ type: string; target: string }[]>(
      url,
      adminToken,
      'GET',
      '/admin/audit',
    );
    expect(audit).toContainEqual(
      expect.objectContaining({ type: 'impersonation', target: 'sophie.petit@reloc.fr' }),
    );
  });
});
