#!/usr/bin/env node
// `npm start`: set up what is missing, build, then serve API and console on one port
// (embedded mode). The API seeds the superadmin and the demo data on the first run.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { build, install, nxEnv, root } from './setup.mjs';

install();
build();
// A person reads this terminal: the login banner, then short lines (time, level, message)
// from warn up. LOG_FORMAT=json and LOG_LEVEL still win when set.
const server = spawn(process.execPath, [join(root, 'services/api/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...nxEnv,
    NODE_ENV: process.env.NODE_ENV ?? 'production',
    LOG_FORMAT: process.env.LOG_FORMAT ?? 'pretty',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
