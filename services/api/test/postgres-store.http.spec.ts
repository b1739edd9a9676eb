import 'reflect-metadata';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ChainedEventStore, EventStore, PostgresEventStore } from '@reloc/eventstore';
import request from 'supertest';
import {
  createThrowawayDatabase,
  isServiceRequired,
  postgresUnavailableReason,
  testPostgresUrl,
  ThrowawayDatabase,
} from '../../../libs/eventstore/src/testing/postgres';
import { createApp } from '../src/app.factory';
import { loadConfig } from '../src/config';
import { EVENT_STORE } from '../src/infrastructure/tokens';

const NAME = 'the API on the PostgreSQL event store (EVENTSTORE_URL=postgres://…)';
const adminUrl = testPostgresUrl();
const unavailable = postgresUnavailableReason(adminUrl);
const ADMIN = { email: 'superadmin@reloc.test', password: 'Motdepasse-Test-1' };

if (unavailable && isServiceRequired('postgres')) {
  describe(NAME, () =>
    it(`fails: REQUIRE_SERVICES includes postgres but ${unavailable}`, () => {
      throw new Error(unavailable);
    }),
  );
} else if (unavailable) {
  describe(NAME, () => it.skip(`skipped: ${unavailable}`, () => undefined));
} else {
  describe(NAME, () => {
    let database: ThrowawayDatabase;
    const dirs: string[] = [];
    let app: NestExpressApplication | undefined;

    beforeAll(async () => {
      database = await createThrowawayDatabase(adminUrl);
    });
    afterAll(async () => {
      await app?.close();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
      await database?.drop();
    });

    /** Starts the API on the test database with this data folder (read models, files). */
    async function start(dataDir: string) {
      await app?.close();
      const config = loadConfig({
        RELOC_DATA_DIR: dataDir,
        EVENTSTORE_URL: database.url,
        RELOC_ADMIN_EMAIL: ADMIN.email,
        RELOC_ADMIN_PASSWORD: ADMIN.password,
        RELOC_DEMO: '0',
        RELOC_GEO_JOBS: '0',
        RELOC_TOKEN_SECRET: 'postgres-store-test-secret-0123456789abcdef',
        RELOC_CONSOLE_DIR: join(dataDir, 'console'),
      });
      app = await createApp(config, { logger: ['error'] });
      await app.init();
      const http = () => request(app!.getHttpServer());
      const login = await http().post('/v1/login-partner').send(ADMIN);
      expect(login.status).toBe(200);
      const auth = { Authorization: `Bearer ${login.body.token}` };
      return { http, auth, store: app.get<EventStore>(EVENT_STORE) };
    }
    const newDataDir = () => {
      const dir = mkdtempSync(join(tmpdir(), 'reloc-api-pg-'));
      dirs.push(dir);
      return dir;
    };

    it('starts on a fresh database, writes there, and finds it all again after restarts', async () => {
      const dataDir = newDataDir();
      const first = await start(dataDir);
      expect((first.store as ChainedEventStore).inner).toBeInstanceOf(PostgresEventStore);
      const health = await first.http().get('/v1/health');
      expect(health.status).toBe(200);
      expect(health.body).toMatchObject({ ready: true, projector: { lag: 0 } });

      const created = await first.http().post('/v1/hosts').set(first.auth).send({});
      expect(created.status).toBe(201);
      const id = created.body._id as string;
      const filled = await first
        .http()
        .put(`/v1/hosts/${id}`)
        .set(first.auth)
        .send({
          address: '10 Rue de la République 69001 Lyon',
          externalId: `https://annonces.example.fr/${id}`,
          description: 'Sur PostgreSQL',
        });
      expect(filled.status).toBe(200);
      const head = await first.store.headPosition();
      // Events in PostgreSQL; only the read models are local, in their own file.
      expect((await first.store.readStream(`host-${id}`)).map((e) => e.type)).toEqual([
        'HostCreated',
        'HostUpdated',
      ]);
      expect(existsSync(join(dataDir, 'read-models.db'))).toBe(true);
      expect(existsSync(join(dataDir, 'reloc.db'))).toBe(false);

      // What was appended since `head`, apart from the sessions the test's own logins open.
      const appendedSince = async (store: EventStore) =>
        (await store.readAll(head, 1000))
          .map((event) => event.type)
          .filter((type) => !type.startsWith('Session'));

      // Restart on the same folder: nothing seeded again, the host is there.
      const second = await start(dataDir);
      expect(await appendedSince(second.store)).toEqual([]);
      const again = await second.http().get(`/v1/hosts/${id}`).set(second.auth);
      expect(again.body).toMatchObject({ _id: id, description: 'Sur PostgreSQL' });

      // A new replica, with an empty folder, rebuilds its read models from the log.
      const replica = await start(newDataDir());
      expect(await appendedSince(replica.store)).toEqual([]);
      const replayed = await replica.http().get(`/v1/hosts/${id}`).set(replica.auth);
      expect(replayed.body).toMatchObject({ _id: id, description: 'Sur PostgreSQL' });
      const users = await replica.http().post('/v1/users').set(replica.auth).send({});
      expect(users.status).toBe(200);
    }, 120_000);
  });
}
