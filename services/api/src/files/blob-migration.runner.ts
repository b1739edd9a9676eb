import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import {
  EncryptedBlobStore,
  migrateLegacyBlobs,
  MigrationProgress,
  MigrationResult,
} from '@reloc/worker';
import { BLOB_STORE } from './blob-store';

const PROGRESS_EVERY_MS = 5000;

/** "Chiffrement des fichiers existants : 120/5000 (…)", at most every 5 s, and at the end. */
export function progressReporter(
  print: (line: string) => void,
  everyMs = PROGRESS_EVERY_MS,
  now: () => number = Date.now,
): (progress: MigrationProgress) => void {
  let last = now();
  return (progress) => {
    const end = progress.done === progress.total;
    if (!end && now() - last < everyMs) return;
    last = now();
    const failed = progress.failed ? `, ${progress.failed} en échec` : '';
    print(
      `Chiffrement des fichiers existants : ${progress.done}/${progress.total} (${progress.migrated} chiffrés${failed})`,
    );
  };
}

/**
 * At start, the blobs of the former store (clear, or 'RLE1') are rewritten encrypted in the
 * background (blob-migration.ts in the worker package): the api serves meanwhile, since the
 * store reads both layouts, and the log shows the progress. `npm run encrypt-files` does the
 * same from the command line. One process migrates at a time (a lock file in the files folder).
 */
@Injectable()
export class BlobMigrationRunner implements OnModuleDestroy {
  private readonly logger = new Logger('BlobMigration');
  private stopping = false;
  private running: Promise<MigrationResult | null> = Promise.resolve(null);

  constructor(@Inject(BLOB_STORE) private readonly blobs: EncryptedBlobStore) {}

  start(): Promise<MigrationResult | null> {
    const waiting = this.blobs.legacyIds().length;
    if (!waiting) return this.running;
    this.logger.warn(
      `${waiting} fichier(s) stocké(s) dans l’ancien format (en clair ou RLE1) : chiffrement en arrière-plan`,
    );
    this.running = migrateLegacyBlobs(this.blobs, {
      onProgress: progressReporter((line) => this.logger.log(line)),
      onFailure: (id, error) =>
        this.logger.error(
          `fichier ${id} non chiffré, nouvel essai au prochain démarrage: ${String(error)}`,
        ),
      shouldStop: () => this.stopping,
    }).then(
      (result) => {
        if (result.skipped)
          this.logger.log('Chiffrement des fichiers existants mené par un autre processus');
        return result;
      },
      (error: unknown) => {
        this.logger.error(`Chiffrement des fichiers existants interrompu: ${String(error)}`);
        return null;
      },
    );
    return this.running;
  }

  /** The current run (tests wait for it). */
  finished(): Promise<MigrationResult | null> {
    return this.running;
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    await this.running;
  }
}
