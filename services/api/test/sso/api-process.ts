import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './provider-process';

/** The built API: openid-client is an ES module that jest cannot load, so the API runs apart. */
export const API_ENTRY = resolve(__dirname, '..', '..', 'dist', 'main.js');

export type ApiHandle = {
  url: string;
  log: () => string;
  stop: () => Promise<void>;
};

/**
 * Starts the built API (demo data, temporary data directory) on `port` or a free one, with
 * RELOC_PUBLIC_URL set to its own URL and `env` on top.
 */
export async function startApi(env: Record<string, string>, port?: number): Promise<ApiHandle> {
  if (!existsSync(API_ENTRY)) throw new Error(`${API_ENTRY} is missing: build @reloc/api first`);
  const root = mkdtempSync(join(tmpdir(), 'reloc-sso-api-'));
  const logFile = join(root, 'api.log');
  const log = createWriteStream(logFile);
  const listenOn = port ?? (await freePort());
  const url = `http://127.0.0.1:${listenOn}`;
  const child: ChildProcess = spawn(process.execPath, [API_ENTRY], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(listenOn),
      RELOC_DATA_DIR: join(root, 'data'),
      RELOC_CONSOLE_DIR: join(root, 'console'),
      RELOC_DEMO: '1',
      RELOC_PUBLIC_URL: url,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const readLog = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    await new Promise((r) => log.end(r));
    rmSync(root, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      const text = readLog();
      await stop();
      throw new Error(`the API exited (${child.exitCode}):\n${text}`);
    }
    try {
      if ((await fetch(`${url}/v1/status.json`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      const text = readLog();
      await stop();
      throw new Error(`the API did not answer within 60 s:\n${text}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, log: readLog, stop };
}
