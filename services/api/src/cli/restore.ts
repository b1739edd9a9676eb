import 'reflect-metadata';
import { dataDirOf } from '../config';
import { BackupError, restoreAndVerify, restoreTargetOf } from '../backup/restore';
import { terminalProgress } from '../backup/progress';

/**
 * `npm run restore -- --from <folder> [--data <dir>]`: into an empty data folder only. Checks
 * the manifest's hashes, restores, rebuilds the read models and runs verify-log's checks.
 * Exit 1 on a refusal or a failed check.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const valueOf = (flag: string) => {
    const at = args.indexOf(flag);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const from = valueOf('--from');
  if (!from) {
    console.error(
      'Usage : npm run restore -- --from <dossier de sauvegarde> [--data <dossier de données vide>]',
    );
    process.exit(2);
  }
  const target = restoreTargetOf(valueOf('--data') ?? dataDirOf(process.env), process.env);
  const terminal = terminalProgress();
  const report = await restoreAndVerify(from, target, process.env, terminal.progress);
  terminal.end();
  console.log(report.text);
  if (!report.ok) {
    console.error(
      `\nRestauration faite dans ${target.dataDir}, mais la vérification a échoué (ci-dessus).`,
    );
    process.exit(1);
  }
  console.log(
    `\nRestauré dans ${target.dataDir} : ${report.manifest.log.events} événements (position ${report.manifest.log.head}), sauvegarde du ${report.manifest.createdAt}. Démarrez Reloc avec RELOC_DATA_DIR=${target.dataDir}.`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupError ? `\n${error.message}` : error);
  process.exit(1);
});
