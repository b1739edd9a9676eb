import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, login, openPage } from './support/browser';
import { e2eEnv } from './support/env';
import { apiCall, apiToken, createProject } from './support/projects';
import { E2E_ADMIN_EMAIL, E2E_PASSWORD } from './support/server';

const ADMIN = 'claire.martin@reloc.fr';
const OPERATOR = 'julien.bernard@reloc.fr';

async function pdfSaying(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawText(text, {
    x: 60,
    y: 760,
    size: 18,
    font: await doc.embedFont(StandardFonts.Helvetica),
  });
  return Buffer.from(await doc.save());
}

describe("the file's record: signatures, distances, travel times, visits, super admin actions", () => {
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
    if (process.env.RELOC_E2E_SHOTS)
      await page.screenshot({
        path: `${process.env.RELOC_E2E_SHOTS}-${expect.getState().currentTestName?.slice(0, 20).replace(/\W/g, '_')}.png`,
        fullPage: true,
      });
    await context?.close();
  });

  it('shows the signed PDF among the documents and the signatures on the record (16)', async () => {
    const stamp = Date.now();
    const projectId = await createProject(url, token, `signe.${stamp}@exemple.fr`, {
      firstName: 'Zoé',
      lastName: 'Signée',
    });
    const form = new FormData();
    form.set('name', `Lettre d'engagement ${stamp}`);
    form.set('step', 'engagement');
    form.set('documentType', 'engagementLetter');
    form.set('hasCoRequester', 'false');
    form.set(
      'file',
      new Blob([new Uint8Array(await pdfSaying('ENGAGEMENT'))], { type: 'application/pdf' }),
      'engagement.pdf',
    );
    const created = await fetch(`${url}/v1/signature-templates`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    expect(created.status).toBe(201);

    await login(page, ADMIN, E2E_PASSWORD);
    await page.goto(`/project/${projectId}`);
    const summary = page.getByRole('region', { name: 'Signatures', exact: true });
    await summary.getByText('Aucune signature demandée').waitFor();

    await page.goto(`/project/${projectId}/documents`);
    const step = page.getByTestId('signature-step-engagement');
    await step.getByRole('button', { name: /^Générer/ }).click();
    const link = step.getByRole('link', { name: /Lien de signature/ });
    await link.waitFor();
    const signer = await context.newPage();
    await signer.goto((await link.getAttribute('href')) as string);
    await signer.getByLabel("J'ai lu et j'accepte le document").check();
    await signer.getByRole('button', { name: 'Signer' }).click();
    await signer.getByText(/signé/i).first().waitFor();
    await signer.close();
    await page.reload();
    await page
      .locator('[data-testid="signature-step-engagement"][data-status="ARCHIVED"]')
      .waitFor({ timeout: 20_000 });

    // Among the documents: the signed PDF, which opens.
    const signed = page.getByTestId('signed-documents');
    await signed.getByText(/Lettre d'engagement \(PDF signé le \d\d\/\d\d\/\d{4}\)/).waitFor();
    const popup = context.waitForEvent('page');
    await signed.getByRole('button', { name: "Ouvrir « Lettre d'engagement » signé" }).click();
    const tab = await popup;
    const response = await fetch(new URL(tab.url(), url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('pdf');
    await tab.close();

    // On the record (Projet tab), seen by the operator too.
    const operator = await openPage(browser, url);
    try {
      await login(operator.page, OPERATOR, E2E_PASSWORD);
      await operator.page.goto(`/project/${projectId}`);
      const record = operator.page.getByRole('region', { name: 'Signatures', exact: true });
      await record.getByText("Lettre d'engagement").waitFor();
      await record.getByText(/^Signé le \d\d\/\d\d\/\d{4}$/).waitFor();
    } finally {
      await operator.context.close();
    }
  });

  it('shows the contractual distance and time as soon as the addresses are chosen, as an estimate (17)', async () => {
    const projectId = await createProject(url, token, `distance.${Date.now()}@exemple.fr`);
    await login(page, OPERATOR, E2E_PASSWORD);
    await page.goto(`/project/${projectId}`);
    const box = page.getByTestId('contractual-distance');
    await box.getByText("Pas d'adresse de travail").waitFor();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/v1/lease/${projectId}`) && r.request().method() === 'PUT',
    );
    await page.getByRole('combobox', { name: 'Adresse de travail', exact: true }).fill('Lyon');
    await page.getByRole('option', { name: 'Lyon', exact: true }).click();
    expect((await saved).status()).toBe(200);
    // No reload: the figures arrive once the job has computed them.
    await box.getByText(/Distance contractuelle : \d+ km/).waitFor({ timeout: 60_000 });
    await box.getByText(/Temps de trajet contractuel : \d+ (h|min)/).waitFor();
    await box.getByText('estimation', { exact: true }).waitFor();
    const first = await box.textContent();

    // Another work address: the old figures give way to the new ones, still without a reload.
    const resaved = page.waitForResponse(
      (r) => r.url().endsWith(`/v1/lease/${projectId}`) && r.request().method() === 'PUT',
    );
    await page.getByRole('combobox', { name: 'Adresse de travail', exact: true }).fill('Marseille');
    await page.getByRole('option', { name: 'Marseille', exact: true }).click();
    expect((await resaved).status()).toBe(200);
    await box.getByText(/Distance contractuelle : \d+ km/).waitFor();
    const deadline = Date.now() + 60_000;
    while ((await box.textContent()) === first) {
      if (Date.now() > deadline) throw new Error(`still ${first} after the address change`);
      await new Promise((r) => setTimeout(r, 250));
    }
    await box.getByText(/Distance contractuelle : \d+ km/).waitFor();
    const lease = await apiCall<{ contractualDistance: number }>(
      url,
      token,
      'GET',
      `/lease/${projectId}`,
    );
    await box
      .getByText(`Distance contractuelle : ${Math.round(lease.contractualDistance / 1000)} km`)
      .waitFor();
  });
});
