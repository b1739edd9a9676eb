import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readManifest } from '../src/backup/backup';
import { BackupScheduler } from '../src/backup/backup-scheduler';
import { startTestApp, TestApp } from './support/test-app';

describe('scheduled backups with retention, shown on /v1/health (issue 16 point 4)', () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'reloc-backups-'));
    t = await startTestApp({
      RELOC_BACKUP_DIR: dir,
      RELOC_BACKUP_EVERY: '6h',
      RELOC_BACKUP_KEEP: '2',
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('takes the first backup at start, then keeps the newest RELOC_BACKUP_KEEP, hard-linking unchanged files', async () => {
    const scheduler = t.app.get(BackupScheduler);
    const first = await scheduler.runNow(); // the one started with the app
    expect(first).toMatchObject({ ok: true, error: null });
    expect(first.head).toBeGreaterThan(1000);
    const second = await scheduler.runNow();
    const third = await scheduler.runNow();
    expect(new Set([first.folder, second.folder, third.folder]).size).toBe(3);
    expect(readdirSync(dir).sort()).toEqual([second.folder, third.folder]);
    const manifest = readManifest(join(dir, third.folder!));
    const key = manifest.parts.find((part) => part.path.startsWith('keys/'))!.path;
    expect(statSync(join(dir, third.folder!, key)).ino).toBe(
      statSync(join(dir, second.folder!, key)).ino,
    );

    const health = await t.http().get('/v1/health');
    expect(health.status).toBe(200);
    expect(health.body.backup).toMatchObject({
      enabled: true,
      everySeconds: 6 * 3600,
      keep: 2,
      last: { ok: true, folder: third.folder, head: manifest.log.head, error: null },
    });
    expect(health.body.backup.ageSeconds).toBeGreaterThanOrEqual(0);
  });

  it('shows a failed backup with its error code (no server path), and the time of the last good one', async () => {
    const good = t.app.get(BackupScheduler).status().last!;
    const blocked = join(dir, 'not-a-folder');
    writeFileSync(blocked, '');
    const settings = t.config.backup!;
    const previousDir = settings.dir;
    settings.dir = join(blocked, 'backups');
    try {
      const failed = await t.app.get(BackupScheduler).runNow();
      expect(failed).toMatchObject({ ok: false, lastSuccessAt: good.lastSuccessAt });
      const health = await t.http().get('/v1/health');
      expect(health.body.backup.last).toMatchObject({
        ok: false,
        error: expect.stringContaining('ENOTDIR'),
      });
      // /v1/health is public: the code, never the message with its server paths.
      expect(JSON.stringify(health.body)).not.toContain(blocked);
    } finally {
      settings.dir = previousDir;
      rmSync(blocked);
    }
  });

  it('reads the newest backup left by an earlier run at start', async () => {
    const again = new BackupScheduler(t.config);
    again.start();
    const newest = readdirSync(dir).sort().at(-1);
    expect(again.status().last).toMatchObject({ ok: true, folder: newest });
    expect(again.status().ageSeconds).toBeGreaterThanOrEqual(0);
    await again.onApplicationShutdown();
  });
});
