import { AccountRole, startTestApp, TestApp } from './support/test-app';

type Item = { _id: string; title: string; content: string; createdAt: string; updatedAt: string };

describe('knowledge base (§2 "Knowledge base", §5, §7 "Signature templates and knowledge base")', () => {
  let t: TestApp;
  const as = async (role: AccountRole) => ({ Authorization: `Bearer ${await t.tokenOf(role)}` });

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const list = async (role: AccountRole = 'OPERATOR') =>
    (
      await t
        .http()
        .get('/v1/kbitems')
        .set(await as(role))
    ).body as Item[];
  const create = async (body: object, role: AccountRole = 'ADMIN') =>
    t
      .http()
      .post('/v1/kbitem')
      .set(await as(role))
      .send(body);

  it('lets admins and super admins add, edit and delete; every staff member reads', async () => {
    const created = await create({ title: '  Premiers pas ', content: '<h2>Bienvenue</h2>' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      title: 'Premiers pas',
      content: '<h2>Bienvenue</h2>',
    });
    const id = created.body._id as string;
    for (const role of ['OPERATOR', 'SALE', 'VENDOR', 'ADMIN', 'SUPERADMIN'] as const)
      expect((await list(role)).map((item) => item._id)).toContain(id);

    const edited = await t
      .http()
      .put(`/v1/kbitem/${id}`)
      .set(await as('SUPERADMIN'))
      .send({ title: 'Premiers pas', content: '<p>Modifié</p>' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ _id: id, content: '<p>Modifié</p>' });

    const removed = await t
      .http()
      .delete(`/v1/kbitem/${id}`)
      .set(await as('ADMIN'));
    expect(removed.status).toBe(200);
    expect((await list()).map((item) => item._id)).not.toContain(id);
    expect(
      (
        await t
          .http()
          .delete(`/v1/kbitem/${id}`)
          .set(await as('ADMIN'))
      ).status,
    ).toBe(404);
    expect(
      (
        await t
          .http()
          .put(`/v1/kbitem/${id}`)
          .set(await as('ADMIN'))
          .send({ title: 'x' })
      ).status,
    ).toBe(404);
  });

  it('refuses every write to the other roles, and reading to a client account', async () => {
    const id = (await create({ title: 'Réservé', content: '' })).body._id as string;
    for (const role of ['OPERATOR', 'SALE', 'VENDOR', 'USER'] as const) {
      expect((await create({ title: 'Non' }, role)).status).toBe(403);
      const put = await t
        .http()
        .put(`/v1/kbitem/${id}`)
        .set(await as(role))
        .send({ title: 'Non' });
      expect(put.status).toBe(403);
      expect(
        (
          await t
            .http()
            .delete(`/v1/kbitem/${id}`)
            .set(await as(role))
        ).status,
      ).toBe(403);
    }
    expect(
      (
        await t
          .http()
          .get('/v1/kbitems')
          .set(await as('USER'))
      ).status,
    ).toBe(403);
    expect((await t.http().get('/v1/kbitems')).status).toBe(401);
    expect((await list()).find((item) => item._id === id)?.title).toBe('Réservé');
  });

  it("answers 'Le titre est obligatoire' and writes nothing on bad input", async () => {
    const before = await list();
    for (const body of [{}, { title: '' }, { title: '   ', content: '<p>x</p>' }]) {
      const res = await create(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message: 'Le titre est obligatoire',
        errors: { title: 'Le titre est obligatoire' },
      });
    }
    for (const body of [{ title: 'x', extra: 1 }, { title: 42 }, { title: 'x'.repeat(201) }, []]) {
      const res = await create(body);
      expect(res.status).toBe(400);
    }
    expect(
      (
        await t
          .http()
          .put('/v1/kbitem/nope')
          .set(await as('ADMIN'))
          .send({ title: 'x' })
      ).status,
    ).toBe(400);
    expect(
      (
        await t
          .http()
          .delete('/v1/kbitem/nope')
          .set(await as('ADMIN'))
      ).status,
    ).toBe(400);
    expect(await list()).toEqual(before);
  });

  it('sanitises the HTML on the server: no script, no handlers, no javascript: links', async () => {
    const image = `/v1/cache/image/${'a'.repeat(24)}.png`;
    const res = await create({
      title: 'Piégé',
      content: [
        '<h2 onclick="x()">Titre</h2><script>alert(1)</script>',
        '<p>Texte <strong>gras</strong> <em>em</em> <a href="javascript:alert(2)">lien</a>',
        ' <a href="https://www.service-public.fr" target="_blank">sp</a></p>',
        '<img src="x" onerror="alert(3)"><img src="' + image + '" alt="plan">',
        '<style>body{display:none}</style><iframe src="https://evil.example"></iframe>',
        '<ul><li>un</li></ul><table><tbody><tr><td colspan="2">c</td></tr></tbody></table>',
      ].join(''),
    });
    expect(res.status).toBe(201);
    const content = res.body.content as string;
    expect(content).not.toMatch(/script|alert|onerror|onclick|javascript:|style|iframe|evil/i);
    expect(content).toContain('<h2>Titre</h2>');
    expect(content).toContain('<strong>gras</strong>');
    expect(content).toContain('<a>lien</a>');
    expect(content).toContain(
      '<a href="https://www.service-public.fr" target="_blank" rel="noopener noreferrer">sp</a>',
    );
    expect(content).toContain(`<img src="${image}" alt="plan" />`);
    expect(content).toContain('<ul><li>un</li></ul>');
    expect(content).toContain('<td colspan="2">c</td>');
    // What is read back is what was stored.
    expect((await list()).find((item) => item._id === res.body._id)?.content).toBe(content);

    const edited = await t
      .http()
      .put(`/v1/kbitem/${res.body._id}`)
      .set(await as('ADMIN'))
      .send({ title: 'Piégé', content: '<p>ok</p><script>alert(4)</script>' });
    expect(edited.body.content).toBe('<p>ok</p>');
  });
});
