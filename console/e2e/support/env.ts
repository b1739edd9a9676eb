import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

/** What the global setup started, shared with the test files through a small JSON file. */
export type E2eEnv = { url: string; consoleDir: string; pid: number };

export const ENV_FILE = join(tmpdir(), `reloc-console-e2e-${process.pid}.json`);

export function e2eEnv(): E2eEnv {
  const file = process.env.RELOC_E2E_ENV_FILE;
  if (!file) throw new Error('RELOC_E2E_ENV_FILE is not set: run the e2e tests with `npm run e2e`');
  return JSON.parse(readFileSync(file, 'utf8')) as E2eEnv;
}
