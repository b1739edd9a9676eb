import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { SIGNATURE_JOB_RETRY } from '../src/signatures/signatures.service';
import { signaturesDecider, signaturesStream } from '@reloc/domain';
import { FilesService } from '../src/files/files.service';
import { CommandExecutor } from '../src/infrastructure/command-executor';
import { SignaturesService } from '../src/signatures/signatures.service';
import { proposalFixtures } from './support/proposal-fixtures';
import { AccountRole, startTestApp, TestApp } from './support/test-app';

async function templatePdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595.28, 841.89]).drawText(text, { x: 50, y: 780, size: 14, font });
  return Buffer.from(await doc.save());
}

const hasPoppler = existsSync('/usr/bin/pdftotext') && existsSync('/usr/bin/pdftoppm');

type Signature = {
  _id: string;
  step: string;
  status: string;
  transactionId: string;
  provider: string;
  error: boolean;
  instances: {
    name: string;
    email: string;
    role: string;
    signedAt: string | null;
    signUrl?: string;
  }[];
  properties: string[];
  createdAt: string;
  signedAt: string | null;
};

describe('signature requests, built-in provider (§4 one request per step, §5/§9 visits pick, §7)', () => {
  let t: TestApp;
  let f: ReturnType<typeof proposalFixtures>;
  let dir: string;
  let engagementPdf: Buffer;
  let projectId: string;
  const as = async (role: AccountRole) => ({ Authorization: `Bearer ${await t.tokenOf(role)}` });

  const pdftotext = (bytes: Buffer) => {
    const file = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
    writeFileSync(file, bytes);
    return execFileSync('/usr/bin/pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  };

  async function addTemplate(step: string, hasCoRequester: boolean, bytes: Buffer) {
    const res = await t
      .http()
      .post('/v1/signature-templates')
      .set(await as('ADMIN'))
      .field('name', `Modèle ${step}`)
      .field('step', step)
      .field('hasCoRequester', String(hasCoRequester))
      .attach('file', bytes, 'modele.pdf');
    expect(res.status).toBe(201);
  }

  async function setProject(id: string, fields: Record<string, unknown>) {
    const current = await t
      .http()
      .get(`/v1/lease/${id}`)
      .set(await as('ADMIN'));
    const res = await t
      .http()
      .put(`/v1/lease/${id}`)
      .set(await as('ADMIN'))
      .send({ _revision: current.body._revision, ...fields });
    expect(res.status).toBe(200);
  }

  const generate = async (id: string, step: string, role: AccountRole = 'ADMIN') =>
    t
      .http()
      .post(`/v1/signatures/${id}`)
      .set(await as(role))
      .send({ step });
  const list = async (id: string, role: AccountRole = 'OPERATOR') =>
    (
      await t
        .http()
        .get(`/v1/signatures/${id}`)
        .set(await as(role))
    ).body as Signature[];

  async function until(id: string, check: (s: Signature[]) => boolean): Promise<Signature[]> {
    for (let i = 0; i < 200; i++) {
      const signatures = await list(id);
      if (check(signatures)) return signatures;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('timed out');
  }

  const path = (url: string) => new URL(url, 'http://x').pathname;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'reloc-sign-'));
    SIGNATURE_JOB_RETRY.backoffMs = 10;
    t = await startTestApp();
    f = proposalFixtures(t);
    engagementPdf = await templatePdf("Lettre d'engagement de Reloc");
    await addTemplate('engagement', true, engagementPdf);
    await addTemplate('visits', false, await templatePdf('Bons de visite'));
    projectId = await f.createProject('Camille', 'Rousseau');
    await setProject(projectId, {
      coEnabled: true,
      coFirstName: 'Élodie',
      coLastName: 'Garçon',
      coEmail: 'Elodie.Garcon@exemple.fr',
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses generating to non-admins, reading to a USER, and anonymous callers', async () => {
    for (const role of ['OPERATOR', 'SALE', 'VENDOR', 'USER'] as const)
      expect((await generate(projectId, 'engagement', role)).status).toBe(403);
    expect(
      (await t.http().post(`/v1/signatures/${projectId}`).send({ step: 'engagement' })).status,
    ).toBe(401);
    const userRead = await t
      .http()
      .get(`/v1/signatures/${projectId}`)
      .set(await as('USER'));
    expect(userRead.status).toBe(403);
    expect((await t.http().get(`/v1/signatures/${projectId}`)).status).toBe(401);
    for (const role of ['OPERATOR', 'SALE', 'VENDOR', 'USER'] as const) {
      const res = await t
        .http()
        .put(`/v1/signatures/abort/${projectId}`)
        .set(await as(role))
        .send({ step: 'engagement' });
      expect(res.status).toBe(403);
    }
    const anonymous = [
      t.http().put(`/v1/signatures/abort/${projectId}`).send({ step: 'engagement' }),
      t.http().get('/v1/signatures/proof/0123456789abcdef01234567'),
      t.http().get(`/v1/signatures/final-doc/${projectId}/engagement/0123456789abcdef01234567`),
    ];
    for (const res of await Promise.all(anonymous)) expect(res.status).toBe(401);
    expect(await list(projectId)).toEqual([]);
  });

  it('answers 400 without an active template, for a bad step, and 404 for an unknown project', async () => {
    const none = await generate(projectId, 'mission');
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Aucun modèle actif pour cette étape');
    const bad = await generate(projectId, 'autre');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ step: 'Invalide' });
    expect((await generate('0123456789abcdef01234567', 'engagement')).status).toBe(404);
    expect(await list(projectId)).toEqual([]);
  });

  it('creates one request per step: regenerating aborts the open one', async () => {
    const first = await generate(projectId, 'engagement', 'SUPERADMIN');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      step: 'engagement',
      status: 'OPEN',
      provider: 'builtin',
      error: false,
      properties: [],
      signedAt: null,
      instances: [
        { name: 'Camille Rousseau', role: 'requester', signedAt: null },
        {
          name: 'Élodie Garçon',
          email: 'elodie.garcon@exemple.fr',
          role: 'coRequester',
          signedAt: null,
        },
      ],
    });
    expect(first.body.instances[0].signUrl).toMatch(/\/v1\/sign\/[\w-]+\.[\w-]+$/);
    const second = await generate(projectId, 'engagement');
    expect(second.status).toBe(201);
    expect(second.body.transactionId).not.toBe(first.body.transactionId);
    const signatures = await list(projectId, 'VENDOR');
    expect(signatures).toHaveLength(1);
    expect(signatures[0].transactionId).toBe(second.body.transactionId);
    // The old link no longer signs.
    const old = await t.http().get(path(first.body.instances[0].signUrl));
    expect(old.status).toBe(404);
    expect(old.text).toContain('Ce lien de signature est invalide');
  });

  (hasPoppler ? it : it.skip)(
    'signs on the French page; the last signature stamps the PDF, adds the evidence page, archives',
    async () => {
      const [request] = await list(projectId);
      expect(
        (
          await t
            .http()
            .get(`/v1/signatures/proof/${request._id}`)
            .set(await as('SALE'))
        ).status,
      ).toBe(404);
      const [tenant, co] = request.instances.map((s) => path(s.signUrl as string));
      const page = await t.http().get(tenant);
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.text).toContain('<html lang="fr">');
      expect(page.text).toMatch(/<input type="checkbox" id="consent" name="consent"[^>]*required/);
      expect(page.text).toContain(
        '<label for="consent">J\'ai lu et j\'accepte le document</label>',
      );
      expect(page.text).toContain('<button type="submit">Signer</button>');
      const iframe = /<iframe src="([^"]+)" title="Document à signer/.exec(page.text);
      expect(iframe).not.toBeNull();
      const shown = await t.http().get(iframe![1].replace(/&amp;/g, '&')).buffer(true);
      expect(shown.headers['content-type']).toBe('application/pdf');
      const originalHash = createHash('sha256')
        .update(shown.body as Buffer)
        .digest('hex');
      expect(Buffer.compare(shown.body as Buffer, engagementPdf)).toBe(0);

      // Without the consent box: 400, nothing signed.
      const refused = await t.http().post(tenant).type('form').send({});
      expect(refused.status).toBe(400);
      expect(refused.text).toContain('Vous devez accepter le document pour le signer');
      expect((await list(projectId))[0].instances[0].signedAt).toBeNull();

      const signed = await t.http().post(tenant).type('form').send({ consent: 'on' });
      expect(signed.status).toBe(200);
      expect(signed.text).toContain('Document signé');
      const again = await t.http().get(tenant);
      expect(again.text).toContain('Vous avez signé ce document');
      expect((await list(projectId))[0]).toMatchObject({ status: 'OPEN' });

      expect((await t.http().post(co).type('form').send({ consent: 'on' })).status).toBe(200);
      const [archived] = await until(projectId, (s) => s[0]?.status === 'ARCHIVED');
      expect(archived.signedAt).not.toBeNull();
      expect(archived.instances.every((s) => s.signedAt)).toBe(true);

      const finalDoc = await t
        .http()
        .get(`/v1/signatures/final-doc/${projectId}/engagement/${archived.transactionId}`)
        .set(await as('OPERATOR'));
      expect(finalDoc.status).toBe(200);
      const stamped = await t.http().get(finalDoc.body.finalDoc).buffer(true);
      expect(stamped.headers['content-type']).toBe('application/pdf');
      const text = pdftotext(stamped.body as Buffer);
      expect(text).toContain("Lettre d'engagement de Reloc");
      expect(text).toContain('Signé électroniquement par Camille Rousseau le');
      expect(text).toContain('Signé électroniquement par Élodie Garçon le');
      expect(text).toContain(originalHash);
      expect(text).toContain('elodie.garcon@exemple.fr');

      const proof = await t
        .http()
        .get(`/v1/signatures/proof/${archived._id}`)
        .set(await as('VENDOR'));
      expect(proof.status).toBe(200);
      const proofPdf = await t.http().get(proof.body.proof).buffer(true);
      const proofText = pdftotext(proofPdf.body as Buffer);
      expect(proofText).toContain('Preuve de signature électronique');
      expect(proofText).toContain(originalHash);
      expect(proofText).not.toContain("Lettre d'engagement de Reloc");

      const file = join(dir, 'stamped.pdf');
      writeFileSync(file, stamped.body as Buffer);
      execFileSync('/usr/bin/pdftoppm', ['-r', '30', '-png', file, join(dir, 'page')]);
      expect(readdirSync(dir).filter((n) => n.startsWith('page'))).toHaveLength(2);

      // A wrong transaction is 404; the proof is refused to a USER.
      const wrong = await t
        .http()
        .get(`/v1/signatures/final-doc/${projectId}/engagement/0123456789abcdef01234567`)
        .set(await as('OPERATOR'));
      expect(wrong.status).toBe(404);
      expect(
        (
          await t
            .http()
            .get(`/v1/signatures/proof/${archived._id}`)
            .set(await as('USER'))
        ).status,
      ).toBe(403);
    },
  );

  it('finalises again, at start, a request signed by everyone whose job was lost', async () => {
    const id = await f.createProject('Nora', 'Reprise');
    await setProject(id, { coEnabled: false });
    const created = await generate(id, 'engagement');
    expect(created.status).toBe(201);
    // The signature recorded without its finalisation job (as if the api stopped right then).
    await t.app.get(CommandExecutor).execute(
      signaturesStream(id),
      signaturesDecider,
      {
        type: 'SignAsSigner',
        step: 'engagement',
        transactionId: created.body.transactionId,
        signerIndex: 0,
        at: new Date().toISOString(),
      },
      { actor: { id: 'test', trigram: null, role: 'SYSTEM' } },
    );
    expect((await list(id))[0]).toMatchObject({ status: 'OPEN', error: false });
    expect(await t.app.get(SignaturesService).resumePending()).toBe(1);
    await until(id, (s) => s[0]?.status === 'ARCHIVED');
    expect(await t.app.get(SignaturesService).resumePending()).toBe(0);
  });

  it('aborting (admins) removes the request from the list', async () => {
    const res = await t
      .http()
      .put(`/v1/signatures/abort/${projectId}`)
      .set(await as('ADMIN'))
      .send({ step: 'engagement' });
    expect(res.status).toBe(200);
    expect(await list(projectId)).toEqual([]);
    const again = await t
      .http()
      .put(`/v1/signatures/abort/${projectId}`)
      .set(await as('ADMIN'))
      .send({ step: 'engagement' });
    expect(again.status).toBe(404);
  });

  it('visits: at least 3 properties with an exact address; 3 picked, or the final one plus 2', async () => {
    const id = await f.createProject('Jules', 'Martin');
    const host = (n: number, extra: Record<string, unknown> = {}) =>
      f.createHost({
        address: `${n} Rue de la République 69001 Lyon`,
        addressObject: {
          label: `${n} Rue de la République 69001 Lyon`,
          route: 'Rue de la République',
          housenumber: String(n),
          city: 'Lyon',
        },
        carrez: 20 + n,
        price: 600 + n,
        numberOfRoom: 2,
        contactName: `Agence ${n}`,
        contactPhoneNumber: '0612345678',
        ...extra,
      });
    const hosts: string[] = [];
    for (let n = 1; n <= 2; n++) {
      hosts.push(await host(n));
      await f.propose(id, hosts[hosts.length - 1]);
    }
    const vague = await f.createHost({
      address: 'Lyon',
      addressObject: { label: 'Lyon', city: 'Lyon' },
    });
    await f.propose(id, vague);
    const refused = await generate(id, 'visits');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Au moins 3 biens avec une adresse exacte sont nécessaires');
    expect(await list(id)).toEqual([]);

    for (let n = 3; n <= 5; n++) {
      hosts.push(await host(n, n === 3 ? { contactPhoneNumber: '' } : {}));
      await f.propose(id, hosts[hosts.length - 1]);
    }
    const picked = await generate(id, 'visits');
    expect(picked.status).toBe(201);
    // Host 3 has no contact phone: not eligible.
    expect(picked.body.properties).toEqual([hosts[0], hosts[1], hosts[3]]);
    expect(picked.body.instances).toHaveLength(1);

    await setProject(id, { chosenEstate: hosts[4] });
    const withFinal = await generate(id, 'visits');
    expect(withFinal.status).toBe(201);
    expect(withFinal.body.properties).toEqual([hosts[4], hosts[0], hosts[1]]);

    // The document to sign is the template plus a page listing the picked properties.
    const request = t.app.get(SignaturesService).current(id, 'visits');
    const bytes = t.app.get(FilesService).blobs.get(request!.documentHash) as Buffer;
    if (hasPoppler) {
      const text = pdftotext(bytes);
      expect(text).toContain('Bons de visite');
      expect(text).toContain('Biens visités');
      expect(text).toContain('5 Rue de la République 69001 Lyon');
      expect(text).not.toContain('3 Rue de la République');
    }
  });
});
