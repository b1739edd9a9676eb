// Phase 4: the memory the running API holds on a data dir, measured in its own process.

import { fork } from 'node:child_process';
import { join } from 'node:path';
import { benchDir } from './paths.mjs';
import { apiEnv } from './log-and-rebuild.mjs';

const CHILD = join(benchDir, 'lib', 'api-memory-child.cjs');

/** Starts the API on `dataDir`, waits for it to catch up, returns its memory after GC. */
export function measureApiMemory({ dataDir, timeoutMs = 600_000 }) {
  return new Promise((resolve, reject) => {
    const child = fork(CHILD, [], {
      execArgv: ['--expose-gc'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        BENCH_API_ENV: JSON.stringify(apiEnv(dataDir)),
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    let result;
    child.on('message', (m) => (result = m));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the API did not report within ${timeoutMs} ms\n${output.slice(-4000)}`));
    }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (result?.ok) return resolve({ ...result, exitCode: code });
      reject(
        new Error(
          `API child failed (exit ${code ?? signal}): ${result?.error ?? 'no report'}\n${output.slice(-4000)}`,
        ),
      );
    });
  });
}
