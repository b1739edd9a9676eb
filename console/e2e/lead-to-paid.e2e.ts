import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, login, openPage } from './support/browser';
import { e2eEnv } from './support/env';
import { apiCall, apiToken, column, dragTo, searchBoard, tileIn } from './support/projects';
import { E2E_ADMIN_EMAIL, E2E_PASSWORD } from './support/server';

// Who does what (spec §6): a sales person converts the B2C lead and completes the file, an admin
// assigns it, the operator searches, visits, gathers the documents and submits, the admin has
// the lease signed and sends it to AL, the super admin marks it paid.
const SALE = 'sophie.petit@reloc.fr';
const ADMIN = 'claire.martin@reloc.fr';
const OPERATOR = 'julien.bernard@reloc.fr';
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

describe('one file from the B2C lead to paid, through the console alone', () => {
  const { url } = e2eEnv();
  let browser: Browser;
  let token: string;
  const opened: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await apiToken(url, E2E_ADMIN_EMAIL, E2E_PASSWORD);
  });
  afterAll(async () => {
    if (process.env.RELOC_E2E_SHOTS)
      for (const [n, context] of opened.entries())
        for (const page of context.pages())
          await page.screenshot({
            path: `${process.env.RELOC_E2E_SHOTS}-${n}.png`,
            fullPage: true,
          });
    for (const context of opened) await context.close();
    await browser?.close();
  });

  /** A fresh browser logged in as `email`. */
  const as = async (email: string): Promise<Page> => {
    const { context, page } = await openPage(browser, url);
    opened.push(context);
    await login(page, email, E2E_PASSWORD);
    return page;
  };

  const box = (page: Page, name: string) =>
    page.getByRole('textbox', { name, exact: true }).first();
  const select = (page: Page, name: string) =>
    page.getByRole('combobox', { name, exact: true }).first();
  const field = (page: Page, name: string) => page.locator(`[data-field="${name}"]`).first();
  const saved = (page: Page) => page.getByText('Enregistré', { exact: true }).waitFor();
  /** Types into an address field and takes the suggestion named `choice`. */
  const chooseAddress = async (page: Page, field: Locator, typed: string, choice: string) => {
    await field.fill(typed);
    await page.getByRole('option', { name: choice, exact: true }).click();
  };
  const advance = async (page: Page, id: string, label: string) => {
    const moved = page.waitForResponse(
      (r) => r.url().endsWith(`/v1/lease/${id}`) && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: label, exact: true }).click();
    const response = await moved;
    if (response.status() !== 200)
      throw new Error(`${label}: ${response.status()} ${await response.text()}`);
  };
  const stageOf = async (id: string) =>
    (await apiCall<{ currentProgress: string }>(url, token, 'GET', `/lease/${id}`)).currentProgress;
  /** Drags the file's tile to `to` on a board, and waits for the server's yes. */
  const moveOnBoard = async (
    page: Page,
    board: string,
    email: string,
    id: string,
    from: string,
    to: string,
  ) => {
    await page.goto(`/${board}`);
    await column(page, to).waitFor();
    await searchBoard(page, email);
    const tile = tileIn(page, from, id);
    await tile.waitFor();
    const moved = page.waitForResponse(
      (r) => r.url().endsWith(`/v1/lease/${id}`) && r.request().method() === 'POST',
    );
    await dragTo(page, tile, column(page, to));
    const response = await moved;
    if (response.status() !== 200)
      throw new Error(`${from} → ${to}: ${response.status()} ${await response.text()}`);
    await tileIn(page, to, id).waitFor();
  };

  /** Picks `stage` in the file's stage selector, and waits for the server's yes. */
  const pickStage = async (page: Page, id: string, stage: string) => {
    await page.goto(`/project/${id}`);
    const moved = page.waitForResponse(
      (r) => r.url().endsWith(`/v1/lease/${id}`) && r.request().method() === 'POST',
    );
    await page.getByRole('combobox', { name: 'Étape du projet' }).selectOption(stage);
    const response = await moved;
    if (response.status() !== 200)
      throw new Error(`→ ${stage}: ${response.status()} ${await response.text()}`);
  };

  it('takes a B2C lead through every stage, each step by the role that does it', async () => {
    const stamp = Date.now();
    const email = `parcours.${stamp}@exemple.fr`;
    const title = `Annonce parcours ${stamp}`;

    // What comes from outside the console: the B2C website's announcement, the lease template
    // the super admin keeps, and the agencies' properties (with exact addresses) in Lyon.
    await apiCall(url, token, 'POST', '/announcements', {
      title,
      url: 'https://annonces.exemple.fr/b2c/parcours',
      address: '12 rue Nationale 59000 Lille',
      description: 'Cherche un logement à Lyon pour une mutation',
      saleTrigram: 'SPE',
      contactName: 'Margaux Parcours',
      contactEmail: email,
    });
    const template = new FormData();
    template.set('name', `Lettre d'engagement parcours ${stamp}`);
    template.set('step', 'engagement');
    template.set('documentType', 'engagementLetter');
    template.set('hasCoRequester', 'false');
    template.set(
      'file',
      new Blob([new Uint8Array(await pdfSaying("LETTRE D'ENGAGEMENT PARCOURS"))], {
        type: 'application/pdf',
      }),
      'engagement.pdf',
    );
    const created = await fetch(`${url}/v1/signature-templates`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: template,
    });
    expect(created.status).toBe(201);
    const hosts: string[] = [];
    for (const [n, street] of [
      [3, 'rue de la Charité'],
      [8, 'rue Mercière'],
      [15, 'quai Saint-Antoine'],
    ] as const) {
      const { _id } = await apiCall<{ _id: string }>(url, token, 'POST', '/hosts', {});
      const label = `${n} ${street} 69002 Lyon`;
      await apiCall(url, token, 'PUT', `/hosts/${_id}`, {
        externalId: `https://annonces.example.fr/parcours/${_id}`,
        address: label,
        addressObject: {
          label,
          lat: 45.757 + n / 10000,
          lng: 4.832,
          city: 'Lyon',
          postcode: '69002',
          route: street,
          housenumber: String(n),
        },
        price: 950,
        carrez: 45,
        numberOfRoom: 2,
        contactName: 'Agence du Rhône',
        contactPhoneNumber: '0478000000',
        description: `Deux pièces ${street}`,
      });
      hosts.push(_id);
    }

    // 1. The sales person converts the B2C lead into a file.
    const sale = await as(SALE);
    await sale.getByRole('link', { name: 'B2C' }).click();
    await sale.getByRole('searchbox', { name: 'Rechercher une annonce' }).fill(`${stamp}`);
    await sale.getByRole('link', { name: `Ouvrir l’annonce ${title}` }).click();
    await sale.getByRole('button', { name: 'Convertir en projet' }).click();
    await sale.getByRole('link', { name: 'Voir le projet' }).click();
    await sale.waitForURL(/\/project\/[0-9a-f]{24}/);
    const id = /\/project\/([0-9a-f]{24})/.exec(sale.url())?.[1] as string;
    await sale.getByText(email).first().waitFor();

    // 2. The sales person calls and completes the file (addresses from the suggestions).
    await advance(sale, id, 'Passer en A rappeler');
    await advance(sale, id, 'Passer en Dossier en attente');
    await advance(sale, id, 'Passer en Dossier en cours');
    await chooseAddress(sale, select(sale, 'Ville actuelle'), 'Lille', 'Lille');
    await chooseAddress(sale, select(sale, 'Adresse de travail'), 'Lyon', 'Lyon');
    await sale.getByRole('tab', { name: 'Locataire' }).click();
    await select(sale, 'Civilité').selectOption('Madame');
    await box(sale, 'Prénom').fill('Margaux');
    await box(sale, 'Nom').fill('Parcours');
    await box(sale, 'Téléphone').fill('0612345678');
    await box(sale, 'Parrain').fill('Jean Parrain');
    await select(sale, 'Type de contrat').selectOption('En mutation');
    await box(sale, 'Poste').fill('Ingénieure');
    await box(sale, 'Entreprise').fill('Acme');
    await box(sale, 'SIRET').fill('12345678901234');
    await box(sale, 'Contact dans l’entreprise').fill('Paul RH');
    await box(sale, 'E-mail de l’entreprise').fill('rh@acme.fr');
    await box(sale, 'Début du contrat').fill('01/09/2026');
    await sale
      .getByRole('region', { name: 'À propos (client)' })
      .getByRole('textbox', { name: 'Notes de l’équipe' })
      .fill('Cliente mutée à Lyon.');
    await saved(sale);
    await advance(sale, id, 'Passer en A répartir');

    // 3. The admin hands it to an operator (the reloc assignee).
    const admin = await as(ADMIN);
    await admin.goto(`/project/${id}`);
    const assigned = admin.waitForResponse(
      (r) => r.url().endsWith(`/v1/lease/${id}`) && r.request().method() === 'POST',
    );
    await admin.locator('[data-field="assignees.reloc"]').selectOption('JBE');
    expect((await assigned).status()).toBe(200);

    // 4. The operator completes the search and the household, and starts the search.
    const operator = await as(OPERATOR);
    await operator.goto(`/project/${id}`);
    await select(operator, 'Type de bien').selectOption({ index: 1 });
    await field(operator, 'surfacemin').fill('40');
    await field(operator, 'numberOfRoom').fill('2');
    await field(operator, 'budget').fill('1000');
    await box(operator, 'Date d’emménagement').fill('01/10/2026');
    await select(operator, 'Zone').selectOption({ index: 1 });
    await select(operator, 'Critère 1').selectOption({ index: 1 });
    await select(operator, 'Critère 2').selectOption({ index: 2 });
    await select(operator, 'Critère 3').selectOption({ index: 3 });
    await operator
      .getByRole('region', { name: 'Bien idéal' })
      .getByRole('textbox', { name: 'Notes de l’équipe' })
      .fill('Deux pièces lumineux.');
    await operator
      .getByRole('region', { name: 'Futur quartier' })
      .getByRole('textbox', { name: 'Notes de l’équipe' })
      .fill('Presqu’île, près du métro.');
    await operator.getByRole('tab', { name: 'Locataire' }).click();
    await box(operator, 'Nationalité').fill('Française');
    await box(operator, 'Situation familiale').fill('Célibataire');
    await field(operator, 'childrenCount').fill('0');
    await field(operator, 'childrenToBeBorn').fill('0');
    await field(operator, 'wage').fill('3200');
    await field(operator, 'referenceTaxRevenue').fill('36000');
    await field(operator, 'otherIncomes').fill('0');
    await select(operator, 'Situation actuelle').selectOption({ index: 1 });
    await field(operator, 'customerSituation').fill('Mutée, cherche vite.');
    await saved(operator);
    await advance(operator, id, 'Passer en Dossier en cours de finalisation');
    await pickStage(operator, id, 'researchStarted');

    // 5. Proposals by property id, three visits, one chosen property.
    await operator.goto(`/project/${id}/proposals`);
    for (const hostId of hosts) {
      await operator.getByLabel('Identifiant du bien').fill(hostId);
      await operator.getByRole('button', { name: 'Ajouter', exact: true }).click();
      await operator.getByTestId(`proposal-row-${hostId}`).waitFor();
    }
    for (const [n, hostId] of hosts.entries()) {
      await operator.getByTestId(`proposal-toggle-${hostId}`).click();
      const details = operator.getByTestId(`proposal-details-${hostId}`);
      await details.waitFor();
      await details.getByText('Visite planifiée').click();
      await details.getByLabel('Date de visite').fill(`1${n}/09/2026`);
      await details.getByLabel('Heure').fill('10:00');
      await details.getByLabel('Auteur de la visite').selectOption({ label: 'Opérateur' });
      const visit = operator.waitForResponse(
        (r) => r.url().includes(`/host/${hostId}`) && r.request().method() === 'PUT',
      );
      await details.getByRole('button', { name: 'Enregistrer la visite' }).click();
      expect((await visit).status()).toBe(200);
      if (n === 0) {
        const chosen = operator.waitForResponse(
          (r) => r.url().endsWith(`/v1/lease/${id}`) && r.request().method() === 'PUT',
        );
        await details.getByRole('button', { name: 'Choisir comme bien final' }).click();
        expect((await chosen).status()).toBe(200);
      }
      await operator.getByTestId(`proposal-toggle-${hostId}`).click();
    }
    await pickStage(operator, id, 'caseAccepted');
    await pickStage(operator, id, 'leaseFetched');

    // 6. The documents, gathered by the operator until the readiness is ok.
    await operator.goto(`/project/${id}/documents`);
    const slot = (folder: string, type: string) =>
      operator.locator(`[data-testid="doc-slot-${type}"][data-folder="${folder}"]`);
    const upload = async (target: Locator, names: string[]) => {
      const answered = names.map(() =>
        operator.waitForResponse(
          (r) => r.url().includes('/upload') && r.request().method() === 'PUT',
        ),
      );
      await target.getByTestId('doc-slot-input').setInputFiles(
        await Promise.all(
          names.map(async (name) => ({
            name: `${name}.pdf`,
            mimeType: 'application/pdf',
            buffer: await pdfSaying(name.toUpperCase()),
          })),
        ),
      );
      for (const response of await Promise.all(answered))
        expect(response.status()).toBeLessThan(300);
    };
    await operator
      .getByTestId('doc-folder')
      .filter({ has: operator.getByRole('heading', { name: GARANT }) })
      .getByLabel('Pack')
      .selectOption('Autre garant');
    await slot(GARANT, 'attestation_autre_garant').waitFor();
    await upload(slot(LOCATIF, 'identity'), ['carte-identite']);
    await upload(slot(LOCATIF, 'wages'), ['bulletin-1', 'bulletin-2', 'bulletin-3']);
    await upload(slot(LOCATIF, 'impots'), ['avis-2025', 'avis-2026']);
    await upload(slot(LOCATIF, 'justif_dom'), ['facture']);
    await upload(slot(LOCATIF, 'contrat_travail'), ['contrat']);
    await upload(slot(GARANT, 'attestation_autre_garant'), ['attestation-garant']);
    await operator.locator('[data-testid="documents-readiness"][data-status="ok"]').waitFor();

    // 7. The PDFs for the client: proposals and visits.
    await operator.goto(`/project/${id}/proposals`);
    const proposalsPdf = operator.waitForEvent('download');
    await operator.getByTestId('pdf-proposals').click();
    expect((await proposalsPdf).suggestedFilename()).toMatch(/\.pdf$/);
    await operator.getByRole('tab', { name: /Visites/ }).click();
    const visitsPdf = operator.waitForEvent('download');
    await operator.getByRole('button', { name: 'Export PDF des visites' }).click();
    expect((await visitsPdf).suggestedFilename()).toMatch(/\.pdf$/);

    // 8. Proposed to the signature (with its confirmation), signed with the built-in signing.
    await operator.goto(`/project/${id}`);
    await operator.getByRole('button', { name: 'Proposer à la signature', exact: true }).click();
    const proposed = operator.waitForResponse(
      (r) => r.url().endsWith(`/v1/lease/${id}`) && r.request().method() === 'POST',
    );
    await operator.getByRole('alertdialog').getByRole('button', { name: 'Valider' }).click();
    expect((await proposed).status()).toBe(200);

    await admin.goto(`/project/${id}/documents`);
    const step = admin.getByTestId('signature-step-engagement');
    const requested = admin.waitForResponse(
      (r) => r.url().endsWith(`/v1/signatures/${id}`) && r.request().method() === 'POST',
    );
    await step.getByRole('button', { name: /^Générer/ }).click();
    expect((await requested).status()).toBe(201);
    const signUrl = (await step
      .getByRole('link', { name: /Lien de signature/ })
      .getAttribute('href')) as string;
    const signer = await browser.newPage();
    await signer.goto(signUrl);
    await signer.getByLabel("J'ai lu et j'accepte le document").check();
    await signer.getByRole('button', { name: 'Signer' }).click();
    await signer.getByText(/signé/i).first().waitFor();
    await signer.close();
    await admin.reload();
    await admin
      .locator('[data-testid="signature-step-engagement"][data-status="ARCHIVED"]')
      .waitFor({ timeout: 20_000 });
    await pickStage(admin, id, 'signed');

    // 9. The operator adds the lease date and the birth data (birthplace from the
    // suggestions), and submits.
    await operator.goto(`/project/${id}`);
    await box(operator, 'Date de signature du bail').fill('15/09/2026');
    await operator.getByRole('tab', { name: 'Locataire' }).click();
    await box(operator, 'Date de naissance').fill('12/03/1994');
    // With the keyboard alone, as a screen-reader user would: arrows, then Enter.
    const birthplace = select(operator, 'Lieu de naissance');
    await birthplace.fill('Nantes');
    await operator.getByRole('option', { name: 'Nantes', exact: true }).waitFor();
    await birthplace.press('ArrowDown');
    const active = await birthplace.getAttribute('aria-activedescendant');
    expect(await operator.locator(`[id="${active}"]`).getAttribute('aria-selected')).toBe('true');
    await birthplace.press('Enter');
    expect(await birthplace.getAttribute('aria-expanded')).toBe('false');
    expect(await birthplace.inputValue()).toBe('Nantes');
    await box(operator, 'Département de naissance').fill('44');
    await saved(operator);
    await advance(operator, id, 'Passer en Dossier soumis');
    expect(await stageOf(id)).toBe('submittedToHil');

    // 10. The admin sends it to AL and reminds AL; the super admin marks it paid.
    await pickStage(admin, id, 'sentToAL');
    await moveOnBoard(admin, 'compta', email, id, 'sentToAL', 'relanceAL');
    const superadmin = await as(E2E_ADMIN_EMAIL);
    await moveOnBoard(superadmin, 'compta', email, id, 'relanceAL', 'paid');
    expect(await stageOf(id)).toBe('paid');
  }, 300_000);
});
