#!/usr/bin/env node
// Makes a clone ready to run: installs dependencies when package-lock.json changed since the
// last install, then (with --build) builds every project through Nx (cached). Only Node
// built-ins here: this runs before anything is installed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = new Set(process.argv.slice(2));
const quiet = args.has('--quiet');

export const nxEnv = { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false', NX_TUI: 'false' };

export function run(command, commandArgs, { onFailure, ...options } = {}) {
  const result = spawnSync(command, commandArgs, {
    cwd: root,
    stdio: 'inherit',
    env: nxEnv,
    ...options,
  });
  if (result.status !== 0) {
    onFailure?.();
    console.error(
      `\n✗ ${command} ${commandArgs.join(' ')} a échoué (code ${result.status ?? result.signal})`,
    );
    process.exit(result.status ?? 1);
  }
}

function log(message) {
  if (!quiet) console.log(message);
}

export function install() {
  const lock = join(root, 'package-lock.json');
  const stamp = join(root, 'node_modules', '.reloc-install-stamp');
  const fingerprint = () =>
    createHash('sha256')
      .update(existsSync(lock) ? readFileSync(lock) : 'no-lock')
      .update(readFileSync(join(root, 'package.json')))
      .digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === fingerprint()) return;
  log('→ Installation des dépendances (première fois : quelques minutes)…');
  // `npm install`, not `npm ci`: the registry mirror here lacks some other-platform optional
  // packages the lock lists, which `npm ci` refuses; install keeps every pinned version.
  run('npm', ['install', '--no-audit', '--no-fund']);
  writeFileSync(stamp, fingerprint());
}

export function build() {
  log('→ Construction (Nx, avec cache)…');
  run('npx', [
    'nx',
    'run-many',
    '-t',
    'build',
    '--outputStyle=static',
    ...(quiet ? ['--verbose=false'] : []),
  ]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  install();
  if (args.has('--build')) build();
}
