// Writes <outDir>/release.json = { "ts": <build time in ms> }; the console polls it through
// GET /v1/release.json to tell that a new version was deployed.
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const outDir = resolve(process.argv[2] ?? 'dist');
if (!existsSync(outDir)) {
  console.error(`write-release: ${outDir} does not exist (run vite build first)`);
  process.exit(1);
}
const release = { ts: Date.now() };
writeFileSync(join(outDir, 'release.json'), `${JSON.stringify(release)}\n`);
console.log(`write-release: ${join(outDir, 'release.json')} ts=${release.ts}`);
