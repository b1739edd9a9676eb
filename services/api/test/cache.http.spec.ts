import { AccountRole, startTestApp, TestApp } from './support/test-app';

const pdf = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
const TARGET = 'abcdefabcdefabcdefabcdef';

describe('cache files (§7 "GET /cache/for/{id}", "DELETE /cache/{fileId}", brief contract)', () => {
  let t: TestApp;
  const as = async (role: AccountRole) => ({ Authorization: `Bearer ${await t.tokenOf(role)}` });

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const upload = async (role: AccountRole, name: string, target = TARGET) => {
    const res = await t
      .http()
      .post('/v1/cache/upload?type=files')
      .set(await as(role))
      .field('target', target)
      .attach('file', pdf, { filename: name, contentType: 'application/pdf' });
    expect(res.status).toBe(201);
    return res.body._id as string;
  };
  const filesOf = async (target = TARGET, role: AccountRole = 'OPERATOR') =>
    t
      .http()
      .get(`/v1/cache/for/${target}`)
      .set(await as(role));

  it('lists the files of a target and downloads one under its name', async () => {
    const id = await upload('OPERATOR', 'Guide d’accueil.pdf');
    const listed = await filesOf();
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      files: [
        {
          _id: id,
          name: 'Guide d’accueil.pdf',
          size: pdf.length,
          mime: 'application/pdf',
          createdAt: expect.any(String),
          href: `/v1/cache/file/${id}`,
        },
      ],
    });
    const file = await t
      .http()
      .get(`/v1/cache/file/${id}`)
      .set(await as('SALE'))
      .buffer(true);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('Guide d’accueil.pdf')}`,
    );
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
    expect(Buffer.compare(file.body as Buffer, pdf)).toBe(0);
    expect((await filesOf('__nothing_here')).body).toEqual({ files: [] });
  });

  it('is staff only', async () => {
    const id = await upload('ADMIN', 'a.pdf', 'staff-only');
    expect((await filesOf('staff-only', 'USER')).status).toBe(403);
    expect(
      (
        await t
          .http()
          .get(`/v1/cache/file/${id}`)
          .set(await as('USER'))
      ).status,
    ).toBe(403);
    expect((await t.http().get(`/v1/cache/file/${id}`)).status).toBe(401);
    expect(
      (
        await t
          .http()
          .delete(`/v1/cache/${id}`)
          .set(await as('USER'))
      ).status,
    ).toBe(403);
  });

  it('removes a file for an admin or its uploader only (204), then no longer serves it', async () => {
    const mine = await upload('SALE', 'sale.pdf', 'removals');
    const other = await upload('OPERATOR', 'operator.pdf', 'removals');
    for (const role of ['OPERATOR', 'VENDOR'] as const)
      expect(
        (
          await t
            .http()
            .delete(`/v1/cache/${mine}`)
            .set(await as(role))
        ).status,
      ).toBe(403);
    expect((await filesOf('removals')).body.files).toHaveLength(2);

    const byUploader = await t
      .http()
      .delete(`/v1/cache/${mine}`)
      .set(await as('SALE'));
    expect(byUploader.status).toBe(204);
    expect(byUploader.text).toBe('');
    const byAdmin = await t
      .http()
      .delete(`/v1/cache/${other}`)
      .set(await as('ADMIN'));
    expect(byAdmin.status).toBe(204);
    expect((await filesOf('removals')).body).toEqual({ files: [] });
    expect(
      (
        await t
          .http()
          .get(`/v1/cache/file/${mine}`)
          .set(await as('ADMIN'))
      ).status,
    ).toBe(404);
    expect(
      (
        await t
          .http()
          .delete(`/v1/cache/${mine}`)
          .set(await as('ADMIN'))
      ).status,
    ).toBe(404);
  });

  it('answers 400 to a bad id and 404 to an unknown one', async () => {
    expect(
      (
        await t
          .http()
          .get('/v1/cache/file/nope')
          .set(await as('ADMIN'))
      ).status,
    ).toBe(400);
    expect(
      (
        await t
          .http()
          .delete('/v1/cache/nope')
          .set(await as('ADMIN'))
      ).status,
    ).toBe(400);
    const unknown = 'f'.repeat(24);
    expect(
      (
        await t
          .http()
          .get(`/v1/cache/file/${unknown}`)
          .set(await as('ADMIN'))
      ).status,
    ).toBe(404);
    expect(
      (
        await t
          .http()
          .delete(`/v1/cache/${unknown}`)
          .set(await as('ADMIN'))
      ).status,
    ).toBe(404);
    expect((await filesOf('x'.repeat(201))).status).toBe(400);
  });
});
