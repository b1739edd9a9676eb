import express from 'express';
import request from 'supertest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { installConsole } from '../src/infrastructure/http/express-setup';

/** Issue 17 point 3: the console's assets precompressed at build, cached for good when hashed. */
describe('console assets: precompressed, immutable when hashed, index.html never cached', () => {
  let dir: string;
  let app: express.Express;
  const js = 'export const board = "tableau";\n'.repeat(50);
  const name = '/assets/index-Ab12Cd34.js';

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'reloc-console-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Reloc</title>');
    writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
    writeFileSync(join(dir, name), js);
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(js));
    writeFileSync(join(dir, `${name}.gz`), gzipSync(js));
    writeFileSync(join(dir, 'assets', 'plain-Zz98Yy76.css'), 'body{}');
    app = express();
    installConsole(app as unknown as NestExpressApplication, dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('sends the brotli copy to a browser that accepts it, cached as immutable', async () => {
    const res = await request(app).get(name).set('Accept-Encoding', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    // The test client decodes it: what arrived was the small copy, and it decodes to the file.
    expect(Number(res.headers['content-length'])).toBeLessThan(js.length / 5);
    expect(res.text).toBe(js);
  });

  it('sends the gzip copy when brotli is not accepted, and the file itself otherwise', async () => {
    const gz = await request(app).get(name).set('Accept-Encoding', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(Number(gz.headers['content-length'])).toBeLessThan(js.length / 5);
    expect(gz.text).toBe(js);
    const plain = await request(app).get(name).set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(js);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const css = await request(app).get('/assets/plain-Zz98Yy76.css').set('Accept-Encoding', 'br');
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps index.html uncached (every route) and unhashed files for an hour', async () => {
    for (const path of ['/', '/reloc', '/index.html']) {
      const res = await request(app).get(path);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.text).toContain('<title>Reloc</title>');
    }
    expect((await request(app).get('/favicon.svg')).headers['cache-control']).toBe(
      'public, max-age=3600',
    );
    expect((await request(app).get('/assets/..%2f..%2fetc%2fpasswd.br')).status).not.toBe(500);
  });
});
