#!/usr/bin/env node
// `npm test`: set up what is missing, build, then lint and run every suite of every
// project: unit, contract, API (supertest on a temporary store), worker (real Redis) and
// the Playwright flows in Debian Chromium against the built console.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build, install, root, run } from './setup.mjs';

// Written by infra/jest/failure-digest.cjs for each project whose tests failed.
const failures = join(root, 'test-results', 'failures');

/** Prints the failing tests again, last, where a log read from its end shows them. */
function printFailures() {
  if (!existsSync(failures)) return;
  const digests = readdirSync(failures).filter((name) => name.endsWith('.txt'));
  if (digests.length === 0) return;
  console.error('\n✗ Tests en échec :');
  for (const name of digests.sort()) console.error(readFileSync(join(failures, name), 'utf8'));
}

rmSync(failures, { recursive: true, force: true });
install();
build();
run('npx', ['prettier', '--check', '--log-level=warn', '.']);
run('npx', ['nx', 'run-many', '-t', 'lint', '--outputStyle=static']);
run('npx', ['nx', 'run-many', '-t', 'test', '--outputStyle=static', '--parallel=1'], {
  onFailure: printFailures,
});
run('npx', ['nx', 'run-many', '-t', 'e2e', '--outputStyle=static', '--parallel=1'], {
  onFailure: printFailures,
});
