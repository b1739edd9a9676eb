#!/usr/bin/env node
// `npm start`: set up what is missing, build, then serve API and console on one port
// (embedded mode). The API seeds the superadmin and the demo data on the first run.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { build, install, nxEnv, root } from './setup.mjs';

install();
build();
const server = spawn(process.execPath, [join(root, 'services/api/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...nxEnv, NODE_ENV: process.env.NODE_ENV ?? 'production' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
