import { PDFDocument, PDFImage, PDFPage, StandardFonts, rgb } from 'pdf-lib';
import { pdfSafeText } from './pdf-text';

/** A4 in points, portrait. */
export const A4 = { width: 595.28, height: 841.89 } as const;
const MARGIN = 28;

/** One piece of a merged PDF: a PDF (all its pages) or an image (one page). */
export type MergeInput = { name: string; mime: string; bytes: Uint8Array };

/** A PDF that pdf-lib cannot read (damaged, or not a PDF after all). */
export class UnreadablePdfError extends Error {
  constructor(readonly fileName: string) {
    super(`unreadable PDF: ${fileName}`);
    this.name = 'UnreadablePdfError';
  }
}

/** Width and height of an image scaled to fit inside A4 less its margins, never enlarged. */
export function fitInA4(width: number, height: number): { width: number; height: number } {
  const maxWidth = A4.width - 2 * MARGIN;
  const maxHeight = A4.height - 2 * MARGIN;
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return { width: width * scale, height: height * scale };
}

/** The embedded image, or null for a type pdf-lib cannot embed or bytes it cannot decode. */
async function embedImage(out: PDFDocument, input: MergeInput): Promise<PDFImage | null> {
  try {
    if (input.mime === 'image/png') return await out.embedPng(input.bytes);
    if (input.mime === 'image/jpeg') return await out.embedJpg(input.bytes);
  } catch {
    return null;
  }
  return null;
}

function imagePage(out: PDFDocument, image: PDFImage): PDFPage {
  const page = out.addPage([A4.width, A4.height]);
  const size = fitInA4(image.width, image.height);
  page.drawImage(image, {
    x: (A4.width - size.width) / 2,
    y: (A4.height - size.height) / 2,
    ...size,
  });
  return page;
}

/** pdf-lib embeds PNG and JPEG only: a GIF or WebP (or a damaged image) gets a page saying so. */
async function placeholderPage(out: PDFDocument, input: MergeInput): Promise<void> {
  const font = await out.embedFont(StandardFonts.Helvetica);
  const page = out.addPage([A4.width, A4.height]);
  const lines = [
    pdfSafeText(input.name, font),
    `Image ${input.mime.replace('image/', '').toUpperCase()} non convertible : téléchargez le zip pour la voir.`,
  ];
  lines.forEach((line, i) =>
    page.drawText(pdfSafeText(line, font), {
      x: MARGIN * 2,
      y: A4.height / 2 - i * 18,
      size: 12,
      font,
      color: rgb(0.3, 0.3, 0.3),
    }),
  );
}

/**
 * One PDF from several files, in order: the pages of each PDF, then each image as an A4 page
 * (scaled down to fit, centred). Throws `UnreadablePdfError` for a PDF pdf-lib cannot load.
 */
export async function mergeToPdf(inputs: readonly MergeInput[]): Promise<Uint8Array> {
  const out = await PDFDocument.create();
  for (const input of inputs) {
    if (input.mime === 'application/pdf') {
      let pages: PDFPage[];
      try {
        const source = await PDFDocument.load(input.bytes, { ignoreEncryption: true });
        pages = await out.copyPages(source, source.getPageIndices());
      } catch {
        // pdf-lib is lenient when loading: a damaged file may only fail while copying.
        throw new UnreadablePdfError(input.name);
      }
      for (const page of pages) out.addPage(page);
      continue;
    }
    const image = await embedImage(out, input);
    if (image) imagePage(out, image);
    else await placeholderPage(out, input);
  }
  if (!out.getPageCount()) out.addPage([A4.width, A4.height]);
  return out.save();
}
