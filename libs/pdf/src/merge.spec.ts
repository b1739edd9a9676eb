import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { A4, fitInA4, mergeToPdf, UnreadablePdfError } from './merge';
import { Canvas } from './png';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'reloc-merge-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function pdftotext(bytes: Uint8Array): string {
  const file = join(dir, `m-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('/usr/bin/pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

async function textPdf(...pages: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of pages)
    doc.addPage([300, 300]).drawText(text, { x: 20, y: 150, font, size: 14 });
  return doc.save();
}

describe('mergeToPdf', () => {
  it('keeps every page of every PDF in order and turns images into A4 pages', async () => {
    const big = new Canvas(1600, 900, [30, 120, 200]).png();
    const merged = await mergeToPdf([
      { name: 'a.pdf', mime: 'application/pdf', bytes: await textPdf('PREMIER', 'DEUXIEME') },
      { name: 'photo.png', mime: 'image/png', bytes: big },
      { name: 'b.pdf', mime: 'application/pdf', bytes: await textPdf('TROISIEME') },
    ]);
    const doc = await PDFDocument.load(merged);
    expect(doc.getPageCount()).toBe(4);
    const size = doc.getPage(2).getSize();
    expect([Math.round(size.width), Math.round(size.height)]).toEqual([595, 842]);
    const text = pdftotext(merged);
    expect(text.indexOf('PREMIER')).toBeLessThan(text.indexOf('DEUXIEME'));
    expect(text.indexOf('DEUXIEME')).toBeLessThan(text.indexOf('TROISIEME'));
  });

  it('scales an image down to fit A4, never up', () => {
    expect(fitInA4(100, 50)).toEqual({ width: 100, height: 50 });
    const fitted = fitInA4(4000, 2000);
    expect(fitted.width).toBeLessThanOrEqual(A4.width);
    expect(fitted.width / fitted.height).toBeCloseTo(2);
  });

  it('says so on a page for an image pdf-lib cannot embed, and refuses an unreadable PDF', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
    const merged = await mergeToPdf([{ name: 'anim.gif', mime: 'image/gif', bytes: gif }]);
    expect(pdftotext(merged)).toContain('anim.gif');
    await expect(
      mergeToPdf([
        { name: 'cassé.pdf', mime: 'application/pdf', bytes: Buffer.from('%PDF-1.4 x') },
      ]),
    ).rejects.toBeInstanceOf(UnreadablePdfError);
  });
});
