import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { createLogger } from '../logger';
import { AddressServiceError, BanGeocoder } from './ban-geocoder';
import { createGeoServices } from './geo-services';
import { parseDuration, parseMatrix, RoutesMatrix } from './routes-matrix';

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;

/** A local HTTP server that answers with `handler`; it records the requests it got. */
async function localServer(handler: Handler) {
  const requests: { url: URL; headers: IncomingMessage['headers']; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      requests.push({ url: new URL(req.url ?? '/', 'http://x'), headers: req.headers, body });
      handler(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const json = (res: ServerResponse, status: number, value: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
};

function memoryLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({
    name: 'test',
    write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>),
  });
  return { logger, lines };
}

/** The French address API's documented answer (a FeatureCollection, points [lon, lat]). */
const banAnswer = (q: string) => ({
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
  query: q,
  limit: 10,
});

describe('French address API adapter (BAN)', () => {
  let ban: Awaited<ReturnType<typeof localServer>>;
  beforeAll(async () => {
    ban = await localServer((req, _body, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/api/search/' && url.searchParams.get('q') === 'panne')
        return json(res, 502, { message: 'Bad gateway' });
      if (url.pathname !== '/api/search/') return json(res, 404, {});
      const q = url.searchParams.get('q') ?? '';
      json(res, 200, q === 'inconnu' ? { ...banAnswer(q), features: [] } : banAnswer(q));
    });
  });
  afterAll(() => ban.close());

  it('asks GET <base>/search/?q=&limit= and reads [lon, lat] as lat/lng', async () => {
    const geocoder = new BanGeocoder({ baseUrl: `${ban.url}/api` });
    expect(await geocoder.geocode('8 bd du port amiens')).toEqual({
      lat: 49.897443,
      lng: 2.290084,
      label: '8 Boulevard du Port 80000 Amiens',
      type: 'housenumber',
    });
    const last = ban.requests.at(-1)!;
    expect(last.url.pathname).toBe('/api/search/');
    expect(last.url.searchParams.get('q')).toBe('8 bd du port amiens');
    expect(last.url.searchParams.get('limit')).toBe('1');
    const features = await geocoder.search('amiens', 10);
    expect(features).toHaveLength(1); // the feature without geometry is left out
    expect(ban.requests.at(-1)!.url.searchParams.get('limit')).toBe('10');
  });

  it('answers null for an unknown address and throws on a non-200 or a closed port', async () => {
    const geocoder = new BanGeocoder({ baseUrl: ban.url + '/api/' });
    expect(await geocoder.geocode('inconnu')).toBeNull();
    await expect(geocoder.geocode('panne')).rejects.toThrow(AddressServiceError);
    const closed = await localServer(() => undefined);
    await closed.close();
    await expect(new BanGeocoder({ baseUrl: closed.url }).geocode('x')).rejects.toThrow(
      AddressServiceError,
    );
  });
});

describe('Google Routes computeRouteMatrix adapter', () => {
  const from = { lat: 48.8566, lng: 2.3522 };
  const to = { lat: 48.8049, lng: 2.1204 };
  const departure = '2026-11-24T08:00:00+01:00';
  let routes: Awaited<ReturnType<typeof localServer>>;
  beforeAll(async () => {
    routes = await localServer((req, body, res) => {
      if (req.url !== '/distanceMatrix/v2:computeRouteMatrix' || req.method !== 'POST')
        return json(res, 404, {});
      if (req.headers['x-goog-api-key'] !== 'cle-de-test')
        return json(res, 403, { error: { code: 403, message: 'API key not valid' } });
      const { travelMode } = JSON.parse(body) as { travelMode: string };
      if (travelMode === 'DRIVE')
        // A JSON array, as the REST answer is documented.
        return json(res, 200, [
          {
            originIndex: 0,
            destinationIndex: 0,
            status: {},
            condition: 'ROUTE_EXISTS',
            distanceMeters: 21456,
            duration: '1834s',
          },
        ]);
      if (travelMode === 'TRANSIT') {
        // A failed mode: the element carries a google.rpc.Status.
        return json(res, 200, [
          {
            originIndex: 0,
            destinationIndex: 0,
            status: { code: 5, message: 'No transit route' },
            condition: 'ROUTE_NOT_FOUND',
          },
        ]);
      }
      // WALK: a newline-delimited stream of elements.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        '[{\n"originIndex": 0, "destinationIndex": 0, "status": {}, "condition": "ROUTE_EXISTS", "distanceMeters": 19870, "duration": "15120s"\n}]\n',
      );
    });
  });
  afterAll(() => routes.close());

  it('asks one matrix per mode with the key, field mask, lat/lng waypoints and next-day departure', async () => {
    const { logger, lines } = memoryLogger();
    const matrix = new RoutesMatrix({ baseUrl: routes.url, apiKey: 'cle-de-test', logger });
    const times = await matrix.travelTimes(from, to, departure);
    expect(times).toEqual({
      car: { distanceMeters: 21456, durationSeconds: 1834 },
      transport: null,
      walk: { distanceMeters: 19870, durationSeconds: 15120 },
    });
    // The failed mode stays empty and is only logged.
    expect(lines.map((l) => [l.msg, l.mode])).toEqual([
      ['Calcul de trajet en échec / travel time failed', 'transport'],
    ]);
    const sent = routes.requests.slice(-3);
    expect(sent.map((r) => r.headers['x-goog-fieldmask'])).toEqual(
      Array(3).fill('originIndex,destinationIndex,status,condition,distanceMeters,duration'),
    );
    const bodies = sent.map((r) => JSON.parse(r.body));
    expect(bodies.map((b) => b.travelMode).sort()).toEqual(['DRIVE', 'TRANSIT', 'WALK']);
    for (const body of bodies) {
      expect(body.origins).toEqual([
        { waypoint: { location: { latLng: { latitude: 48.8566, longitude: 2.3522 } } } },
      ]);
      expect(body.destinations[0].waypoint.location.latLng).toEqual({
        latitude: 48.8049,
        longitude: 2.1204,
      });
      expect(body.departureTime).toBe('2026-11-24T07:00:00.000Z');
    }
    expect(bodies.find((b) => b.travelMode === 'DRIVE').routingPreference).toBe('TRAFFIC_AWARE');
    expect(bodies.find((b) => b.travelMode === 'WALK').routingPreference).toBeUndefined();
  });

  it('leaves every mode empty on a non-200 (a bad key), logging each', async () => {
    const { logger, lines } = memoryLogger();
    const matrix = new RoutesMatrix({ baseUrl: routes.url, apiKey: 'mauvaise', logger });
    expect(await matrix.travelTimes(from, to, departure)).toEqual({
      car: null,
      transport: null,
      walk: null,
    });
    expect(lines).toHaveLength(3);
    expect(String(lines[0].error)).toContain('HTTP 403');
  });

  it('parses arrays, streams and durations', () => {
    expect(parseMatrix('')).toEqual([]);
    expect(parseMatrix('{"duration":"5s"}\n{"duration":"6s"}')).toHaveLength(2);
    expect(parseDuration('12.6s')).toBe(13);
    expect(parseDuration('12')).toBeNull();
    expect(parseDuration(undefined)).toBeNull();
  });
});

describe('geo services chosen by the environment', () => {
  it('uses the chosen place, else the offline gazetteer, and the straight-line estimate without a key', async () => {
    const { logger } = memoryLogger();
    const geo = createGeoServices({ logger });
    expect(await geo.geocode('ignored', { label: 'x', lat: 45.764, lng: 4.8357 })).toEqual({
      geoLoc: { type: 'Point', coordinates: [4.8357, 45.764] },
      estimate: false,
    });
    const lyon = await geo.geocode('10 Rue de la République 69001 Lyon', null);
    expect(lyon?.estimate).toBe(true);
    expect(lyon?.geoLoc.coordinates[1]).toBeCloseTo(45.75, 1);
    const travel = await geo.travelTimes(
      { lat: 48.8566, lng: 2.3522 },
      { lat: 45.764, lng: 4.8357 },
    );
    expect(travel.estimate).toBe(true);
    expect(travel.times.car!.durationSeconds).toBeGreaterThan(3600 * 5);
  });

  it('uses the address API and Routes when configured', async () => {
    const ban = await localServer((_req, _body, res) => json(res, 200, banAnswer('x')));
    const routes = await localServer((_req, _body, res) =>
      json(res, 200, [
        { status: {}, condition: 'ROUTE_EXISTS', distanceMeters: 1000, duration: '60s' },
      ]),
    );
    try {
      const { logger } = memoryLogger();
      const geo = createGeoServices({
        logger,
        addressApiUrl: ban.url,
        routesApiUrl: routes.url,
        routesApiKey: 'k',
        now: () => new Date('2026-11-23T09:00:00Z'),
      });
      expect(await geo.geocode('8 bd du port amiens', { label: 'sans point' })).toEqual({
        geoLoc: { type: 'Point', coordinates: [2.290084, 49.897443] },
        estimate: false,
      });
      const travel = await geo.travelTimes({ lat: 1, lng: 1 }, { lat: 1.01, lng: 1 });
      expect(travel).toEqual({
        estimate: false,
        times: {
          car: { distanceMeters: 1000, durationSeconds: 60 },
          transport: { distanceMeters: 1000, durationSeconds: 60 },
          walk: { distanceMeters: 1000, durationSeconds: 60 },
        },
      });
      expect(JSON.parse(routes.requests[0].body).departureTime).toBe('2026-11-24T07:00:00.000Z');
    } finally {
      await ban.close();
      await routes.close();
    }
  });
});
