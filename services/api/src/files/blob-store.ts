import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const HASH = /^[0-9a-f]{64}$/;

/**
 * Content-addressed bytes under `filesDir`: a blob is named by its sha256 (two-letter fan-out),
 * written to a temporary name then renamed, so a reader never sees half a file and the same
 * bytes uploaded twice are stored once. Blobs are never rewritten: their name is their content.
 */
export class BlobStore {
  constructor(private readonly dir: string) {}

  static hashOf(bytes: Uint8Array): string {
    return createHash('sha256').update(bytes).digest('hex');
  }

  private pathOf(hash: string): string {
    if (!HASH.test(hash)) throw new RangeError('not a sha256');
    return join(this.dir, hash.slice(0, 2), hash);
  }

  put(bytes: Uint8Array): string {
    const hash = BlobStore.hashOf(bytes);
    const path = this.pathOf(hash);
    if (existsSync(path)) return hash;
    mkdirSync(join(this.dir, hash.slice(0, 2)), { recursive: true });
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    writeFileSync(temporary, bytes, { flag: 'wx' });
    renameSync(temporary, path);
    return hash;
  }

  /** The bytes, or null when the blob is missing (a data dir copied without its files). */
  get(hash: string): Buffer | null {
    const path = this.pathOf(hash);
    return existsSync(path) ? readFileSync(path) : null;
  }
}
