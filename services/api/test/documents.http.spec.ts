import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { createHash } from 'node:crypto';
import { blobCount as blobsOf, filesUnder } from './support/files-on-disk';
import { Canvas } from '@reloc/pdf';
import { proposalFixtures } from './support/proposal-fixtures';
import { AccountRole, startTestApp, TestApp } from './support/test-app';

const UNKNOWN_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const png = new Canvas(40, 30, [200, 120, 80]).rect(5, 5, 20, 10, [20, 40, 200]).png();
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');

async function textPdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([400, 400]).drawText(text, { x: 30, y: 200, size: 16, font });
  return Buffer.from(await doc.save());
}

type Doc = {
  _id: string;
  type: 'folder' | 'file';
  title: string;
  parentFolder: string | null;
  documentType: string | null;
  pack: string | null;
  required: boolean;
  expectedFiles: number;
  driveId: { fileId: string; name: string; mime: string; size: number; uploader: string | null }[];
  meta: { encrypted: boolean };
};

describe('documents (§2 "Documents tab", §3 "Document", §7 "Documents and signatures")', () => {
  let t: TestApp;
  let f: ReturnType<typeof proposalFixtures>;
  let dir: string;
  let projectId: string;

  const base = () => `/v1/documents/for/${projectId}`;
  const list = async (id = projectId): Promise<Doc[]> => {
    const res = await t
      .http()
      .get(`/v1/documents/for/${id}`)
      .set(await f.as('OPERATOR'));
    expect(res.status).toBe(200);
    return res.body as Doc[];
  };
  const slot = (docs: Doc[], type: string, folder = 'Dossier Locatif') => {
    const parent = docs.find((d) => d.type === 'folder' && d.title === folder);
    const found = docs.find((d) => d.parentFolder === parent?._id && d.documentType === type);
    if (!found) throw new Error(`no ${type} slot in ${folder}`);
    return found;
  };
  const upload = async (docId: string, bytes: Buffer, name = 'scan.png', id = projectId) =>
    t
      .http()
      .put(`/v1/documents/for/${id}/document/${docId}/upload`)
      .set(await f.as('OPERATOR'))
      .attach('file', bytes, { filename: name, contentType: 'application/octet-stream' });
  const download = async (docId: string, format: 'pdf' | 'zip' = 'pdf', fileId?: string) =>
    t
      .http()
      .get(`${base()}/document/${docId}?format=${format}${fileId ? `&fileId=${fileId}` : ''}`)
      .set(await f.as('OPERATOR'))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
  const write = (bytes: Buffer, ext: string) => {
    const file = join(dir, `${Math.random().toString(36).slice(2)}.${ext}`);
    writeFileSync(file, bytes);
    return file;
  };
  const pdftotext = (bytes: Buffer) =>
    execFileSync('/usr/bin/pdftotext', ['-layout', write(bytes, 'pdf'), '-'], { encoding: 'utf8' });
  const pageCount = (bytes: Buffer) =>
    Number(
      /^Pages:\s+(\d+)/m.exec(
        execFileSync('/usr/bin/pdfinfo', [write(bytes, 'pdf')], { encoding: 'utf8' }),
      )?.[1],
    );
  const blobCount = () => blobsOf(t);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'reloc-documents-'));
    t = await startTestApp();
    f = proposalFixtures(t);
    projectId = await f.createProject('Zoé', 'Lefèvre');
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is staff only (anonymous 401, USER 403); 404 for an unknown project, 400 for a bad id', async () => {
    expect((await t.http().get(base())).status).toBe(401);
    for (const path of [base(), `${base()}/readiness`]) {
      const res = await t
        .http()
        .get(path)
        .set(await f.as('USER'));
      expect(res.status).toBe(403);
    }
    const upload = await t
      .http()
      .put(`${base()}/document/${UNKNOWN_ID}/upload`)
      .set(await f.as('USER'))
      .attach('file', png, 'a.png');
    expect(upload.status).toBe(403);
    const unknown = await t
      .http()
      .get(`/v1/documents/for/${UNKNOWN_ID}`)
      .set(await f.as('SALE'));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Introuvable');
    expect(
      (
        await t
          .http()
          .get('/v1/documents/for/nope')
          .set(await f.as('SALE'))
      ).status,
    ).toBe(400);
  });

  it('creates the default folders on the first read, once, with their required slots', async () => {
    const first = await list();
    expect(
      first.map((d) => [d.type, d.title, d.pack, d.documentType, d.required, d.expectedFiles]),
    ).toEqual([
      ['folder', 'Dossier Locatif', 'Locataire', null, false, 0],
      ['file', "Pièce d'identité", null, 'identity', true, 1],
      ['file', '3 derniers bulletins de salaire', null, 'wages', true, 3],
      ['file', "2 derniers avis d'imposition", null, 'impots', true, 2],
      ['file', 'Justificatif de domicile de moins de 3 mois', null, 'justif_dom', true, 1],
      ['file', 'Contrat de travail', null, 'contrat_travail', true, 1],
      ['folder', 'Dossier Garant', 'Garant physique', null, false, 0],
      ['file', "Pièce d'identité", null, 'identity', true, 1],
      ['file', '3 derniers bulletins de salaire', null, 'wages', true, 3],
      ['file', "2 derniers avis d'imposition", null, 'impots', true, 2],
      ['file', 'Justificatif de domicile de moins de 3 mois', null, 'justif_dom', true, 1],
    ]);
    expect(first[1]).toMatchObject({ leaseId: projectId, driveId: [], parentFolder: first[0]._id });
    expect(first.every((d) => /^[0-9a-f]{24}$/.test(d._id))).toBe(true);
    expect((await list()).map((d) => d._id)).toEqual(first.map((d) => d._id));
  });

  it('answers the readiness and takes the override', async () => {
    const as = await f.as('ADMIN');
    const readiness = await t.http().get(`${base()}/readiness`).set(as);
    expect(readiness.status).toBe(200);
    expect(readiness.body.status).toBe('incomplete');
    expect(readiness.body.overridden).toBe(false);
    expect(readiness.body.missing).toHaveLength(9);
    expect(readiness.body.missing[1]).toMatchObject({
      folder: 'Dossier Locatif',
      documentType: 'wages',
      label: '3 derniers bulletins de salaire',
      missingFiles: 3,
    });
    const on = await t.http().put(`${base()}/override`).set(as).send({ override: true });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ status: 'incomplete-submission', overridden: true });
    const bad = await t.http().put(`${base()}/override`).set(as).send({ override: 'oui' });
    expect(bad.status).toBe(400);
    const off = await t.http().put(`${base()}/override`).set(as).send({ override: false });
    expect(off.body).toMatchObject({ status: 'incomplete', overridden: false });
  });

  it('creates folders with a unique numeric suffix and files in a folder; refuses bad input with nothing written', async () => {
    const as = await f.as('OPERATOR');
    const created = await t
      .http()
      .post(base())
      .set(as)
      .send({ name: 'Dossier Garant', type: 'folder' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ type: 'folder', title: 'Dossier Garant 2', pack: null });
    const again = await t
      .http()
      .post(base())
      .set(as)
      .send({ name: 'Dossier Garant', type: 'folder' });
    expect(again.body.title).toBe('Dossier Garant 3');
    const before = await list();
    const refusals: [object, number, string][] = [
      [{ name: 'Quittance', type: 'file' }, 400, 'Un document doit être rangé dans un dossier'],
      [
        {
          name: 'Éligibilité',
          type: 'file',
          folderId: created.body._id,
          documentType: 'eligibilite',
        },
        400,
        'Ce type de document ne peut pas être ajouté à la main',
      ],
      [{ name: 'X', type: 'file', folderId: UNKNOWN_ID }, 404, 'Introuvable'],
      [{ name: 'X', type: 'dossier' }, 400, 'Requête invalide'],
      [{ name: 'X', type: 'folder', color: 'red' }, 400, 'Requête invalide'],
    ];
    for (const [body, status, message] of refusals) {
      const res = await t.http().post(base()).set(as).send(body);
      expect([res.status, res.body.message]).toEqual([status, message]);
    }
    expect(await list()).toEqual(before);
    const file = await t
      .http()
      .post(base())
      .set(as)
      .send({ name: 'Quittance', type: 'file', folderId: created.body._id, documentType: 'bail' });
    expect(file.status).toBe(201);
    expect(file.body).toMatchObject({
      type: 'file',
      title: 'Quittance',
      parentFolder: created.body._id,
      documentType: 'bail',
      required: false,
      expectedFiles: 1,
      // Whatever the request says (issue 14): every document is encrypted at rest.
      meta: { encrypted: true },
    });
  });

  it('stores an upload encrypted (AES-256-GCM) for an encrypted slot and gives the plain bytes back', async () => {
    const docs = await list();
    const identity = slot(docs, 'identity');
    expect(identity.meta.encrypted).toBe(true);
    const pdf = await textPdf('CARTE IDENTITE ZOE');
    const res = await upload(identity._id, pdf, 'carte identité.pdf');
    expect(res.status).toBe(200);
    expect(res.body.driveId).toEqual([
      {
        fileId: expect.stringMatching(/^[0-9a-f]{24}$/),
        name: 'carte identité.pdf',
        mime: 'application/pdf',
        size: pdf.length,
        uploadedAt: expect.any(String),
        uploader: 'JBE',
      },
    ]);
    // The plain bytes are nowhere in the store: not under their hash, not inside any blob.
    const plainHash = createHash('sha256').update(pdf).digest('hex');
    expect(filesUnder(t.config.filesDir).filter((file) => file.includes(plainHash))).toEqual([]);
    for (const file of filesUnder(t.config.filesDir))
      expect(readFileSync(file).includes(pdf.subarray(0, 200))).toBe(false);
    const back = await download(identity._id);
    expect(back.status).toBe(200);
    expect(back.headers['content-type']).toBe('application/pdf');
    expect(back.headers['content-disposition']).toContain(
      "filename*=UTF-8''Pi%C3%A8ce%20d'identit%C3%A9.pdf",
    );
    expect(Buffer.compare(back.body as Buffer, pdf)).toBe(0);
  });

  it('refuses what is not an image or a PDF (400) and over 16 MB (413), storing nothing', async () => {
    const docs = await list();
    const before = blobCount();
    const refused = await upload(slot(docs, 'justif_dom')._id, svg, 'plan.pdf');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Seul les images et les pdf sont acceptés');
    const big = Buffer.alloc(16 * 1024 * 1024 + 1);
    png.copy(big);
    const tooBig = await upload(slot(docs, 'justif_dom')._id, big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toEqual({ message: 'Le fichier est trop gros (maxi 16Mo)' });
    expect(blobCount()).toBe(before);
    expect(await list()).toEqual(docs);
    expect((await upload(UNKNOWN_ID, png)).status).toBe(404);
  });

  it('downloads a document as one PDF (images become A4 pages) or a zip of the originals', async () => {
    const wages = slot(await list(), 'wages');
    const pdf = await textPdf('BULLETIN DE MARS');
    await upload(wages._id, png, 'avril.png');
    await upload(wages._id, pdf, 'mars.pdf');
    const merged = await download(wages._id, 'pdf');
    expect(merged.status).toBe(200);
    expect(pageCount(merged.body)).toBe(2);
    expect(pdftotext(merged.body)).toContain('BULLETIN DE MARS');
    const zip = await download(wages._id, 'zip');
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toContain('.zip');
    const file = write(zip.body, 'zip');
    expect(
      execFileSync('/usr/bin/unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n'),
    ).toEqual(['avril.png', 'mars.pdf']);
    execFileSync('/usr/bin/unzip', ['-tq', file]);
    const png0 = execFileSync('/usr/bin/unzip', ['-p', file, 'avril.png']);
    expect(Buffer.compare(png0, png)).toBe(0);
    const empty = await download(slot(await list(), 'contrat_travail')._id);
    expect(empty.status).toBe(404);
    // One file of the slot: the PDF alone, as uploaded.
    const [, march] = slot(await list(), 'wages').driveId;
    const one = await download(wages._id, 'pdf', march.fileId);
    expect(one.status).toBe(200);
    expect(pageCount(one.body)).toBe(1);
    expect(pdftotext(one.body)).toContain('BULLETIN DE MARS');
    expect((await download(wages._id, 'pdf', 'aaaaaaaaaaaaaaaaaaaaaaaa')).status).toBe(404);
  });

  it('merges documents into a new "Dossier complet" of the first one\'s folder, read back by poppler', async () => {
    const docs = await list();
    const identity = slot(docs, 'identity');
    const wages = slot(docs, 'wages');
    const res = await t
      .http()
      .post(`${base()}/_merge`)
      .set(await f.as('OPERATOR'))
      .send({ documentsId: [identity._id, wages._id] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      type: 'file',
      title: 'Dossier complet',
      documentType: 'full',
      parentFolder: identity.parentFolder,
      meta: { encrypted: true },
    });
    const merged = await download(res.body._id);
    expect(pageCount(merged.body)).toBe(3);
    const text = pdftotext(merged.body);
    expect(text.indexOf('CARTE IDENTITE ZOE')).toBeLessThan(text.indexOf('BULLETIN DE MARS'));
    // The image page renders: poppler draws page 2 (the payslip photo) as a PNG.
    const prefix = join(dir, 'page');
    execFileSync('/usr/bin/pdftoppm', [
      '-f',
      '2',
      '-l',
      '2',
      '-r',
      '30',
      '-png',
      write(merged.body, 'pdf'),
      prefix,
    ]);
    const rendered = readdirSync(dir).filter(
      (name) => name.startsWith('page') && name.endsWith('.png'),
    );
    expect(rendered).toHaveLength(1);
    expect(readFileSync(join(dir, rendered[0])).length).toBeGreaterThan(100);
    const tooFew = await t
      .http()
      .post(`${base()}/_merge`)
      .set(await f.as('OPERATOR'))
      .send({ documentsId: [identity._id] });
    expect(tooFew.status).toBe(400);
  });

  it('removes one file, all the files, a required slot keeps itself, a folder goes with its files', async () => {
    const as = await f.as('OPERATOR');
    let wages = slot(await list(), 'wages');
    const [first] = wages.driveId;
    const one = await t
      .http()
      .delete(`${base()}/document/${wages._id}?fileOnly=true&fileId=${first.fileId}`)
      .set(as);
    expect(one.status).toBe(204);
    wages = slot(await list(), 'wages');
    expect(wages.driveId.map((d) => d.name)).toEqual(['mars.pdf']);
    const slotDelete = await t
      .http()
      .delete(`${base()}/document/${wages._id}?fileOnly=false`)
      .set(as);
    expect(slotDelete.status).toBe(204);
    expect(slot(await list(), 'wages')).toMatchObject({ _id: wages._id, driveId: [] });
    const locatif = (await list()).find((d) => d.title === 'Dossier Locatif') as Doc;
    expect((await t.http().delete(`${base()}/document/${locatif._id}`).set(as)).status).toBe(204);
    const left = await list();
    expect(left.some((d) => d._id === locatif._id || d.parentFolder === locatif._id)).toBe(false);
    expect((await t.http().delete(`${base()}/document/${locatif._id}`).set(as)).status).toBe(404);
    const bad = await t
      .http()
      .delete(`${base()}/document/${UNKNOWN_ID}?fileOnly=peut-etre`)
      .set(as);
    expect(bad.status).toBe(400);
  });

  it("switches a folder's pack", async () => {
    const garant = (await list()).find((d) => d.title === 'Dossier Garant') as Doc;
    const res = await t
      .http()
      .put(`${base()}/document/${garant._id}`)
      .set(await f.as('OPERATOR'))
      .send({ pack: 'Autre garant' });
    expect(res.status).toBe(200);
    expect(res.body.pack).toBe('Autre garant');
    const inFolder = (await list()).filter((d) => d.parentFolder === garant._id);
    expect(inFolder.map((d) => d.documentType)).toEqual(['attestation_autre_garant']);
    const bad = await t
      .http()
      .put(`${base()}/document/${garant._id}`)
      .set(await f.as('OPERATOR'))
      .send({ pack: 'Famille' });
    expect(bad.status).toBe(400);
  });

  it('prints the information sheet (fiche_renseignement) from the project', async () => {
    const res = await t
      .http()
      .get(`${base()}/document/templated/fiche_renseignement`)
      .set(await f.as('SALE'))
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (chunk: Buffer) => chunks.push(chunk));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('fiche-renseignement-Zoé-Lefèvre.pdf')}`,
    );
    const text = pdftotext(res.body as Buffer);
    for (const heading of [
      'Fiche de renseignement',
      'Locataire',
      'Entreprise',
      'Garant 1',
      'Garant 2',
      'Recherche',
    ])
      expect(text).toContain(heading);
    expect(text).not.toContain('Co-locataire');
    expect(text).toMatch(/Prénom\s+Zoé/);
    expect(text).toMatch(/Entreprise\s+Airbus/);
    const unknown = await t
      .http()
      .get(`${base()}/document/templated/autre_chose`)
      .set(await f.as('SALE'));
    expect(unknown.status).toBe(404);
  });

  describe('stage gates (§5 "awaitingSignature")', () => {
    const move = async (id: string, body: object, role: AccountRole = 'OPERATOR') =>
      t
        .http()
        .post(`/v1/lease/${id}`)
        .set(await f.as(role))
        .send(body);

    it('needs a chosen property, 3 proposals with an exact address and every document', async () => {
      const id = await f.createProject('Léo', 'Martin');
      const incomplete = await move(id, { currentProgress: 'awaitingSignature' });
      expect(incomplete.status).toBe(400);
      expect(incomplete.body.message).toBe('Dossier incomplet');
      await f.completeFile(id);
      const refused = await move(id, { currentProgress: 'awaitingSignature' });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(
        'Un bien doit avoir été retenu et au moins 3 biens doivent avoir été visités',
      );
      expect(Object.keys(refused.body.errors).sort()).toEqual([
        'chosenEstate',
        'documents',
        'proposals',
      ]);
      const hosts: string[] = [];
      for (let n = 1; n <= 3; n++) {
        const host = await f.createHost({
          address: `${n} Rue de la République 69001 Lyon`,
          addressObject: {
            label: `${n} Rue de la République 69001 Lyon`,
            route: 'Rue de la République',
            housenumber: String(n),
            city: 'Lyon',
          },
        });
        await f.propose(id, host);
        hosts.push(host);
      }
      expect((await move(id, { chosenEstate: hosts[0] })).status).toBe(200);
      const docs = await list(id);
      const override = await t
        .http()
        .put(`/v1/documents/for/${id}/override`)
        .set(await f.as('ADMIN'))
        .send({ override: true });
      expect(override.body.status).toBe('incomplete-submission');
      const stillRefused = await move(id, { currentProgress: 'awaitingSignature' });
      expect(stillRefused.status).toBe(400);
      expect(stillRefused.body.errors).toEqual({
        documents: 'Des documents obligatoires manquent',
      });
      for (const document of docs.filter((d) => d.required))
        for (let n = 0; n < document.expectedFiles; n++)
          expect((await upload(document._id, png, `p${n}.png`, id)).status).toBe(200);
      const readiness = await t
        .http()
        .get(`/v1/documents/for/${id}/readiness`)
        .set(await f.as('OPERATOR'));
      expect(readiness.body.status).toBe('ok');
      const moved = await move(id, { currentProgress: 'awaitingSignature' });
      expect(moved.status).toBe(200);
      expect(moved.body.currentProgress).toBe('awaitingSignature');
    });
  });
});
