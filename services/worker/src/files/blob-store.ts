import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import {
  BlobKeys,
  decryptBlob,
  decryptLegacy,
  deriveBlobKeys,
  encryptBlob,
  isLegacyEncrypted,
  newDataKey,
  storageName,
  unwrapDataKey,
  wrapDataKey,
} from './blob-crypto';

const BLOB_ID = /^[0-9a-f]{64}$/;
const FAN_OUT = /^[0-9a-f]{2}$/;

export type BlobStoreOptions = {
  /** RELOC_FILES_DIR: the ciphertexts go to `<filesDir>/blobs/`. */
  filesDir: string;
  /** RELOC_FILES_KEYS_DIR: the wrapped data keys; default `<filesDir>/keys`. */
  keysDir?: string;
  /** RELOC_FILES_KEY: the 32-byte master key. */
  masterKey: Buffer;
};

/** What a migration of one old blob did. */
export type LegacyMigration = 'migrated' | 'alreadyMigrated' | 'missing';

/** A stored blob as seen on disk, for the sweep of blobs nothing refers to. */
export type StoredBlob = { name: string; modifiedAt: number };

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

function readOrNull(path: string): Buffer | null {
  try {
    return readFileSync(path);
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

function removeIfPresent(path: string): boolean {
  try {
    unlinkSync(path);
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

/** Written to a temporary name, flushed, then renamed: a reader never sees half a file. */
function writeAtomically(path: string, bytes: Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  const fd = openSync(temporary, 'wx', 0o600);
  try {
    writeSync(fd, bytes);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
}

/**
 * Every file of Reloc (documents, merged PDFs, signed documents and proofs, signature
 * templates, uploads of the cache, property photos) goes through this store, used by the api and
 * by the worker's processors alike: it encrypts, so no caller can forget to.
 *
 * - `put` answers a new random 256-bit id (64 hex, the shape the events already validate):
 *   an id says nothing about the content, and two uploads of the same bytes are two blobs, so
 *   one of them can be erased without the other.
 * - On disk a blob is `<filesDir>/blobs/<n[0..2]>/<n>`, its wrapped data key
 *   `<keysDir>/<n[0..2]>/<n>`, where `n = HMAC(naming key, id)` (blob-crypto.ts). The key is
 *   written before the ciphertext, both atomically, so a visible blob always has its key.
 * - `erase` deletes the key first (crypto-shredding: a copy of the ciphertext, in a backup of
 *   the files folder, no longer opens), then the ciphertext.
 * - Blobs of the former content-addressed store (`<filesDir>/<h[0..2]>/<sha256>`, clear or
 *   'RLE1') are still read under their old id until the migration (blob-migration.ts) rewrites
 *   them in this format, under the same id: the events that name them keep working.
 */
export class EncryptedBlobStore {
  private readonly keys: BlobKeys;
  readonly filesDir: string;
  readonly keysDir: string;
  private readonly blobsDir: string;

  constructor(options: BlobStoreOptions) {
    this.keys = deriveBlobKeys(options.masterKey);
    this.filesDir = options.filesDir;
    this.keysDir = options.keysDir ?? join(options.filesDir, 'keys');
    this.blobsDir = join(options.filesDir, 'blobs');
  }

  static isBlobId(id: string): boolean {
    return BLOB_ID.test(id);
  }

  private static checked(id: string): string {
    if (!BLOB_ID.test(id)) throw new RangeError('not a blob id');
    return id;
  }

  /** The on-disk name of a blob id (the eraser compares names with those it knows). */
  nameOf(id: string): string {
    return storageName(this.keys, EncryptedBlobStore.checked(id));
  }

  private blobPath(name: string): string {
    return join(this.blobsDir, name.slice(0, 2), name);
  }

  private keyPath(name: string): string {
    return join(this.keysDir, name.slice(0, 2), name);
  }

  private legacyPath(id: string): string {
    return join(this.filesDir, id.slice(0, 2), id);
  }

  private write(name: string, plain: Uint8Array): void {
    const dataKey = newDataKey();
    writeAtomically(this.keyPath(name), wrapDataKey(this.keys, name, dataKey));
    writeAtomically(this.blobPath(name), encryptBlob(dataKey, name, plain));
  }

  /** Encrypts and stores the bytes under a new id. */
  put(bytes: Uint8Array): string {
    const id = randomBytes(32).toString('hex');
    this.write(this.nameOf(id), bytes);
    return id;
  }

  /** The plain bytes, or null when the blob is missing or erased. Throws when altered. */
  get(id: string): Buffer | null {
    const name = this.nameOf(id);
    const sealed = readOrNull(this.blobPath(name));
    if (sealed) {
      const wrapped = readOrNull(this.keyPath(name));
      return wrapped ? decryptBlob(unwrapDataKey(this.keys, name, wrapped), name, sealed) : null;
    }
    const legacy = readOrNull(this.legacyPath(id));
    if (!legacy) return null;
    return isLegacyEncrypted(legacy) ? decryptLegacy(this.keys.master, legacy) : legacy;
  }

  has(id: string): boolean {
    const name = this.nameOf(id);
    return (
      (existsSync(this.blobPath(name)) && existsSync(this.keyPath(name))) ||
      existsSync(this.legacyPath(id))
    );
  }

  /** Shreds the key, then removes the ciphertext (and an old-format copy); true when anything was there. */
  erase(id: string): boolean {
    const name = this.nameOf(id);
    const key = removeIfPresent(this.keyPath(name));
    const blob = removeIfPresent(this.blobPath(name));
    const legacy = removeIfPresent(this.legacyPath(id));
    return key || blob || legacy;
  }

  /** Removes a blob known only by its on-disk name (one nothing refers to). */
  eraseStored(name: string): boolean {
    if (!BLOB_ID.test(name)) throw new RangeError('not a blob name');
    const key = removeIfPresent(this.keyPath(name));
    const blob = removeIfPresent(this.blobPath(name));
    return key || blob;
  }

  /** Every blob (and key without its blob: a write cut short) in the new layout. */
  stored(): StoredBlob[] {
    const found = new Map<string, number>();
    for (const root of [this.blobsDir, this.keysDir])
      for (const file of EncryptedBlobStore.fanOutFiles(root)) {
        const previous = found.get(file.name);
        found.set(file.name, Math.max(previous ?? 0, file.modifiedAt));
      }
    return [...found].map(([name, modifiedAt]) => ({ name, modifiedAt }));
  }

  /** Removes the temporary files of writes cut short (a crash) older than `before` (ms). */
  removeTemporaries(before: number): number {
    let removed = 0;
    for (const root of [this.blobsDir, this.keysDir]) {
      if (!existsSync(root)) continue;
      for (const sub of readdirSync(root, { withFileTypes: true })) {
        if (!sub.isDirectory() || !FAN_OUT.test(sub.name)) continue;
        for (const name of readdirSync(join(root, sub.name))) {
          const path = join(root, sub.name, name);
          if (!name.endsWith('.tmp')) continue;
          try {
            if (statSync(path).mtimeMs < before && removeIfPresent(path)) removed += 1;
          } catch (error) {
            if (!isMissing(error)) throw error;
          }
        }
      }
    }
    return removed;
  }

  /** The ids of the blobs still in the former layout (the migration's work list). */
  legacyIds(): string[] {
    return EncryptedBlobStore.fanOutFiles(this.filesDir).map((file) => file.name);
  }

  private static fanOutFiles(root: string): StoredBlob[] {
    if (!existsSync(root)) return [];
    const files: StoredBlob[] = [];
    for (const sub of readdirSync(root, { withFileTypes: true })) {
      if (!sub.isDirectory() || !FAN_OUT.test(sub.name)) continue;
      for (const entry of readdirSync(join(root, sub.name), { withFileTypes: true })) {
        if (!entry.isFile() || !BLOB_ID.test(entry.name) || !entry.name.startsWith(sub.name))
          continue;
        const path = join(root, sub.name, entry.name);
        try {
          files.push({ name: entry.name, modifiedAt: statSync(path).mtimeMs });
        } catch (error) {
          if (!isMissing(error)) throw error;
        }
      }
    }
    return files;
  }

  /**
   * Rewrites one old blob in the encrypted format under the same id, then removes the old file.
   * Idempotent: a blob already rewritten (a run stopped before the removal) is only removed.
   */
  migrateLegacy(id: string): LegacyMigration {
    const name = this.nameOf(id);
    const legacyPath = this.legacyPath(id);
    if (existsSync(this.blobPath(name)) && existsSync(this.keyPath(name))) {
      removeIfPresent(legacyPath);
      return 'alreadyMigrated';
    }
    const legacy = readOrNull(legacyPath);
    if (!legacy) return 'missing';
    const plain = isLegacyEncrypted(legacy) ? decryptLegacy(this.keys.master, legacy) : legacy;
    this.write(name, plain);
    removeIfPresent(legacyPath);
    return 'migrated';
  }
}
