import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/**
 * The cryptography of the blob store (see blob-store.ts for the layout and the reasons).
 *
 * - The master key (RELOC_FILES_KEY, 32 bytes) never encrypts a file itself: two sub-keys are
 *   derived from it with HKDF-SHA256, one that wraps the data keys and one that names the blobs.
 * - Every blob has its own random 256-bit data key (AES-256-GCM, random 96-bit IV: a key
 *   encrypts one message only). The data key is stored wrapped (AES-256-GCM under the wrapping
 *   key) in a key file apart from the ciphertext: deleting the key file shreds the blob.
 * - Both are bound to the blob's on-disk name through the GCM additional data, so a key file
 *   or a ciphertext moved under another name does not open.
 * - 'RLE1' is the format of the documents encrypted before (the master key itself, AAD 'RLE1'):
 *   still read, and rewritten by the migration.
 * - 'RLM1' is an outbox mail (the api's .eml files without SMTP): AES-256-GCM under a third
 *   sub-key of the master key, bound to the file's name. Mails written before in clear stay
 *   readable as they are.
 */

const BLOB_MAGIC = Buffer.from('RLB1', 'ascii');
const KEY_MAGIC = Buffer.from('RLK1', 'ascii');
const LEGACY_MAGIC = Buffer.from('RLE1', 'ascii');
const MAIL_MAGIC = Buffer.from('RLM1', 'ascii');
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const HEADER = 4 + IV_BYTES + TAG_BYTES;

export type BlobKeys = {
  /** The master key itself: only for the legacy 'RLE1' blobs. */
  master: Buffer;
  /** Wraps the per-blob data keys. */
  wrapping: Buffer;
  /** HMAC key of the on-disk names. */
  naming: Buffer;
};

function subKey(master: Buffer, info: string): Buffer {
  if (master.length !== KEY_BYTES) throw new RangeError('RELOC_FILES_KEY: 32 bytes expected');
  return Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), info, KEY_BYTES));
}

export function deriveBlobKeys(master: Buffer): BlobKeys {
  return {
    master,
    wrapping: subKey(master, 'reloc/blob-store/wrapping-key/v1'),
    naming: subKey(master, 'reloc/blob-store/naming-key/v1'),
  };
}

/** The on-disk name of a blob id: says nothing of the id (nor, for old blobs, of the content). */
export function storageName(keys: BlobKeys, id: string): string {
  return createHmac('sha256', keys.naming).update(id).digest('hex');
}

function seal(key: Buffer, magic: Buffer, aad: string, plain: Uint8Array): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.concat([magic, Buffer.from(aad, 'ascii')]));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([magic, iv, cipher.getAuthTag(), body]);
}

function open(key: Buffer, magic: Buffer, aad: string, sealed: Uint8Array, what: string): Buffer {
  const bytes = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
  if (bytes.length < HEADER || !timingSafeEqual(bytes.subarray(0, 4), magic))
    throw new Error(`${what}: unknown format`);
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(4, 4 + IV_BYTES));
  decipher.setAAD(Buffer.concat([magic, Buffer.from(aad, 'ascii')]));
  decipher.setAuthTag(bytes.subarray(4 + IV_BYTES, HEADER));
  // Throws when the tag does not match: altered, or not ours.
  return Buffer.concat([decipher.update(bytes.subarray(HEADER)), decipher.final()]);
}

export function newDataKey(): Buffer {
  return randomBytes(KEY_BYTES);
}

/** The key file's content: the data key wrapped for this name. */
export function wrapDataKey(keys: BlobKeys, name: string, dataKey: Buffer): Buffer {
  return seal(keys.wrapping, KEY_MAGIC, name, dataKey);
}

export function unwrapDataKey(keys: BlobKeys, name: string, wrapped: Uint8Array): Buffer {
  const dataKey = open(keys.wrapping, KEY_MAGIC, name, wrapped, `key ${name}`);
  if (dataKey.length !== KEY_BYTES) throw new Error(`key ${name}: bad length`);
  return dataKey;
}

export function encryptBlob(dataKey: Buffer, name: string, plain: Uint8Array): Buffer {
  return seal(dataKey, BLOB_MAGIC, name, plain);
}

export function decryptBlob(dataKey: Buffer, name: string, sealed: Uint8Array): Buffer {
  return open(dataKey, BLOB_MAGIC, name, sealed, `blob ${name}`);
}

/** A blob of the former 'RLE1' format (documents marked `meta.encrypted`, master key). */
export function isLegacyEncrypted(bytes: Uint8Array): boolean {
  return bytes.length >= HEADER && LEGACY_MAGIC.equals(Buffer.from(bytes.subarray(0, 4)));
}

export function decryptLegacy(master: Buffer, bytes: Uint8Array): Buffer {
  return open(master, LEGACY_MAGIC, '', bytes, 'RLE1 blob');
}

/** The former format, kept to write old-format fixtures in tests of the migration. */
export function encryptLegacy(master: Buffer, plain: Uint8Array): Buffer {
  return seal(master, LEGACY_MAGIC, '', plain);
}

/** The key of the outbox mails, derived from the master key (RELOC_FILES_KEY). */
export function deriveMailKey(master: Buffer): Buffer {
  return subKey(master, 'reloc/outbox/mail-key/v1');
}

/** An outbox mail as written to disk under `name` (its file name). */
export function encryptMail(mailKey: Buffer, name: string, plain: Uint8Array): Buffer {
  return seal(mailKey, MAIL_MAGIC, name, plain);
}

/** The mail written under `name`: decrypted, or as it is when written in clear before. */
export function decryptMail(mailKey: Buffer, name: string, bytes: Uint8Array): Buffer {
  const isSealed = bytes.length >= HEADER && MAIL_MAGIC.equals(Buffer.from(bytes.subarray(0, 4)));
  return isSealed
    ? open(mailKey, MAIL_MAGIC, name, bytes, `mail ${name}`)
    : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
