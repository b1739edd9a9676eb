import { Canvas } from '@reloc/pdf';
import { FilesService } from '../src/files/files.service';
import { blobStoreOf } from './support/files-on-disk';
import { AccountRole, PASSWORD, startTestApp, TestApp } from './support/test-app';

const pdf = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
const png = new Canvas(8, 6, [200, 120, 80]).png();
const REPORTS = '__reports';
const STAFF_BUT_SUPERADMIN = ['ADMIN', 'OPERATOR', 'SALE', 'VENDOR'] as const;

type Headers = { Authorization: string };

describe('cache files (§7 "GET /cache/for/{id}", "DELETE /cache/{fileId}"; issue 14: a rule per target)', () => {
  let t: TestApp;
  /** A SALE who is neither lead nor sale of the prospects below (demo account HGA). */
  let otherSale: Headers;
  const as = async (role: AccountRole) => ({ Authorization: `Bearer ${await t.tokenOf(role)}` });

  beforeAll(async () => {
    t = await startTestApp();
    const login = await t
      .http()
      .post('/v1/login-partner')
      .send({ email: 'hugo.garcia@reloc.fr', password: PASSWORD });
    expect(login.status).toBe(200);
    otherSale = { Authorization: `Bearer ${login.body.token}` };
  }, 120_000);
  afterAll(() => t.close());

  const upload = async (
    who: AccountRole | Headers,
    target: string | null,
    options: { name?: string; bytes?: Buffer; type?: 'files' | 'image' } = {},
  ) => {
    const request = t
      .http()
      .post(`/v1/cache/upload?type=${options.type ?? 'files'}`)
      .set(typeof who === 'string' ? await as(who) : who);
    if (target !== null) request.field('target', target);
    return request.attach('file', options.bytes ?? pdf, {
      filename: options.name ?? 'fichier.pdf',
      contentType: 'application/octet-stream',
    });
  };
  const uploaded = async (...args: Parameters<typeof upload>) => {
    const res = await upload(...args);
    expect(res.status).toBe(201);
    return res.body._id as string;
  };
  const list = async (target: string, who: AccountRole | Headers) =>
    t
      .http()
      .get(`/v1/cache/for/${target}`)
      .set(typeof who === 'string' ? await as(who) : who);
  const download = async (id: string, who: AccountRole | Headers) =>
    t
      .http()
      .get(`/v1/cache/file/${id}`)
      .set(typeof who === 'string' ? await as(who) : who)
      .buffer(true);
  const remove = async (id: string, who: AccountRole | Headers) =>
    t
      .http()
      .delete(`/v1/cache/${id}`)
      .set(typeof who === 'string' ? await as(who) : who);
  const blobOf = (fileId: string) => t.app.get(FilesService).find(fileId)?.hash as string;

  async function kbItem(title: string): Promise<string> {
    const res = await t
      .http()
      .post('/v1/kbitem')
      .set(await as('ADMIN'))
      .send({ title, content: '<p>x</p>' });
    expect(res.status).toBe(201);
    return res.body._id as string;
  }

  async function prospect(name: string): Promise<string> {
    const res = await t
      .http()
      .post('/v1/prospects')
      .set(await as('SALE'))
      .send({ name, assignees: { sale: 'SPE' } });
    expect(res.status).toBe(201);
    return res.body._id as string;
  }

  describe('the reports store (__reports) is the superadmin’s', () => {
    let reportId: string;

    beforeAll(async () => {
      reportId = await uploaded('SUPERADMIN', REPORTS, { name: 'factures-emises.pdf' });
    });

    it('lets the superadmin add, list, download and remove reports', async () => {
      const listed = await list(REPORTS, 'SUPERADMIN');
      expect(listed.status).toBe(200);
      expect(listed.body).toEqual({
        files: [
          {
            _id: reportId,
            name: 'factures-emises.pdf',
            size: pdf.length,
            mime: 'application/pdf',
            createdAt: expect.any(String),
            href: `/v1/cache/file/${reportId}`,
          },
        ],
      });
      const file = await download(reportId, 'SUPERADMIN');
      expect(file.status).toBe(200);
      expect(file.headers['content-disposition']).toMatch(/^attachment;/);
      expect(file.headers['cache-control']).toBe('private, no-store');
      expect(Buffer.compare(file.body as Buffer, pdf)).toBe(0);
    });

    it.each(STAFF_BUT_SUPERADMIN)(
      'refuses %s to list, download, add or remove (403)',
      async (role) => {
        expect((await list(REPORTS, role)).status).toBe(403);
        expect((await download(reportId, role)).status).toBe(403);
        const added = await upload(role, REPORTS, { name: `${role}.pdf` });
        expect(added.status).toBe(403);
        expect(added.body.message).toBe('Accès refusé');
        expect((await remove(reportId, role)).status).toBe(403);
        expect((await list(REPORTS, 'SUPERADMIN')).body.files).toHaveLength(1);
      },
    );

    it('refuses USER (403) and anonymous callers (401); the public image route does not serve it', async () => {
      expect((await list(REPORTS, 'USER')).status).toBe(403);
      expect((await download(reportId, 'USER')).status).toBe(403);
      expect((await t.http().get(`/v1/cache/file/${reportId}`)).status).toBe(401);
      const image = await uploaded('SUPERADMIN', REPORTS, { bytes: png, name: 'graphe.png' });
      expect((await t.http().get(`/v1/cache/image/${image}.png`)).status).toBe(404);
      expect((await remove(image, 'SUPERADMIN')).status).toBe(204);
    });

    it('takes no photo upload (type=image is for properties)', async () => {
      const res = await upload('SUPERADMIN', REPORTS, { type: 'image', bytes: png });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Les photos (type=image) ne se déposent que pour un bien');
    });
  });

  describe('an article’s attachments: read by the staff, written by admins', () => {
    let articleId: string;
    let fileId: string;

    beforeAll(async () => {
      articleId = await kbItem('Guide d’accueil');
      fileId = await uploaded('ADMIN', articleId, { name: 'Guide d’accueil.pdf' });
    });

    it('lists and downloads for every staff role', async () => {
      for (const role of ['OPERATOR', 'SALE', 'VENDOR', 'ADMIN', 'SUPERADMIN'] as const) {
        const listed = await list(articleId, role);
        expect(listed.status).toBe(200);
        expect(listed.body.files.map((f: { _id: string }) => f._id)).toEqual([fileId]);
        const file = await download(fileId, role);
        expect(file.status).toBe(200);
        expect(file.headers['content-disposition']).toContain(
          `filename*=UTF-8''${encodeURIComponent('Guide d’accueil.pdf')}`,
        );
      }
      expect((await list(articleId, 'USER')).status).toBe(403);
    });

    it('refuses adding and removing to the other roles', async () => {
      for (const role of ['OPERATOR', 'SALE', 'VENDOR'] as const) {
        expect((await upload(role, articleId)).status).toBe(403);
        expect((await remove(fileId, role)).status).toBe(403);
      }
      const image = await uploaded('ADMIN', articleId, { bytes: png, name: 'plan.png' });
      // An image attachment is a document, not a property photo: never served without a token.
      expect((await t.http().get(`/v1/cache/image/${image}.png`)).status).toBe(404);
      expect((await remove(image, 'SUPERADMIN')).status).toBe(204);
      expect((await list(articleId, 'SALE')).body.files).toHaveLength(1);
    });

    it('deleting the article deletes its attachments and their bytes', async () => {
      const doomed = await kbItem('Ancienne procédure');
      const attached = await uploaded('ADMIN', doomed, { name: 'ancienne.pdf' });
      const blob = blobOf(attached);
      expect(blobStoreOf(t).has(blob)).toBe(true);
      const deleted = await t
        .http()
        .delete(`/v1/kbitem/${doomed}`)
        .set(await as('ADMIN'));
      expect(deleted.status).toBe(200);
      expect(blobStoreOf(t).has(blob)).toBe(false);
      expect((await list(doomed, 'ADMIN')).status).toBe(404);
      expect((await download(attached, 'ADMIN')).status).toBe(404);
    });
  });

  describe('a prospect’s files follow the prospect (admins, its lead or its sale)', () => {
    let prospectId: string;
    let fileId: string;

    beforeAll(async () => {
      prospectId = await prospect('Acme Logistique');
      fileId = await uploaded('SALE', prospectId, { name: 'plaquette.pdf' });
    });

    it('its sale and the admins list, download and add', async () => {
      for (const role of ['SALE', 'ADMIN', 'SUPERADMIN'] as const) {
        expect((await list(prospectId, role)).body.files).toEqual([
          expect.objectContaining({ _id: fileId, name: 'plaquette.pdf' }),
        ]);
        expect((await download(fileId, role)).status).toBe(200);
      }
      const byAdmin = await uploaded('ADMIN', prospectId, { name: 'contrat.pdf' });
      expect((await list(prospectId, 'SALE')).body.files).toHaveLength(2);
      expect((await remove(byAdmin, 'ADMIN')).status).toBe(204);
    });

    it('refuses a SALE who is not its lead or sale, and the other roles', async () => {
      for (const who of [otherSale, 'OPERATOR', 'VENDOR'] as const) {
        expect((await list(prospectId, who)).status).toBe(403);
        expect((await download(fileId, who)).status).toBe(403);
        expect((await upload(who, prospectId)).status).toBe(403);
        expect((await remove(fileId, who)).status).toBe(403);
      }
    });

    it('a prospect takes only its own files or the caller’s untargeted upload', async () => {
      const attach = async (id: string, headers: Headers) =>
        t.http().post(`/v1/prospects/${prospectId}/files`).set(headers).send({ fileId: id });
      const report = await uploaded('SUPERADMIN', REPORTS, { name: 'mandats.pdf' });
      const refused = await attach(report, await as('SUPERADMIN'));
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('Fichier introuvable');
      const elsewhere = await uploaded('SALE', await prospect('Autre SA'));
      expect((await attach(elsewhere, await as('SALE'))).status).toBe(400);
      const someoneElses = await uploaded('ADMIN', null);
      expect((await attach(someoneElses, await as('SALE'))).status).toBe(400);

      // The console's way: uploaded for the prospect, then attached.
      expect((await attach(fileId, await as('SALE'))).status).toBe(201);
      // An untargeted upload of the caller's own is taken by the prospect.
      const own = await uploaded('SALE', null, { name: 'kbis.pdf' });
      expect((await download(own, 'ADMIN')).status).toBe(403);
      expect((await attach(own, await as('SALE'))).status).toBe(201);
      expect((await download(own, 'ADMIN')).status).toBe(200);
      expect((await download(own, otherSale)).status).toBe(403);
      expect(
        (await list(prospectId, 'SALE')).body.files.map((f: { _id: string }) => f._id),
      ).toEqual([fileId, own]);

      // Detached: the file and its bytes are gone.
      const blob = blobOf(own);
      const detached = await t
        .http()
        .delete(`/v1/prospects/${prospectId}/files/${own}`)
        .set(await as('SALE'));
      expect(detached.status).toBe(200);
      expect(blobStoreOf(t).has(blob)).toBe(false);
      expect((await download(own, 'SALE')).status).toBe(404);
    });
  });

  describe('files without a target, property photos, templates', () => {
    it('an untargeted upload is read by its uploader only, whatever the role', async () => {
      const id = await uploaded('VENDOR', null, { name: 'brouillon.pdf' });
      expect((await download(id, 'VENDOR')).status).toBe(200);
      for (const role of ['SUPERADMIN', 'ADMIN', 'SALE', 'OPERATOR'] as const)
        expect((await download(id, role)).status).toBe(403);
      expect((await t.http().get(`/v1/cache/image/${id}.png`)).status).toBe(404);
    });

    it('photos: staff; removed by their uploader or an admin (204), then no longer served', async () => {
      const mine = await uploaded('SALE', 'demo', { type: 'image', bytes: png });
      const other = await uploaded('OPERATOR', 'demo', { type: 'image', bytes: png });
      expect((await t.http().get(`/v1/cache/image/${mine}.png`)).status).toBe(200);
      for (const role of ['OPERATOR', 'VENDOR'] as const)
        expect((await remove(mine, role)).status).toBe(403);
      const byUploader = await remove(mine, 'SALE');
      expect(byUploader.status).toBe(204);
      expect(byUploader.text).toBe('');
      expect((await remove(other, 'ADMIN')).status).toBe(204);
      const left = (await list('demo', 'VENDOR')).body.files.map((f: { _id: string }) => f._id);
      expect(left).not.toContain(mine);
      expect(left).not.toContain(other);
      expect((await t.http().get(`/v1/cache/image/${mine}.png`)).status).toBe(404);
      expect((await download(mine, 'ADMIN')).status).toBe(404);
      expect((await remove(mine, 'ADMIN')).status).toBe(404);
      // A property takes photos only.
      const doc = await upload('OPERATOR', 'demo', { type: 'files' });
      expect(doc.status).toBe(400);
    });

    it('a template’s file is managed by the templates’ routes only', async () => {
      const created = await t
        .http()
        .post('/v1/signature-templates')
        .set(await as('ADMIN'))
        .field('name', 'Modèle')
        .field('step', 'engagement')
        .attach('file', pdf, 'modele.pdf');
      expect(created.status).toBe(201);
      const templateId = created.body._id as string;
      const [file] = (await list(templateId, 'VENDOR')).body.files as { _id: string }[];
      const res = await upload('SUPERADMIN', templateId);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(
        'Le fichier d’un modèle se gère depuis « Signature électronique »',
      );
      expect((await remove(file._id, 'SUPERADMIN')).status).toBe(403);
    });
  });

  it('a target of an unknown kind is a 400, one that names nothing a 404', async () => {
    for (const target of ['staff-only', '__secret', 'x'.repeat(200)]) {
      const up = await upload('SUPERADMIN', target);
      expect(up.status).toBe(400);
      expect(up.body.message).toBe('Cible de dépôt inconnue');
      expect((await list(target, 'SUPERADMIN')).status).toBe(400);
    }
    const nothing = 'abcdefabcdefabcdefabcdef';
    expect((await upload('SUPERADMIN', nothing)).status).toBe(404);
    expect((await list(nothing, 'SUPERADMIN')).status).toBe(404);
    expect((await list('x'.repeat(201), 'SUPERADMIN')).status).toBe(400);
  });

  it('answers 400 to a bad id and 404 to an unknown one', async () => {
    expect((await download('nope', 'ADMIN')).status).toBe(400);
    expect((await remove('nope', 'ADMIN')).status).toBe(400);
    const unknown = 'f'.repeat(24);
    expect((await download(unknown, 'ADMIN')).status).toBe(404);
    expect((await remove(unknown, 'ADMIN')).status).toBe(404);
  });
});
