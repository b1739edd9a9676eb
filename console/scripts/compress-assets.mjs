#!/usr/bin/env node
// Writes `.br` and `.gz` beside each built asset (JS, CSS, SVG, JSON), so the API serves them
// as they are instead of compressing per request. Usage: node scripts/compress-assets.mjs dist
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt)$/;
const dir = process.argv[2] ?? 'dist';

function* files(folder) {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (COMPRESSIBLE.test(name)) yield path;
  }
}

let raw = 0;
let br = 0;
let gz = 0;
for (const path of files(join(dir, 'assets'))) {
  const bytes = readFileSync(path);
  const brotli = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const gzip = gzipSync(bytes, { level: 9 });
  writeFileSync(`${path}.br`, brotli);
  writeFileSync(`${path}.gz`, gzip);
  raw += bytes.length;
  br += brotli.length;
  gz += gzip.length;
}
const kb = (n) => `${(n / 1024).toFixed(0)} kB`;
console.log(`compressed assets: ${kb(raw)} → br ${kb(br)}, gzip ${kb(gz)}`);
