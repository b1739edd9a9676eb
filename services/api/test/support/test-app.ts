import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { createApp } from '../../src/app.factory';
import { AppConfig, loadConfig } from '../../src/config';

export const PASSWORD = 'Motdepasse-Test-1';
export const ACCOUNTS = {
  SUPERADMIN: 'superadmin@reloc.test',
  ADMIN: 'claire.martin@reloc.fr',
  OPERATOR: 'julien.bernard@reloc.fr',
  SALE: 'sophie.petit@reloc.fr',
  VENDOR: 'thomas.robert@reloc.fr',
  USER: 'lea.dubois@exemple.fr',
  DEACTIVATED: 'antoine.fournier@reloc.fr',
} as const;
export type AccountRole = keyof typeof ACCOUNTS;

export type TestApp = {
  app: NestExpressApplication;
  config: AppConfig;
  http: () => ReturnType<typeof request>;
  tokenOf: (role: AccountRole) => Promise<string>;
  close: () => Promise<void>;
};

/** A real API on a temporary embedded store, seeded with the demo staff. */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  // A given RELOC_DATA_DIR is the caller's (a restart test): kept on close.
  const ownDir = !env.RELOC_DATA_DIR;
  const dataDir = env.RELOC_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'reloc-api-'));
  const config = loadConfig({
    RELOC_DATA_DIR: dataDir,
    RELOC_ADMIN_EMAIL: ACCOUNTS.SUPERADMIN,
    RELOC_ADMIN_PASSWORD: PASSWORD,
    RELOC_DEMO: '1',
    RELOC_CONSOLE_DIR: join(dataDir, 'console'),
    // Background geo jobs would write while unrelated tests assert; the geo tests turn them on.
    RELOC_GEO_JOBS: '0',
    // `tokenOf` caches one token per role for a whole file, which may outlast the 15-minute
    // default on a loaded machine; the auth suite sets its own to test expiry.
    RELOC_TOKEN_TTL_SECONDS: '3600',
    ...env,
  });
  const app = await createApp(config, { logger: ['error'] });
  await app.init();
  const tokens = new Map<string, string>();
  const http = () => request(app.getHttpServer());
  return {
    app,
    config,
    http,
    async tokenOf(role) {
      const cached = tokens.get(role);
      if (cached) return cached;
      const response = await http()
        .post('/v1/login-partner')
        .send({ email: ACCOUNTS[role], password: PASSWORD });
      if (response.status !== 200) throw new Error(`login ${role}: ${response.status}`);
      tokens.set(role, response.body.token);
      return response.body.token as string;
    },
    async close() {
      await app.close();
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
