// `npm run e2e`: builds what is missing (the console, the API), then runs the e2e suite in band.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const consoleDir = resolve(here, '..');
const root = resolve(consoleDir, '..');

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: process.env });
  return result.status ?? 1;
}

if (!existsSync(join(consoleDir, 'dist', 'index.html')) || process.env.RELOC_E2E_BUILD === '1') {
  console.log('e2e: building the console');
  if (run('npm', ['run', 'build'], consoleDir) !== 0) process.exit(1);
}
if (
  !existsSync(join(consoleDir, 'dist-mobile', 'index.html')) ||
  process.env.RELOC_E2E_BUILD === '1'
) {
  console.log('e2e: building the mobile console');
  if (run('npm', ['run', 'build:mobile'], consoleDir) !== 0) process.exit(1);
}
if (!process.env.RELOC_E2E_SERVER_ENTRY && !existsSync(join(root, 'services/api/dist/main.js'))) {
  console.log('e2e: building the API');
  if (run('npm', ['run', 'build', '-w', '@reloc/api'], root) !== 0) {
    console.error('e2e: the API does not build; see services/api');
    process.exit(1);
  }
}

const jest = join(root, 'node_modules', 'jest', 'bin', 'jest.js');
const args = ['--config', join(here, 'jest.config.cjs'), '--runInBand', ...process.argv.slice(2)];
process.exit(run(process.execPath, [jest, ...args], consoleDir));
