import Database from 'better-sqlite3';
import { join } from 'node:path';

/** Raised when another process already projects into this folder's read models. */
export class DataDirInUseError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `Le dossier de données ${dataDir} est déjà utilisé par une autre API Reloc : une seule API ` +
        `par dossier de read models (RELOC_DATA_DIR). / The data folder ${dataDir} is already in ` +
        `use by another Reloc api: run one api per read-model folder (RELOC_DATA_DIR).`,
    );
    this.name = 'DataDirInUseError';
  }
}

/**
 * One projector per read-model folder. The lock is an exclusive SQLite transaction held open on
 * `<dataDir>/api.lock` for the life of the process: the kernel's file lock goes with the process
 * (kill -9 included), so there is no stale pid file to clean, and a second api on the folder
 * fails at once instead of projecting every event a second time.
 */
export class DataDirLock {
  private constructor(private db: Database.Database | undefined) {}

  static acquire(dataDir: string): DataDirLock {
    const db = new Database(join(dataDir, 'api.lock'));
    try {
      db.pragma('busy_timeout = 0');
      db.exec('BEGIN EXCLUSIVE');
    } catch (error) {
      db.close();
      if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) {
        throw new DataDirInUseError(dataDir);
      }
      throw error;
    }
    return new DataDirLock(db);
  }

  release(): void {
    const db = this.db;
    this.db = undefined;
    if (!db) return;
    db.exec('ROLLBACK');
    db.close();
  }
}
