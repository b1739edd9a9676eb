import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { startTestApp, TestApp } from './support/test-app';

/** A local stand-in for the French address API, answering in its documented format. */
function banServer(): Promise<{ server: Server; url: string; queries: URLSearchParams[] }> {
  const queries: URLSearchParams[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/search/') {
      res.writeHead(404).end();
      return;
    }
    queries.push(url.searchParams);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        type: 'FeatureCollection',
        version: 'draft',
        features: [
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [2.290084, 49.897443] },
            properties: {
              label: '8 Boulevard du Port 80000 Amiens',
              score: 0.95,
              housenumber: '8',
              id: '80021_6590_00008',
              name: '8 Boulevard du Port',
              postcode: '80000',
              citycode: '80021',
              x: 648952.58,
              y: 6977867.25,
              city: 'Amiens',
              context: '80, Somme, Hauts-de-France',
              type: 'housenumber',
              importance: 0.6,
              street: 'Boulevard du Port',
            },
          },
          { type: 'Feature', geometry: null, properties: { label: 'sans géométrie' } },
        ],
        attribution: 'BAN',
        licence: 'ETALAB-2.0',
        query: url.searchParams.get('q'),
        limit: Number(url.searchParams.get('limit')),
      }),
    );
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        server,
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        queries,
      }),
    ),
  );
}

describe('address search (§7 "Third-party services")', () => {
  describe('offline gazetteer (no address service configured)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp();
    });
    afterAll(() => t.close());

    it('suggests towns with [lon, lat] coordinates, marked as estimates', async () => {
      const token = await t.tokenOf('OPERATOR');
      const res = await t
        .http()
        .get('/v1/address/search?q=lill')
        .set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(200);
      expect(res.body.type).toBe('FeatureCollection');
      expect(res.body.features[0]).toMatchObject({
        properties: {
          label: 'Lille',
          postcode: '59000',
          citycode: '59350',
          context: '59, Nord, Hauts-de-France',
          type: 'municipality',
          estimate: true,
        },
      });
      // The town centre, [lon, lat], from the gazetteer's open data.
      const [lon, lat] = res.body.features[0].geometry.coordinates;
      expect(lon).toBeCloseTo(3.06, 1);
      expect(lat).toBeCloseTo(50.63, 1);
      const accents = await t
        .http()
        .get('/v1/address/search?q=saint etienne')
        .set('Authorization', `Bearer ${token}`);
      expect(accents.body.features[0].properties.city).toBe('Saint-Étienne');
    });

    it('refuses an empty query or a bad limit with 400, and a USER with 403', async () => {
      const token = await t.tokenOf('SALE');
      const res = await t
        .http()
        .get('/v1/address/search?q=&limit=50')
        .set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ q: 'Obligatoire', limit: expect.any(String) });
      const user = await t.tokenOf('USER');
      expect(
        (await t.http().get('/v1/address/search?q=lyon').set('Authorization', `Bearer ${user}`))
          .status,
      ).toBe(403);
    });
  });

  describe('French address API configured', () => {
    let t: TestApp;
    let ban: Awaited<ReturnType<typeof banServer>>;
    beforeAll(async () => {
      ban = await banServer();
      t = await startTestApp({ RELOC_ADDRESS_API_URL: ban.url });
    });
    afterAll(async () => {
      await t.close();
      ban.server.close();
    });

    it('asks the service with limit 10 and passes its well-formed features through', async () => {
      const token = await t.tokenOf('OPERATOR');
      const res = await t
        .http()
        .get('/v1/address/search?q=8 bd du port amiens')
        .set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(200);
      expect(ban.queries.at(-1)?.get('q')).toBe('8 bd du port amiens');
      expect(ban.queries.at(-1)?.get('limit')).toBe('10');
      expect(res.body.features).toHaveLength(1);
      expect(res.body.features[0].geometry.coordinates).toEqual([2.290084, 49.897443]);
      expect(res.body.features[0].properties).toMatchObject({
        street: 'Boulevard du Port',
        type: 'housenumber',
      });
    });

    it('answers a clear 400 when the service is down', async () => {
      ban.server.close();
      ban.server.closeAllConnections();
      const token = await t.tokenOf('OPERATOR');
      const res = await t
        .http()
        .get('/v1/address/search?q=amiens')
        .set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Le service d’adresses ne répond pas');
    });
  });
});
