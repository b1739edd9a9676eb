import 'reflect-metadata';
import { loadConfig } from '../config';
import { DataDirInUseError, DataDirLock } from '../infrastructure/data-dir-lock';
import {
  openEventStore,
  openReadDb,
  projectorOptions,
} from '../infrastructure/event-sourcing.module';
import { Projector } from '../infrastructure/projector';
import { ALL_PROJECTIONS } from '../infrastructure/read-models';

/** Drops every read model and replays the whole log into them (stop the server first). */
async function main(): Promise<void> {
  const config = loadConfig();
  // The server must be stopped: it projects into the same tables.
  const lock = DataDirLock.acquire(config.dataDir);
  const store = openEventStore(config);
  const db = openReadDb(config);
  const projector = new Projector(store, db, ALL_PROJECTIONS, projectorOptions(config));
  const started = Date.now();
  const head = await store.headPosition();
  let lastPrint = 0;
  await projector.rebuild((position) => {
    if (Date.now() - lastPrint > 1000) {
      lastPrint = Date.now();
      process.stdout.write(`\rrelecture… ${position}/${head}`);
    }
  });
  console.log(
    `${lastPrint ? '\n' : ''}read models rebuilt: ${projector.currentPosition} events in ${Date.now() - started} ms`,
  );
  await store.close();
  db.close();
  lock.release();
}

main().catch((error: unknown) => {
  console.error(error instanceof DataDirInUseError ? error.message : error);
  process.exit(1);
});
