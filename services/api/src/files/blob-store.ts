import { DomainError } from '@reloc/domain';
import { EncryptedBlobStore } from '@reloc/worker';
import type { AppConfig } from '../config';

/** The one encrypted blob store of the api (services/worker/src/files/blob-store.ts). */
export const BLOB_STORE = Symbol('BLOB_STORE');

export function blobStoreOf(
  config: Pick<AppConfig, 'filesDir' | 'filesKeysDir' | 'filesKey'>,
): EncryptedBlobStore {
  return new EncryptedBlobStore({
    filesDir: config.filesDir,
    keysDir: config.filesKeysDir,
    masterKey: config.filesKey,
  });
}

/**
 * Writes the bytes, then runs the command that names the new blob. When the decision refuses
 * (a DomainError: nothing was appended) the blob goes at once; after any other failure it may
 * have been recorded, so it stays, and the eraser's sweep removes it later if nothing names it.
 */
export async function withNewBlob<T>(
  blobs: Pick<EncryptedBlobStore, 'put' | 'erase'>,
  bytes: Uint8Array,
  use: (blobId: string) => Promise<T>,
): Promise<T> {
  const blobId = blobs.put(bytes);
  try {
    return await use(blobId);
  } catch (error) {
    if (error instanceof DomainError) blobs.erase(blobId);
    throw error;
  }
}

export { EncryptedBlobStore };
