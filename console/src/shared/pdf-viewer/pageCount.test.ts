import { DecompressionStream as NodeDecompressionStream } from 'node:stream/web';
import { PDFDocument } from 'pdf-lib';
import { countPdfPages } from './pageCount';

async function pdfOf(pages: number, useObjectStreams: boolean): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i += 1) doc.addPage([200, 200]);
  return doc.save({ useObjectStreams });
}

describe('countPdfPages', () => {
  beforeAll(() => {
    Object.assign(globalThis, { DecompressionStream: NodeDecompressionStream });
  });

  it('counts the page objects of a plain PDF', async () => {
    expect(await countPdfPages(await pdfOf(3, false))).toBe(3);
  });

  it('counts the pages kept in compressed object streams', async () => {
    expect(await countPdfPages(await pdfOf(4, true))).toBe(4);
  });

  it('answers null for something else than a PDF', async () => {
    expect(await countPdfPages(new TextEncoder().encode('<html></html>'))).toBeNull();
  });
});
