import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, login, openPage } from './support/browser';
import { e2eEnv } from './support/env';
import { apiCall, apiToken, createProject } from './support/projects';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { E2E_ADMIN_EMAIL, E2E_PASSWORD, type ServerHandle, startServer } from './support/server';

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
    const point = /\((\d+)\)$/.exec(expect.getState().currentTestName ?? '')?.[1] ?? 'x';
    if (process.env.RELOC_E2E_SHOTS)
      await page.screenshot({
        path: `${process.env.RELOC_E2E_SHOTS}-${point}.png`,
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

  it('shows the offline contractual distance and time as an estimate, without a reload (17)', async () => {
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

  it("dates the visit now with the 'Visite planifiée' switch alone; it is in the visits tab and PDF (22)", async () => {
    const projectId = await createProject(url, token, `visite.${Date.now()}@exemple.fr`, {
      firstName: 'Paul',
      lastName: 'Visite',
    });
    const { _id: hostId } = await apiCall<{ _id: string }>(url, token, 'POST', '/hosts', {});
    await apiCall(url, token, 'PUT', `/hosts/${hostId}`, {
      externalId: `https://annonces.example.fr/visite/${hostId}`,
      address: '5 rue Mercière 69002 Lyon',
      price: 900,
      carrez: 40,
      numberOfRoom: 2,
      description: 'VISITEMAINTENANT deux pièces',
    });
    await apiCall(url, token, 'POST', `/proposals/lease/${projectId}/host/${hostId}`, {});
    await login(page, OPERATOR, E2E_PASSWORD);
    await page.goto(`/project/${projectId}/proposals/${hostId}`);
    const details = page.getByTestId(`proposal-details-${hostId}`);
    await details.waitFor();
    const before = Date.now();
    // What the switch itself sends: the server dates an undated visit, so only the request
    // body tells a console that dates the visit from one that leaves it to a second click.
    const bodies: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().includes(`/host/${hostId}`) && request.method() === 'PUT')
        bodies.push(request.postDataJSON());
    });
    const saved = page.waitForResponse(
      (r) => r.url().includes(`/host/${hostId}`) && r.request().method() === 'PUT',
    );
    await details.getByText('Visite planifiée').click();
    expect((await saved).status()).toBe(200);
    expect(bodies).toHaveLength(1);
    const sent = (bodies[0] as { visited?: { dateVisite?: unknown; time?: unknown } }).visited;
    expect(sent?.dateVisite).toMatch(/^\d\d\/\d\d\/\d{4}$/);
    expect(sent?.time).toMatch(/^\d\d:\d\d$/);

    // One click: the visit is dated now (5-minute step), on the server as on screen.
    const [proposal] = await apiCall<{ visited: { dateVisite: string | null } | null }[]>(
      url,
      token,
      'GET',
      `/proposals/lease/${projectId}`,
    );
    const dated = Date.parse(proposal.visited?.dateVisite ?? '');
    expect(dated).toBeGreaterThan(before - 6 * 60_000);
    expect(dated).toBeLessThanOrEqual(Date.now());
    const today = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris' }).format(dated);
    expect(sent?.dateVisite).toBe(today);
    expect(await details.getByLabel('Date de visite').inputValue()).toBe(today);

    // Without a reload or a second click: the Visits tab lists it with its date.
    await page.getByRole('tab', { name: 'Visites', exact: true }).click();
    await page
      .getByRole('table', { name: 'Visites' })
      .getByTestId(`proposal-row-${hostId}`)
      .getByText(today)
      .waitFor();
    expect(bodies).toHaveLength(1);

    // After a reload: in the Visits tab with its date, and in the visits PDF.
    await page.goto(`/project/${projectId}/visits`);
    const row = page.getByTestId(`proposal-row-${hostId}`);
    await row.getByText(today).first().waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export PDF des visites' }).click();
    const file = join(tmpdir(), `visites-${Date.now()}.pdf`);
    await (await download).saveAs(file);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    rmSync(file, { force: true });
    expect(text).toContain('VISITEMAINTENANT');
    expect(text).toContain(`Visite le ${today}`);
  });

  it('lets the super admin refresh a project and delete it for good after a confirmation (23)', async () => {
    const projectId = await createProject(url, token, `supprime.${Date.now()}@exemple.fr`, {
      firstName: 'Hélène',
      lastName: 'Supprimée',
    });
    // An admin has no such actions.
    await login(page, ADMIN, E2E_PASSWORD);
    await page.goto(`/project/${projectId}/admin`);
    await page.getByTestId('project-mails').waitFor();
    expect(await page.getByRole('button', { name: 'Supprimer définitivement' }).count()).toBe(0);
    await context.close();
    ({ context, page } = await openPage(browser, url));

    await login(page, E2E_ADMIN_EMAIL, E2E_PASSWORD);
    await page.goto(`/project/${projectId}/admin`);
    const actions = page.getByRole('region', { name: 'Actions super administrateur' });
    const refreshed = page.waitForResponse((r) =>
      r.url().endsWith(`/v1/lease/${projectId}/refresh`),
    );
    await actions.getByRole('button', { name: 'Actualiser le projet' }).click();
    expect((await refreshed).status()).toBe(200);
    await page.getByText('Projet actualisé').waitFor();

    // Cancelled first: nothing is deleted.
    await actions.getByRole('button', { name: 'Supprimer définitivement' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Supprimer définitivement ce projet ?' });
    await dialog.getByText('Cette action est irréversible', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await apiCall(url, token, 'GET', `/lease/${projectId}`);

    await actions.getByRole('button', { name: 'Supprimer définitivement' }).click();
    const deleted = page.waitForResponse(
      (r) => r.url().endsWith(`/v1/lease/${projectId}`) && r.request().method() === 'DELETE',
    );
    await dialog.getByRole('button', { name: 'Supprimer définitivement' }).click();
    expect((await deleted).status()).toBe(200);
    await page.waitForURL('**/reloc');
    const gone = await fetch(`${url}/v1/lease/${projectId}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(gone.status).toBe(404);
  });
});

const LYON = { label: 'Lyon', city: 'Lyon', postcode: '69001', lat: 45.764, lng: 4.8357 };

/** A property with `address` (its geocoding left to the jobs), proposed to the file. */
async function proposeNew(url: string, token: string, projectId: string, address: string) {
  const { _id } = await apiCall<{ _id: string }>(url, token, 'POST', '/hosts', {});
  await apiCall(url, token, 'PUT', `/hosts/${_id}`, {
    externalId: `https://annonces.example.fr/trajet/${_id}`,
    address,
    price: 900,
    carrez: 40,
    numberOfRoom: 2,
  });
  await apiCall(url, token, 'POST', `/proposals/lease/${projectId}/host/${_id}`, {});
  return _id;
}

describe('travel times that will not come (21)', () => {
  let browser: Browser;
  let routes: Server;
  let failing = true;
  let server: ServerHandle;

  beforeAll(async () => {
    browser = await launchBrowser();
    // The routes provider of this server: errors, until told otherwise.
    routes = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        if (failing) {
          response.writeHead(500, { 'Content-Type': 'application/json' });
          response.end('{"error":{"code":500,"message":"panne"}}');
          return;
        }
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(
          JSON.stringify([
            {
              originIndex: 0,
              destinationIndex: 0,
              condition: 'ROUTE_EXISTS',
              duration: '1500s',
              distanceMeters: 9000,
            },
          ]),
        );
      });
    });
    await new Promise<void>((resolve) => routes.listen(0, '127.0.0.1', resolve));
    const port = (routes.address() as AddressInfo).port;
    server = await startServer({
      RELOC_ROUTES_API_URL: `http://127.0.0.1:${port}`,
      RELOC_ROUTES_API_KEY: 'cle-e2e',
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise((resolve) => routes?.close(resolve));
  });

  it("says 'Pas de géolocalisation' for a property placed nowhere, and 'Trajet indisponible' with 'Recalculer' when the job fails", async () => {
    const { url } = server;
    const token = await apiToken(url, E2E_ADMIN_EMAIL, E2E_PASSWORD);
    const projectId = await createProject(url, token, `trajet.${Date.now()}@exemple.fr`, {
      addressWork: LYON.label,
      addressWorkObject: LYON,
    });
    const nowhere = await proposeNew(url, token, projectId, 'Zzqxw Introuvable');
    const failed = await proposeNew(url, token, projectId, '4 rue Mercière 69002 Lyon');

    const { context, page } = await openPage(browser, url);
    try {
      await login(page, OPERATOR, E2E_PASSWORD);
      await page.goto(`/project/${projectId}/proposals`);
      await page
        .getByTestId(`travel-${nowhere}`)
        .getByText('Pas de géolocalisation (adresse invalide ?)')
        .waitFor({ timeout: 60_000 });
      const unavailable = page.getByTestId(`travel-${failed}`);
      await unavailable.getByText('Trajet indisponible').waitFor({ timeout: 90_000 });
      if (process.env.RELOC_E2E_SHOTS)
        await page.screenshot({ path: `${process.env.RELOC_E2E_SHOTS}-21a.png`, fullPage: true });

      // The provider is back: 'Recalculer' brings the times without a reload.
      failing = false;
      const put = page.waitForResponse(
        (r) => r.url().includes(`/host/${failed}`) && r.request().method() === 'PUT',
      );
      await unavailable.getByRole('button', { name: 'Recalculer' }).click();
      expect((await put).status()).toBe(200);
      await page
        .getByTestId(`travel-${failed}`)
        .getByText('Voiture : 25 min')
        .waitFor({ timeout: 60_000 });
      if (process.env.RELOC_E2E_SHOTS)
        await page.screenshot({ path: `${process.env.RELOC_E2E_SHOTS}-21.png`, fullPage: true });
    } finally {
      await context.close();
    }
  }, 240_000);
});

/** A promise the test resolves by hand. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => undefined as void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('a contractual distance the maps provider gives after the answer (17)', () => {
  let browser: Browser;
  let routes: Server;
  let server: ServerHandle;
  // The provider holds each route until the test opens the gate: the figures can only reach
  // a console that keeps reading the file after the save's answer, never the answer itself.
  let held = gate();
  let kilometres = 463;

  beforeAll(async () => {
    browser = await launchBrowser();
    routes = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        void held.opened.then(() => {
          response.writeHead(200, { 'Content-Type': 'application/json' });
          response.end(
            JSON.stringify([
              {
                originIndex: 0,
                destinationIndex: 0,
                condition: 'ROUTE_EXISTS',
                duration: `${kilometres * 40}s`,
                distanceMeters: kilometres * 1000,
              },
            ]),
          );
        });
      });
    });
    await new Promise<void>((resolve) => routes.listen(0, '127.0.0.1', resolve));
    const port = (routes.address() as AddressInfo).port;
    server = await startServer({
      RELOC_ROUTES_API_URL: `http://127.0.0.1:${port}`,
      RELOC_ROUTES_API_KEY: 'cle-e2e',
    });
  });
  afterAll(async () => {
    held.open();
    await browser?.close();
    await server?.stop();
    await new Promise((resolve) => routes?.close(resolve));
  });

  it('shows the distance and time once computed, after the save, without a reload (17)', async () => {
    const { url } = server;
    const token = await apiToken(url, E2E_ADMIN_EMAIL, E2E_PASSWORD);
    const projectId = await createProject(url, token, `distance.maps.${Date.now()}@exemple.fr`);
    const { context, page } = await openPage(browser, url);
    try {
      await login(page, OPERATOR, E2E_PASSWORD);
      await page.goto(`/project/${projectId}`);
      const box = page.getByTestId('contractual-distance');
      await box.getByText("Pas d'adresse de travail").waitFor();
      const choose = async (city: string) => {
        const saved = page.waitForResponse(
          (r) => r.url().endsWith(`/v1/lease/${projectId}`) && r.request().method() === 'PUT',
        );
        const combobox = page.getByRole('combobox', { name: 'Adresse de travail', exact: true });
        await combobox.fill(city);
        await page.getByRole('option', { name: city, exact: true }).click();
        const answer = await saved;
        expect(answer.status()).toBe(200);
      };
      const reloads: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) reloads.push(frame.url());
      });

      await choose('Lyon');
      // The provider has not answered: the save's answer cannot carry the figures.
      await box.getByText('Calcul en cours…').first().waitFor();
      held.open();
      await box.getByText('Distance contractuelle : 463 km').waitFor({ timeout: 60_000 });
      await box.getByText('Temps de trajet contractuel : 5 h 09 min').waitFor();
      expect(await box.getByText('estimation', { exact: true }).count()).toBe(0);

      // Another work address: the old figures give way to the new ones, still without a reload.
      held = gate();
      kilometres = 775;
      await choose('Marseille');
      await box.getByText('Calcul en cours…').first().waitFor();
      held.open();
      await box.getByText('Distance contractuelle : 775 km').waitFor({ timeout: 60_000 });
      expect(reloads).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});
