import { PDFDocument, StandardFonts } from 'pdf-lib';
import { SignedLinks } from '../src/signatures/signed-links';
import { blobCount as blobsOf } from './support/files-on-disk';
import { AccountRole, startTestApp, TestApp } from './support/test-app';

async function templatePdf(text = "Lettre d'engagement"): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595.28, 841.89]).drawText(text, { x: 50, y: 780, size: 14, font });
  return Buffer.from(await doc.save());
}

const STAFF: AccountRole[] = ['OPERATOR', 'SALE', 'VENDOR', 'ADMIN', 'SUPERADMIN'];
const NOT_ADMIN: AccountRole[] = ['OPERATOR', 'SALE', 'VENDOR', 'USER'];

describe('signature templates (§5 "Signature template", §7, Admin → Signature électronique)', () => {
  let t: TestApp;
  let pdf: Buffer;
  const as = async (role: AccountRole) => ({ Authorization: `Bearer ${await t.tokenOf(role)}` });

  beforeAll(async () => {
    t = await startTestApp();
    pdf = await templatePdf();
  });
  afterAll(() => t.close());

  const blobCount = () => blobsOf(t);

  const create = async (
    fields: Record<string, string>,
    file: { bytes: Buffer; name?: string } | null,
    role: AccountRole = 'ADMIN',
  ) => {
    let req = t
      .http()
      .post('/v1/signature-templates')
      .set(await as(role));
    for (const [key, value] of Object.entries(fields)) req = req.field(key, value);
    if (file)
      req = req.attach('file', file.bytes, {
        filename: file.name ?? 'lettre.pdf',
        contentType: 'application/pdf',
      });
    return req;
  };
  const list = async (role: AccountRole = 'OPERATOR', query = '') =>
    t
      .http()
      .get(`/v1/signature-templates${query}`)
      .set(await as(role));

  it('admins add a template; the list gives it with x-total-count to every staff role', async () => {
    for (const role of ['ADMIN', 'SUPERADMIN'] as const) {
      const res = await create(
        {
          name: `Lettre ${role}`,
          step: 'engagement',
          documentType: 'engagementLetter',
          hasCoRequester: 'true',
        },
        { bytes: pdf, name: 'Lettre d’engagement.pdf' },
        role,
      );
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        name: `Lettre ${role}`,
        step: 'engagement',
        documentId: expect.stringMatching(/^[0-9a-f]{24}$/),
        documentType: 'engagementLetter',
        hasCoRequester: true,
        active: true,
        file: { fileId: res.body.documentId, name: 'Lettre d’engagement.pdf', size: pdf.length },
        createdAt: expect.any(String),
      });
    }
    for (const role of STAFF) {
      const res = await list(role);
      expect(res.status).toBe(200);
      expect(res.headers['x-total-count']).toBe('2');
      expect(res.body.map((x: { name: string }) => x.name)).toEqual([
        'Lettre SUPERADMIN',
        'Lettre ADMIN',
      ]);
    }
    const page = await list('SALE', '?offset=1&size=1');
    expect(page.headers['x-total-count']).toBe('2');
    expect(page.body.map((x: { name: string }) => x.name)).toEqual(['Lettre ADMIN']);
    expect((await list('SALE', '?offset=-1')).status).toBe(400);
  });

  it('refuses the list to a USER (403) and to anonymous callers (401)', async () => {
    expect((await list('USER')).status).toBe(403);
    expect((await t.http().get('/v1/signature-templates')).status).toBe(401);
  });

  it('refuses adding to every non-admin role and to anonymous callers, writing nothing', async () => {
    const before = blobCount();
    for (const role of NOT_ADMIN) {
      const res = await create({ name: 'X', step: 'visits' }, { bytes: pdf }, role);
      expect(res.status).toBe(403);
    }
    const anonymous = await t
      .http()
      .post('/v1/signature-templates')
      .field('name', 'X')
      .attach('file', pdf, 'x.pdf');
    expect(anonymous.status).toBe(401);
    expect(blobCount()).toBe(before);
    expect((await list()).headers['x-total-count']).toBe('2');
  });

  it('PDF only, 10,000,000 bytes at most, a file and a name required: 400 in French, nothing written', async () => {
    const before = blobCount();
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const notPdf = await create({ name: 'Image', step: 'visits' }, { bytes: png, name: 'a.pdf' });
    expect(notPdf.status).toBe(400);
    expect(notPdf.body.message).toBe('Seuls les fichiers PDF sont acceptés');

    const big = Buffer.concat([pdf, Buffer.alloc(10_000_001 - pdf.length, 0x20)]);
    const tooBig = await create({ name: 'Gros', step: 'visits' }, { bytes: big });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.message).toBe('Votre fichier ne doit pas faire plus de 10Mo');

    const missing = await create({ name: 'Sans fichier', step: 'visits' }, null);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Le fichier est obligatoire');

    const noName = await create({ step: 'visits' }, { bytes: pdf });
    expect(noName.status).toBe(400);
    expect(noName.body.errors).toEqual({ name: 'Obligatoire' });
    const badStep = await create({ name: 'X', step: 'autre', extra: '1' }, { bytes: pdf });
    expect(badStep.status).toBe(400);
    expect(Object.keys(badStep.body.errors).sort()).toEqual(['extra', 'step']);

    expect(blobCount()).toBe(before);
    expect((await list()).headers['x-total-count']).toBe('2');

    // Exactly 10,000,000 bytes is allowed.
    const limit = Buffer.concat([pdf, Buffer.alloc(10_000_000 - pdf.length, 0x20)]);
    const atLimit = await create({ name: 'Limite', step: 'mission' }, { bytes: limit });
    expect(atLimit.status).toBe(201);
    expect(atLimit.body.file.size).toBe(10_000_000);
  });

  it('admins edit name, step, co-requester and active; others are refused', async () => {
    const [template] = (await list()).body as { _id: string }[];
    const body = { name: 'Bons de visite', step: 'visits', hasCoRequester: false, active: false };
    for (const role of NOT_ADMIN) {
      const res = await t
        .http()
        .put(`/v1/signature-templates/${template._id}`)
        .set(await as(role))
        .send(body);
      expect(res.status).toBe(403);
    }
    expect((await t.http().put(`/v1/signature-templates/${template._id}`).send(body)).status).toBe(
      401,
    );
    const bad = await t
      .http()
      .put(`/v1/signature-templates/${template._id}`)
      .set(await as('ADMIN'))
      .send({ ...body, name: '', documentType: 'other' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['documentType', 'name']);
    const unknown = await t
      .http()
      .put('/v1/signature-templates/0123456789abcdef01234567')
      .set(await as('ADMIN'))
      .send(body);
    expect(unknown.status).toBe(404);
    for (const role of ['ADMIN', 'SUPERADMIN'] as const) {
      const res = await t
        .http()
        .put(`/v1/signature-templates/${template._id}`)
        .set(await as(role))
        .send(body);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ _id: template._id, ...body });
    }
    const after = (await list()).body.find((x: { _id: string }) => x._id === template._id);
    expect(after).toMatchObject(body);
  });

  it('gives admins a short-lived signed URL showing the PDF inline', async () => {
    const template = ((await list()).body as { _id: string; file: { size: number } }[]).find(
      (x) => x.file.size === pdf.length,
    ) as { _id: string };
    for (const role of NOT_ADMIN) {
      const res = await t
        .http()
        .get(`/v1/signature-templates/${template._id}/update-template-edition-url`)
        .set(await as(role));
      expect(res.status).toBe(403);
    }
    expect(
      (await t.http().get(`/v1/signature-templates/${template._id}/update-template-edition-url`))
        .status,
    ).toBe(401);
    const res = await t
      .http()
      .get(`/v1/signature-templates/${template._id}/update-template-edition-url`)
      .set(await as('ADMIN'));
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^\/v1\/signature-files\/[\w-]+\.[\w-]+$/);
    // No token needed: the URL itself is signed.
    const file = await t.http().get(res.body.url).buffer(true);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^inline;/);
    expect(Buffer.compare(file.body as Buffer, pdf)).toBe(0);

    const token = (res.body.url as string).split('/').pop() as string;
    const tampered = token.slice(0, -2) + (token.endsWith('A') ? 'BB' : 'AA');
    expect((await t.http().get(`/v1/signature-files/${tampered}`)).status).toBe(404);
    const links = t.app.get(SignedLinks);
    expect(links.file(token)).not.toBeNull();
    expect(links.file(token, Date.now() + 9 * 60 * 1000)).not.toBeNull();
    expect(links.file(token, Date.now() + 11 * 60 * 1000)).toBeNull();
    const unknown = await t
      .http()
      .get('/v1/signature-templates/0123456789abcdef01234567/update-template-edition-url')
      .set(await as('ADMIN'));
    expect(unknown.status).toBe(404);
  });
});
