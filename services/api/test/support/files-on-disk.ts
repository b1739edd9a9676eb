import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { EncryptedBlobStore } from '@reloc/worker';
import { BLOB_STORE } from '../../src/files/blob-store';
import type { TestApp } from './test-app';

/** Every file under a folder, recursively. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/**
 * The forms a text takes inside a PDF or a database: as is, as the hex string pdf-lib writes
 * for drawn text (both cases), and UTF-16 (BE, as in PDF text strings, and LE).
 */
export function markerForms(marker: string): Buffer[] {
  const ascii = Buffer.from(marker, 'latin1');
  const utf16be = Buffer.from(marker, 'utf16le').swap16();
  return [
    ascii,
    Buffer.from(ascii.toString('hex').toUpperCase()),
    Buffer.from(ascii.toString('hex')),
    utf16be,
    Buffer.from(marker, 'utf16le'),
  ];
}

/** The bytes, and the inflated content of every Flate stream in them (PDF page contents). */
function readableParts(bytes: Buffer): Buffer[] {
  const parts = [bytes];
  const text = bytes.toString('latin1');
  const start = /stream\r?\n/g;
  for (let match = start.exec(text); match; match = start.exec(text)) {
    const from = match.index + match[0].length;
    const to = text.indexOf('endstream', from);
    if (to < 0) break;
    try {
      parts.push(inflateSync(bytes.subarray(from, to)));
    } catch {
      // not a Flate stream (or not whole): the raw bytes were searched already
    }
  }
  return parts;
}

/** Whether the bytes hold the marker in any of its forms, also inside compressed PDF streams. */
export function bytesContain(bytes: Buffer, marker: string): boolean {
  const forms = markerForms(marker);
  return readableParts(bytes).some((part) => forms.some((form) => part.includes(form)));
}

/** The files under `dir` whose bytes hold the marker in any of its forms. */
export function filesContaining(dir: string, marker: string): string[] {
  return filesUnder(dir).filter((file) => bytesContain(readFileSync(file), marker));
}

export const blobStoreOf = (t: TestApp) => t.app.get<symbol, EncryptedBlobStore>(BLOB_STORE);

/** How many blobs the store holds (the encrypted layout). */
export const blobCount = (t: TestApp) => blobStoreOf(t).stored().length;
