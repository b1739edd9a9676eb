import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DOCUMENT_TYPE_LABELS, type DocumentType } from '@reloc/domain';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, login, openPage } from './support/browser';
import { e2eEnv } from './support/env';
import { apiCall, apiToken, createProject } from './support/projects';
import { E2E_ADMIN_EMAIL, E2E_PASSWORD } from './support/server';

const ADMIN = 'claire.martin@reloc.fr';
const LOCATIF = 'Dossier Locatif';
const GARANT = 'Dossier Garant';

/** A one-page PDF saying `text`. */
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

/** Every file under a folder, recursively (the blob store of the e2e server). */
function filesUnder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('documents and e-signature, as an admin would', () => {
  const { url, consoleDir } = e2eEnv();
  // The e2e server keeps its data beside its copy of the console (support/server.ts).
  const blobsDir = join(dirname(consoleDir), 'data', 'files');
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;

  const slot = (folder: string, type: DocumentType): Locator =>
    page.locator(`[data-testid="doc-slot-${type}"][data-folder="${folder}"]`);
  const folderCard = (title: string): Locator =>
    page.getByTestId('doc-folder').filter({ has: page.getByRole('heading', { name: title }) });

  /** Chooses files for a slot and waits for the server's answer to each. */
  const uploadInto = async (
    target: Locator,
    files: { name: string; mimeType: string; buffer: Buffer }[],
  ) => {
    const answered = files.map(() =>
      page.waitForResponse((r) => r.url().includes('/upload') && r.request().method() === 'PUT'),
    );
    await target.getByTestId('doc-slot-input').setInputFiles(files);
    return Promise.all(answered);
  };

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

  it('fills the required slots to readiness ok, refuses a 17 MB file with nothing stored, merges two PDFs into the viewer', async () => {
    const email = `dossier.complet.${Date.now()}@exemple.fr`;
    const projectId = await createProject(url, token, email, {
      firstName: 'Noé',
      lastName: 'Documents',
    });
    await login(page, ADMIN, E2E_PASSWORD);
    await page.goto(`/project/${projectId}/documents`);
    const readiness = page.getByTestId('documents-readiness');
    await page.locator('[data-testid="documents-readiness"][data-status="incomplete"]').waitFor();
    await readiness.getByText(DOCUMENT_TYPE_LABELS.wages).first().waitFor();

    // A 17 MB scan: 413, the French message, and no new blob on disk.
    const before = filesUnder(blobsDir).length;
    const huge = Buffer.concat([await pdfSaying('TROP GROS'), Buffer.alloc(17 * 1024 * 1024)]);
    const [refused] = await uploadInto(slot(LOCATIF, 'identity'), [
      { name: 'scan-enorme.pdf', mimeType: 'application/pdf', buffer: huge },
    ]);
    expect(refused.status()).toBe(413);
    await slot(LOCATIF, 'identity')
      .getByTestId('doc-slot-error')
      .getByText('Le fichier est trop gros (maxi 16Mo)')
      .waitFor();
    expect(filesUnder(blobsDir).length).toBe(before);
    const listed = await apiCall<{ documentType: string | null; driveId: unknown[] }[]>(
      url,
      token,
      'GET',
      `/documents/for/${projectId}`,
    );
    expect(listed.every((doc) => doc.driveId.length === 0)).toBe(true);

    // The guarantor is another kind of guarantor: one attestation instead of a whole file.
    const packChanged = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().includes(`/documents/for/${projectId}/`),
    );
    await folderCard(GARANT).getByLabel('Pack').selectOption('Autre garant');
    expect((await packChanged).status()).toBe(200);
    await slot(GARANT, 'attestation_autre_garant').waitFor();

    const pdf = async (name: string) => ({
      name: `${name}.pdf`,
      mimeType: 'application/pdf',
      buffer: await pdfSaying(name.toUpperCase()),
    });
    await uploadInto(slot(LOCATIF, 'identity'), [await pdf('carte-identite')]);
    await uploadInto(slot(LOCATIF, 'wages'), [
      await pdf('bulletin-aout'),
      await pdf('bulletin-septembre'),
      await pdf('bulletin-octobre'),
    ]);
    await uploadInto(slot(LOCATIF, 'impots'), [await pdf('avis-2025'), await pdf('avis-2026')]);
    await uploadInto(slot(LOCATIF, 'justif_dom'), [await pdf('facture-edf')]);
    await uploadInto(slot(LOCATIF, 'contrat_travail'), [await pdf('contrat')]);
    await expectText(slot(LOCATIF, 'wages').getByTestId('doc-slot-count'), '3 / 3');
    await page.locator('[data-testid="documents-readiness"][data-status="incomplete"]').waitFor();
    await uploadInto(slot(GARANT, 'attestation_autre_garant'), [await pdf('attestation-garant')]);
    await page.locator('[data-testid="documents-readiness"][data-status="ok"]').waitFor();

    // Nothing lost on reload.
    await page.reload();
    await page.locator('[data-testid="documents-readiness"][data-status="ok"]').waitFor();

    // Select two documents, merge them, and the result opens in the viewer.
    await page.getByRole('button', { name: 'Sélectionner', exact: true }).click();
    const label = (type: DocumentType) =>
      `Sélectionner « ${DOCUMENT_TYPE_LABELS[type]} » (${LOCATIF})`;
    await page.getByLabel(label('wages')).check({ force: true });
    await page.getByLabel(label('impots')).check({ force: true });
    const merged = page.waitForResponse((r) => r.url().endsWith('/_merge'));
    await page.getByRole('button', { name: 'Fusionner' }).click();
    expect((await merged).status()).toBe(201);
    const viewer = page.getByTestId('pdf-viewer');
    await expectText(viewer.getByTestId('pdf-viewer-page'), 'Page 1 / 5');
    await viewer.getByRole('button', { name: /suivante/i }).click();
    await expectText(viewer.getByTestId('pdf-viewer-page'), 'Page 2 / 5');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });
    // The merged file is a new document of the folder.
    await folderCard(LOCATIF).getByText('Dossier complet').first().waitFor();
  });

  it('requests a signature, regenerates it (the first is aborted), signs through the link, and gets the signed document and the proof', async () => {
    const email = `signature.${Date.now()}@exemple.fr`;
    const projectId = await createProject(url, token, email, {
      firstName: 'Inès',
      lastName: 'Signataire',
    });
    // An active template for the engagement step, as an admin adds it.
    const form = new FormData();
    form.set('name', `Lettre d'engagement ${Date.now()}`);
    form.set('step', 'engagement');
    form.set('documentType', 'engagementLetter');
    form.set('hasCoRequester', 'false');
    const letter = await pdfSaying("LETTRE D'ENGAGEMENT DE TEST");
    form.set(
      'file',
      new Blob([new Uint8Array(letter)], { type: 'application/pdf' }),
      'engagement.pdf',
    );
    const created = await fetch(`${url}/v1/signature-templates`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    expect(created.status).toBe(201);

    await login(page, ADMIN, E2E_PASSWORD);
    await page.goto(`/project/${projectId}/documents`);
    const step = page.getByTestId('signature-step-engagement');
    const requested = () =>
      page.waitForResponse(
        (r) => r.url().endsWith(`/v1/signatures/${projectId}`) && r.request().method() === 'POST',
      );
    let answer = requested();
    await step.getByRole('button', { name: /^Générer/ }).click();
    expect((await answer).status()).toBe(201);
    await page.locator('[data-testid="signature-step-engagement"][data-status="OPEN"]').waitFor();
    const firstLink = await step
      .getByRole('link', { name: /Lien de signature/ })
      .getAttribute('href');

    // A second request for the same step aborts the first: its link no longer signs.
    answer = requested();
    await step.getByRole('button', { name: /^Regénérer/ }).click();
    expect((await answer).status()).toBe(201);
    const link = step.getByRole('link', { name: /Lien de signature/ });
    await eventuallyDifferent(link, firstLink);
    const signUrl = (await link.getAttribute('href')) as string;
    expect((await fetch(firstLink as string)).status).toBe(404);

    // The signer opens the link (no account), reads, accepts and signs.
    const signer = await context.newPage();
    await signer.goto(signUrl);
    await signer.getByLabel("J'ai lu et j'accepte le document").check();
    await signer.getByRole('button', { name: 'Signer' }).click();
    await signer.getByText(/signé/i).first().waitFor();
    await signer.close();

    await page.reload();
    await page
      .locator('[data-testid="signature-step-engagement"][data-status="ARCHIVED"]')
      .waitFor({ timeout: 20_000 });

    // The signed document and the proof open in new tabs; read them back.
    const dir = mkdtempSync(join(tmpdir(), 'reloc-e2e-sign-'));
    try {
      const opened = async (button: string) => {
        const popup = context.waitForEvent('page');
        await step.getByRole('button', { name: button }).click();
        const tab = await popup;
        const target = tab.url();
        await tab.close();
        const response = await fetch(new URL(target, url));
        expect(response.status).toBe(200);
        const file = join(dir, `${button.replace(/\W/g, '')}.pdf`);
        writeFileSync(file, Buffer.from(await response.arrayBuffer()));
        return {
          file,
          text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }),
        };
      };
      const signed = await opened('Document signé');
      expect(signed.text).toContain("LETTRE D'ENGAGEMENT DE TEST");
      expect(signed.text).toContain('Signé électroniquement par Inès Signataire');
      const proof = await opened('Preuve');
      expect(proof.text).toContain('Inès Signataire');
      expect(proof.text).toContain(email);
      expect(proof.text).toMatch(/[0-9a-f]{64}/);
      execFileSync('pdftoppm', [
        '-png',
        '-r',
        '50',
        '-f',
        '1',
        '-l',
        '1',
        signed.file,
        join(dir, 'p'),
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Waits until the link's href changes from `previous` (the step re-read after a request). */
async function eventuallyDifferent(link: Locator, previous: string | null): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await link.getAttribute('href')) === previous) {
    if (Date.now() > deadline) throw new Error('the signing link did not change');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function expectText(locator: Locator, text: string): Promise<void> {
  await locator.getByText(text).waitFor();
}
