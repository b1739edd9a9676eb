import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EncryptedBlobStore } from '../files/blob-store';
import { signatureServicesFromEnv, yousignAccessOf } from './signature-services';

describe('the worker’s signature services, from its environment', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'reloc-sign-env-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the api’s files with the api’s key; Yousign only when its URL and key are set', () => {
    const key = 'ab'.repeat(32);
    const api = new EncryptedBlobStore({ filesDir: dir, masterKey: Buffer.from(key, 'hex') });
    const id = api.put(Buffer.from('%PDF-1.7 lettre'));
    const env = { RELOC_FILES_DIR: dir, RELOC_FILES_KEY: key };

    const builtinOnly = signatureServicesFromEnv(env, '/nowhere');
    expect(Buffer.from(builtinOnly.blobs.get(id)!).toString()).toBe('%PDF-1.7 lettre');
    expect(Object.keys(builtinOnly.providers)).toEqual(['builtin']);
    expect(yousignAccessOf({ RELOC_YOUSIGN_API_URL: 'https://api.yousign.app/v3' })).toBeNull();

    const withYousign = signatureServicesFromEnv(
      { ...env, RELOC_YOUSIGN_API_URL: ' https://api.yousign.app/v3 ', RELOC_YOUSIGN_API_KEY: 'k' },
      '/nowhere',
    );
    expect(Object.keys(withYousign.providers)).toEqual(['builtin', 'yousign']);
    expect(withYousign.providers.yousign?.name).toBe('yousign');
  });
});
