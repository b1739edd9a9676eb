import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eventually, launchBrowser, login, openPage } from './support/browser';
import { e2eEnv } from './support/env';
import { apiCall, apiToken, createProject } from './support/projects';
import { E2E_ADMIN_EMAIL, E2E_PASSWORD } from './support/server';

const OPERATOR = 'julien.bernard@reloc.fr';
const SALE = 'ines.lefebvre@reloc.fr'; // ILE
const ADMIN = 'claire.martin@reloc.fr';

type Feed = { notifications: { _id: string; projectId: string; seen: boolean }[]; unseen: number };

describe('notifications and the knowledge base', () => {
  const { url } = e2eEnv();
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  const newPage = async (): Promise<Page> => {
    const { context, page } = await openPage(browser, url);
    contexts.push(context);
    return page;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });

  it('a comment on a project raises a notification for its sale, read when the project is opened', async () => {
    const adminToken = await apiToken(url, E2E_ADMIN_EMAIL, E2E_PASSWORD);
    const saleToken = await apiToken(url, SALE, E2E_PASSWORD);
    // The sale starts with nothing unread (other suites may have told them things).
    for (let page = 0; ; page++) {
      const feed = await apiCall<Feed & { total: number }>(
        url,
        saleToken,
        'GET',
        `/notifications?page=${page}&pageSize=200`,
      );
      const unread = new Set(feed.notifications.filter((n) => !n.seen).map((n) => n.projectId));
      for (const id of unread)
        await apiCall(url, saleToken, 'POST', `/notifications/project/${id}/disable`);
      if ((page + 1) * 200 >= feed.total) break;
    }
    const projectId = await createProject(url, adminToken, `notif.${Date.now()}@exemple.fr`, {
      firstName: 'Margaux',
      lastName: 'Notifiée',
      assignees: { sale: 'ILE' },
    });

    // The operator comments on the file, in the console.
    const operator = await newPage();
    await login(operator, OPERATOR, E2E_PASSWORD);
    await operator.goto(`/project/${projectId}`);
    const text = `Pièces reçues ${Date.now()}`;
    await operator.getByLabel('Nouveau commentaire public').fill(text);
    const sent = operator.waitForResponse(
      (r) => r.url().includes(`/v1/comments/for/${projectId}`) && r.request().method() === 'POST',
    );
    await operator.getByRole('button', { name: 'Envoyer' }).first().click();
    expect((await sent).ok()).toBe(true);

    // The sale logs in: the badge says one unread; the page lists it.
    const sale = await newPage();
    await login(sale, SALE, E2E_PASSWORD);
    await sale.getByRole('button', { name: 'Notifications : 1 non lue' }).waitFor();
    await sale.getByRole('button', { name: 'Notifications : 1 non lue' }).click();
    await sale.waitForURL(/\/notifications$/);
    const row = sale.getByTestId('notification-row').filter({ hasText: text });
    await row.waitFor();
    expect(await row.textContent()).toContain(`JBE a commenté le dossier : « ${text} »`);

    // Opening the project reads it: the badge clears.
    await row.getByRole('link', { name: 'Margaux Notifiée' }).click();
    await sale.waitForURL(new RegExp(`/project/${projectId}`));
    await sale.getByRole('button', { name: 'Notifications : aucune non lue' }).waitFor();
    await eventually(async () => {
      const feed = await apiCall<Feed>(url, saleToken, 'GET', '/notifications?page=0&pageSize=100');
      return feed.unseen === 0;
    });
    // The operator, its author, was not told.
    const operatorToken = await apiToken(url, OPERATOR, E2E_PASSWORD);
    const theirs = await apiCall<Feed>(
      url,
      operatorToken,
      'GET',
      '/notifications?page=0&pageSize=200',
    );
    expect(theirs.notifications.some((n) => n.projectId === projectId)).toBe(false);
  });

  it('an admin saves an article with a <script> tag on /help and it comes back without it', async () => {
    const page = await newPage();
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    await login(page, ADMIN, E2E_PASSWORD);
    await page.goto('/help');
    await page.getByRole('heading', { name: 'Mon compte' }).waitFor();
    await page.getByRole('button', { name: 'Ajouter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouvel article' });
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.getByText('Le titre est obligatoire').waitFor();

    const title = `Procédure ${Date.now()}`;
    await dialog.getByRole('textbox', { name: 'Titre' }).fill(title);
    await dialog.getByRole('button', { name: 'Code HTML' }).click();
    await dialog
      .getByTestId('kb-html')
      .fill(
        '<h2>Étapes</h2><p>Lire <strong>attentivement</strong>.</p><script>alert("xss")</script><img src="x" onerror="alert(1)">',
      );
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/v1/kbitem') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    const body = (await (await saved).json()) as { _id: string; content: string };
    expect(body.content).toBe('<h2>Étapes</h2><p>Lire <strong>attentivement</strong>.</p>');

    // Reloaded from the server, opened like a reader would.
    await page.reload();
    const trigger = page.getByRole('button', { name: title });
    await trigger.click();
    const item = page.getByTestId('kb-item').filter({ hasText: title });
    await item.getByRole('heading', { name: 'Étapes' }).waitFor();
    const html = await item.getByTestId('kb-content').innerHTML();
    expect(html).not.toMatch(/script|onerror|alert/);
    expect(alerts).toEqual([]);
    const adminToken = await apiToken(url, ADMIN, E2E_PASSWORD);
    const items = await apiCall<{ _id: string; content: string }[]>(
      url,
      adminToken,
      'GET',
      '/kbitems',
    );
    expect(items.find((i) => i._id === body._id)?.content).not.toContain('<script');
  });
});
