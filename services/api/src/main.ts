import 'reflect-metadata';
import { loadConfig } from './config';
import { createApp } from './app.factory';
import { DataDirInUseError } from './infrastructure/data-dir-lock';

async function main(): Promise<void> {
  const config = loadConfig();
  // Logs are JSON lines at LOG_LEVEL (pino); this banner is for the person who started it.
  const app = await createApp(config);
  await app.listen(config.port);
  const url = `http://localhost:${config.port}`;
  console.log(
    [
      '',
      `Reloc est prêt sur ${url}`,
      `Connexion : ${config.adminEmail} / ${process.env.RELOC_ADMIN_PASSWORD ? '(RELOC_ADMIN_PASSWORD)' : config.adminPassword}`,
      config.demo
        ? 'Comptes de démonstration (même mot de passe) : claire.martin@reloc.fr (admin), julien.bernard@reloc.fr (consultant·e), sophie.petit@reloc.fr (commercial), thomas.robert@reloc.fr (vendeur)'
        : 'Données de démonstration désactivées (RELOC_DEMO=0).',
      `Données : ${config.dataDir}`,
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof DataDirInUseError ? error.message : error);
  process.exit(1);
});
