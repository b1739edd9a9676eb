import { createHash } from 'node:crypto';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { documentsDecider, DomainError } from '@reloc/domain';
import { encryptLegacy, migrateLegacyBlobs } from '@reloc/worker';
import { DocumentsReadModel } from '../src/documents/documents.read-model';
import { documentsStream } from '../src/documents/documents.service';
import { BlobEraser } from '../src/files/blob-eraser';
import { withNewBlob } from '../src/files/blob-store';
import { BlobMigrationRunner } from '../src/files/blob-migration.runner';
import { FilesService } from '../src/files/files.service';
import { CommandExecutor } from '../src/infrastructure/command-executor';
import { SIGNATURE_JOB_RETRY } from '../src/signatures/signatures.service';
import { blobStoreOf, bytesContain, filesContaining, filesUnder } from './support/files-on-disk';
import { markedPdf, markedPng } from './support/marked-files';
import { proposalFixtures } from './support/proposal-fixtures';
import { startTestApp, TestApp } from './support/test-app';

type Doc = {
  _id: string;
  type: 'folder' | 'file';
  title: string;
  parentFolder: string | null;
  documentType: string | null;
  driveId: { fileId: string; name: string }[];
  meta: { encrypted: boolean };
};

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Issue 14, points 1 and 2: every file that may hold personal data is encrypted at rest
 * whatever the request says, and deleting a document removes its bytes (its key first).
 * Each test searches every byte under the temporary data folder (event store, read models,
 * files, keys) for marker strings of what was uploaded or generated.
 */
describe('files at rest (issue 14: encryption not the client’s choice, deletion removes the bytes)', () => {
  let t: TestApp;
  let f: ReturnType<typeof proposalFixtures>;
  let projectId: string;

  const base = (id = projectId) => `/v1/documents/for/${id}`;
  const list = async (id = projectId): Promise<Doc[]> => {
    const res = await t
      .http()
      .get(base(id))
      .set(await f.as('OPERATOR'));
    expect(res.status).toBe(200);
    return res.body as Doc[];
  };
  const folder = async (title = 'Dossier Locatif', id = projectId) =>
    (await list(id)).find((d) => d.type === 'folder' && d.title === title) as Doc;
  /** A slot created the way the console creates it: no `encrypted` flag. */
  const consoleSlot = async (name: string, documentType: string | null, id = projectId) => {
    const res = await t
      .http()
      .post(base(id))
      .set(await f.as('OPERATOR'))
      .send({
        type: 'file',
        name,
        folderId: (await folder('Dossier Locatif', id))._id,
        documentType,
      });
    expect(res.status).toBe(201);
    return res.body as Doc;
  };
  const upload = async (docId: string, bytes: Buffer, name: string, id = projectId) => {
    const res = await t
      .http()
      .put(`${base(id)}/document/${docId}/upload`)
      .set(await f.as('OPERATOR'))
      .attach('file', bytes, { filename: name, contentType: 'application/octet-stream' });
    expect(res.status).toBe(200);
    return res.body as Doc;
  };
  const download = async (docId: string, id = projectId) =>
    t
      .http()
      .get(`${base(id)}/document/${docId}?format=pdf`)
      .set(await f.as('OPERATOR'))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
  const documentFile = async (docId: string, id = projectId) =>
    t.app
      .get(DocumentsReadModel)
      .find(id)
      ?.documents.find((d) => d._id === docId)?.files ?? [];
  const notOnDisk = (...markers: string[]) => {
    for (const marker of markers) expect(filesContaining(t.config.dataDir, marker)).toEqual([]);
  };

  beforeAll(async () => {
    SIGNATURE_JOB_RETRY.backoffMs = 10;
    t = await startTestApp();
    f = proposalFixtures(t);
    projectId = await f.createProject('Zoé', 'Lefèvre');
  }, 120_000);
  afterAll(() => t.close());

  it('stores a document of a slot created without `encrypted` (the console’s way) encrypted', async () => {
    const impots = await consoleSlot('Avis d’impôt 2025', 'impots');
    expect(impots.meta.encrypted).toBe(true);
    const pdf = await markedPdf('AVIS-IMPOT-ZOE-LEFEVRE-4242');
    const image = markedPng('SCAN-IMPOT-ZOE-LEFEVRE-4243');
    await upload(impots._id, pdf, 'avis 2025.pdf');
    const after = await upload(impots._id, image, 'page 2.png');
    expect(after.driveId.map((file) => file.name)).toEqual(['avis 2025.pdf', 'page 2.png']);
    // The markers are real: the same search finds them in the bytes served back.
    const zip = await t
      .http()
      .get(`${base()}/document/${impots._id}?format=zip`)
      .set(await f.as('OPERATOR'))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect((zip.body as Buffer).includes('AVIS-IMPOT-ZOE-LEFEVRE-4242')).toBe(true);
    expect((zip.body as Buffer).includes('SCAN-IMPOT-ZOE-LEFEVRE-4243')).toBe(true);
    notOnDisk('AVIS-IMPOT-ZOE-LEFEVRE-4242', 'SCAN-IMPOT-ZOE-LEFEVRE-4243');
    // Nor is a blob named by the content's hash.
    expect(filesUnder(t.config.dataDir).filter((file) => file.includes(sha256(pdf)))).toEqual([]);
  });

  it('stores a merged PDF encrypted', async () => {
    const payslip = await consoleSlot('Bulletin de mai', 'wages');
    await upload(payslip._id, await markedPdf('BULLETIN-MAI-ZOE-5151'), 'mai.pdf');
    const contract = await consoleSlot('Contrat', 'contrat_travail');
    await upload(contract._id, await markedPdf('CONTRAT-ZOE-5152'), 'contrat.pdf');
    const merged = await t
      .http()
      .post(`${base()}/_merge`)
      .set(await f.as('OPERATOR'))
      .send({ documentsId: [payslip._id, contract._id], name: 'Dossier Zoé' });
    expect(merged.status).toBe(201);
    const bytes = (await download(merged.body._id)).body as Buffer;
    expect(bytes.includes('BULLETIN-MAI-ZOE-5151') && bytes.includes('CONTRAT-ZOE-5152')).toBe(
      true,
    );
    notOnDisk('BULLETIN-MAI-ZOE-5151', 'CONTRAT-ZOE-5152');
  });

  it('stores a cache upload and an article’s attachment encrypted', async () => {
    const cached = await t
      .http()
      .post('/v1/cache/upload?type=files')
      .set(await f.as('SALE'))
      .attach('file', await markedPdf('KBIS-CACHE-6161'), 'kbis.pdf');
    expect(cached.status).toBe(201);
    const photo = await t
      .http()
      .post('/v1/cache/upload?type=image')
      .set(await f.as('OPERATOR'))
      .attach('file', markedPng('PHOTO-SEJOUR-6162'), 'sejour.png');
    expect(photo.status).toBe(201);
    const article = await t
      .http()
      .post('/v1/kbitem')
      .set(await f.as('ADMIN'))
      .send({ title: 'Procédure', content: '<p>x</p>' });
    const attachment = await t
      .http()
      .post('/v1/cache/upload?type=files')
      .set(await f.as('ADMIN'))
      .field('target', article.body._id)
      .attach('file', await markedPdf('PROCEDURE-KB-6163'), 'procedure.pdf');
    expect(attachment.status).toBe(201);
    const back = await t
      .http()
      .get(`/v1/cache/file/${attachment.body._id}`)
      .set(await f.as('VENDOR'))
      .buffer(true);
    expect((back.body as Buffer).includes('PROCEDURE-KB-6163')).toBe(true);
    notOnDisk('KBIS-CACHE-6161', 'PHOTO-SEJOUR-6162', 'PROCEDURE-KB-6163');
  });

  it('stores the document to sign, the signed PDF and the proof of the built-in provider encrypted', async () => {
    const templatePdf = await markedPdf('LETTRE-MISSION-7171');
    const template = await t
      .http()
      .post('/v1/signature-templates')
      .set(await f.as('ADMIN'))
      .field('name', 'Lettre de mission')
      .field('step', 'engagement')
      .attach('file', templatePdf, 'lettre.pdf');
    expect(template.status).toBe(201);
    const id = await f.createProject('Anatole', 'Signemarque');
    const requested = await t
      .http()
      .post(`/v1/signatures/${id}`)
      .set(await f.as('ADMIN'))
      .send({ step: 'engagement' });
    expect(requested.status).toBe(201);
    const signUrl = new URL(requested.body.instances[0].signUrl as string).pathname;
    expect((await t.http().post(signUrl).type('form').send({ consent: 'on' })).status).toBe(200);
    let archived: { _id: string; status: string; transactionId: string } | undefined;
    for (let i = 0; i < 200 && archived?.status !== 'ARCHIVED'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      [archived] = (
        await t
          .http()
          .get(`/v1/signatures/${id}`)
          .set(await f.as('OPERATOR'))
      ).body;
    }
    expect(archived?.status).toBe('ARCHIVED');
    const link = await t
      .http()
      .get(`/v1/signatures/final-doc/${id}/engagement/${archived!.transactionId}`)
      .set(await f.as('OPERATOR'));
    const signed = await t.http().get(link.body.finalDoc).buffer(true);
    const proofLink = await t
      .http()
      .get(`/v1/signatures/proof/${archived!._id}`)
      .set(await f.as('OPERATOR'));
    const proof = await t.http().get(proofLink.body.proof).buffer(true);
    // The markers are real: the template's text, and the sha256 of the document signed that
    // the stamp and the proof print (nothing else stores it: blob ids are random), are in the
    // bytes served back.
    const signedHash = sha256(templatePdf);
    expect(bytesContain(signed.body as Buffer, 'LETTRE-MISSION-7171')).toBe(true);
    expect(bytesContain(signed.body as Buffer, signedHash)).toBe(true);
    expect(bytesContain(proof.body as Buffer, signedHash)).toBe(true);
    notOnDisk('LETTRE-MISSION-7171', signedHash);
  });

  describe('deleting removes the bytes and the key', () => {
    const blobsOf = async (docId: string) => (await documentFile(docId)).map((file) => file.hash);

    it('DELETE …?fileOnly=false: the document’s blobs and keys are gone from disk', async () => {
      const doc = await consoleSlot('Justificatif', 'justif_dom');
      await upload(doc._id, await markedPdf('JUSTIF-8181'), 'a.pdf');
      await upload(doc._id, markedPng('JUSTIF-8182'), 'b.png');
      const blobs = await blobsOf(doc._id);
      const store = blobStoreOf(t);
      const names = blobs.map((blob) => store.nameOf(blob));
      expect(blobs.every((blob) => store.has(blob))).toBe(true);
      const res = await t
        .http()
        .delete(`${base()}/document/${doc._id}?fileOnly=false`)
        .set(await f.as('OPERATOR'));
      expect(res.status).toBe(204);
      for (const blob of blobs) expect(store.has(blob)).toBe(false);
      const left = filesUnder(t.config.filesDir);
      for (const name of names) expect(left.filter((file) => file.endsWith(name))).toEqual([]);
    });

    it('DELETE …?fileOnly=true: one file, then all of them', async () => {
      const doc = await consoleSlot('Quittances', 'other_incomes');
      await upload(doc._id, await markedPdf('QUITTANCE-1'), 'q1.pdf');
      const after = await upload(doc._id, await markedPdf('QUITTANCE-2'), 'q2.pdf');
      const [first, second] = await blobsOf(doc._id);
      const store = blobStoreOf(t);
      const one = await t
        .http()
        .delete(`${base()}/document/${doc._id}?fileOnly=true&fileId=${after.driveId[0].fileId}`)
        .set(await f.as('OPERATOR'));
      expect(one.status).toBe(204);
      expect(store.has(first)).toBe(false);
      expect(store.has(second)).toBe(true);
      const all = await t
        .http()
        .delete(`${base()}/document/${doc._id}?fileOnly=true`)
        .set(await f.as('OPERATOR'));
      expect(all.status).toBe(204);
      expect(store.has(second)).toBe(false);
    });

    it('a folder’s removal and the project’s permanent deletion remove their documents’ bytes', async () => {
      const other = await f.createProject('Basile', 'Efface');
      const identity = (await list(other)).find((d) => d.documentType === 'identity') as Doc;
      await upload(identity._id, await markedPdf('IDENTITE-BASILE'), 'cni.pdf', other);
      const [blob] = (await documentFile(identity._id, other)).map((file) => file.hash);
      const garant = await folder('Dossier Garant', other);
      const guarantor = (await list(other)).find(
        (d) => d.parentFolder === garant._id && d.documentType === 'identity',
      ) as Doc;
      await upload(guarantor._id, await markedPdf('IDENTITE-GARANT'), 'garant.pdf', other);
      const [guarantorBlob] = (await documentFile(guarantor._id, other)).map((file) => file.hash);
      const store = blobStoreOf(t);
      const removed = await t
        .http()
        .delete(`${base(other)}/document/${garant._id}`)
        .set(await f.as('OPERATOR'));
      expect(removed.status).toBe(204);
      expect(store.has(guarantorBlob)).toBe(false);
      expect(store.has(blob)).toBe(true);
      const deleted = await t
        .http()
        .delete(`/v1/lease/${other}`)
        .set(await f.as('SUPERADMIN'));
      expect(deleted.status).toBe(200);
      expect(store.has(blob)).toBe(false);
    });
  });

  describe('blobs of the former store (clear, content-addressed; RLE1)', () => {
    const legacyBlob = (stored: Buffer) => {
      const id = sha256(stored);
      mkdirSync(join(t.config.filesDir, id.slice(0, 2)), { recursive: true });
      writeFileSync(join(t.config.filesDir, id.slice(0, 2), id), stored);
      return id;
    };
    const attachLegacy = (docId: string, hash: string, name: string) =>
      t.app.get(CommandExecutor).execute(
        documentsStream(projectId),
        documentsDecider,
        {
          type: 'AttachFile',
          documentId: docId,
          file: {
            fileId: '0123456789abcdef0123' + Math.floor(1000 + Math.random() * 8999),
            name,
            mime: 'application/pdf',
            size: 100,
            uploadedAt: new Date().toISOString(),
            uploader: 'JBE',
            hash,
            encrypted: true,
          },
          at: new Date().toISOString(),
        },
        { actor: { id: 'test', trigram: 'JBE', role: 'OPERATOR' } },
      );

    it('serves them, then the migration encrypts them (resumable, idempotent) and they are served the same', async () => {
      const clear = await markedPdf('ANCIEN-CLAIR-9191');
      const secret = await markedPdf('ANCIEN-RLE1-9192');
      const clearId = legacyBlob(clear);
      const rle1Id = legacyBlob(encryptLegacy(t.config.filesKey, secret));
      const a = await consoleSlot('Ancien clair', null);
      const b = await consoleSlot('Ancien chiffré', null);
      await attachLegacy(a._id, clearId, 'ancien.pdf');
      await attachLegacy(b._id, rle1Id, 'ancien-rle1.pdf');
      expect(Buffer.compare((await download(a._id)).body as Buffer, clear)).toBe(0);
      expect(Buffer.compare((await download(b._id)).body as Buffer, secret)).toBe(0);
      expect(filesContaining(t.config.dataDir, 'ANCIEN-CLAIR-9191')).toHaveLength(1);

      // Interrupted after one file, then resumed by the start-up runner.
      const store = blobStoreOf(t);
      const part = await migrateLegacyBlobs(store, { stopAfter: 1 });
      expect(part).toMatchObject({ done: 1, total: 2, migrated: 1 });
      expect(Buffer.compare((await download(a._id)).body as Buffer, clear)).toBe(0);
      expect(Buffer.compare((await download(b._id)).body as Buffer, secret)).toBe(0);
      const rest = await t.app.get(BlobMigrationRunner).start();
      expect(rest).toMatchObject({ done: 1, total: 1, migrated: 1, failed: 0, skipped: false });
      notOnDisk('ANCIEN-CLAIR-9191', 'ANCIEN-RLE1-9192');
      expect(store.legacyIds()).toEqual([]);
      expect(filesUnder(t.config.filesDir).filter((file) => file.includes(clearId))).toEqual([]);
      expect(Buffer.compare((await download(a._id)).body as Buffer, clear)).toBe(0);
      expect(Buffer.compare((await download(b._id)).body as Buffer, secret)).toBe(0);
      expect(await migrateLegacyBlobs(store)).toMatchObject({ done: 0, total: 0, skipped: false });
    });

    it('a blob two documents name stays while one of them does', async () => {
      const shared = await markedPdf('PARTAGE-9393');
      const sharedId = legacyBlob(shared);
      const a = await consoleSlot('Copie A', null);
      const b = await consoleSlot('Copie B', null);
      await attachLegacy(a._id, sharedId, 'a.pdf');
      await attachLegacy(b._id, sharedId, 'b.pdf');
      const store = blobStoreOf(t);
      const removeA = await t
        .http()
        .delete(`${base()}/document/${a._id}?fileOnly=false`)
        .set(await f.as('OPERATOR'));
      expect(removeA.status).toBe(204);
      expect(store.has(sharedId)).toBe(true);
      expect(Buffer.compare((await download(b._id)).body as Buffer, shared)).toBe(0);
      const removeB = await t
        .http()
        .delete(`${base()}/document/${b._id}?fileOnly=true`)
        .set(await f.as('OPERATOR'));
      expect(removeB.status).toBe(204);
      expect(store.has(sharedId)).toBe(false);
      notOnDisk('PARTAGE-9393');
    });
  });

  it('sweeps blobs no event names once they are a day old (a command that failed)', async () => {
    const store = blobStoreOf(t);
    const orphan = store.put(Buffer.from('orphelin'));
    const fresh = store.put(Buffer.from('en cours'));
    const held = t.app.get(FilesService).find(
      (
        await t
          .http()
          .post('/v1/cache/upload?type=image')
          .set(await f.as('OPERATOR'))
          .attach('file', markedPng('x'), 'x.png')
      ).body._id,
    )!.hash;
    const old = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    for (const id of [orphan, held]) {
      const name = store.nameOf(id);
      for (const dir of ['blobs', 'keys'])
        utimesSync(join(t.config.filesDir, dir, name.slice(0, 2), name), old, old);
    }
    expect(await t.app.get(BlobEraser).sweepOrphans()).toBe(1);
    expect(store.has(orphan)).toBe(false);
    expect(store.has(fresh)).toBe(true);
    expect(store.has(held)).toBe(true);
  });

  it('a blob written for a command the decision refuses goes at once; after another failure it stays', async () => {
    const store = blobStoreOf(t);
    let refusedBlob = '';
    await expect(
      withNewBlob(store, Buffer.from('refusé'), async (id) => {
        refusedBlob = id;
        throw new DomainError('Introuvable', 'notFound');
      }),
    ).rejects.toThrow('Introuvable');
    expect(store.has(refusedBlob)).toBe(false);
    let keptBlob = '';
    await expect(
      withNewBlob(store, Buffer.from('peut-être enregistré'), async (id) => {
        keptBlob = id;
        throw new Error('projector did not reach position');
      }),
    ).rejects.toThrow('projector');
    expect(store.has(keptBlob)).toBe(true);
  });
});
