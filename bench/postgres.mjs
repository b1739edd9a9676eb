#!/usr/bin/env node
// Phase P of the benchmark alone: the PostgreSQL event store against plain pg (see README.md).
// After a build: `node bench/postgres.mjs`. `npm run bench` runs it with every other phase.

import { loadEventstore } from './lib/paths.mjs';
import {
  benchPostgresUrl,
  loadPg,
  postgresHeader,
  postgresRows,
  postgresUnavailable,
  runPostgresBench,
} from './lib/postgres-bench.mjs';
import { table } from './lib/stats.mjs';
import { postgresParams } from './lib/postgres-params.mjs';

const params = postgresParams(process.env);
const { pg, version } = loadPg();
const adminUrl = benchPostgresUrl();
const skipped = await postgresUnavailable({ pg, adminUrl });
let result = { skipped };
if (!skipped) {
  result = {
    pgVersion: version,
    ...(await runPostgresBench({
      pg,
      eventstore: loadEventstore(),
      adminUrl,
      ...params,
      onProgress: (text) => process.stderr.isTTY && process.stderr.write(`\r${text.padEnd(60)}`),
    })),
  };
}
if (process.stderr.isTTY) process.stderr.write('\r'.padEnd(62) + '\r');
const header = postgresHeader(result);
process.stdout.write(
  `${header ? `${header}\n\n` : ''}${table(
    [['#', 'Measure', 'Result', 'vs raw', 'Notes'], ...postgresRows(result, params.rounds)],
    'llrrl',
  )}\n`,
);
