import 'reflect-metadata';
import { loadConfig } from './config';
import { createApp } from './app.factory';

type NestLevel = 'fatal' | 'error' | 'warn' | 'log' | 'debug' | 'verbose';

/** LOG_LEVEL (pino-style names) to the levels Nest's logger prints. */
function nestLogLevels(level = 'info'): NestLevel[] {
  const order: NestLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];
  const index = { fatal: 0, error: 1, warn: 2, info: 3, debug: 4, trace: 5 }[level] ?? 3;
  return order.slice(0, index + 1);
}

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config, { logger: nestLogLevels(process.env.LOG_LEVEL) });
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
  console.error(error);
  process.exit(1);
});
