import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import request from 'supertest';
import { join } from 'node:path';
import { createApp } from '../src/app.factory';
import { DataDirInUseError } from '../src/infrastructure/data-dir-lock';
import { startTestApp, TestApp } from './support/test-app';

const MAIN = join(__dirname, '..', 'dist', 'main.js');

/** Runs the built api on a folder and gives back its exit code and what it printed. */
function runMain(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [MAIN], {
      env: { ...process.env, PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('one projector per read-model folder', () => {
  let first: TestApp;

  beforeAll(async () => {
    first = await startTestApp();
  });
  afterAll(() => {
    rmSync(first.config.dataDir, { recursive: true, force: true });
  });

  it('refuses a second api on a folder in use, and the first goes on counting once', async () => {
    await expect(createApp(first.config, { logger: false })).rejects.toBeInstanceOf(
      DataDirInUseError,
    );
    const token = await first.tokenOf('SUPERADMIN');
    const health = await first.http().get('/v1/health');
    expect(health.status).toBe(200);
    const users = await first.http().post('/v1/users').set('Authorization', token).send({});
    expect(users.status).toBe(200);
  });

  it('the built api exits at once with a French and English message', async () => {
    expect(existsSync(MAIN)).toBe(true); // built by `nx run api:build` before this target
    const { code, output } = await runMain({
      RELOC_DATA_DIR: first.config.dataDir,
      RELOC_ADMIN_EMAIL: 'superadmin@reloc.test',
      RELOC_ADMIN_PASSWORD: 'Motdepasse-Test-1',
      RELOC_DEMO: '0',
      RELOC_CONSOLE_DIR: join(first.config.dataDir, 'no-console'),
    });
    expect(code).toBe(1);
    expect(output).toContain('est déjà utilisé par une autre API Reloc');
    expect(output).toContain('already in use by another Reloc api');
  });

  it('frees the folder when the api closes', async () => {
    await first.app.close();
    const next = await createApp(first.config, { logger: false });
    const health = await request(next.getHttpServer()).get('/v1/health');
    expect(health.status).toBe(200);
    await next.close();
  });
});
