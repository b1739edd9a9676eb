import { migrateLegacyBlobs, migrationLockHolder } from '@reloc/worker';
import { loadConfig } from '../config';
import { blobStoreOf } from '../files/blob-store';
import { progressReporter } from '../files/blob-migration.runner';

/**
 * `npm run encrypt-files`: rewrites the blobs of the former store (clear, or 'RLE1') in the
 * encrypted format, with its progress, now rather than in the background of the next start.
 * Safe while the api runs (one process migrates at a time) and to run again: it resumes
 * with what is left. Exit code 1 when a blob could not be rewritten (it stays as it was).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const store = blobStoreOf(config);
  const started = Date.now();
  const result = await migrateLegacyBlobs(store, {
    onProgress: progressReporter((line) => console.log(line), 1000),
    onFailure: (id, error) => console.error(`fichier ${id} non chiffré : ${String(error)}`),
  });
  if (result.skipped) {
    console.log(
      `Un autre processus chiffre déjà ces fichiers (${migrationLockHolder(config.filesDir) ?? '?'}) : rien à faire ici.`,
    );
    return;
  }
  console.log(
    result.total
      ? `${result.migrated} fichier(s) chiffré(s) sur ${result.total} en ${Date.now() - started} ms`
      : 'Aucun fichier en clair : tout est déjà chiffré.',
  );
  if (result.failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
