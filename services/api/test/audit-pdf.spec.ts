import { writeFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { buildAuditPdf } from '../src/audit/audit-pdf';
import type { AuditEntry } from '../src/audit/audit.service';

/** The text drawn on the pages: the hex strings of the `Tj` operators (WinAnsi encoding). */
/** WinAnsi is latin-1 but for 0x80-0x9F; those the export writes. */
const WIN_ANSI: Record<string, string> = { '\x85': '…', '\x92': '’', '\x96': '–', '\x97': '—' };
const winAnsi = {
  decode: (bytes: Buffer) =>
    bytes.toString('latin1').replace(/[\x80-\x9f]/g, (c) => WIN_ANSI[c] ?? c),
};

async function textOf(bytes: Uint8Array): Promise<string> {
  const pdf = await PDFDocument.load(bytes);
  const lines: string[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const filter = object.dict.get(PDFName.of('Filter'));
    const raw = Buffer.from(object.getContents());
    const content = (filter === PDFName.of('FlateDecode') ? inflateSync(raw) : raw).toString(
      'latin1',
    );
    for (const match of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g))
      lines.push(winAnsi.decode(Buffer.from(match[1], 'hex')));
  }
  return lines.join('\n');
}

const entry = (changes: AuditEntry['changes']): AuditEntry & { chainCheck: 'ok' } => ({
  id: 'e1',
  revision: 3,
  position: 42,
  type: 'ProjectContractualDistanceComputed',
  label: 'Distance contractuelle calculée',
  createdAt: '2026-11-25T10:00:00.000Z',
  recordedAt: '2026-11-25T10:00:00.000Z',
  actor: null,
  correlationId: null,
  causationId: null,
  chain: { prev: null, hash: 'abc' },
  changes,
  chainCheck: 'ok',
});

describe('audit PDF: computed values as the console history shows them', () => {
  it('writes the distance in km, the time in h min and the address without coordinates', async () => {
    const bytes = await buildAuditPdf({
      stream: 'project-0123456789abcdef01234567',
      aggregate: 'project',
      label: 'Projet',
      exportedAt: '2026-11-25T10:00:00.000Z',
      entries: [
        entry([
          {
            field: 'contractualDistance',
            label: 'Distance contractuelle',
            before: null,
            after: 580877,
          },
          { field: 'contractualTime', label: 'Temps contractuel', before: 2700, after: 16218 },
          {
            field: 'lastContractualAddress1',
            label: 'Adresse de calcul',
            before: null,
            after: '72 place du Marché, 13001 Marseille@43.2965,5.3698',
          },
          { field: 'budget', label: 'Budget', before: null, after: 1200 },
        ]),
      ],
    });
    if (process.env.AUDIT_PDF_OUT) writeFileSync(process.env.AUDIT_PDF_OUT, bytes);
    const text = await textOf(bytes);
    expect(text).toContain('Distance contractuelle : — -> 581 km');
    expect(text).toContain('Temps contractuel : 45 min -> 4 h 30 min');
    expect(text).toContain('Adresse de calcul : — -> 72 place du Marché, 13001 Marseille');
    expect(text).toContain('Budget : — -> 1200');
    expect(text).not.toContain('580877');
    expect(text).not.toContain('16218');
    expect(text).not.toContain('43.2965');
  });

  it('leaves the fields of other aggregates as they are', async () => {
    const bytes = await buildAuditPdf({
      stream: 'prospect-0123456789abcdef01234567',
      aggregate: 'prospect',
      label: 'Prospect',
      exportedAt: '2026-11-25T10:00:00.000Z',
      entries: [
        entry([{ field: 'contractualDistance', label: 'Distance', before: null, after: 1000 }]),
      ],
    });
    expect(await textOf(bytes)).toContain('Distance : — -> 1000');
  });
});
