import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createThrowawayDatabase,
  isServiceRequired,
  postgresUnavailableReason,
  testPostgresUrl,
  ThrowawayDatabase,
} from '../../../libs/eventstore/src/testing/postgres';
import { probeRedisSync } from '../../worker/src/testing/redis';

// Issue 18, the scaled mode as deployed: two api processes over one PostgreSQL log, the worker
// process on Redis. A replica killed with SIGKILL in the middle of a stream of writes loses no
// acknowledged write: the other replica reads every one, and so does the killed one once
// restarted on its data folder (the kernel released its lock).

const ROOT = join(__dirname, '..', '..', '..');
const API_MAIN = join(ROOT, 'services', 'api', 'dist', 'main.js');
const WORKER_MAIN = join(ROOT, 'services', 'worker', 'dist', 'main.js');
const ADMIN = 'superadmin@reloc.test';
const PASSWORD = 'Motdepasse-Test-1';
const NAME = 'scaled mode: SIGKILL of a replica during writes';
const adminUrl = testPostgresUrl();
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const redis = probeRedisSync(redisUrl);
const unavailable =
  postgresUnavailableReason(adminUrl) ?? (redis.answers ? null : `no Redis at ${redisUrl}`);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function until(what: string, check: () => Promise<boolean>, ms = 60000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

if (unavailable && (isServiceRequired('postgres') || isServiceRequired('redis'))) {
  describe(NAME, () =>
    it(`fails: REQUIRE_SERVICES names postgres or redis but ${unavailable}`, () => {
      throw new Error(unavailable);
    }),
  );
} else if (unavailable) {
  describe(NAME, () => it.skip(`skipped: ${unavailable}`, () => undefined));
} else {
  describe(NAME, () => {
    let database: ThrowawayDatabase;
    const dirs: string[] = [];
    const children: ChildProcess[] = [];
    const prefix = `reloc-test-kill-${randomUUID().slice(0, 8)}`;
    const shared: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      REDIS_URL: redisUrl,
      RELOC_JOB_PREFIX: prefix,
      RELOC_TOKEN_SECRET: randomBytes(32).toString('hex'),
      RELOC_FILES_KEY: randomBytes(32).toString('hex'),
      RELOC_ADMIN_EMAIL: ADMIN,
      RELOC_ADMIN_PASSWORD: PASSWORD,
      RELOC_DEMO: '0',
      LOG_LEVEL: 'warn',
    };

    const spawnChild = (main: string, env: NodeJS.ProcessEnv): ChildProcess => {
      const child = spawn(process.execPath, [main], { env, stdio: 'ignore' });
      children.push(child);
      return child;
    };

    const startApi = async (dataDir: string, port: number): Promise<ChildProcess> => {
      const child = spawnChild(API_MAIN, {
        ...shared,
        PORT: String(port),
        RELOC_DATA_DIR: dataDir,
        RELOC_CONSOLE_DIR: join(dataDir, 'no-console'),
      });
      await until(`the api on ${port}`, async () => {
        const res = await fetch(`http://127.0.0.1:${port}/v1/health`);
        return res.ok;
      });
      return child;
    };

    beforeAll(async () => {
      database = await createThrowawayDatabase(adminUrl);
      const files = mkdtempSync(join(tmpdir(), 'reloc-kill-files-'));
      dirs.push(files);
      Object.assign(shared, { EVENTSTORE_URL: database.url, RELOC_FILES_DIR: files });
    });

    afterAll(async () => {
      for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 200));
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
      await database?.drop();
    });

    it('loses no acknowledged write; the worker stays healthy; the killed replica restarts', async () => {
      expect(existsSync(API_MAIN) && existsSync(WORKER_MAIN)).toBe(true); // built first
      const [dirA, dirB] = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'reloc-kill-replica-')));
      dirs.push(dirA, dirB);
      const [portA, portB, portW] = [await freePort(), await freePort(), await freePort()];
      const a = await startApi(dirA, portA);
      await startApi(dirB, portB);
      spawnChild(WORKER_MAIN, { ...shared, RELOC_WORKER_HEALTH_PORT: String(portW) });
      const workerHealth = async () => {
        const res = await fetch(`http://127.0.0.1:${portW}/health`);
        return res.status === 200 && ((await res.json()) as { status: string }).status === 'ok';
      };
      await until('the worker', workerHealth);

      const base = (port: number) => `http://127.0.0.1:${port}/v1`;
      const login = await fetch(`${base(portA)}/login-partner`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN, password: PASSWORD }),
      });
      const { token } = (await login.json()) as { token: string };
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };

      // Two writers on each replica, with the token A issued.
      const acknowledged: string[] = [];
      const stopped = { [portA]: false, [portB]: false };
      const writer = async (port: number, lane: number) => {
        for (let i = 0; !stopped[port]; i++) {
          const email = `kill-${port}-${lane}-${i}@reloc.test`;
          try {
            const res = await fetch(`${base(port)}/user`, {
              method: 'POST',
              headers,
              body: JSON.stringify({
                firstName: 'Kill',
                lastName: `P${port}L${lane}N${i}`,
                role: 'SALE',
                email,
              }),
            });
            if (res.status === 201) acknowledged.push(email);
          } catch {
            return; // the replica is gone
          }
        }
      };
      const lanes = [writer(portA, 0), writer(portA, 1), writer(portB, 0), writer(portB, 1)];
      await until('writes on both replicas', async () =>
        [portA, portB].every((port) => acknowledged.some((e) => e.startsWith(`kill-${port}-`))),
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      stopped[portA] = true;
      a.kill('SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 500));
      stopped[portB] = true;
      await Promise.all(lanes);
      expect(acknowledged.length).toBeGreaterThan(4);

      const listed = async (port: number) => {
        const res = await fetch(`${base(port)}/users`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ search: 'kill-' }),
        });
        return new Set(((await res.json()) as { email: string }[]).map((u) => u.email));
      };
      const missing = async (port: number) => {
        const seen = await listed(port);
        return acknowledged.filter((email) => !seen.has(email));
      };
      await until(
        'every acknowledged write on B',
        async () => (await missing(portB)).length === 0,
        30000,
      ).catch(async (error: Error) => {
        throw new Error(`${error.message}: ${(await missing(portB)).join(', ')}`);
      });
      expect(await workerHealth()).toBe(true);

      // The killed replica restarts on its own data folder and catches up.
      await startApi(dirA, portA);
      await until(
        'every acknowledged write on A',
        async () => (await missing(portA)).length === 0,
        30000,
      );
      expect(await missing(portA)).toEqual([]);
    }, 180000);
  });
}
