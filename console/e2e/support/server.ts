import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(__dirname, '..', '..', '..');
export const SERVER_ENTRY =
  process.env.RELOC_E2E_SERVER_ENTRY ?? join(REPO_ROOT, 'services', 'api', 'dist', 'main.js');
export const CONSOLE_DIST = join(REPO_ROOT, 'console', 'dist');
export const CONSOLE_DIST_MOBILE = join(REPO_ROOT, 'console', 'dist-mobile');

/** Accounts of the demo data (RELOC_DEMO=1): they all share the admin password. */
export const E2E_PASSWORD = 'Reloc-e2e-Mdp-2026';
export const E2E_ADMIN_EMAIL = 'superadmin.e2e@reloc.fr';

export type ServerHandle = {
  url: string;
  pid: number;
  dataDir: string;
  consoleDir: string;
  logFile: string;
  stop: () => Promise<void>;
};

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolvePort(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function waitUntilReady(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the API exited (${child.exitCode}):\n${readFileSync(logFile, 'utf8')}`);
    }
    try {
      const response = await fetch(`${url}/v1/status.json`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the API did not answer within 60 s:\n${readFileSync(logFile, 'utf8')}`);
}

/**
 * Starts the real built API (which serves the console with its SPA fallback) on a free port,
 * with a temporary data directory and its own copy of console/dist, so a test may rewrite
 * release.json without touching the build.
 */
export async function startServer(
  extraEnv: Record<string, string> = {},
  consoleSource: string = CONSOLE_DIST,
): Promise<ServerHandle> {
  if (!existsSync(SERVER_ENTRY)) {
    throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build -w @reloc/api\` first`);
  }
  if (!existsSync(join(consoleSource, 'index.html'))) {
    throw new Error(`${consoleSource} is missing: build the console first`);
  }
  const root = mkdtempSync(join(tmpdir(), 'reloc-e2e-'));
  const dataDir = join(root, 'data');
  const consoleDir = join(root, 'console');
  cpSync(consoleSource, consoleDir, { recursive: true });
  const logFile = join(root, 'api.log');
  // RELOC_E2E_PORT: a fixed port (a machine whose port ranges are shared out); a free one otherwise.
  const port = process.env.RELOC_E2E_PORT ? Number(process.env.RELOC_E2E_PORT) : await freePort();
  const url = `http://127.0.0.1:${port}`;
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      RELOC_DATA_DIR: dataDir,
      RELOC_CONSOLE_DIR: consoleDir,
      RELOC_ADMIN_EMAIL: E2E_ADMIN_EMAIL,
      RELOC_ADMIN_PASSWORD: E2E_PASSWORD,
      RELOC_DEMO: '1',
      RELOC_PUBLIC_URL: url,
      // Tokens helpers fetch once per file outlive the 15-minute default on a loaded machine;
      // refresh.e2e.ts sets a short one to prove the silent refresh.
      RELOC_TOKEN_TTL_SECONDS: '3600',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    log.end();
    rmSync(root, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(url, child, logFile);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid ?? -1, dataDir, consoleDir, logFile, stop };
}
