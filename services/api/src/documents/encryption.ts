import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** 'RLE1': Reloc encrypted blob, version 1; also the AES-GCM additional data. */
const MAGIC = Buffer.from('RLE1', 'ascii');
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM at rest for the documents marked `meta.encrypted`: MAGIC, a random 96-bit IV,
 * the 128-bit tag, then the ciphertext. The blob store names the result by its own sha256.
 */
export function encryptBytes(key: Buffer, plain: Uint8Array): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(MAGIC);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([MAGIC, iv, cipher.getAuthTag(), body]);
}

/** The plain bytes; throws when the blob is not ours or was altered (the tag does not match). */
export function decryptBytes(key: Buffer, blob: Uint8Array): Buffer {
  const bytes = Buffer.from(blob.buffer, blob.byteOffset, blob.byteLength);
  if (bytes.length < MAGIC.length + IV_BYTES + TAG_BYTES || !bytes.subarray(0, 4).equals(MAGIC))
    throw new Error('not an encrypted blob');
  const iv = bytes.subarray(4, 4 + IV_BYTES);
  const tag = bytes.subarray(4 + IV_BYTES, 4 + IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(MAGIC);
  decipher.setAuthTag(tag);
  return Buffer.concat([
    decipher.update(bytes.subarray(4 + IV_BYTES + TAG_BYTES)),
    decipher.final(),
  ]);
}
