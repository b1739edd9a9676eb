import { startTestApp, TestApp } from './support/test-app';

type Route = { method: 'post' | 'put' | 'get' | 'delete'; path: string };

/** Every route of the OpenAPI description, with its path parameters filled in. */
async function allRoutes(t: TestApp): Promise<Route[]> {
  const doc = (await t.http().get('/v1/docs-json')).body as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({
      method: method as Route['method'],
      path: path.replace(/\{[^}]+\}/g, 'julien.bernard@reloc.fr'),
    })),
  );
}

describe('bad input on any route is a 400 with a clear message, never a 500', () => {
  let t: TestApp;
  let root: string;
  let routes: Route[];
  beforeAll(async () => {
    t = await startTestApp();
    root = await t.tokenOf('SUPERADMIN');
    routes = await allRoutes(t);
  });
  afterAll(() => t.close());

  it('knows the routes', () => {
    expect(routes.length).toBeGreaterThan(10);
  });

  it('answers malformed JSON with 400 on every route taking a body', async () => {
    for (const route of routes.filter((r) => r.method === 'post' || r.method === 'put')) {
      const res = await t
        .http()
        [route.method](route.path)
        .set('Authorization', `Bearer ${root}`)
        .set('Content-Type', 'application/json')
        .send('{"oops": ');
      expect({ route, status: res.status }).toEqual({ route, status: 400 });
      expect(res.body.message).toEqual(expect.any(String));
    }
  });

  it('answers bodies of the wrong type with 400 on every route taking a body', async () => {
    for (const route of routes.filter((r) => r.method === 'post' || r.method === 'put')) {
      if (route.path === '/v1/refresh') continue; // takes no body: checked below
      for (const body of [[1, 2], 'texte', 42, { email: ['a@b.fr'] }]) {
        const res = await t
          .http()
          [route.method](route.path)
          .set('Authorization', `Bearer ${root}`)
          .set('Content-Type', 'application/json')
          .send(JSON.stringify(body));
        expect({ route, body, status: res.status }).toEqual({ route, body, status: 400 });
      }
    }
    const refresh = await t
      .http()
      .post('/v1/refresh')
      .set('Authorization', `Bearer ${root}`)
      .send({ extra: 1 });
    expect(refresh.status).toBe(400);
  });

  it('answers 400 to bad query parameters', async () => {
    const res = await t
      .http()
      .get('/v1/notifications?page=-1&pageSize=7')
      .set('Authorization', `Bearer ${root}`);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ page: expect.any(String), pageSize: expect.any(String) });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.http().get('/v1/nope').set('Authorization', `Bearer ${root}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Introuvable' });
  });
});
