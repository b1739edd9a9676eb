import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Canvas } from '@reloc/pdf';

/**
 * The restore drill (issue 16 point 6), with the built commands as an operator runs them:
 * an api takes writes, `backup` runs meanwhile, `restore` puts the copy elsewhere, a second
 * api starts on it and every write acknowledged up to the backup's head is there.
 */
const DIST = join(__dirname, '..', 'dist');
const ADMIN = 'superadmin@reloc.test';
const PASSWORD = 'Motdepasse-Test-1';

jest.setTimeout(180_000);

const png = new Canvas(8, 6, [200, 120, 80]).rect(2, 2, 3, 3, [20, 40, 200]).png();

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const envFor = (dataDir: string, port: number) => ({
  ...process.env,
  PORT: String(port),
  RELOC_DATA_DIR: dataDir,
  RELOC_ADMIN_EMAIL: ADMIN,
  RELOC_ADMIN_PASSWORD: PASSWORD,
  RELOC_DEMO: '0',
  RELOC_GEO_JOBS: '0',
  LOG_LEVEL: 'warn',
  RELOC_CONSOLE_DIR: join(dataDir, 'no-console'),
});

async function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(DIST, 'main.js')], {
    env: envFor(dataDir, port),
    stdio: 'ignore',
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/v1/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

/** Runs one of the built commands; resolves with its exit code and output. */
function runCli(
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(DIST, 'cli', `${name}.js`), ...args], { env });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

async function login(base: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/login-partner`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN, password: PASSWORD }),
  });
  const { token } = (await res.json()) as { token: string };
  return { 'content-type': 'application/json', authorization: `Bearer ${token}` };
}

describe('restore drill: back up during writes, restore elsewhere, find every acknowledged write', () => {
  const root = mkdtempSync(join(tmpdir(), 'reloc-drill-'));
  const live = join(root, 'live');
  const backup = join(root, 'backup');
  const restored = join(root, 'restored');
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
    rmSync(root, { recursive: true, force: true });
  });

  it('keeps every write acknowledged up to the head of the backup, and none after', async () => {
    for (const name of ['main', 'cli/backup', 'cli/restore', 'cli/verify-backup'])
      expect(existsSync(join(DIST, `${name}.js`))).toBe(true); // built by `nx build api`
    const port = await freePort();
    const base = `http://127.0.0.1:${port}/v1`;
    children.push(await startServer(live, port));
    const headers = await login(base);
    const photo = await fetch(`${base}/cache/upload?type=image`, {
      method: 'POST',
      headers: { authorization: headers.authorization },
      body: (() => {
        const form = new FormData();
        form.append('file', new Blob([png], { type: 'image/png' }), 'plan.png');
        return form;
      })(),
    });
    expect(photo.status).toBe(201);
    const photoId = ((await photo.json()) as { _id: string })._id;

    const acknowledged: string[] = [];
    const acknowledgedAt: number[] = [];
    let writing = true;
    const writer = async (lane: number) => {
      for (let i = 0; writing; i++) {
        const email = `drill-${lane}-${i}@reloc.test`;
        const res = await fetch(`${base}/user`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            firstName: 'Drill',
            lastName: `L${lane}N${i}`,
            role: 'SALE',
            email,
          }),
        });
        if (res.status === 201) {
          acknowledged.push(email);
          acknowledgedAt.push(Date.now());
        }
      }
    };
    const lanes = [0, 1, 2].map(writer);
    await new Promise((r) => setTimeout(r, 500));
    const backupStarted = Date.now();
    const saved = await runCli('backup', ['--to', backup], envFor(live, port));
    const backupEnded = Date.now();
    await new Promise((r) => setTimeout(r, 300));
    writing = false;
    await Promise.all(lanes);
    expect(saved.err).toContain('fichiers');
    // Writers were served while the backup ran.
    expect(acknowledgedAt.some((at) => at > backupStarted && at < backupEnded)).toBe(true);
    expect(saved).toMatchObject({ code: 0, out: expect.stringContaining('Sauvegarde terminée') });
    const manifest = JSON.parse(readFileSync(join(backup, 'manifest.json'), 'utf8')) as {
      log: { head: number };
    };

    // Where each acknowledged write sits in the live log.
    const db = new Database(join(live, 'reloc.db'), { readonly: true });
    const positionOf = db
      .prepare("SELECT position FROM events WHERE type = 'UserCreated' AND data LIKE ?")
      .pluck();
    const writes = acknowledged.map((email) => ({
      email,
      position: positionOf.get(`%"${email}"%`) as number,
    }));
    db.close();
    const before = writes.filter((w) => w.position <= manifest.log.head);
    const after = writes.filter((w) => w.position > manifest.log.head);
    expect(before.length).toBeGreaterThan(0);
    expect(after.length).toBeGreaterThan(0); // the writes did go on during and after the backup

    const verified = await runCli('verify-backup', [backup], envFor(live, port));
    expect(verified).toMatchObject({
      code: 0,
      out: expect.stringContaining('Sauvegarde restaurable'),
    });

    const done = await runCli('restore', ['--from', backup, '--data', restored], {
      ...process.env,
      RELOC_DATA_DIR: '',
    });
    expect(done.out).toContain('hash chains: OK');
    expect(done.out).toContain('read models: identical');
    expect(done.code).toBe(0);
    const again = await runCli('restore', ['--from', backup, '--data', restored], process.env);
    expect(again.code).toBe(1);
    expect(again.err).toContain("n'est pas vide");

    const port2 = await freePort();
    const base2 = `http://127.0.0.1:${port2}/v1`;
    children.push(await startServer(restored, port2));
    const health = (await (await fetch(`${base2}/health`)).json()) as {
      eventStore: { head: number };
    };
    expect(health.eventStore.head).toBe(manifest.log.head);
    const list = (await (
      await fetch(`${base2}/users`, {
        method: 'POST',
        headers: await login(base2),
        body: JSON.stringify({ search: 'drill-' }),
      })
    ).json()) as { email: string }[];
    const listed = new Set(list.map((user) => user.email));
    expect(before.filter((w) => !listed.has(w.email))).toEqual([]);
    expect(after.filter((w) => listed.has(w.email))).toEqual([]);
    const image = await fetch(`${base2}/cache/image/${photoId}.png`);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);
  });
});
