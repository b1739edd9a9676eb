import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encryptLegacy } from './blob-crypto';
import { migrateLegacyBlobs, MIGRATION_LOCK_FILE } from './blob-migration';
import { EncryptedBlobStore } from './blob-store';
import { blobStoreFromEnv, parseFilesKey } from './files-key';

/** Every file under a folder, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}
const anyFileContains = (dir: string, marker: string) =>
  filesUnder(dir).some((file) => readFileSync(file).includes(Buffer.from(marker)));
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('EncryptedBlobStore', () => {
  let dir: string;
  let master: Buffer;
  let store: EncryptedBlobStore;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'reloc-blobs-'));
    master = randomBytes(32);
    store = new EncryptedBlobStore({ filesDir: dir, masterKey: master });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('stores the bytes encrypted, under a random id that is not their hash, and reads them back', () => {
    const bytes = Buffer.from('%PDF-1.4 AVIS D IMPOSITION DUPONT 2025');
    const id = store.put(bytes);
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    expect(id).not.toBe(sha256(bytes));
    expect(store.put(bytes)).not.toBe(id);
    expect(anyFileContains(dir, 'DUPONT')).toBe(false);
    expect(filesUnder(dir).some((file) => file.includes(sha256(bytes)))).toBe(false);
    expect(filesUnder(dir).some((file) => file.includes(id))).toBe(false);
    expect(store.get(id)).toEqual(bytes);
    expect(store.has(id)).toBe(true);
  });

  it('keeps each key apart from its ciphertext; erasing shreds the key and the blob', () => {
    const id = store.put(Buffer.from('bulletin de salaire'));
    const name = store.nameOf(id);
    const keyFile = join(dir, 'keys', name.slice(0, 2), name);
    const blobFile = join(dir, 'blobs', name.slice(0, 2), name);
    expect(existsSync(keyFile) && existsSync(blobFile)).toBe(true);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(store.erase(id)).toBe(true);
    expect(existsSync(keyFile) || existsSync(blobFile)).toBe(false);
    expect(store.get(id)).toBeNull();
    expect(store.erase(id)).toBe(false);
  });

  it('a ciphertext kept without its key (a backup) no longer opens', () => {
    const id = store.put(Buffer.from('pièce d’identité'));
    const name = store.nameOf(id);
    const blobFile = join(dir, 'blobs', name.slice(0, 2), name);
    const backup = readFileSync(blobFile);
    store.erase(id);
    mkdirSync(join(dir, 'blobs', name.slice(0, 2)), { recursive: true });
    writeFileSync(blobFile, backup);
    expect(store.get(id)).toBeNull();
  });

  it('refuses an altered ciphertext, another master key, and ids that are not ids', () => {
    const id = store.put(Buffer.from('justificatif'));
    const name = store.nameOf(id);
    const blobFile = join(dir, 'blobs', name.slice(0, 2), name);
    const sealed = readFileSync(blobFile);
    sealed[sealed.length - 1] ^= 1;
    writeFileSync(blobFile, sealed);
    expect(() => store.get(id)).toThrow();
    const other = new EncryptedBlobStore({ filesDir: dir, masterKey: randomBytes(32) });
    const id2 = store.put(Buffer.from('x'));
    expect(other.get(id2)).toBeNull(); // another key names blobs elsewhere
    expect(() => store.get('../../etc/passwd')).toThrow(RangeError);
    expect(() => store.get('A'.repeat(64))).toThrow(RangeError);
  });

  it('keeps the keys in their own folder when asked (RELOC_FILES_KEYS_DIR)', () => {
    const keysDir = join(dir, 'elsewhere');
    const apart = new EncryptedBlobStore({ filesDir: dir, keysDir, masterKey: master });
    const id = apart.put(Buffer.from('x'));
    const name = apart.nameOf(id);
    expect(existsSync(join(keysDir, name.slice(0, 2), name))).toBe(true);
    expect(existsSync(join(dir, 'keys'))).toBe(false);
    expect(apart.get(id)?.toString()).toBe('x');
  });

  it('removes the temporary files of a write cut short, once old enough', () => {
    const id = store.put(Buffer.from('x'));
    const name = store.nameOf(id);
    const leftover = join(dir, 'keys', name.slice(0, 2), `${name}.0123456789ab.tmp`);
    writeFileSync(leftover, 'half');
    expect(store.removeTemporaries(Date.now() - 60_000)).toBe(0);
    expect(store.removeTemporaries(Date.now() + 60_000)).toBe(1);
    expect(existsSync(leftover)).toBe(false);
    expect(store.get(id)?.toString()).toBe('x');
  });

  it('lists what it holds on disk, and erases by name', () => {
    const id = store.put(Buffer.from('x'));
    const [only] = store.stored();
    expect(only.name).toBe(store.nameOf(id));
    expect(store.eraseStored(only.name)).toBe(true);
    expect(store.stored()).toEqual([]);
  });

  describe('blobs of the former store (content-addressed, clear or RLE1)', () => {
    const legacy = (bytes: Buffer, encrypted: boolean) => {
      const stored = encrypted ? encryptLegacy(master, bytes) : bytes;
      const id = sha256(stored);
      mkdirSync(join(dir, id.slice(0, 2)), { recursive: true });
      writeFileSync(join(dir, id.slice(0, 2), id), stored);
      return id;
    };

    it('reads them, then the migration rewrites them encrypted under the same ids, idempotently', async () => {
      const clear = Buffer.from('%PDF-1.4 FICHE DE PAIE MARTIN');
      const rle1 = Buffer.from('%PDF-1.4 AVIS IMPOSITION MARTIN');
      const ids = [legacy(clear, false), legacy(rle1, true)];
      for (let i = 0; i < 3; i++)
        ids.push(legacy(Buffer.from(`%PDF-1.4 PHOTO ${i} MARTIN`), false));
      expect(store.get(ids[0])).toEqual(clear);
      expect(store.get(ids[1])).toEqual(rle1);
      expect(anyFileContains(dir, 'MARTIN')).toBe(true);

      const seen: string[] = [];
      const first = await migrateLegacyBlobs(store, {
        onProgress: (p) => seen.push(`${p.done}/${p.total}`),
      });
      expect(first).toEqual({ done: 5, total: 5, migrated: 5, failed: 0, skipped: false });
      expect(seen).toEqual(['1/5', '2/5', '3/5', '4/5', '5/5']);
      expect(anyFileContains(dir, 'MARTIN')).toBe(false);
      expect(filesUnder(dir).some((file) => ids.some((id) => file.includes(id)))).toBe(false);
      expect(store.get(ids[0])).toEqual(clear);
      expect(store.get(ids[1])).toEqual(rle1);
      expect(store.legacyIds()).toEqual([]);

      const second = await migrateLegacyBlobs(store);
      expect(second).toEqual({ done: 0, total: 0, migrated: 0, failed: 0, skipped: false });
      expect(store.get(ids[4])?.toString()).toBe('%PDF-1.4 PHOTO 2 MARTIN');
    });

    it('resumes after an interruption, including a rewrite whose old file was not yet removed', async () => {
      const ids = [0, 1, 2, 3].map((i) =>
        legacy(Buffer.from(`%PDF-1.4 PAGE ${i} ROUX`), i % 2 === 0),
      );
      const part = await migrateLegacyBlobs(store, { stopAfter: 2 });
      expect(part).toMatchObject({ done: 2, total: 4, migrated: 2 });
      expect(store.legacyIds()).toHaveLength(2);
      // Stopped between the new file and the removal of the old one.
      const rewritten = ids.find((id) => !store.legacyIds().includes(id)) as string;
      const legacyBytes = encryptLegacy(master, store.get(rewritten) as Buffer);
      writeFileSync(join(dir, rewritten.slice(0, 2), rewritten), legacyBytes);
      // And the lock of a process that died.
      writeFileSync(join(dir, MIGRATION_LOCK_FILE), '{"pid":0}');
      const old = new Date(Date.now() - 120_000);
      utimesSync(join(dir, MIGRATION_LOCK_FILE), old, old);

      const rest = await migrateLegacyBlobs(store);
      expect(rest).toMatchObject({ done: 3, total: 3, migrated: 2, failed: 0, skipped: false });
      expect(store.legacyIds()).toEqual([]);
      expect(anyFileContains(dir, 'ROUX')).toBe(false);
      ids.forEach((id, i) => expect(store.get(id)?.toString()).toBe(`%PDF-1.4 PAGE ${i} ROUX`));
      expect(existsSync(join(dir, MIGRATION_LOCK_FILE))).toBe(false);
    });

    it('runs once at a time: a live lock makes another run skip', async () => {
      legacy(Buffer.from('x'), false);
      writeFileSync(join(dir, MIGRATION_LOCK_FILE), '{"pid":1}');
      expect(await migrateLegacyBlobs(store)).toMatchObject({ skipped: true, done: 0 });
      expect(store.legacyIds()).toHaveLength(1);
    });

    it('leaves a blob it cannot open in place and says so', async () => {
      const id = legacy(Buffer.from('%PDF ok'), false);
      const forged = Buffer.concat([Buffer.from('RLE1'), randomBytes(60)]);
      const bad = sha256(forged);
      mkdirSync(join(dir, bad.slice(0, 2)), { recursive: true });
      writeFileSync(join(dir, bad.slice(0, 2), bad), forged);
      const failures: string[] = [];
      const result = await migrateLegacyBlobs(store, {
        onFailure: (failed) => failures.push(failed),
      });
      expect(result).toMatchObject({ done: 2, migrated: 1, failed: 1 });
      expect(failures).toEqual([bad]);
      expect(store.legacyIds()).toEqual([bad]);
      expect(store.get(id)?.toString()).toBe('%PDF ok');
    });

    it('erases an old-format blob too', () => {
      const id = legacy(Buffer.from('x'), false);
      expect(store.erase(id)).toBe(true);
      expect(store.get(id)).toBeNull();
    });
  });
});

describe('the key and the store of a worker process', () => {
  it('reads RELOC_FILES_KEY as hex or base64 and refuses other lengths', () => {
    const key = randomBytes(32);
    expect(parseFilesKey(key.toString('hex'))).toEqual(key);
    expect(parseFilesKey(key.toString('base64'))).toEqual(key);
    expect(() => parseFilesKey('abcd')).toThrow('32 bytes expected');
  });

  it('opens the files folder the api shares, with the same key, and requires the key', () => {
    const dir = mkdtempSync(join(tmpdir(), 'reloc-worker-files-'));
    try {
      const key = randomBytes(32).toString('hex');
      const api = new EncryptedBlobStore({
        filesDir: join(dir, 'files'),
        masterKey: Buffer.from(key, 'hex'),
      });
      const id = api.put(Buffer.from('signed'));
      const worker = blobStoreFromEnv({ RELOC_DATA_DIR: dir, RELOC_FILES_KEY: key }, '/nowhere');
      expect(worker.get(id)?.toString()).toBe('signed');
      expect(() => blobStoreFromEnv({ RELOC_DATA_DIR: dir }, '/nowhere')).toThrow(
        'RELOC_FILES_KEY is required',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
