import { writeFileSync } from 'node:fs';
import { ENV_FILE, type E2eEnv } from './support/env';
import { type ServerHandle, startServer } from './support/server';

declare global {
  var relocE2eServer: ServerHandle | undefined;
}

/** Starts the real built server once for the whole run (torn down in globalTeardown). */
export default async function globalSetup(): Promise<void> {
  const server = await startServer();
  globalThis.relocE2eServer = server;
  const env: E2eEnv = { url: server.url, consoleDir: server.consoleDir, pid: server.pid };
  writeFileSync(ENV_FILE, JSON.stringify(env));
  process.env.RELOC_E2E_ENV_FILE = ENV_FILE;
  console.log(`\ne2e: API pid ${server.pid} on ${server.url} (data ${server.dataDir})`);
}
