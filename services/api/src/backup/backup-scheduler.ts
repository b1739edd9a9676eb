import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { APP_CONFIG, AppConfig } from '../config';
import { createBackup, MANIFEST, readManifest } from './backup';
import { publicErrorText } from '../infrastructure/public-error';

/** What the last scheduled backup did (shown on /v1/health and the admin page). */
export type BackupResult = {
  ok: boolean;
  /** When it finished (ISO). */
  at: string;
  /** The snapshot folder's name under RELOC_BACKUP_DIR. */
  folder: string | null;
  durationMs: number;
  head: number | null;
  events: number | null;
  files: number | null;
  bytes: number | null;
  error: string | null;
  /** When the last good one was taken (ISO), whether or not the last attempt failed. */
  lastSuccessAt: string | null;
};

export type BackupStatus = {
  enabled: boolean;
  everySeconds: number | null;
  keep: number | null;
  running: boolean;
  last: BackupResult | null;
  /** Seconds since the last good backup; null when there is none. */
  ageSeconds: number | null;
};

/** A snapshot's folder name: sorts like time. */
const SNAPSHOT = /^reloc-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/;

export function snapshotName(date: Date): string {
  return `reloc-${date.toISOString().replace(/[:.]/g, '-')}`;
}

/**
 * Scheduled backups of the embedded mode: every RELOC_BACKUP_EVERY into a new folder under
 * RELOC_BACKUP_DIR (unchanged files hard-linked from the previous one), keeping the
 * RELOC_BACKUP_KEEP newest complete ones. The copy of the store runs in a worker thread and
 * the files are copied asynchronously: requests are served meanwhile.
 */
@Injectable()
export class BackupScheduler implements OnApplicationShutdown {
  private readonly logger = new Logger('Backup');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<BackupResult> | null = null;
  private last: BackupResult | null = null;
  private stopped = false;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get enabled(): boolean {
    return Boolean(this.config.backup) && !this.config.eventStoreUrl;
  }

  /** Reads the newest snapshot left by an earlier run, then schedules the next backup. */
  start(): void {
    const settings = this.config.backup;
    if (!settings || !this.enabled) return;
    const newest = this.snapshots().at(-1);
    if (newest) {
      const manifest = readManifest(join(settings.dir, newest));
      const at = new Date(Date.parse(manifest.createdAt) + manifest.durationMs).toISOString();
      this.last = { ...this.resultOf(newest, manifest), at };
    }
    const age = this.last ? Date.now() - Date.parse(this.last.lastSuccessAt!) : Infinity;
    this.schedule(Math.max(0, Math.min(settings.everyMs - age, settings.everyMs)));
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.runNow().finally(() => this.schedule(this.config.backup!.everyMs));
    }, delayMs);
    this.timer.unref();
  }

  /** Takes a backup now (one at a time), then removes what is beyond the retention. */
  runNow(): Promise<BackupResult> {
    this.running ??= this.backup().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async backup(): Promise<BackupResult> {
    const settings = this.config.backup!;
    const started = Date.now();
    const previous = this.snapshots().at(-1);
    const folder = snapshotName(new Date(started));
    try {
      const manifest = await createBackup(this.config, join(settings.dir, folder), {
        linkFrom: previous ? join(settings.dir, previous) : undefined,
      });
      this.last = this.resultOf(folder, manifest);
      this.logger.log(
        `sauvegarde ${folder} : position ${manifest.log.head}, ${manifest.files.count} fichier(s), ${manifest.durationMs} ms`,
      );
      try {
        this.prune(folder);
      } catch (error) {
        this.logger.warn(`anciennes sauvegardes non supprimées / pruning failed: ${String(error)}`);
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.logger.error(`sauvegarde ${folder} en échec / backup failed: ${message}`);
      try {
        rmSync(join(settings.dir, folder), { recursive: true, force: true });
      } catch {
        // nothing was created
      }
      this.last = {
        ok: false,
        at: new Date().toISOString(),
        folder,
        durationMs: Date.now() - started,
        head: null,
        events: null,
        files: null,
        bytes: null,
        error: publicErrorText(error),
        lastSuccessAt: this.last?.lastSuccessAt ?? null,
      };
    }
    return this.last;
  }

  private resultOf(folder: string, manifest: ReturnType<typeof readManifest>): BackupResult {
    const at = new Date().toISOString();
    return {
      ok: true,
      at,
      folder,
      durationMs: manifest.durationMs,
      head: manifest.log.head,
      events: manifest.log.events,
      files: manifest.files.count,
      bytes: manifest.totalBytes,
      error: null,
      lastSuccessAt: manifest.createdAt,
    };
  }

  /** Complete snapshots, oldest first. */
  private snapshots(): string[] {
    const dir = this.config.backup!.dir;
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((name) => SNAPSHOT.test(name) && existsSync(join(dir, name, MANIFEST)))
      .sort();
  }

  /** Keeps the newest RELOC_BACKUP_KEEP complete snapshots; removes older and unfinished ones. */
  private prune(current: string): void {
    const dir = this.config.backup!.dir;
    const complete = this.snapshots();
    const doomed = complete.slice(0, Math.max(0, complete.length - this.config.backup!.keep));
    for (const name of readdirSync(dir))
      if (SNAPSHOT.test(name) && name !== current && !complete.includes(name)) doomed.push(name);
    for (const name of doomed) rmSync(join(dir, name), { recursive: true, force: true });
  }

  status(): BackupStatus {
    const settings = this.enabled ? this.config.backup : null;
    const lastSuccess = this.last?.lastSuccessAt;
    return {
      enabled: Boolean(settings),
      everySeconds: settings ? Math.round(settings.everyMs / 1000) : null,
      keep: settings?.keep ?? null,
      running: Boolean(this.running),
      last: this.last,
      ageSeconds: lastSuccess ? Math.round((Date.now() - Date.parse(lastSuccess)) / 1000) : null,
    };
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }
}
