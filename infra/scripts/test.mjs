#!/usr/bin/env node
// `npm test`: set up what is missing, build, then lint and run every suite of every
// project: unit, contract, API (supertest on a temporary store), worker (real Redis) and
// the Playwright flows in Debian Chromium against the built console.
import { build, install, run } from './setup.mjs';

install();
build();
run('npx', ['prettier', '--check', '--log-level=warn', '.']);
run('npx', ['nx', 'run-many', '-t', 'lint', '--outputStyle=static']);
run('npx', ['nx', 'run-many', '-t', 'test', '--outputStyle=static', '--parallel=1']);
run('npx', ['nx', 'run-many', '-t', 'e2e', '--outputStyle=static', '--parallel=1']);
