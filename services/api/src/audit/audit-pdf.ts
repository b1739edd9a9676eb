import { PDFDocument, PDFFont, PDFPage, StandardFonts, rgb } from 'pdf-lib';
import { formatComputedValue } from '@reloc/domain';
import { pdfSafeText, wrapText } from '@reloc/pdf';
import { formatAuditValue, parisDateTime } from './audit-value';
import type { AuditEntry, ChainCheck } from './audit.service';

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const COLOURS = {
  primary: rgb(0.1, 0.3, 0.6),
  muted: rgb(0.4, 0.4, 0.4),
  alert: rgb(0.75, 0.1, 0.1),
};

export const CHAIN_EXPLANATION =
  'Vérifier la chaîne hors du produit : chaque événement porte dans metadata.chain son empreinte ' +
  "(hash) et celle de l'événement précédent du même flux (prev, vide pour le premier). hash est " +
  'le SHA-256, en hexadécimal, du texte prev + saut de ligne + JSON canonique de {id, streamId, ' +
  'revision, type, data, metadata sans chain} (clés triées à tous les niveaux, sans espaces). ' +
  "Avec l'export JSON du même flux, recalculez chaque empreinte avec n'importe quel outil " +
  'SHA-256, par exemple : printf \'%s\\n%s\' "$PREV" "$(jq -cS \'{id,streamId,revision,type,data,' +
  'metadata:(.metadata|del(.chain))}\' evenement.json)" | sha256sum ; elle doit égaler hash, et ' +
  "prev doit égaler le hash de l'événement précédent. Le premier écart désigne l'événement modifié.";

const CHECK_LABELS: Record<ChainCheck, string> = {
  ok: 'chaîne vérifiée',
  missing: 'sans chaîne (antérieur au chaînage)',
  broken: 'CHAÎNE ROMPUE',
  masked: 'chaîne vérifiée (secrets masqués dans cet export)',
};

type Fonts = { regular: PDFFont; bold: PDFFont; mono: PDFFont };

class Writer {
  page: PDFPage;
  y = 0;

  constructor(
    private readonly doc: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.page = this.newPage();
  }

  newPage(): PDFPage {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
    return this.page;
  }

  line(
    text: string,
    options: {
      font?: PDFFont;
      size?: number;
      colour?: ReturnType<typeof rgb>;
      indent?: number;
    } = {},
  ) {
    const size = options.size ?? 9;
    const font = options.font ?? this.fonts.regular;
    if (this.y - size < MARGIN) this.newPage();
    this.page.drawText(pdfSafeText(text, font), {
      x: MARGIN + (options.indent ?? 0),
      y: this.y - size,
      size,
      font,
      color: options.colour ?? rgb(0, 0, 0),
    });
    this.y -= size + 3;
  }

  paragraph(text: string, width: number, options: Parameters<Writer['line']>[1] = {}) {
    for (const part of wrapText(text, width)) this.line(part, options);
  }

  rule() {
    if (this.y - 6 < MARGIN) this.newPage();
    this.page.drawLine({
      start: { x: MARGIN, y: this.y - 3 },
      end: { x: PAGE.width - MARGIN, y: this.y - 3 },
      thickness: 0.5,
      color: COLOURS.muted,
    });
    this.y -= 9;
  }
}

const dateTime = (iso: string) => `${parisDateTime(iso)} (Paris)`;

export type AuditPdfInput = {
  stream: string;
  /** The stream's aggregate (its prefix, 'project'…): computed fields shown as the console does. */
  aggregate: string;
  label: string;
  exportedAt: string;
  entries: (AuditEntry & { chainCheck: ChainCheck })[];
};

/** The history of a stream as a PDF: events, actors, times, changes and the hash chain. */
export async function buildAuditPdf(input: AuditPdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Historique - ${input.stream}`);
  doc.setLanguage('fr-FR');
  doc.setProducer('Reloc');
  doc.setCreator('Reloc');
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    mono: await doc.embedFont(StandardFonts.Courier),
  };
  const w = new Writer(doc, fonts);
  w.line(`Historique : ${input.label}`, { font: fonts.bold, size: 16, colour: COLOURS.primary });
  w.line(`Flux ${input.stream}`, { font: fonts.mono, size: 9 });
  w.line(`Exporté le ${dateTime(input.exportedAt)} · ${input.entries.length} événement(s)`, {
    size: 9,
    colour: COLOURS.muted,
  });
  w.y -= 4;
  w.paragraph(CHAIN_EXPLANATION, 115, { size: 8 });
  w.y -= 4;
  w.rule();
  for (const entry of input.entries) {
    if (w.y < MARGIN + 80) w.newPage();
    const actor = entry.actor
      ? [entry.actor.name, entry.actor.trigram, entry.actor.role].filter(Boolean).join(' · ')
      : 'système';
    w.line(`#${entry.revision}  ${dateTime(entry.createdAt)}  ${entry.label}`, {
      font: fonts.bold,
      size: 10,
    });
    w.line(`Par ${actor} · type ${entry.type} · position ${entry.position}`, {
      size: 8,
      colour: COLOURS.muted,
    });
    if (entry.correlationId || entry.causationId)
      w.line(`Corrélation ${entry.correlationId ?? '—'} · cause ${entry.causationId ?? '—'}`, {
        size: 8,
        colour: COLOURS.muted,
      });
    if (!entry.changes.length) w.line('Aucun champ modifié', { size: 8, indent: 10 });
    const shown = (field: string, value: unknown) =>
      formatComputedValue(input.aggregate, field, value) ?? formatAuditValue(value);
    for (const change of entry.changes)
      w.paragraph(
        `${change.label} : ${shown(change.field, change.before)} → ${shown(change.field, change.after)}`,
        120,
        { size: 8, indent: 10 },
      );
    const check = CHECK_LABELS[entry.chainCheck];
    const alert = entry.chainCheck === 'broken';
    w.line(`prev ${entry.chain?.prev ?? '—'}`, { font: fonts.mono, size: 7, indent: 10 });
    w.line(`hash ${entry.chain?.hash ?? '—'}  (${check})`, {
      font: fonts.mono,
      size: 7,
      indent: 10,
      colour: alert ? COLOURS.alert : undefined,
    });
    w.y -= 2;
    w.rule();
  }
  const pages = doc.getPages();
  pages.forEach((page, i) => {
    const footer = pdfSafeText(`${input.stream} · page ${i + 1} / ${pages.length}`, fonts.regular);
    page.drawText(footer, {
      x: PAGE.width - MARGIN - fonts.regular.widthOfTextAtSize(footer, 7),
      y: MARGIN / 2,
      size: 7,
      font: fonts.regular,
      color: COLOURS.muted,
    });
  });
  return doc.save();
}
