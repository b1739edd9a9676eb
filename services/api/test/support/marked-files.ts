import { crc32 } from 'node:zlib';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { Canvas } from '@reloc/pdf';

/**
 * A PDF whose page shows `marker` from an uncompressed content stream: its bytes hold the
 * marker as is, and so does any PDF that copies the page (a merge, a stamped copy), so a
 * search of the disk for the marker finds any of them stored in clear.
 */
export async function markedPdf(marker: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([400, 400]);
  page.node.setFontDictionary(PDFName.of('F1'), font.ref);
  const content = doc.context.stream(`BT /F1 14 Tf 30 200 Td (${marker}) Tj ET`);
  page.node.addContentStream(doc.context.register(content));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** A PNG carrying `marker` in a tEXt chunk (a comment of the image). */
export function markedPng(marker: string): Buffer {
  const png = new Canvas(20, 10, [120, 160, 200]).png();
  const iend = png.length - 12;
  const body = Buffer.concat([Buffer.from('tEXt'), Buffer.from(`Comment\0${marker}`, 'latin1')]);
  const chunk = Buffer.alloc(body.length + 8);
  chunk.writeUInt32BE(body.length - 4, 0);
  body.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(body), body.length + 4);
  return Buffer.concat([png.subarray(0, iend), chunk, png.subarray(iend)]);
}
