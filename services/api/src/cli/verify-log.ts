import 'reflect-metadata';
import Database from 'better-sqlite3';
import { loadConfig } from '../config';
import { openEventStore, readModelPath } from '../infrastructure/event-sourcing.module';
import {
  compareReadModels,
  formatVerification,
  verifyChains,
} from '../infrastructure/log-verification';
import { ALL_PROJECTIONS } from '../infrastructure/read-models';

/**
 * `npm run verify-log`: re-reads the whole log and checks every stream's hash chain, then
 * rebuilds every read model into a scratch store and compares it with the live one. Prints
 * what differs and exits 1 if anything does.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const store = openEventStore(config);
  const live = new Database(readModelPath(config), { readonly: true, fileMustExist: true });
  const head = await store.headPosition();
  let lastPrint = 0;
  let lastLabel = '';
  const progress = (label: string) => (position: number) => {
    if (Date.now() - lastPrint < 1000 && position < head) return;
    if (lastLabel && lastLabel !== label) process.stderr.write('\n');
    lastLabel = label;
    lastPrint = Date.now();
    process.stderr.write(`\r${label} ${position}/${head}`);
  };
  try {
    const chains = await verifyChains(store, progress('checking chains…'));
    const models = await compareReadModels(store, live, ALL_PROJECTIONS, progress('replaying…'));
    if (lastPrint) process.stderr.write('\n');
    const report = formatVerification(chains, models);
    console.log(report.text);
    process.exitCode = report.ok ? 0 : 1;
  } finally {
    live.close();
    await store.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
