import { hostname } from 'node:os';
import { join } from 'node:path';
import {
  closeSync,
  openSync,
  readFileSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import type { EncryptedBlobStore } from './blob-store';

export type MigrationProgress = {
  /** Old blobs handled so far in this run. */
  done: number;
  /** Old blobs found when this run started. */
  total: number;
  migrated: number;
  failed: number;
};

export type MigrationResult = MigrationProgress & {
  /** Another process (an api replica, the npm command) holds the lock: nothing was done. */
  skipped: boolean;
};

export type MigrationOptions = {
  onProgress?: (progress: MigrationProgress) => void;
  /** Called with each id that could not be rewritten (left in place, tried again next run). */
  onFailure?: (id: string, error: unknown) => void;
  /** Yields to the event loop between files (a server keeps answering while it runs). */
  yieldEvery?: number;
  /** Stops after this many files (tests: a run interrupted half-way). */
  stopAfter?: number;
  /** Asked before each file: true stops the run (the server is shutting down). */
  shouldStop?: () => boolean;
};

/** A lock older than this (its holder stopped refreshing it: crashed) is taken over. */
export const MIGRATION_LOCK_STALE_MS = 60_000;
const LOCK_REFRESH_MS = 10_000;
export const MIGRATION_LOCK_FILE = '.migration.lock';

const delay = () => new Promise<void>((resolve) => setImmediate(resolve));

/** One migrating process at a time on a files folder (api replicas share it in the scaled mode). */
function takeLock(path: string): (() => void) | null {
  const claim = () => {
    const fd = openSync(path, 'wx', 0o600);
    writeSync(fd, JSON.stringify({ host: hostname(), pid: process.pid, at: new Date() }));
    closeSync(fd);
  };
  try {
    claim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    let age: number;
    try {
      age = Date.now() - statSync(path).mtimeMs;
    } catch {
      age = Infinity;
    }
    if (age < MIGRATION_LOCK_STALE_MS) return null;
    try {
      unlinkSync(path);
      claim();
    } catch {
      return null;
    }
  }
  const timer = setInterval(() => {
    const now = new Date();
    try {
      utimesSync(path, now, now);
    } catch {
      // Removed by hand: the run goes on; a second one may start, which is harmless but slower.
    }
  }, LOCK_REFRESH_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    try {
      unlinkSync(path);
    } catch {
      // already gone
    }
  };
}

/** Who holds the lock, for the operator (null: nobody). */
export function migrationLockHolder(filesDir: string): string | null {
  try {
    return readFileSync(join(filesDir, MIGRATION_LOCK_FILE), 'utf8');
  } catch {
    return null;
  }
}

/**
 * Rewrites every blob of the former layout (clear, or 'RLE1' under the master key) in the
 * encrypted format, one file at a time: each rewrite is atomic and removes the old file only
 * after the new one is in place, so a run stopped anywhere resumes with what is left, and a
 * second run finds nothing to do. The app reads both layouts meanwhile.
 */
export async function migrateLegacyBlobs(
  store: EncryptedBlobStore,
  options: MigrationOptions = {},
): Promise<MigrationResult> {
  const release = takeLock(join(store.filesDir, MIGRATION_LOCK_FILE));
  if (!release) return { done: 0, total: 0, migrated: 0, failed: 0, skipped: true };
  try {
    const ids = store.legacyIds();
    const progress: MigrationProgress = { done: 0, total: ids.length, migrated: 0, failed: 0 };
    const yieldEvery = options.yieldEvery ?? 20;
    for (const id of ids) {
      if (options.stopAfter !== undefined && progress.done >= options.stopAfter) break;
      if (options.shouldStop?.()) break;
      try {
        if (store.migrateLegacy(id) === 'migrated') progress.migrated += 1;
      } catch (error) {
        progress.failed += 1;
        options.onFailure?.(id, error);
      }
      progress.done += 1;
      options.onProgress?.({ ...progress });
      if (progress.done % yieldEvery === 0) await delay();
    }
    return { ...progress, skipped: false };
  } finally {
    release();
  }
}
