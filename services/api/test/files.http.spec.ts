import { createHash } from 'node:crypto';
import { Canvas } from '@reloc/pdf';
import { FilesService } from '../src/files/files.service';
import { blobCount as blobsOf, filesContaining, filesUnder } from './support/files-on-disk';
import { AccountRole, startTestApp, TestApp } from './support/test-app';

const png = new Canvas(8, 6, [200, 120, 80]).rect(2, 2, 3, 3, [20, 40, 200]).png();
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const pdf = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');

describe('files and photos (§3 "Host" images, §8 upload 413, §9 16 MB)', () => {
  let t: TestApp;
  const as = async (role: AccountRole) => ({ Authorization: `Bearer ${await t.tokenOf(role)}` });

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const upload = async (
    bytes: Buffer,
    options: { type?: string; name?: string; contentType?: string; role?: AccountRole } = {},
  ) => {
    const request = t
      .http()
      .post(`/v1/cache/upload${options.type === undefined ? '?type=image' : options.type}`)
      .set(await as(options.role ?? 'OPERATOR'));
    return request.attach('file', bytes, {
      filename: options.name ?? 'façade.png',
      contentType: options.contentType ?? 'image/png',
    });
  };

  const blobCount = () => blobsOf(t);

  it('stores an image for any staff role and serves it without a token, with its real type', async () => {
    for (const role of ['OPERATOR', 'SALE', 'ADMIN', 'VENDOR', 'SUPERADMIN'] as const) {
      const res = await upload(png, { role });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ _id: expect.stringMatching(/^[0-9a-f]{24}$/) });
    }
    const { body } = await upload(jpeg, { name: 'photo.png', contentType: 'image/png' });
    const image = await t.http().get(`/v1/cache/image/${body._id}.png`).buffer(true);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toContain('max-age=31536000');
    // Public photos may be shown by other sites; everything else is same-origin (helmet).
    expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(Buffer.compare(image.body as Buffer, jpeg)).toBe(0);

    const first = await upload(png);
    // The name is read as UTF-8 and kept with the record.
    expect(t.app.get(FilesService).find(first.body._id)).toMatchObject({
      name: 'façade.png',
      mime: 'image/png',
      size: png.length,
      kind: 'image',
    });
    const served = await t.http().get(`/v1/cache/image/${first.body._id}.png`).buffer(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(served.body as Buffer, png)).toBe(0);
    const again = await t
      .http()
      .get(`/v1/cache/image/${first.body._id}.png`)
      .set('If-None-Match', served.headers.etag);
    expect(again.status).toBe(304);
  });

  it('stores every upload encrypted, as a blob of its own whose name is not the content’s hash', async () => {
    const marker = 'PHOTO-MARQUEUR-7Q2';
    const bytes = Buffer.concat([png, Buffer.from(marker)]);
    const before = blobCount();
    const a = await upload(bytes);
    const b = await upload(bytes);
    expect(a.body._id).not.toBe(b.body._id);
    expect(blobCount()).toBe(before + 2);
    expect(filesContaining(t.config.dataDir, marker)).toEqual([]);
    const sha = createHash('sha256').update(bytes).digest('hex');
    expect(filesUnder(t.config.dataDir).filter((file) => file.includes(sha))).toEqual([]);
    const served = await t.http().get(`/v1/cache/image/${a.body._id}.png`).buffer(true);
    expect(Buffer.compare(served.body as Buffer, bytes)).toBe(0);
  });

  it('takes a target from the form or the query (photos: the demo’s, or a property)', async () => {
    const res = await t
      .http()
      .post('/v1/cache/upload?type=image')
      .set(await as('OPERATOR'))
      .field('target', 'demo')
      .attach('file', png, 'p.png');
    expect(res.status).toBe(201);
    const query = await upload(png, { type: '?type=image&target=demo' });
    expect(query.status).toBe(201);
    expect(t.app.get(FilesService).find(query.body._id)?.target).toBe('demo');
  });

  it('type=files takes images and PDFs, nothing else', async () => {
    expect((await upload(pdf, { type: '?type=files', name: 'bail.pdf' })).status).toBe(201);
    expect((await upload(png, { type: '?type=files' })).status).toBe(201);
    const refused = await upload(svg, { type: '?type=files', contentType: 'application/pdf' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Seul les images et les pdf sont acceptés');
  });

  it('type=image refuses a PDF or anything sent as an image that is not one', async () => {
    const before = blobCount();
    for (const bytes of [pdf, svg, Buffer.from('pas une image')]) {
      const res = await upload(bytes, { contentType: 'image/png' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Seules les images sont acceptées (png, jpeg, webp ou gif)');
    }
    expect(blobCount()).toBe(before);
    // A stored PDF is not served as an image.
    const stored = await upload(pdf, { type: '?type=files', name: 'doc.pdf' });
    expect((await t.http().get(`/v1/cache/image/${stored.body._id}.png`)).status).toBe(404);
  });

  it('answers 413 with the French text above 16 MB, and keeps nothing', async () => {
    const before = blobCount();
    const big = Buffer.alloc(16 * 1024 * 1024 + 1);
    png.copy(big);
    const res = await upload(big);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Le fichier est trop gros (maxi 16Mo)' });
    expect(blobCount()).toBe(before);
  });

  it('400 without a file, with another field name, a bad type or an unknown field', async () => {
    const none = await t
      .http()
      .post('/v1/cache/upload?type=image')
      .set(await as('OPERATOR'))
      .field('target', 'x');
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Aucun fichier reçu');
    const json = await t
      .http()
      .post('/v1/cache/upload?type=image')
      .set(await as('OPERATOR'))
      .send({});
    expect(json.status).toBe(400);
    const otherField = await t
      .http()
      .post('/v1/cache/upload?type=image')
      .set(await as('OPERATOR'))
      .attach('photo', png, 'p.png');
    expect(otherField.status).toBe(400);
    expect(otherField.body.message).toBe('Requête invalide');
    for (const type of ['', '?type=video', '?type=image&extra=1']) {
      const res = await upload(png, { type });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Requête invalide');
    }
    const extraField = await t
      .http()
      .post('/v1/cache/upload?type=image')
      .set(await as('OPERATOR'))
      .field('owner', 'x')
      .attach('file', png, 'p.png');
    expect(extraField.status).toBe(400);
    expect(extraField.body.errors).toEqual({ owner: 'Champ inconnu' });
  });

  it('refuses anonymous callers and USER accounts, storing nothing', async () => {
    const before = blobCount();
    const anonymous = await t
      .http()
      .post('/v1/cache/upload?type=image')
      .attach('file', png, 'p.png');
    expect(anonymous.status).toBe(401);
    const user = await upload(Buffer.concat([png, Buffer.from('user')]), { role: 'USER' });
    expect(user.status).toBe(403);
    const forged = await t
      .http()
      .post('/v1/cache/upload?type=image')
      .set('Authorization', 'Bearer forged.token.value')
      .attach('file', png, 'p.png');
    expect(forged.status).toBe(401);
    expect(blobCount()).toBe(before);
  });

  it('404 for an unknown image, 400 for a malformed id', async () => {
    expect((await t.http().get('/v1/cache/image/aaaaaaaaaaaaaaaaaaaaaaaa.png')).status).toBe(404);
    expect((await t.http().get('/v1/cache/image/..%2F..%2Fetc.png')).status).toBe(400);
  });
});
