import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/**
 * The PostgreSQL server the tests may create throwaway databases on: RELOC_TEST_POSTGRES_URL, else
 * the machine's own (trust auth, as on every machine of this project and in CI).
 */
export const DEFAULT_TEST_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export function testPostgresUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env.RELOC_TEST_POSTGRES_URL?.trim() || DEFAULT_TEST_POSTGRES_URL;
}

/** Whether `REQUIRE_SERVICES` (a comma or space separated list) names this service. */
export function isServiceRequired(service: string, env: NodeJS.ProcessEnv = process.env): boolean {
  return (env.REQUIRE_SERVICES ?? '').split(/[\s,]+/).includes(service);
}

// Jest registers tests synchronously, so the probe runs in a child process.
const PROBE = `
const { Client } = require(process.argv[1]);
const client = new Client({ connectionString: process.argv[2], connectionTimeoutMillis: 3000 });
client.connect()
  .then(() => client.query('SELECT 1'))
  .then(() => process.exit(0), (e) => { console.log(e.code || e.message); process.exit(1); });
`;

/** Why the server at `url` cannot be used, or undefined when it answers. */
export function postgresUnavailableReason(url: string): string | undefined {
  const probe = spawnSync(process.execPath, ['-e', PROBE, require.resolve('pg'), url], {
    encoding: 'utf8',
    timeout: 8_000,
  });
  if (probe.status === 0) return undefined;
  const why = (probe.stdout ?? '').trim() || probe.error?.message || `exit ${probe.status}`;
  return `PostgreSQL at ${redact(url)} does not answer (${why})`;
}

export type ThrowawayDatabase = { url: string; name: string; drop: () => Promise<void> };

/**
 * The start of throwaway database names: RELOC_TEST_POSTGRES_DB_PREFIX (letters, digits and `_`),
 * else `reloc_test_`; lets runs that share a server keep to their own names.
 */
export function testDatabasePrefix(env: NodeJS.ProcessEnv = process.env): string {
  const prefix = env.RELOC_TEST_POSTGRES_DB_PREFIX?.trim() || 'reloc_test_';
  if (!/^[a-z_][a-z0-9_]{0,40}$/.test(prefix)) {
    throw new Error(`RELOC_TEST_POSTGRES_DB_PREFIX must be a lower-case identifier, got ${prefix}`);
  }
  return prefix;
}

/** A new, empty database with a random name on the server of `adminUrl`; drop() removes it. */
export async function createThrowawayDatabase(adminUrl: string): Promise<ThrowawayDatabase> {
  const name = `${testDatabasePrefix()}${randomBytes(6).toString('hex')}`;
  await onAdmin(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    // FORCE: connections a failed test left open must not keep the database alive.
    drop: () => onAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function onAdmin(adminUrl: string, sql: string): Promise<void> {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return `${parsed.host}${parsed.pathname}`;
  } catch {
    return 'the configured URL';
  }
}
