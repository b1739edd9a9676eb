import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Canvas } from '@reloc/pdf';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, login, openPage } from './support/browser';
import { e2eEnv } from './support/env';
import { apiCall, apiToken, createProject } from './support/projects';
import { E2E_ADMIN_EMAIL, E2E_PASSWORD } from './support/server';

const OPERATOR = 'julien.bernard@reloc.fr';
const LYON = { label: 'Lyon', city: 'Lyon', postcode: '69001', lat: 45.764, lng: 4.8357 };
const HEX_ID = /\/host\/([0-9a-f]{24})/;

/** Every description of this suite carries the word, so that the PDF pages can be counted. */
const MARK = 'E2EBIEN';

describe('properties, proposals, visits and PDF exports, as an operator would', () => {
  const { url } = e2eEnv();
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let dir: string;

  const createHost = async (form: Record<string, unknown>): Promise<string> => {
    const { _id } = await apiCall<{ _id: string }>(url, token, 'POST', '/hosts', {});
    await apiCall(url, token, 'PUT', `/hosts/${_id}`, {
      externalId: `https://annonces.example.fr/${_id}`,
      price: 900,
      carrez: 40,
      numberOfRoom: 2,
      ...form,
    });
    return _id;
  };
  const propose = (projectId: string, hostId: string, change?: object) =>
    apiCall(url, token, 'POST', `/proposals/lease/${projectId}/host/${hostId}`, {}).then(() =>
      change
        ? apiCall(url, token, 'PUT', `/proposals/lease/${projectId}/host/${hostId}`, change)
        : undefined,
    );

  /** Clicks a PDF button and answers the text of the downloaded file, page by page. */
  const downloadPdf = async (button: Locator, expectedName: string) => {
    const started = page.waitForEvent('download');
    await button.click();
    const download = await started;
    expect(download.suggestedFilename()).toBe(expectedName);
    const file = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
    await download.saveAs(file);
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    const count = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
    const pages = Array.from({ length: count }, (_, i) =>
      execFileSync('pdftotext', ['-layout', '-f', `${i + 1}`, '-l', `${i + 1}`, file, '-'], {
        encoding: 'utf8',
      }),
    );
    return { file, pages, text: pages.join('\n') };
  };
  const marks = (text: string) => (text.match(new RegExp(MARK, 'g')) ?? []).length;

  const detailsOf = (hostId: string) => page.getByTestId(`proposal-details-${hostId}`);
  const openDetails = async (hostId: string) => {
    await page.getByTestId(`proposal-toggle-${hostId}`).click();
    await detailsOf(hostId).waitFor();
  };
  const proposalSaved = (hostId: string) =>
    page.waitForResponse(
      (r) =>
        r.url().includes(`/host/${hostId}`) && r.request().method() === 'PUT' && r.status() === 200,
    );

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await apiToken(url, E2E_ADMIN_EMAIL, E2E_PASSWORD);
    dir = mkdtempSync(join(tmpdir(), 'reloc-e2e-pdf-'));
  });
  afterAll(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    ({ context, page } = await openPage(browser, url));
  });
  afterEach(async () => {
    await context?.close();
  });

  it('adds a property, proposes it from its page and from the file, likes it, plans and cancels visits, exports both PDFs', async () => {
    const email = `lea.proposee.${Date.now()}@exemple.fr`;
    const projectId = await createProject(url, token, email, {
      firstName: 'Léa',
      lastName: 'Proposée',
      addressWork: LYON.label,
      addressWorkObject: LYON,
    });
    // Five exportable properties already proposed (two with a dated visit), and three that
    // the PDFs must leave out: inactive, unpublished, and a disabled proposal.
    for (let n = 1; n <= 5; n++) {
      const id = await createHost({
        address: `${n} rue de la Charité 69002 Lyon`,
        description: `${MARK} numéro ${n} : deux pièces lumineuses, proche du métro.`,
      });
      await propose(
        projectId,
        id,
        n <= 2 ? { visited: { dateVisite: `0${n}/12/2026`, time: '09:00' } } : undefined,
      );
    }
    const leftOut: [string, Record<string, unknown>, object | undefined][] = [
      ['INACTIF', { isActive: false }, undefined],
      ['NONPUBLIE', { publish: false }, undefined],
      ['DESACTIVEE', {}, { disabled: true }],
    ];
    for (const [word, form, change] of leftOut) {
      const id = await createHost({
        address: `${word} 7 rue Mercière 69002 Lyon`,
        description: `${word} : ne doit pas figurer dans les exports.`,
        ...form,
      });
      await propose(projectId, id, { visited: { dateVisite: '03/12/2026', time: '11:00' } });
      if (change)
        await apiCall(url, token, 'PUT', `/proposals/lease/${projectId}/host/${id}`, change);
    }
    // The one whose visit the agency cancels, proposed by id from the Proposals tab.
    const cancelledId = await createHost({
      address: 'ANNULEEAGENCE 3 place Bellecour 69002 Lyon',
      description: 'ANNULEEAGENCE : visite annulée par l’agence.',
    });

    await login(page, OPERATOR, E2E_PASSWORD);

    // 1. A new property, from the list's dialog.
    await page.goto('/hosts');
    await page.getByRole('button', { name: 'Ajouter un bien' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouveau bien' });
    await dialog.getByRole('button', { name: 'Créer le bien' }).click();
    await dialog.getByText('Obligatoire').first().waitFor();
    await dialog.getByRole('combobox', { name: /Adresse/ }).fill('Villeurbanne');
    await dialog
      .getByRole('option', { name: /Villeurbanne/ })
      .first()
      .click();
    await dialog
      .getByLabel(/Lien de l'annonce/)
      .fill('https://annonces.example.fr/e2e-villeurbanne');
    await dialog.getByLabel(/Surface/).fill('52,5');
    await dialog.getByLabel(/Nombre de pièces/).fill('3');
    await dialog.getByLabel(/Prix/).fill('1150');
    await dialog
      .getByLabel('Description')
      .fill(`${MARK} AIMEUI : trois pièces avec balcon, cuisine équipée, calme.`);
    await dialog.getByRole('button', { name: 'Créer le bien' }).click();
    await page.waitForURL(HEX_ID);
    const hostId = HEX_ID.exec(page.url())?.[1] as string;
    await page.getByTestId('host-id').getByText(hostId).waitFor();

    // A photo, uploaded from the property page and saved by its 2-second sync.
    const photo = new Canvas(160, 120, [170, 210, 235])
      .rect(30, 50, 100, 60, [225, 200, 160])
      .roof(25, 50, 110, 30, [160, 70, 50])
      .png();
    const photoSaved = page.waitForResponse(
      (r) =>
        r.url().endsWith(`/v1/hosts/${hostId}`) &&
        r.request().method() === 'PUT' &&
        (r.request().postData() ?? '').includes('photoUrlEstate":["'),
    );
    await page
      .getByTestId('host-photo-input')
      .setInputFiles({ name: 'facade.png', mimeType: 'image/png', buffer: photo });
    await page.getByTestId('host-photo').first().waitFor();
    expect((await photoSaved).status()).toBe(200);

    // 2. Proposed to the file from the property page (name or mail, then 'Ajouter').
    const addButton = page.getByRole('button', { name: 'Ajouter', exact: true });
    expect(await addButton.isDisabled()).toBe(true);
    await page.getByRole('combobox', { name: 'Dossier' }).fill(email);
    await page.getByRole('option', { name: new RegExp(email.replace(/\./g, '\\.')) }).click();
    await addButton.click();
    await page.getByTestId('proposed-file').getByText('Léa Proposée').waitFor();
    // Again: the duplicate is refused.
    await page.getByRole('combobox', { name: 'Dossier' }).fill(email);
    await page.getByRole('option', { name: new RegExp(email.replace(/\./g, '\\.')) }).click();
    await addButton.click();
    await page.getByText('Cette proposition existe déjà').waitFor();

    // 3. From the file's Proposals tab, by property id; a duplicate answers 409.
    await page.getByTestId('proposed-file').click();
    await page.waitForURL(`**/project/${projectId}**`);
    await page.getByRole('tab', { name: /Propositions/ }).click();
    await page.getByRole('table', { name: 'Propositions' }).waitFor();
    await page.getByLabel('Identifiant du bien').fill(cancelledId);
    await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await page.getByTestId(`proposal-row-${cancelledId}`).waitFor();
    const duplicate = page.waitForResponse((r) => r.url().endsWith(`/host/${hostId}`));
    await page.getByLabel('Identifiant du bien').fill(hostId);
    await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
    expect((await duplicate).status()).toBe(409);
    await expectText(page.getByTestId('add-proposal-error'), 'Cette proposition existe déjà');

    // 4. Liked, and a visit planned with its author.
    await openDetails(hostId);
    expect(page.url()).toContain(`/project/${projectId}/proposals/${hostId}`);
    let saved = proposalSaved(hostId);
    await detailsOf(hostId).getByRole('button', { name: 'J’aime' }).click();
    await saved;
    expect(
      await detailsOf(hostId).getByRole('button', { name: 'J’aime' }).getAttribute('aria-pressed'),
    ).toBe('true');
    saved = proposalSaved(hostId);
    await detailsOf(hostId).getByText('Visite planifiée').click();
    await saved;
    await detailsOf(hostId).getByLabel('Date de visite').fill('10/12/2026');
    await detailsOf(hostId).getByLabel('Heure').fill('14:30');
    await detailsOf(hostId).getByLabel('Auteur de la visite').selectOption({ label: 'Opérateur' });
    saved = proposalSaved(hostId);
    await detailsOf(hostId).getByRole('button', { name: 'Enregistrer la visite' }).click();
    await saved;

    // 5. Another visit planned then cancelled by the agency.
    await openDetails(cancelledId);
    saved = proposalSaved(cancelledId);
    await detailsOf(cancelledId).getByText('Visite planifiée').click();
    await saved;
    await detailsOf(cancelledId).getByRole('button', { name: 'Annuler la visite' }).click();
    const cancelDialog = page.getByRole('dialog', { name: 'Annuler la visite' });
    await cancelDialog.getByText("Annulée par l'agence").click();
    saved = proposalSaved(cancelledId);
    await cancelDialog.getByRole('button', { name: 'Confirmer l’annulation' }).click();
    await saved;
    await expectText(page.getByTestId(`visit-cancelled-${cancelledId}`), "Annulée par l'agence");

    // Nothing is lost on reload; the travel times arrive from the jobs (offline estimates).
    await page.reload();
    await page.getByTestId(`proposal-row-${hostId}`).waitFor();
    await page
      .getByTestId(`travel-${hostId}`)
      .getByText(/Voiture : \d/)
      .waitFor({
        timeout: 30_000,
      });
    expect(
      await page
        .getByTestId(`proposal-row-${hostId}`)
        .getByRole('button', { name: 'J’aime' })
        .getAttribute('aria-pressed'),
    ).toBe('true');

    // 6. The proposals PDF: the 6 exportable properties, 5 descriptions a page.
    const all = await downloadPdf(
      page.getByTestId('pdf-proposals'),
      'propositions-Léa-Proposée.pdf',
    );
    expect(all.text).toContain('Biens proposés');
    expect(all.text).toContain('Léa Proposée');
    expect(all.text).toContain('AIMEUI : trois pièces avec balcon');
    expect(all.pages.map(marks)).toEqual([5, 1]);
    for (const word of ['INACTIF', 'NONPUBLIE', 'DESACTIVEE', 'ANNULEEAGENCE'])
      expect(all.text).not.toContain(word);

    const liked = await downloadPdf(page.getByTestId('pdf-liked'), 'propositions-Léa-Proposée.pdf');
    expect(liked.text).toContain('Biens aimés');
    expect(liked.pages.map(marks)).toEqual([1]);
    expect(liked.text).toContain('AIMEUI');

    // 7. The visits PDF, from the Visits tab: the dated visits, the agency's phone.
    await page.getByRole('tab', { name: /Visites/ }).click();
    await page.getByRole('table', { name: 'Visites' }).waitFor();
    const visits = await downloadPdf(
      page.getByRole('button', { name: 'Export PDF des visites' }),
      'visites-Léa-Proposée.pdf',
    );
    expect(visits.text).toContain('Vos visites');
    expect(visits.text).toContain('01 84 80 12 34');
    expect(visits.text).toContain('Visite le 10/12/2026 à 14:30');
    expect(visits.text).toContain('Visite le 01/12/2026 à 09:00');
    expect(marks(visits.text)).toBe(3);
    for (const word of ['INACTIF', 'NONPUBLIE', 'DESACTIVEE', 'ANNULEEAGENCE'])
      expect(visits.text).not.toContain(word);

    // A page rendered to PNG: the photo is drawn (the page is not blank).
    const png = join(dir, 'liked');
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', liked.file, png]);
    const rendered = [`${png}-1.png`, `${png}-01.png`].find((file) => existsSync(file));
    expect(rendered).toBeDefined();
    expect(readFileSync(rendered as string).length).toBeGreaterThan(5_000);
  });
});

async function expectText(locator: Locator, text: string): Promise<void> {
  await locator.getByText(text).waitFor();
}
