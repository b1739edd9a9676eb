import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { EventStore } from '@reloc/eventstore';
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

// Several api replicas over one PostgreSQL log (issue 18 point 2), in this process: each has its
// own data folder (read models), all share the log and the token secret.

const NAME = 'two api replicas over one PostgreSQL log';
const adminUrl = testPostgresUrl();
const unavailable = postgresUnavailableReason(adminUrl);
const ADMIN = { email: 'superadmin@reloc.test', password: 'Motdepasse-Test-1' };

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

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
    const apps: NestExpressApplication[] = [];

    const start = (demo: '0' | '1') => {
      const dataDir = mkdtempSync(join(tmpdir(), 'reloc-replica-'));
      dirs.push(dataDir);
      const config = loadConfig({
        RELOC_DATA_DIR: dataDir,
        EVENTSTORE_URL: database.url,
        RELOC_ADMIN_EMAIL: ADMIN.email,
        RELOC_ADMIN_PASSWORD: ADMIN.password,
        RELOC_DEMO: demo,
        RELOC_GEO_JOBS: '0',
        RELOC_TOKEN_SECRET: 'replicas-test-secret-0123456789abcdef',
        RELOC_CONSOLE_DIR: join(dataDir, 'console'),
      });
      return createApp(config, { logger: ['error'] }).then((app) => {
        apps.push(app);
        return app;
      });
    };

    beforeAll(async () => {
      database = await createThrowawayDatabase(adminUrl);
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
      await database?.drop();
    });

    it('seeds once per deployment, reads on B what A wrote with the token A issued, one winner per e-mail', async () => {
      // Both first runs at once: one claims the seed, the other waits for it.
      const [a, b] = await Promise.all([start('0'), start('0')]);
      const store = a.get<EventStore>(EVENT_STORE);
      const all = await store.readAll(0, 10_000);
      expect(all.filter((e) => e.type === 'SeedStarted')).toHaveLength(1);
      expect(all.filter((e) => e.type === 'UserCreated')).toHaveLength(1);

      const login = await request(a.getHttpServer()).post('/v1/login-partner').send(ADMIN);
      expect(login.status).toBe(200);
      const auth = { Authorization: `Bearer ${login.body.token}` };

      const created = await request(a.getHttpServer()).post('/v1/user').set(auth).send({
        firstName: 'Réplique',
        lastName: 'Lue',
        role: 'SALE',
        email: 'replique@reloc.fr',
      });
      expect(created.status).toBe(201);
      const listed = await eventually(
        () => request(b.getHttpServer()).post('/v1/users').set(auth).send({ search: 'replique@' }),
        (res) => res.status === 200 && res.body.length === 1,
      );
      expect(listed.status).toBe(200);
      expect(listed.body).toHaveLength(1);

      // 20 concurrent creations spread over both replicas: no 5xx, all there on both.
      const replicas = [a, b];
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          request(replicas[i % 2].getHttpServer())
            .post('/v1/user')
            .set(auth)
            .send({
              firstName: `N${i}`,
              lastName: 'Lot',
              role: 'OPERATOR',
              email: `lot${i}@reloc.fr`,
            }),
        ),
      );
      expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
      for (const replica of replicas) {
        const list = await eventually(
          () =>
            request(replica.getHttpServer()).post('/v1/users').set(auth).send({ search: 'lot' }),
          (res) => res.body.length === 20,
        );
        expect(list.body).toHaveLength(20);
      }

      // The same e-mail on both at once: exactly one winner, the other told duplicateMail.
      const body = (i: number) => ({
        firstName: `C${i}`,
        lastName: 'Course',
        role: 'SALE',
        email: 'course@reloc.fr',
      });
      const race = await Promise.all(
        [0, 1, 2, 3].map((i) =>
          request(replicas[i % 2].getHttpServer())
            .post('/v1/user')
            .set(auth)
            .send(body(i)),
        ),
      );
      expect(race.filter((r) => r.status === 201)).toHaveLength(1);
      expect(race.filter((r) => r.status === 400).map((r) => r.body.message)).toEqual(
        Array(3).fill('duplicateMail'),
      );

      // A replica started later rebuilds from the log and seeds nothing.
      const head = await store.headPosition();
      const c = await start('0');
      expect(await c.get<EventStore>(EVENT_STORE).headPosition()).toBe(head);
    }, 120_000);
  });
}
