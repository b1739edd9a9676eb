import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';

const MAIN = join(__dirname, '..', 'dist', 'main.js');
const ADMIN = 'superadmin@reloc.test';
const PASSWORD = 'Motdepasse-Test-1';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      RELOC_DATA_DIR: dataDir,
      RELOC_ADMIN_EMAIL: ADMIN,
      RELOC_ADMIN_PASSWORD: PASSWORD,
      RELOC_DEMO: '0',
      RELOC_CONSOLE_DIR: join(dataDir, 'no-console'),
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 20000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/v1/health`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

describe('crash recovery: SIGKILL during a stream of writes', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'reloc-crash-'));
  let child: ChildProcess | null = null;
  afterAll(() => {
    child?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged event and catches the read models up on restart', async () => {
    expect(existsSync(MAIN)).toBe(true); // built by `nx run api:build` before this target
    const port = await freePort();
    const base = `http://127.0.0.1:${port}/v1`;
    child = await startServer(dataDir, port);
    const login = await fetch(`${base}/login-partner`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN, password: PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };

    const acknowledged: string[] = [];
    let sent = 0;
    let killed = false;
    const writer = async (lane: number) => {
      for (let i = 0; !killed; i++) {
        const email = `crash-${lane}-${i}@reloc.test`;
        sent++;
        try {
          const res = await fetch(`${base}/user`, {
            method: 'POST',
            headers,
            body: JSON.stringify({
              firstName: 'Crash',
              lastName: `L${lane}N${i}`,
              role: 'SALE',
              email,
            }),
          });
          if (res.status === 201) acknowledged.push(email);
        } catch {
          return; // the server is gone
        }
      }
    };
    const lanes = [0, 1, 2, 3].map(writer);
    // Killed once writes flow (however slow the machine), in the middle of them.
    for (let waited = 0; acknowledged.length <= 20 && waited < 30_000; waited += 50)
      await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 300));
    killed = true;
    child.kill('SIGKILL');
    await Promise.all(lanes);
    expect(acknowledged.length).toBeGreaterThan(10);

    child = await startServer(dataDir, port);
    const relogin = await fetch(`${base}/login-partner`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN, password: PASSWORD }),
    });
    const fresh = {
      'content-type': 'application/json',
      authorization: `Bearer ${((await relogin.json()) as { token: string }).token}`,
    };
    const list = (await (
      await fetch(`${base}/users`, {
        method: 'POST',
        headers: fresh,
        body: JSON.stringify({ search: 'crash-' }),
      })
    ).json()) as { email: string }[];
    const listed = new Set(list.map((u) => u.email));
    for (const email of acknowledged) expect(listed.has(email)).toBe(true);

    const health = (await (await fetch(`${base}/health`)).json()) as { projector: { lag: number } };
    expect(health.projector.lag).toBe(0);
    // Every user in the log (acknowledged or in flight at the kill) is in the read model.
    const db = new Database(join(dataDir, 'reloc.db'), { readonly: true });
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as {
      name: string;
    }[];
    const eventsTable = tables
      .map((t) => t.name)
      .find((n) => /event/.test(n) && !/checkpoint/.test(n));
    const created = eventsTable
      ? (
          db
            .prepare(`SELECT COUNT(*) AS n FROM ${eventsTable} WHERE type = 'UserCreated'`)
            .get() as { n: number }
        ).n
      : -1;
    const rows = (db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n;
    db.close();
    expect(rows).toBe(created);
    expect(sent).toBeGreaterThanOrEqual(acknowledged.length);
  }, 60000);
});
