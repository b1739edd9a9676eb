// Where the built code lives, and one `require` for it: the benchmark measures the built
// JavaScript (dist/) that `npm start` runs, never the TypeScript sources.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const benchDir = join(dirname(fileURLToPath(import.meta.url)), '..');
export const root = join(benchDir, '..');
export const eventstoreDist = join(root, 'libs', 'eventstore', 'dist');
export const apiDist = join(root, 'services', 'api', 'dist');
export const domainDist = join(root, 'libs', 'domain', 'dist');

export const require = createRequire(join(root, 'services', 'api', 'package.json'));

/** Fails with the command to run when a build output is missing. */
export function requireBuilt(path) {
  if (!existsSync(path)) {
    throw new Error(
      `${path} is missing: build first (npm run bench does it, or ` +
        'NX_NO_CLOUD=true NX_DAEMON=false npx nx run-many -t build)',
    );
  }
  return require(path);
}

export function loadEventstore() {
  return requireBuilt(join(eventstoreDist, 'index.js'));
}

/** The built @reloc/domain (stages, enumerations, field kinds) the generated projects follow. */
/** The words of the demo data, shared with the first-run seed. */
export function loadDemoVocabulary() {
  return requireBuilt(join(apiDist, 'seed', 'demo-vocabulary.js'));
}

export function loadDomain() {
  return requireBuilt(join(domainDist, 'index.js'));
}

/** better-sqlite3 as the event store resolves it, so raw and store rates use one binary. */
export function loadBetterSqlite3() {
  const req = createRequire(join(root, 'libs', 'eventstore', 'package.json'));
  return { Database: req('better-sqlite3'), version: req('better-sqlite3/package.json').version };
}
