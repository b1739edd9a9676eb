import 'reflect-metadata';
import { loadConfig } from '../config';
import { BackupError, createBackup } from '../backup/backup';
import { terminalProgress } from '../backup/progress';

/**
 * `npm run backup -- --to <folder>`: a consistent copy of the embedded store and of the files
 * (still encrypted), with its manifest, while the server runs. Run again into the same folder,
 * it copies only the files not already there.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const at = args.indexOf('--to');
  const to = at >= 0 ? args[at + 1] : undefined;
  if (!to) {
    console.error('Usage : npm run backup -- --to <dossier>');
    process.exit(2);
  }
  const config = loadConfig();
  const terminal = terminalProgress();
  const manifest = await createBackup(config, to, { onProgress: terminal.progress });
  terminal.end();
  console.log(
    `Sauvegarde terminée dans ${to} : journal jusqu'à la position ${manifest.log.head} (${manifest.log.events} événements, ${manifest.log.streams} flux), ${manifest.files.count} fichier(s), ${(manifest.totalBytes / 1e6).toFixed(1)} Mo, en ${manifest.durationMs} ms.`,
  );
  if (manifest.filesKey === 'environment')
    console.log(
      "La clé des fichiers vient de RELOC_FILES_KEY : elle n'est pas dans la sauvegarde, gardez-la à part (sans elle les documents ne se rouvrent pas).",
    );
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupError ? `\n${error.message}` : error);
  process.exit(1);
});
