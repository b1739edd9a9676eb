import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createApp } from '../src/app.factory';
import { loadConfig } from '../src/config';
import { GeoReactor } from '../src/geo/geo-reactor';
import { EVENT_STORE } from '../src/infrastructure/tokens';
import type { EventStore } from '@reloc/eventstore';
import { ACCOUNTS, AccountRole, PASSWORD, startTestApp, TestApp } from './support/test-app';

/** Polls `read` until `done` holds (the jobs wait 2 s / 5 s before they run, §9). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20000) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`not reached in ${ms} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const lyon = { label: 'Lyon', city: 'Lyon', postcode: '69001', lat: 45.764, lng: 4.8357 };
const villeurbanne = {
  label: '20 Avenue Albert Einstein 69100 Villeurbanne',
  city: 'Villeurbanne',
  postcode: '69100',
  lat: 45.7826,
  lng: 4.8781,
};
const marseille = {
  label: 'Marseille',
  city: 'Marseille',
  postcode: '13001',
  lat: 43.2965,
  lng: 5.3698,
};
const paris = { label: 'Paris', city: 'Paris', postcode: '75001', lat: 48.8566, lng: 2.3522 };

describe('geocoding and travel times as jobs (issue 4 item 4, §7 "Third-party services")', () => {
  let t: TestApp;
  const as = async (role: AccountRole) => ({ Authorization: `Bearer ${await t.tokenOf(role)}` });

  beforeAll(async () => {
    t = await startTestApp({ RELOC_GEO_JOBS: '1' });
  });
  afterAll(() => t.close());

  const lease = async (id: string) =>
    (
      await t
        .http()
        .get(`/v1/lease/${id}`)
        .set(await as('OPERATOR'))
    ).body;
  const proposals = async (id: string) =>
    (
      await t
        .http()
        .get(`/v1/proposals/lease/${id}`)
        .set(await as('OPERATOR'))
    ).body as Record<string, unknown>[];

  it('gives a project its contractual distance and time, and a proposed property its travel times (offline estimates)', async () => {
    const created = await t
      .http()
      .post('/v1/customer')
      .set(await as('SALE'))
      .send({
        email: 'trajets@exemple.fr',
        firstName: 'Inès',
        lastName: 'Garnier',
        phoneNumber: '0612345678',
        company: 'Airbus',
        contractType: 'Nouvel embauché en CDI',
        actualCity: 'Paris',
        fromAddressObject: paris,
        addressWork: villeurbanne.label,
        addressWorkObject: villeurbanne,
        assignees: { sale: 'SPE' },
      });
    expect(created.status).toBe(201);
    const projectId = created.body._id as string;

    // A property typed without choosing a suggestion: the gazetteer places it at its town.
    const host = await t
      .http()
      .post('/v1/hosts')
      .set(await as('OPERATOR'))
      .send({});
    const hostId = host.body._id as string;
    const filled = await t
      .http()
      .put(`/v1/hosts/${hostId}`)
      .set(await as('OPERATOR'))
      .send({
        address: '10 Rue de la République 69001 Lyon',
        externalId: 'https://annonces.example.fr/trajets',
      });
    expect(filled.status).toBe(200);
    expect(
      (
        await t
          .http()
          .post(`/v1/proposals/lease/${projectId}/host/${hostId}`)
          .set(await as('OPERATOR'))
          .send({})
      ).status,
    ).toBe(201);

    const geolocated = await eventually(
      async () =>
        (
          await t
            .http()
            .get(`/v1/hosts/${hostId}`)
            .set(await as('OPERATOR'))
        ).body,
      (body) => body.geoLoc !== null,
    );
    expect(geolocated.geoLoc.coordinates[1]).toBeCloseTo(45.76, 1);
    expect(geolocated.warnings).not.toContain('Pas de géolocalisation (adresse invalide ?)');

    const [row] = await eventually(
      () => proposals(projectId),
      (rows) => rows[0]?.distanceCar !== null,
    );
    expect(row).toMatchObject({
      distanceCar: expect.any(Number),
      distanceTransport: expect.any(Number),
      distanceWalk: expect.any(Number),
      distanceEstimate: true,
      lastGeocodingAddress: expect.stringContaining('Villeurbanne'),
    });
    // Lyon centre to Villeurbanne, ~4 km: walking takes longest, driving least.
    expect(row.distanceWalk as number).toBeGreaterThan(row.distanceCar as number);
    expect(row.distanceCar as number).toBeGreaterThan(300);

    const project = await eventually(
      () => lease(projectId),
      (body) => typeof body.contractualDistance === 'number',
    );
    // Paris -> Villeurbanne: about 390 km as the crow flies, times the road detour.
    expect(project.contractualDistance).toBeGreaterThan(390_000);
    expect(project.contractualDistance).toBeLessThan(600_000);
    expect(Number.isInteger(project.contractualDistance)).toBe(true);
    expect(project.contractualTime).toBeGreaterThan(3 * 3600);
    expect(project.contractualEstimate).toBe(true);
    expect(project.lastContractualAddress1).toContain('Paris');
    expect(project.lastContractualAddress2).toContain('Villeurbanne');

    // A new work address: the project and its proposal are computed again for it.
    const moved = await t
      .http()
      .put(`/v1/lease/${projectId}`)
      .set(await as('OPERATOR'))
      .send({
        _revision: project._revision,
        addressWork: 'Marseille',
        addressWorkObject: marseille,
      });
    expect(moved.status).toBe(200);
    const [after] = await eventually(
      () => proposals(projectId),
      (rows) => !String(rows[0]?.lastGeocodingAddress).includes('Villeurbanne'),
    );
    expect(after.lastGeocodingAddress).toContain('Marseille');
    expect(after.distanceCar as number).toBeGreaterThan(row.distanceCar as number);
    const again = await eventually(
      () => lease(projectId),
      (body) => String(body.lastContractualAddress2).startsWith('Marseille'),
    );
    expect(again.contractualDistance).toBeGreaterThan(project.contractualDistance);
  }, 60000);

  it('computes nothing without a work address', async () => {
    const created = await t
      .http()
      .post('/v1/customer')
      .set(await as('SALE'))
      .send({
        email: 'sans.travail@exemple.fr',
        firstName: 'Paul',
        lastName: 'Lemoine',
        phoneNumber: '0612345679',
        company: 'Airbus',
        contractType: 'Nouvel embauché en CDI',
        actualCity: 'Lyon',
        fromAddressObject: lyon,
        assignees: { sale: 'SPE' },
      });
    expect(created.status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 6000));
    const body = await lease(created.body._id);
    expect(body.contractualDistance).toBeNull();
    expect(body.contractualTime).toBeNull();
  }, 20000);

  it('runs after a restart the jobs the in-process runner still held when the api stopped', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'reloc-geo-restart-'));
    // A local server speaking the Routes matrix format: with a maps provider the distance is
    // a job (offline, the estimate is written with the addresses and no job is needed).
    const routes = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify([
          {
            originIndex: 0,
            destinationIndex: 0,
            status: {},
            condition: 'ROUTE_EXISTS',
            distanceMeters: 465000,
            duration: '16200s',
          },
        ]),
      );
    });
    await new Promise<void>((resolve) => routes.listen(0, '127.0.0.1', resolve));
    const config = loadConfig({
      RELOC_DATA_DIR: dataDir,
      RELOC_ADMIN_EMAIL: ACCOUNTS.SUPERADMIN,
      RELOC_ADMIN_PASSWORD: PASSWORD,
      RELOC_DEMO: '0',
      RELOC_CONSOLE_DIR: join(dataDir, 'console'),
      RELOC_GEO_JOBS: '1',
      RELOC_ROUTES_API_URL: `http://127.0.0.1:${(routes.address() as AddressInfo).port}`,
      RELOC_ROUTES_API_KEY: 'cle-de-test',
    });
    try {
      let app = await createApp(config, { logger: ['error'] });
      const login = await request(app.getHttpServer())
        .post('/v1/login-partner')
        .send({ email: ACCOUNTS.SUPERADMIN, password: PASSWORD });
      const auth = { Authorization: `Bearer ${login.body.token}` };
      const created = await request(app.getHttpServer()).post('/v1/customer').set(auth).send({
        email: 'redemarrage@exemple.fr',
        firstName: 'Léa',
        lastName: 'Morel',
        phoneNumber: '0612345670',
        company: 'Airbus',
        contractType: 'Nouvel embauché en CDI',
        actualCity: 'Paris',
        fromAddressObject: paris,
        addressWork: villeurbanne.label,
        addressWorkObject: villeurbanne,
      });
      expect(created.status).toBe(201);
      // The reactor has enqueued the job and moved its checkpoint past the event...
      const head = await app.get<EventStore>(EVENT_STORE).headPosition();
      const reactor = app.get(GeoReactor);
      await eventually(
        async () => reactor.currentPosition,
        (position) => position >= head,
      );
      // ...and the api stops before the 5 s work-address check: the job is dropped from memory.
      await app.close();

      app = await createApp(config, { logger: ['error'] });
      try {
        const read = async () =>
          (await request(app.getHttpServer()).get(`/v1/lease/${created.body._id}`).set(auth)).body;
        const project = await eventually(
          read,
          (body) => typeof body.contractualDistance === 'number',
        );
        expect(project).toMatchObject({
          contractualEstimate: false,
          contractualDistance: 465000,
          contractualTime: 16200,
          contractualPending: false,
        });
      } finally {
        await app.close();
      }
    } finally {
      await new Promise<void>((resolve) => routes.close(() => resolve()));
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30000);
});
