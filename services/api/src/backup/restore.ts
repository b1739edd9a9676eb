import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadConfig } from '../config';
import {
  openEventStore,
  openReadDb,
  projectorOptions,
} from '../infrastructure/event-sourcing.module';
import {
  compareReadModels,
  formatVerification,
  verifyChains,
} from '../infrastructure/log-verification';
import { Projector } from '../infrastructure/projector';
import { ALL_PROJECTIONS } from '../infrastructure/read-models';
import {
  BackupError,
  BackupManifest,
  describeLog,
  openEveryBlob,
  Progress,
  restoreFiles,
  RestoreTarget,
} from './backup';
import { parseFilesKey } from '@reloc/worker';

export type RestoreReport = {
  ok: boolean;
  manifest: BackupManifest;
  /** The verify-log report on the restored store, and what else did not match. */
  text: string;
};

/** The RELOC_FILES_KEY of this environment, if set. */
export function envFilesKey(env: NodeJS.ProcessEnv): Buffer | null {
  return env.RELOC_FILES_KEY?.trim() ? parseFilesKey(env.RELOC_FILES_KEY) : null;
}

/**
 * `npm run restore`: checks the backup's hashes, copies it into empty folders, rebuilds the read
 * models from the restored log, then runs verify-log's checks (chains, read models), compares
 * the log with the manifest and opens every file. Throws BackupError on a refusal.
 */
export async function restoreAndVerify(
  from: string,
  target: RestoreTarget,
  env: NodeJS.ProcessEnv = process.env,
  onProgress: Progress = () => undefined,
): Promise<RestoreReport> {
  const manifest = await restoreFiles(from, target, {
    envFilesKey: envFilesKey(env),
    onProgress,
  });
  const config = loadConfig({
    ...env,
    EVENTSTORE_URL: '',
    RELOC_DATA_DIR: target.dataDir,
    RELOC_FILES_DIR: target.filesDir,
    RELOC_FILES_KEYS_DIR: target.filesKeysDir,
  });
  const problems: string[] = [];
  const log = describeLog(join(config.dataDir, 'reloc.db'));
  if (log.head !== manifest.log.head || log.events !== manifest.log.events)
    problems.push(
      `journal restauré : tête ${log.head} / ${log.events} événements, le manifest annonce ${manifest.log.head} / ${manifest.log.events}`,
    );
  if (createHash('sha256').update(log.chainHeads).digest('hex') !== manifest.log.chainHeadsSha256)
    problems.push('journal restauré : les têtes de chaîne diffèrent du manifest');

  const store = openEventStore(config);
  const db = openReadDb(config);
  try {
    const projector = new Projector(store, db, ALL_PROJECTIONS, projectorOptions(config));
    await projector.rebuild((position) => onProgress('relecture', position, log.head));
    const chains = await verifyChains(store, (position) =>
      onProgress('chaînes', position, log.head),
    );
    const models = await compareReadModels(store, db, ALL_PROJECTIONS);
    const report = formatVerification(chains, models);
    problems.push(...openEveryBlob(config.filesDir, config.filesKeysDir, config.filesKey));
    const ok = report.ok && problems.length === 0;
    return {
      ok,
      manifest,
      text: [
        report.text,
        ...problems.map((line) => `PROBLEM ${line}`),
        `files: ${manifest.files.blobs} blob(s), ${manifest.files.keys} key(s)${problems.length ? '' : ', all open'}`,
      ].join('\n'),
    };
  } finally {
    await store.close();
    db.close();
  }
}

/** `npm run verify-backup`: a restore into a temporary folder, verified, then deleted. */
export async function verifyBackup(
  from: string,
  env: NodeJS.ProcessEnv = process.env,
  onProgress: Progress = () => undefined,
): Promise<RestoreReport> {
  const scratch = mkdtempSync(join(tmpdir(), 'reloc-verify-backup-'));
  const dataDir = join(scratch, 'data');
  try {
    return await restoreAndVerify(
      resolve(from),
      { dataDir, filesDir: join(dataDir, 'files'), filesKeysDir: join(dataDir, 'files', 'keys') },
      env,
      onProgress,
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Where `npm run restore` writes: --data, else RELOC_DATA_DIR; files and keys as the app finds them. */
export function restoreTargetOf(dataDir: string, env: NodeJS.ProcessEnv): RestoreTarget {
  const data = resolve(dataDir);
  const filesDir = resolve(env.RELOC_FILES_DIR || join(data, 'files'));
  return {
    dataDir: data,
    filesDir,
    filesKeysDir: resolve(env.RELOC_FILES_KEYS_DIR || join(filesDir, 'keys')),
  };
}

export { BackupError };
