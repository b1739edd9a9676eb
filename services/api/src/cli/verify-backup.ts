import 'reflect-metadata';
import { BackupError, verifyBackup } from '../backup/restore';
import { terminalProgress } from '../backup/progress';

/**
 * `npm run verify-backup -- <folder>`: proves a backup restorable without touching the live
 * data (a restore into a temporary folder, verified, then deleted). Exit 0 only when it is.
 */
async function main(): Promise<void> {
  const from = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
  if (!from) {
    console.error('Usage : npm run verify-backup -- <dossier de sauvegarde>');
    process.exit(2);
  }
  const terminal = terminalProgress();
  const report = await verifyBackup(from, process.env, terminal.progress);
  terminal.end();
  console.log(report.text);
  console.log(
    report.ok
      ? `\nSauvegarde restaurable : ${report.manifest.log.events} événements (position ${report.manifest.log.head}), ${report.manifest.files.count} fichier(s), du ${report.manifest.createdAt}.`
      : '\nSauvegarde NON restaurable telle quelle (voir ci-dessus).',
  );
  process.exitCode = report.ok ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupError ? `\n${error.message}` : error);
  process.exit(1);
});
