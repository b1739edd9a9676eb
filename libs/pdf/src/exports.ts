import { PDFDocument, PDFFont, PDFImage, PDFPage, StandardFonts, rgb } from 'pdf-lib';
import {
  Host,
  ProposalWithHost,
  UNKNOWN_ROOMS,
  proposalsForPdf,
  visitDateTimeFromIso,
  visitsForPdf,
} from '@reloc/domain';
import { pdfSafeText } from './pdf-text';
import { CLIENT_TEXT_WIDTH, DESCRIPTION_WIDTH, DESCRIPTIONS_PER_PAGE, wrapText } from './wrap-text';

/** The agency's number printed in the visits PDF header (§9); the API may pass its own. */
export const AGENCY_CONTACT_PHONE = '01 84 80 12 34';

/** A proposal with its property and, when it has one, the bytes of its first photo. */
export type PdfEntry = ProposalWithHost & { photo?: Uint8Array | null };

export type VisitsPdfInput = {
  clientName: string;
  entries: readonly PdfEntry[];
  /** Defaults to AGENCY_CONTACT_PHONE. */
  contactPhone?: string;
  /** A note to the client under the header (wrapped at 100 characters). */
  clientText?: string | null;
};

export type ProposalsPdfInput = {
  clientName: string;
  entries: readonly PdfEntry[];
  likedOnly?: boolean;
  clientText?: string | null;
};

export const PDF_TITLES = {
  visits: 'Vos visites',
  proposals: 'Biens proposés',
  liked: 'Biens aimés',
} as const;

/** The header text of the visits PDF, with the number to call. */
export function visitsHeaderText(contactPhone: string): string {
  return (
    'Voici les biens que vous allez visiter. Pour toute question, ou si vous ne pouvez pas ' +
    `vous rendre à une visite, appelez votre conseiller au ${contactPhone}.`
  );
}

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const PHOTO = { width: 120, height: 90 };
const COLOURS = {
  primary: rgb(0x60 / 255, 0xa6 / 255, 0x94 / 255),
  accent: rgb(0xff / 255, 0x7c / 255, 0x5d / 255),
  text: rgb(0.13, 0.13, 0.13),
  muted: rgb(0.4, 0.4, 0.4),
  rule: rgb(0.85, 0.85, 0.85),
};
const SIZES = { title: 20, name: 12, header: 9, address: 11, facts: 9, description: 8, link: 8 };
const LINE = { header: 12, facts: 12, description: 10 };
/** Past this, a description is cut with '…' so that one property never outgrows a page. */
const MAX_DESCRIPTION_LINES = 30;

/** 'YYYY-MM-DD' (or an ISO date) → 'DD/MM/YYYY'. */
export function frenchDate(date: string | null | undefined): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : null;
}

/** 1234.5 → '1 234,5' with plain spaces (the narrow no-break space is not in WinAnsi). */
function frenchNumber(value: number): string {
  const [whole, decimals] = String(Math.round(value * 100) / 100).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return decimals ? `${grouped},${decimals}` : grouped;
}

/** The lines of facts shown for a property, in French. */
export function hostFacts(host: Host): string[] {
  const price = typeof host.price === 'number' ? `${frenchNumber(host.price)} €` : 'Non défini';
  const surface =
    typeof host.carrez === 'number' ? `${frenchNumber(host.carrez)} m²` : 'Non défini';
  const rooms =
    host.numberOfRoom === UNKNOWN_ROOMS || !Number.isFinite(host.numberOfRoom)
      ? 'Non défini'
      : String(host.numberOfRoom);
  const available = frenchDate(host.dateAvailable) ?? 'Non défini';
  return [
    `Prix : ${price}   ·   Surface : ${surface}   ·   Pièces : ${rooms}`,
    `Disponible le : ${available}`,
  ];
}

/** 'DD/MM/YYYY à HH:MM' in Paris time, or null without a visit date. */
export function visitText(entry: ProposalWithHost): string | null {
  const typed = visitDateTimeFromIso(entry.proposal.visited?.dateVisite ?? null);
  return typed ? `${typed.date} à ${typed.time}` : null;
}

type Fonts = { regular: PDFFont; bold: PDFFont; italic: PDFFont };

/** Lays out blocks top-down; a new page when told to or when the next block does not fit. */
class Writer {
  page: PDFPage;
  y = 0;

  constructor(
    readonly doc: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.page = this.newPage();
  }

  newPage(): PDFPage {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
    return this.page;
  }

  fits(height: number): boolean {
    return this.y - height >= MARGIN + 20;
  }

  text(
    text: string,
    options: { size: number; font?: PDFFont; colour?: ReturnType<typeof rgb>; x?: number },
  ): void {
    const font = options.font ?? this.fonts.regular;
    this.page.drawText(pdfSafeText(text, font), {
      x: options.x ?? MARGIN,
      y: this.y - options.size,
      size: options.size,
      font,
      color: options.colour ?? COLOURS.text,
    });
  }

  rule(colour = COLOURS.rule, thickness = 0.5): void {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: PAGE.width - MARGIN, y: this.y },
      thickness,
      color: colour,
    });
  }
}

/** PNG and JPEG photos are embedded (once per distinct bytes); anything else is left out. */
async function embedPhoto(
  doc: PDFDocument,
  bytes: Uint8Array | null | undefined,
  cache: Map<Uint8Array, PDFImage | null>,
): Promise<PDFImage | null> {
  if (!bytes || !bytes.length) return null;
  if (cache.has(bytes)) return cache.get(bytes) ?? null;
  let image: PDFImage | null = null;
  try {
    if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47)
      image = await doc.embedPng(bytes);
    else if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
      image = await doc.embedJpg(bytes);
  } catch {
    image = null; // a damaged photo must not cost the client the whole document
  }
  cache.set(bytes, image);
  return image;
}

function descriptionLines(description: string | null): string[] {
  const lines = description?.trim()
    ? wrapText(description, DESCRIPTION_WIDTH).filter((line, i, all) => line || i < all.length - 1)
    : ['Pas de description'];
  if (lines.length <= MAX_DESCRIPTION_LINES) return lines;
  return [...lines.slice(0, MAX_DESCRIPTION_LINES - 1), `${lines[MAX_DESCRIPTION_LINES - 1]} …`];
}

type Block = {
  entry: PdfEntry;
  photo: PDFImage | null;
  visit: string | null;
};

function drawBlock(writer: Writer, { entry, photo, visit }: Block, lines: string[]): void {
  const { host } = entry;
  const { fonts } = writer;
  const top = writer.y;
  const textX = MARGIN + (photo ? PHOTO.width + 12 : 0);
  // Characters per line beside the photo (or across the page), for the bold address.
  const addressChars = photo ? 55 : 80;
  const linkChars = photo ? 80 : 110;
  if (photo) {
    const { width, height } = photo.scaleToFit(PHOTO.width, PHOTO.height);
    writer.page.drawImage(photo, {
      x: MARGIN + (PHOTO.width - width) / 2,
      y: top - height,
      width,
      height,
    });
  }
  const address = host.address?.trim() || host.addressObject?.label || 'Adresse non définie';
  for (const line of wrapText(address, addressChars).slice(0, 2)) {
    writer.text(line, { size: SIZES.address, font: fonts.bold, x: textX });
    writer.y -= SIZES.address + 3;
  }
  if (visit) {
    writer.text(`Visite le ${visit}`, {
      size: SIZES.facts,
      font: fonts.bold,
      colour: COLOURS.accent,
      x: textX,
    });
    writer.y -= LINE.facts;
  }
  for (const fact of hostFacts(host)) {
    writer.text(fact, { size: SIZES.facts, x: textX });
    writer.y -= LINE.facts;
  }
  if (host.externalId) {
    for (const line of wrapText(`Lien : ${host.externalId}`, linkChars).slice(0, 2)) {
      writer.text(line, { size: SIZES.link, colour: COLOURS.primary, x: textX });
      writer.y -= LINE.facts;
    }
  }
  writer.y = Math.min(writer.y, top - (photo ? PHOTO.height : 0)) - 6;
  for (const line of lines) {
    writer.text(line, { size: SIZES.description, font: fonts.regular, colour: COLOURS.muted });
    writer.y -= LINE.description;
  }
  writer.y -= 8;
  writer.rule();
  writer.y -= 10;
}

/** Height a block takes, to decide whether it still fits on the page. */
function blockHeight(block: Block, lines: string[]): number {
  const { host } = block.entry;
  const head =
    (SIZES.address + 3) * 2 + LINE.facts * (2 + (block.visit ? 1 : 0) + (host.externalId ? 2 : 0));
  return Math.max(head, block.photo ? PHOTO.height : 0) + 6 + lines.length * LINE.description + 18;
}

async function buildDocument(
  title: string,
  clientName: string,
  headerText: string | null,
  clientText: string | null | undefined,
  blocks: Omit<Block, 'photo'>[],
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(pdfTitle(title, clientName));
  doc.setLanguage('fr-FR');
  doc.setProducer('Reloc');
  doc.setCreator('Reloc');
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    italic: await doc.embedFont(StandardFonts.HelveticaOblique),
  };
  const writer = new Writer(doc, fonts);
  writer.text(title, { size: SIZES.title, font: fonts.bold, colour: COLOURS.primary });
  writer.y -= SIZES.title + 6;
  writer.text(clientName, { size: SIZES.name, font: fonts.bold });
  writer.y -= SIZES.name + 8;
  for (const paragraph of [headerText, clientText]) {
    if (!paragraph?.trim()) continue;
    for (const line of wrapText(paragraph, CLIENT_TEXT_WIDTH)) {
      writer.text(line, { size: SIZES.header, font: fonts.italic });
      writer.y -= LINE.header;
    }
    writer.y -= 4;
  }
  writer.y -= 4;
  writer.rule(COLOURS.primary, 1);
  writer.y -= 14;
  if (!blocks.length) writer.text('Aucun bien à présenter.', { size: SIZES.facts });

  const photos = new Map<Uint8Array, PDFImage | null>();
  let onPage = 0;
  for (const partial of blocks) {
    const block: Block = { ...partial, photo: await embedPhoto(doc, partial.entry.photo, photos) };
    const lines = descriptionLines(block.entry.host.description);
    // §9: a page break every 5 descriptions; a long one that does not fit moves on too.
    if (
      onPage === DESCRIPTIONS_PER_PAGE ||
      (onPage > 0 && !writer.fits(blockHeight(block, lines)))
    ) {
      writer.newPage();
      onPage = 0;
    }
    drawBlock(writer, block, lines);
    onPage += 1;
  }

  const pages = doc.getPages();
  pages.forEach((page, i) => {
    const footer = pdfSafeText(`${clientName} · page ${i + 1} / ${pages.length}`, fonts.regular);
    page.drawText(footer, {
      x: PAGE.width - MARGIN - fonts.regular.widthOfTextAtSize(footer, 8),
      y: MARGIN / 2,
      size: 8,
      font: fonts.regular,
      color: COLOURS.muted,
    });
  });
  return doc.save();
}

function pdfTitle(title: string, clientName: string): string {
  return `${title} - ${clientName}`;
}

/**
 * The client's visits (§5 "Exports"): the exportable proposals with a visit date, by date,
 * under a header giving the number to call.
 */
export async function buildVisitsPdf(input: VisitsPdfInput): Promise<Uint8Array> {
  const photoOf = new Map<ProposalWithHost, PdfEntry>(input.entries.map((e) => [e, e]));
  const kept = visitsForPdf(input.entries).map((entry) => ({
    entry: photoOf.get(entry) ?? entry,
    visit: visitText(entry),
  }));
  return buildDocument(
    PDF_TITLES.visits,
    input.clientName,
    visitsHeaderText(input.contactPhone?.trim() || AGENCY_CONTACT_PHONE),
    input.clientText,
    kept,
  );
}

/** The proposed properties (§5 "Exports"): every exportable one, or the liked ones only. */
export async function buildProposalsPdf(input: ProposalsPdfInput): Promise<Uint8Array> {
  const photoOf = new Map<ProposalWithHost, PdfEntry>(input.entries.map((e) => [e, e]));
  const kept = proposalsForPdf(input.entries, { likedOnly: input.likedOnly }).map((entry) => ({
    entry: photoOf.get(entry) ?? entry,
    visit: null,
  }));
  return buildDocument(
    input.likedOnly ? PDF_TITLES.liked : PDF_TITLES.proposals,
    input.clientName,
    null,
    input.clientText,
    kept,
  );
}
