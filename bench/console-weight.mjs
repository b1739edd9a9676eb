#!/usr/bin/env node
// The console's JS before each main route's first screen (issue 17 point 3), alone: reads
// console/dist as last built (`cd console && npm run build`). `node bench/run.mjs` prints the same
// table and puts its worst route in the issue 17 rows. See bench/README.md.
import { join } from 'node:path';
import { consoleFirstScreens, consoleWeightTable } from './lib/console-weight.mjs';
import { benchDir } from './lib/paths.mjs';
import { table } from './lib/stats.mjs';

const result = consoleFirstScreens(join(benchDir, '..', 'console', 'dist'));
if (!result) {
  console.error('console/dist/.vite/manifest.json is missing: build the console first');
  process.exit(1);
}
console.log(consoleWeightTable(result, table));
console.log(
  `\nworst: ${result.worst.route}, ${(result.worst.gzip / 1024).toFixed(1)} kB gzip (target ≤ 250); precompressed .br/.gz: ${result.precompressed ? 'yes' : 'no'}`,
);
