import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PASSWORD_MIN_LENGTH } from '@reloc/domain';
import { parseFilesKey } from '@reloc/worker';
import { LogFormat, parseLogFormat } from './infrastructure/log-format';

/** Everything the API reads from the environment, in one place (see infra/ENVIRONMENT.md). */
export type AppConfig = {
  port: number;
  dataDir: string;
  filesDir: string;
  /** Wrapped data keys of the blobs (RELOC_FILES_KEYS_DIR, default `<filesDir>/keys`). */
  filesKeysDir: string;
  adminEmail: string;
  adminPassword: string;
  demo: boolean;
  tokenSecret: string;
  tokenTtlSeconds: number;
  refreshTtlSeconds: number;
  consoleDir: string;
  publicUrl: string;
  eventStoreUrl: string | null;
  /** Base URL of the French address API; null = the offline town gazetteer. */
  addressApiUrl: string | null;
  /** Redis of the BullMQ queues (scaled mode); null = jobs run in-process (embedded mode). */
  redisUrl: string | null;
  /** Prefix of the queues' Redis keys (RELOC_JOB_PREFIX, default `reloc`). */
  jobPrefix: string | null;
  /** Google Routes: travel times when the key is set; null = the straight-line estimate. */
  routesApiUrl: string | null;
  routesApiKey: string | null;
  /**
   * Whether the geo reactor turns events into geocoding and travel-time jobs (RELOC_GEO_JOBS,
   * 1 or 0). On unless set to 0; the API test harness sets 0 so that background writes never
   * race the assertions of unrelated tests, and the geo tests switch it on.
   */
  geoJobs: boolean;
  sso: {
    issuer: string;
    clientId: string;
    clientSecret: string;
    allowedDomain: string | null;
  } | null;
  /** The agency's number printed in the visits PDF header; null = the built-in one. */
  contactPhone: string | null;
  /** Kafka brokers of the integration-event relay (KAFKA_BROKERS); null = relay off. */
  kafkaBrokers: string[] | null;
  /** pino level of the JSON logs (LOG_LEVEL): fatal, error, warn, info, debug, trace, silent. */
  logLevel: string;
  /** LOG_FORMAT: 'json' lines (the default, the Docker images) or 'pretty' (npm start). */
  logFormat: LogFormat;
  /** The public site a prospect's company link leads to (RELOC_SITE_URL). */
  siteUrl: string;
  /** Yousign API v3 when its URL and key are set; null = the built-in signature provider. */
  yousign: { apiUrl: string; apiKey: string; webhookSecret: string | null } | null;
  /** Slows the projector per event: only for tests that need read models to lag. */
  projectorDelayMs: number;
  /** Master key (32 bytes) of the encrypted blob store (RELOC_FILES_KEY, else generated). */
  filesKey: Buffer;
  /**
   * Express's 'trust proxy' (RELOC_TRUST_PROXY): which proxies' X-Forwarded-For and
   * X-Forwarded-Proto are believed. false by default: the client address is the socket's.
   */
  trustProxy: TrustProxy;
  /**
   * Scheduled backups of the embedded mode (RELOC_BACKUP_DIR, RELOC_BACKUP_EVERY, default 6h,
   * RELOC_BACKUP_KEEP, default 7); null = none.
   */
  backup: { dir: string; everyMs: number; keep: number } | null;
  /** Bearer token of GET /metrics (RELOC_METRICS_TOKEN); null = loopback callers only. */
  metricsToken: string | null;
};

/** What Express accepts for 'trust proxy' and we let the environment say. */
export type TrustProxy = boolean | number | string[];

/**
 * RELOC_TRUST_PROXY: unset, empty or `false` = trust no proxy; `true` = any (only when every
 * request goes through the proxy); a number = that many hops; else a comma-separated list
 * of addresses, subnets or Express names (`loopback`, `linklocal`, `uniquelocal`).
 */
export function trustProxyOf(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (!text || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** `30m`, `6h`, `1d`, `45s` (RELOC_BACKUP_EVERY) in milliseconds; throws on anything else. */
export function durationMs(value: string): number {
  const match = /^\s*(\d+)\s*(s|m|h|d)\s*$/.exec(value);
  const amount = match ? Number(match[1]) : 0;
  if (!match || amount <= 0)
    throw new Error(
      `RELOC_BACKUP_EVERY=${value} : attendu un nombre suivi de s, m, h ou d (ex. 30m, 6h, 1d)`,
    );
  return amount * { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] as 's']!;
}

const repoRoot = resolve(__dirname, '..', '..', '..');
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'token-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export const FILES_KEY_REQUIRED_WITH_REDIS =
  'RELOC_FILES_KEY est requis avec REDIS_URL : le worker lit et écrit les fichiers avec la même clé que l’API / RELOC_FILES_KEY is required with REDIS_URL: the worker reads and writes the files with the API’s key';

/**
 * RELOC_FILES_KEY: 32 bytes as 64 hex digits or base64; else one kept in the data folder, in the
 * embedded mode only: with REDIS_URL the worker runs the signature jobs and needs the same key.
 */
export function filesKeyOf(value: string | undefined, dataDir: string, scaled = false): Buffer {
  if (value?.trim()) return parseFilesKey(value);
  if (scaled) throw new Error(FILES_KEY_REQUIRED_WITH_REDIS);
  const file = join(dataDir, 'files-key');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  const key = randomBytes(32);
  writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
  return key;
}

function positiveInt(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

/** RELOC_DATA_DIR, default `<repo>/data` (nothing is created: the restore needs it empty). */
export function dataDirOf(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.RELOC_DATA_DIR || join(repoRoot, 'data'));
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = dataDirOf(env);
  mkdirSync(dataDir, { recursive: true });
  const filesDir = resolve(env.RELOC_FILES_DIR || join(dataDir, 'files'));
  mkdirSync(filesDir, { recursive: true });
  const port = positiveInt(env.PORT, 3000);
  const ssoIssuer = env.RELOC_SSO_ISSUER;
  return {
    port,
    dataDir,
    filesDir,
    filesKeysDir: resolve(env.RELOC_FILES_KEYS_DIR || join(filesDir, 'keys')),
    adminEmail: (env.RELOC_ADMIN_EMAIL || 'superadmin@reloc.fr').trim().toLowerCase(),
    adminPassword: adminPasswordOf(env.RELOC_ADMIN_PASSWORD),
    demo: env.RELOC_DEMO !== '0',
    tokenSecret: env.RELOC_TOKEN_SECRET || readOrCreateSecret(dataDir),
    tokenTtlSeconds: positiveInt(env.RELOC_TOKEN_TTL_SECONDS, 900),
    refreshTtlSeconds: positiveInt(env.RELOC_REFRESH_TTL_SECONDS, 30 * 24 * 3600),
    consoleDir: resolve(env.RELOC_CONSOLE_DIR || join(repoRoot, 'console', 'dist')),
    publicUrl: (env.RELOC_PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    eventStoreUrl: env.EVENTSTORE_URL || null,
    addressApiUrl: env.RELOC_ADDRESS_API_URL || null,
    redisUrl: env.REDIS_URL?.trim() || null,
    jobPrefix: env.RELOC_JOB_PREFIX?.trim() || null,
    routesApiUrl: env.RELOC_ROUTES_API_URL?.trim() || null,
    routesApiKey: env.RELOC_ROUTES_API_KEY?.trim() || null,
    geoJobs: env.RELOC_GEO_JOBS?.trim() !== '0',
    sso: ssoIssuer
      ? {
          issuer: ssoIssuer,
          clientId: env.RELOC_SSO_CLIENT_ID || '',
          clientSecret: env.RELOC_SSO_CLIENT_SECRET || '',
          allowedDomain: env.RELOC_SSO_ALLOWED_DOMAIN || null,
        }
      : null,
    contactPhone: env.RELOC_CONTACT_PHONE?.trim() || null,
    kafkaBrokers: env.KAFKA_BROKERS?.trim()
      ? env.KAFKA_BROKERS.split(',')
          .map((broker) => broker.trim())
          .filter(Boolean)
      : null,
    logLevel: LOG_LEVELS.includes(env.LOG_LEVEL ?? '') ? env.LOG_LEVEL! : 'info',
    logFormat: parseLogFormat(env.LOG_FORMAT),
    siteUrl: (env.RELOC_SITE_URL?.trim() || 'https://www.reloc.fr').replace(/\/$/, ''),
    yousign:
      env.RELOC_YOUSIGN_API_URL?.trim() && env.RELOC_YOUSIGN_API_KEY?.trim()
        ? {
            apiUrl: env.RELOC_YOUSIGN_API_URL.trim(),
            apiKey: env.RELOC_YOUSIGN_API_KEY.trim(),
            webhookSecret: env.RELOC_YOUSIGN_WEBHOOK_SECRET?.trim() || null,
          }
        : null,
    projectorDelayMs: Number(env.RELOC_PROJECTOR_DELAY_MS) || 0,
    filesKey: filesKeyOf(env.RELOC_FILES_KEY, dataDir, Boolean(env.REDIS_URL?.trim())),
    trustProxy: trustProxyOf(env.RELOC_TRUST_PROXY),
    backup: env.RELOC_BACKUP_DIR?.trim()
      ? {
          dir: resolve(env.RELOC_BACKUP_DIR.trim()),
          everyMs: durationMs(env.RELOC_BACKUP_EVERY?.trim() || '6h'),
          keep: positiveInt(env.RELOC_BACKUP_KEEP, 7),
        }
      : null,
    metricsToken: env.RELOC_METRICS_TOKEN?.trim() || null,
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');

/**
 * The superadmin's password: the login refuses one under 8 characters (issue 15 point 13), so
 * a shorter RELOC_ADMIN_PASSWORD would lock everyone out; the server refuses to start instead.
 */
function adminPasswordOf(value: string | undefined): string {
  const password = value || 'Reloc2026!';
  if (password.length < PASSWORD_MIN_LENGTH)
    throw new Error(
      `RELOC_ADMIN_PASSWORD must have at least ${PASSWORD_MIN_LENGTH} characters (the login refuses shorter ones)`,
    );
  return password;
}
