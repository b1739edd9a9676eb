import { createHash } from 'node:crypto';
import {
  createReadStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import {
  copyFile,
  link,
  mkdir,
  readFile,
  readdir,
  stat,
  unlink,
  writeFile,
} from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import {
  decryptBlob,
  deriveBlobKeys,
  MIGRATION_LOCK_FILE,
  storageName,
  unwrapDataKey,
} from '@reloc/worker';

/**
 * Backup and restore of the embedded mode (issue 16). A backup is a folder:
 *
 * - `reloc.db`: the whole SQLite store (log and read models) taken with `VACUUM INTO`, which
 *   reads one consistent snapshot in a read transaction: in WAL mode writers go on meanwhile. It
 *   runs in a worker thread so that the api's event loop (scheduled backups) never waits for it;
 * - `files/` and `keys/`: the files folder and the wrapped per-blob keys, copied as they are
 *   (still encrypted). Blob and key names never change content, so a second run into the same
 *   folder (or a scheduled one, by hard links from the previous) copies only what is new and
 *   removes what was erased since: an erased blob's key leaves the backup with it;
 * - `secrets/`: the data folder's `files-key` and `token-secret` when they are files there;
 * - `chain-heads.tsv`: each stream's last revision and chain hash;
 * - `manifest.json`, written last: the log head, the counts, the sha256 of every part. A folder
 *   without it is an interrupted backup, which restore refuses.
 */

export const BACKUP_FORMAT = 'reloc-backup/1';
export const MANIFEST = 'manifest.json';
const DATABASE = 'reloc.db';
const CHAIN_HEADS = 'chain-heads.tsv';
const SECRETS = ['files-key', 'token-secret'];

export type BackupPart = { path: string; size: number; sha256: string; mtimeMs?: number };

export type BackupManifest = {
  format: string;
  createdAt: string;
  durationMs: number;
  log: { head: number; events: number; streams: number; chainHeadsSha256: string };
  files: { count: number; bytes: number; blobs: number; keys: number };
  /** 'included': secrets/files-key; 'environment': the same RELOC_FILES_KEY is needed. */
  filesKey: 'included' | 'environment';
  /** Tells whether a master key is the one the blobs were written with (not the key itself). */
  filesKeyFingerprint: string;
  totalBytes: number;
  parts: BackupPart[];
};

/** A refusal or a failure with its message for the operator (French). */
export class BackupError extends Error {
  override readonly name = 'BackupError';
}

export type BackupSource = {
  dataDir: string;
  filesDir: string;
  filesKeysDir: string;
  filesKey: Buffer;
  eventStoreUrl: string | null;
};

export type Progress = (step: string, done: number, total: number) => void;

export function keyFingerprint(masterKey: Buffer): string {
  return storageName(deriveBlobKeys(masterKey), '0'.repeat(64)).slice(0, 16);
}

function sha256(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Streamed: the store's copy may be large. */
async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT';

/** Relative paths (with '/') of the regular files under root, without temporaries and locks. */
async function listFiles(root: string, skip: string[] = []): Promise<string[]> {
  const found: string[] = [];
  async function visit(dir: string): Promise<void> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (skip.includes(path)) continue;
      if (entry.isDirectory()) await visit(path);
      else if (
        entry.isFile() &&
        !entry.name.endsWith('.tmp') &&
        !entry.name.endsWith('.partial') &&
        entry.name !== MIGRATION_LOCK_FILE
      )
        found.push(relative(root, path).split(sep).join('/'));
    }
  }
  await visit(root);
  return found.sort();
}

const LOG_SQL = {
  hasEvents: "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'events'",
  totals: 'SELECT COALESCE(MAX(position), 0) AS head, COUNT(*) AS events FROM events',
  // SQLite: the bare columns come from the row holding the MAX.
  chainHeads: `SELECT stream_id AS stream, MAX(revision) AS revision,
                      json_extract(metadata, '$.chain.hash') AS hash
               FROM events GROUP BY stream_id ORDER BY stream_id`,
};

type LogSummary = { head: number; events: number; chainHeads: string; streams: number };

/**
 * In a worker thread, so that the caller's event loop (the api's, for scheduled backups) stays
 * free: `VACUUM INTO` on one connection, then the log summary read from the copy.
 */
const VACUUM_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const sql = workerData.sql;
let db;
try {
  db = new Database(workerData.source, { fileMustExist: true });
  db.pragma('busy_timeout = 10000');
  db.prepare('VACUUM INTO ?').run(workerData.target);
  db.close();
  db = new Database(workerData.target, { readonly: true, fileMustExist: true });
  let log = { head: 0, events: 0, chainHeads: '', streams: 0 };
  if (db.prepare(sql.hasEvents).get()) {
    const totals = db.prepare(sql.totals).get();
    const rows = db.prepare(sql.chainHeads).all();
    const chainHeads = rows.map((r) => r.stream + '\\t' + r.revision + '\\t' + (r.hash || '') + '\\n').join('');
    log = { head: totals.head, events: totals.events, chainHeads, streams: rows.length };
  }
  parentPort.postMessage({ ok: true, log });
} catch (error) {
  parentPort.postMessage({ ok: false, error: String((error && error.message) || error) });
} finally {
  if (db && db.open) db.close();
}`;

async function snapshotDatabase(source: string, target: string, progress: Progress) {
  rmSync(target, { force: true });
  const total = statSync(source).size;
  const worker = new Worker(VACUUM_WORKER, {
    eval: true,
    workerData: { module: require.resolve('better-sqlite3'), source, target, sql: LOG_SQL },
  });
  const timer = setInterval(() => {
    try {
      progress('base', Math.min(statSync(target).size, total), total);
    } catch {
      // not created yet
    }
  }, 500);
  try {
    const result = await new Promise<{ ok: boolean; error?: string; log?: LogSummary }>(
      (done, fail) => {
        worker.once('message', done);
        worker.once('error', fail);
        worker.once('exit', (code) => fail(new Error(`VACUUM INTO: worker exited (${code})`)));
      },
    );
    if (!result.ok || !result.log)
      throw new BackupError(`Copie de la base impossible : ${result.error}`);
    progress('base', total, total);
    return result.log;
  } finally {
    clearInterval(timer);
    await worker.terminate();
  }
}

/** Head, counts and each stream's chain head, read from a (copied) store file. */
export function describeLog(path: string): LogSummary {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    if (!db.prepare(LOG_SQL.hasEvents).get())
      return { head: 0, events: 0, chainHeads: '', streams: 0 };
    const { head, events } = db.prepare(LOG_SQL.totals).get() as { head: number; events: number };
    const rows = db.prepare(LOG_SQL.chainHeads).all() as {
      stream: string;
      revision: number;
      hash: string | null;
    }[];
    const chainHeads = rows.map((r) => `${r.stream}\t${r.revision}\t${r.hash ?? ''}\n`).join('');
    return { head, events, chainHeads, streams: rows.length };
  } finally {
    db.close();
  }
}

export function readManifest(dir: string): BackupManifest {
  const path = join(dir, MANIFEST);
  if (!existsSync(path))
    throw new BackupError(
      `Pas de ${MANIFEST} dans ${dir} : ce n'est pas une sauvegarde Reloc, ou elle a été interrompue avant la fin.`,
    );
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(readFileSync(path, 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`${MANIFEST} illisible dans ${dir} : sauvegarde endommagée.`);
  }
  if (manifest?.format !== BACKUP_FORMAT || !Array.isArray(manifest.parts))
    throw new BackupError(`${MANIFEST} de ${dir} n'est pas au format ${BACKUP_FORMAT}.`);
  return manifest;
}

function previousManifest(dir: string | undefined): Map<string, BackupPart> {
  if (!dir) return new Map();
  try {
    return new Map(readManifest(dir).parts.map((part) => [part.path, part]));
  } catch {
    return new Map();
  }
}

async function writeAtomically(path: string, bytes: Uint8Array | string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.partial`;
  await writeFile(temporary, bytes, { mode: 0o600 });
  renameSync(temporary, path);
}

export type BackupOptions = {
  onProgress?: Progress;
  /** A complete earlier backup whose unchanged files are hard-linked instead of copied. */
  linkFrom?: string;
};

/**
 * Backs the embedded store and the files up into `to` (created, or brought up to date when it
 * already holds a backup). Safe while the api runs and writes.
 */
export async function createBackup(
  source: BackupSource,
  to: string,
  options: BackupOptions = {},
): Promise<BackupManifest> {
  if (source.eventStoreUrl)
    throw new BackupError(
      'EVENTSTORE_URL est défini (mode scalé) : sauvegardez PostgreSQL ou EventStoreDB et le volume des fichiers comme le décrit le README (Sauvegarde et restauration).',
    );
  const dbPath = join(source.dataDir, DATABASE);
  if (!existsSync(dbPath)) throw new BackupError(`Aucune base à sauvegarder : ${dbPath} absent.`);
  const started = Date.now();
  const progress: Progress = options.onProgress ?? (() => undefined);
  to = resolve(to);
  const inside = (dir: string) => to === resolve(dir) || to.startsWith(resolve(dir) + sep);
  if (inside(source.filesDir) || inside(source.filesKeysDir))
    throw new BackupError(
      `${to} est dans le dossier des fichiers : la sauvegarde s'y copierait elle-même. Choisissez un dossier ailleurs (idéalement sur un autre disque).`,
    );
  // It holds the files key (secrets/) when the data folder does: for its owner only.
  mkdirSync(to, { recursive: true, mode: 0o700 });
  const inPlace = previousManifest(to);
  const previous = options.linkFrom ? previousManifest(options.linkFrom) : inPlace;
  // From here until the new manifest is written the folder is an incomplete backup.
  rmSync(join(to, MANIFEST), { force: true });

  // 1. The store first: files written after it are not named by it, which is harmless.
  const dbTarget = join(to, DATABASE);
  const log = await snapshotDatabase(dbPath, `${dbTarget}.partial`, progress);
  renameSync(`${dbTarget}.partial`, dbTarget);
  const parts: BackupPart[] = [];
  const dbStat = statSync(dbTarget);
  parts.push({ path: DATABASE, size: dbStat.size, sha256: await sha256OfFile(dbTarget) });
  await writeAtomically(join(to, CHAIN_HEADS), log.chainHeads);
  parts.push({
    path: CHAIN_HEADS,
    size: Buffer.byteLength(log.chainHeads),
    sha256: sha256(log.chainHeads),
  });

  // 2. The data folder's secrets.
  rmSync(join(to, 'secrets'), { recursive: true, force: true });
  let keyIncluded = false;
  for (const name of SECRETS) {
    const path = join(source.dataDir, name);
    if (!existsSync(path)) continue;
    const bytes = readFileSync(path);
    await writeAtomically(join(to, 'secrets', name), bytes);
    parts.push({ path: `secrets/${name}`, size: bytes.length, sha256: sha256(bytes) });
    if (name === 'files-key') keyIncluded = true;
  }

  // 3. The files, blobs before keys: a blob seen has its key already written (the store
  // writes the key first, and erases it first).
  const keysDir = resolve(source.filesKeysDir);
  const trees: { prefix: 'files' | 'keys'; root: string; files: string[] }[] = [
    {
      prefix: 'files',
      root: source.filesDir,
      files: await listFiles(source.filesDir, [keysDir]),
    },
  ];
  trees.push({ prefix: 'keys', root: keysDir, files: await listFiles(keysDir) });
  const total = trees.reduce((sum, tree) => sum + tree.files.length, 0);
  let done = 0;
  let lastReport = 0;
  const counts = { count: 0, bytes: 0, blobs: 0, keys: 0 };
  for (const tree of trees) {
    const kept = new Set<string>();
    for (const file of tree.files) {
      done += 1;
      if (Date.now() - lastReport > 500) {
        lastReport = Date.now();
        progress('fichiers', done, total);
      }
      const path = `${tree.prefix}/${file}`;
      const part = await copyOne(join(tree.root, file), to, path, previous.get(path), {
        inPlace: !options.linkFrom,
        linkFrom: options.linkFrom,
      });
      if (!part) continue; // erased meanwhile
      kept.add(file);
      parts.push(part);
      counts.count += 1;
      counts.bytes += part.size;
      if (tree.prefix === 'keys') counts.keys += 1;
      else if (file.startsWith('blobs/')) counts.blobs += 1;
    }
    // What is no longer in the source (erased) leaves the backup too.
    for (const file of await listFiles(join(to, tree.prefix)))
      if (!kept.has(file)) await unlink(join(to, tree.prefix, file)).catch(() => undefined);
  }
  progress('fichiers', total, total);

  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    log: {
      head: log.head,
      events: log.events,
      streams: log.streams,
      chainHeadsSha256: sha256(log.chainHeads),
    },
    files: counts,
    filesKey: keyIncluded ? 'included' : 'environment',
    filesKeyFingerprint: keyFingerprint(source.filesKey),
    totalBytes: parts.reduce((sum, part) => sum + part.size, 0),
    parts,
  };
  await writeAtomically(join(to, MANIFEST), JSON.stringify(manifest, null, 1));
  return manifest;
}

/** Copies (or links) one file unless the target already holds it; null when it vanished. */
async function copyOne(
  source: string,
  backupDir: string,
  path: string,
  previous: BackupPart | undefined,
  mode: { inPlace: boolean; linkFrom?: string },
): Promise<BackupPart | null> {
  let info;
  try {
    info = await stat(source);
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
  const target = join(backupDir, path);
  const unchanged = previous && previous.size === info.size && previous.mtimeMs === info.mtimeMs;
  if (unchanged) {
    if (mode.linkFrom) {
      try {
        await mkdir(dirname(target), { recursive: true });
        await link(join(mode.linkFrom, path), target);
        return previous;
      } catch {
        // another filesystem, or gone: copy it
      }
    } else if (mode.inPlace) {
      const there = await stat(target).catch(() => null);
      if (there?.size === info.size) return previous;
    }
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(source);
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
  await writeAtomically(target, bytes);
  return { path, size: bytes.length, sha256: sha256(bytes), mtimeMs: info.mtimeMs };
}

/** Checks every part of a backup against its manifest; throws a BackupError listing the damage. */
export async function checkBackup(
  dir: string,
  onProgress: Progress = () => undefined,
): Promise<BackupManifest> {
  const manifest = readManifest(dir);
  const problems: string[] = [];
  let done = 0;
  let lastReport = 0;
  for (const part of manifest.parts) {
    done += 1;
    if (Date.now() - lastReport > 500) {
      lastReport = Date.now();
      onProgress('contrôle', done, manifest.parts.length);
    }
    const path = join(dir, part.path);
    let size: number;
    try {
      size = (await stat(path)).size;
    } catch (error) {
      if (!isMissing(error)) throw error;
      problems.push(`${part.path} : manquant`);
      continue;
    }
    if (size !== part.size) problems.push(`${part.path} : taille ${size} au lieu de ${part.size}`);
    else if ((await sha256OfFile(path)) !== part.sha256)
      problems.push(`${part.path} : empreinte différente`);
  }
  onProgress('contrôle', manifest.parts.length, manifest.parts.length);
  if (problems.length)
    throw new BackupError(
      [
        `Sauvegarde endommagée (${dir}) : ${problems.length} élément(s) ne correspondent plus au manifest.`,
        ...problems.slice(0, 20).map((line) => `  - ${line}`),
        ...(problems.length > 20 ? [`  … et ${problems.length - 20} autre(s)`] : []),
      ].join('\n'),
    );
  return manifest;
}

export type RestoreTarget = { dataDir: string; filesDir: string; filesKeysDir: string };

function isEmptyOrAbsent(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/**
 * Checks the backup, then copies it into empty folders. The caller rebuilds and verifies
 * (restoreAndVerify below). `envFilesKey`: the RELOC_FILES_KEY in effect, if any.
 */
export async function restoreFiles(
  from: string,
  target: RestoreTarget,
  options: { envFilesKey?: Buffer | null; onProgress?: Progress } = {},
): Promise<BackupManifest> {
  const progress = options.onProgress ?? (() => undefined);
  from = resolve(from);
  for (const dir of new Set([target.dataDir, target.filesDir, target.filesKeysDir]))
    if (!isEmptyOrAbsent(dir))
      throw new BackupError(
        `Le dossier cible ${dir} n'est pas vide : la restauration n'écrit que dans un dossier vide (ou absent), elle ne remplace jamais des données.`,
      );
  const manifest = await checkBackup(from, progress);
  const included = manifest.parts.some((part) => part.path === 'secrets/files-key');
  const key =
    options.envFilesKey ??
    (included
      ? Buffer.from(readFileSync(join(from, 'secrets/files-key'), 'utf8').trim(), 'base64')
      : null);
  if (!key)
    throw new BackupError(
      'Cette sauvegarde ne contient pas la clé des fichiers (elle venait de RELOC_FILES_KEY) : définissez la même RELOC_FILES_KEY pour restaurer.',
    );
  if (keyFingerprint(key) !== manifest.filesKeyFingerprint)
    throw new BackupError(
      options.envFilesKey
        ? "RELOC_FILES_KEY n'est pas la clé avec laquelle ces fichiers ont été chiffrés : restauration refusée."
        : 'La clé des fichiers de la sauvegarde ne correspond pas à son manifest : sauvegarde endommagée.',
    );
  for (const dir of [target.dataDir, target.filesDir, target.filesKeysDir])
    mkdirSync(dir, { recursive: true });
  const destination = (path: string): string => {
    const [head, ...rest] = path.split('/');
    if (head === 'files') return join(target.filesDir, ...rest);
    if (head === 'keys') return join(target.filesKeysDir, ...rest);
    if (head === 'secrets') return join(target.dataDir, ...rest);
    if (path === DATABASE) return join(target.dataDir, DATABASE);
    return '';
  };
  let done = 0;
  for (const part of manifest.parts) {
    done += 1;
    if (done % 200 === 0) progress('copie', done, manifest.parts.length);
    const to = destination(part.path);
    if (!to) continue;
    await mkdir(dirname(to), { recursive: true });
    await copyFile(join(from, part.path), to);
  }
  progress('copie', manifest.parts.length, manifest.parts.length);
  return manifest;
}

/** Opens every blob that still has its key: proves the key and the bytes (restore, verify). */
export function openEveryBlob(filesDir: string, keysDir: string, masterKey: Buffer): string[] {
  const keys = deriveBlobKeys(masterKey);
  const problems: string[] = [];
  const blobsDir = join(filesDir, 'blobs');
  if (!existsSync(keysDir)) return problems;
  for (const fan of readdirSync(keysDir)) {
    const dir = join(keysDir, fan);
    if (!statSync(dir).isDirectory()) continue;
    for (const name of readdirSync(dir)) {
      const blob = join(blobsDir, fan, name);
      if (!existsSync(blob)) continue; // a write cut short: nothing refers to it
      try {
        decryptBlob(
          unwrapDataKey(keys, name, readFileSync(join(dir, name))),
          name,
          readFileSync(blob),
        );
      } catch (error) {
        problems.push(
          `fichier ${name} illisible : ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  }
  return problems;
}
