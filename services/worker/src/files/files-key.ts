import { join, resolve } from 'node:path';
import { EncryptedBlobStore } from './blob-store';

/** RELOC_FILES_KEY: 32 bytes as 64 hex digits or base64. */
export function parseFilesKey(text: string): Buffer {
  const value = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(value)
    ? Buffer.from(value, 'hex')
    : Buffer.from(value, 'base64');
  if (key.length !== 32)
    throw new Error('RELOC_FILES_KEY: 32 bytes expected (64 hex digits or base64)');
  return key;
}

/**
 * The blob store of a worker process, from RELOC_FILES_DIR (the volume it shares with the api),
 * RELOC_FILES_KEYS_DIR and RELOC_FILES_KEY, which the worker must be given: unlike the api it
 * never generates one (a key of its own would make its files unreadable to the api).
 */
export function blobStoreFromEnv(
  env: NodeJS.ProcessEnv,
  defaultDataDir: string,
): EncryptedBlobStore {
  if (!env.RELOC_FILES_KEY?.trim()) throw new Error('RELOC_FILES_KEY is required');
  const filesDir = resolve(
    env.RELOC_FILES_DIR || join(env.RELOC_DATA_DIR || defaultDataDir, 'files'),
  );
  return new EncryptedBlobStore({
    filesDir,
    keysDir: env.RELOC_FILES_KEYS_DIR ? resolve(env.RELOC_FILES_KEYS_DIR) : undefined,
    masterKey: parseFilesKey(env.RELOC_FILES_KEY),
  });
}
