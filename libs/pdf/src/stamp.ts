import { createHash } from 'node:crypto';
import { PDFDocument, PDFFont, PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { pdfSafeText } from './pdf-text';
import { wrapText } from './wrap-text';

/** A4 portrait, in points. */
const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const INK = rgb(0.1, 0.1, 0.15);
const SIGNATURE_BLUE = rgb(0.05, 0.2, 0.55);

export type StampSigner = {
  name: string;
  email: string;
  role: 'requester' | 'coRequester';
  /** ISO date-time of the signature. */
  signedAt: string;
};

export type StampInput = {
  /** The document as sent for signature. */
  original: Uint8Array;
  documentName: string;
  transactionId: string;
  signers: StampSigner[];
  /** When the request was created (ISO). */
  requestedAt: string;
  /** When the last signer signed (ISO). */
  completedAt: string;
};

export type StampResult = {
  /** The original with a signature block on its last page, then the evidence page. */
  signed: Uint8Array;
  /** The evidence page alone. */
  proof: Uint8Array;
  /** SHA-256 of the original, hex. */
  originalSha256: string;
};

export const SIGNER_ROLE_LABELS: Record<StampSigner['role'], string> = {
  requester: 'Locataire',
  coRequester: 'Co-locataire',
};

/** '2026-11-23T09:05:00.000Z' → '23/11/2026 à 10:05' (Paris time). */
export function frenchDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'Europe/Paris',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('day')}/${get('month')}/${get('year')} à ${get('hour')}:${get('minute')}`;
}

/** The sentence of the signature block. */
export function signatureLine(signer: Pick<StampSigner, 'name' | 'signedAt'>): string {
  return `Signé électroniquement par ${signer.name} le ${frenchDateTime(signer.signedAt)}`;
}

function write(page: PDFPage, text: string, x: number, y: number, font: PDFFont, size: number) {
  page.drawText(pdfSafeText(text, font), { x, y, size, font, color: INK });
}

/** Lines of text from the top of a page; a new page when one is full. */
function textFlow(doc: PDFDocument, regular: PDFFont, bold: PDFFont) {
  let page = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  return {
    line(text: string, options: { bold?: boolean; size?: number; gap?: number } = {}) {
      const size = options.size ?? 10;
      const font = options.bold ? bold : regular;
      for (const part of wrapText(text, Math.floor((A4[0] - 2 * MARGIN) / (size * 0.5)))) {
        if (y < MARGIN + size) {
          page = doc.addPage(A4);
          y = A4[1] - MARGIN;
        }
        write(page, part, MARGIN, y, font, size);
        y -= size + 4;
      }
      y -= options.gap ?? 0;
    },
  };
}

async function fonts(doc: PDFDocument) {
  return {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
}

/** Writes the evidence page(s) of a signature into `doc`. */
async function addEvidence(doc: PDFDocument, input: StampInput, sha256: string): Promise<void> {
  const { regular, bold } = await fonts(doc);
  const flow = textFlow(doc, regular, bold);
  flow.line('Preuve de signature électronique', { bold: true, size: 16, gap: 10 });
  flow.line(`Document : ${input.documentName}`);
  flow.line(`Transaction : ${input.transactionId}`);
  flow.line(`Empreinte SHA-256 du document original : ${sha256}`, { gap: 6 });
  flow.line(`Demande créée le ${frenchDateTime(input.requestedAt)} (${input.requestedAt})`);
  flow.line(`Signature terminée le ${frenchDateTime(input.completedAt)} (${input.completedAt})`, {
    gap: 10,
  });
  flow.line('Signataires', { bold: true, size: 12, gap: 4 });
  for (const signer of input.signers) {
    flow.line(`${signer.name} (${SIGNER_ROLE_LABELS[signer.role]})`, { bold: true });
    flow.line(`E-mail : ${signer.email}`);
    flow.line(`${signatureLine(signer)} (${signer.signedAt})`);
    flow.line("Consentement : case « J'ai lu et j'accepte le document » cochée", { gap: 8 });
  }
  flow.line(
    'Chaque signataire a ouvert le document par un lien personnel, a coché la case de ' +
      'consentement et a cliqué sur « Signer ». Les horodatages sont ceux du serveur (UTC).',
    { size: 9 },
  );
}

/**
 * The built-in provider's final documents: the original with a signature block per signer on
 * its last page ('Signé électroniquement par <nom> le <date>') followed by an evidence page
 * (timestamps, signers, e-mails, SHA-256 of the original); the proof is the evidence page alone.
 */
export async function stampSignedDocument(input: StampInput): Promise<StampResult> {
  const originalSha256 = createHash('sha256').update(input.original).digest('hex');
  const doc = await PDFDocument.load(input.original, { ignoreEncryption: true });
  const { regular, bold } = await fonts(doc);
  const pages = doc.getPages();
  const last = pages.length ? pages[pages.length - 1] : doc.addPage(A4);
  const { width } = last.getSize();
  const blockWidth = Math.min(330, width - 2 * 20);
  const lineHeight = 11;
  const blockHeight = 18 + input.signers.length * (2 * lineHeight + 4);
  const x = width - blockWidth - 20;
  const y = 20;
  last.drawRectangle({
    x,
    y,
    width: blockWidth,
    height: blockHeight,
    color: rgb(1, 1, 1),
    opacity: 0.9,
    borderColor: SIGNATURE_BLUE,
    borderWidth: 1,
  });
  let line = y + blockHeight - 14;
  last.drawText(pdfSafeText('Signatures électroniques', bold), {
    x: x + 6,
    y: line,
    size: 9,
    font: bold,
    color: SIGNATURE_BLUE,
  });
  for (const signer of input.signers) {
    const [first, ...rest] = wrapText(signatureLine(signer), 72);
    for (const text of [first, rest.join(' ')].filter(Boolean)) {
      line -= lineHeight;
      last.drawText(pdfSafeText(text, regular), {
        x: x + 6,
        y: line,
        size: 8,
        font: regular,
        color: SIGNATURE_BLUE,
      });
    }
    line -= 4;
  }
  await addEvidence(doc, input, originalSha256);
  const proofDoc = await PDFDocument.create();
  await addEvidence(proofDoc, input, originalSha256);
  proofDoc.setTitle(`Preuve de signature - ${input.documentName}`);
  return {
    signed: await doc.save(),
    proof: await proofDoc.save(),
    originalSha256,
  };
}

/** The document of the `visits` step: the template followed by a page listing the properties. */
export async function appendListPage(
  original: Uint8Array,
  title: string,
  items: string[][],
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(original, { ignoreEncryption: true });
  const { regular, bold } = await fonts(doc);
  const flow = textFlow(doc, regular, bold);
  flow.line(title, { bold: true, size: 14, gap: 10 });
  items.forEach((lines, index) => {
    lines.forEach((text, i) =>
      flow.line(i === 0 ? `${index + 1}. ${text}` : `    ${text}`, { bold: i === 0 }),
    );
    flow.line('', { gap: 4 });
  });
  return doc.save();
}

/** Several PDFs as one, in order (Yousign's audit trails, one per signer). */
export async function concatPdfs(parts: Uint8Array[]): Promise<Uint8Array> {
  const out = await PDFDocument.create();
  for (const part of parts) {
    const source = await PDFDocument.load(part, { ignoreEncryption: true });
    for (const page of await out.copyPages(source, source.getPageIndices())) out.addPage(page);
  }
  return out.save();
}
