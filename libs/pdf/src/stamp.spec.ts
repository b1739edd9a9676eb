import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { appendListPage, concatPdfs, frenchDateTime, stampSignedDocument } from './stamp';

const hasPoppler = existsSync('/usr/bin/pdftotext') && existsSync('/usr/bin/pdftoppm');
const poppler = hasPoppler ? it : it.skip;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'reloc-stamp-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(bytes: Uint8Array): string {
  const path = join(dir, `doc-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(path, bytes);
  return path;
}
const pdftotext = (bytes: Uint8Array) =>
  execFileSync('/usr/bin/pdftotext', ['-layout', file(bytes), '-'], { encoding: 'utf8' });

async function template(pages = 2): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++)
    doc.addPage([595.28, 841.89]).drawText(`Lettre d'engagement, page ${i}`, {
      x: 50,
      y: 780,
      size: 14,
      font,
    });
  return doc.save();
}

const signers = [
  {
    name: 'Camille Rousseau',
    email: 'camille@exemple.fr',
    role: 'requester' as const,
    signedAt: '2026-11-23T09:05:00.000Z',
  },
  {
    name: 'Élodie Garçon',
    email: 'elodie@exemple.fr',
    role: 'coRequester' as const,
    signedAt: '2026-11-23T10:15:00.000Z',
  },
];

describe('stampSignedDocument (built-in signature)', () => {
  it('dates in Paris time', () => {
    expect(frenchDateTime('2026-11-23T09:05:00.000Z')).toBe('23/11/2026 à 10:05');
  });

  poppler(
    'stamps the last page, appends the evidence page, and the proof is that page alone',
    async () => {
      const original = await template(2);
      const result = await stampSignedDocument({
        original,
        documentName: "Lettre d'engagement",
        transactionId: 'tx-1',
        signers,
        requestedAt: '2026-11-23T09:00:00.000Z',
        completedAt: '2026-11-23T10:15:00.000Z',
      });
      const sha = createHash('sha256').update(original).digest('hex');
      expect(result.originalSha256).toBe(sha);

      const signed = await PDFDocument.load(result.signed);
      expect(signed.getPageCount()).toBe(3);
      const text = pdftotext(result.signed);
      const pages = text.split('\f');
      expect(pages[1]).toContain("Lettre d'engagement, page 2");
      expect(pages[1]).toContain(
        'Signé électroniquement par Camille Rousseau le 23/11/2026 à 10:05',
      );
      expect(pages[1]).toContain('Signé électroniquement par Élodie Garçon');
      expect(pages[0]).not.toContain('Signé électroniquement');
      expect(pages[2]).toContain('Preuve de signature électronique');
      expect(pages[2]).toContain(sha);
      expect(pages[2]).toContain('camille@exemple.fr');
      expect(pages[2]).toContain('elodie@exemple.fr');

      const proof = await PDFDocument.load(result.proof);
      expect(proof.getPageCount()).toBe(1);
      const proofText = pdftotext(result.proof);
      expect(proofText).toContain(sha);
      expect(proofText).toContain('Camille Rousseau');
      expect(proofText).not.toContain('page 2');

      // Rendered by poppler: every page becomes an image (the PDF is well-formed).
      const prefix = join(dir, 'render');
      execFileSync('/usr/bin/pdftoppm', ['-r', '30', '-png', file(result.signed), prefix]);
      const images = readdirSync(dir).filter((name) => name.startsWith('render'));
      expect(images).toHaveLength(3);
      for (const image of images)
        expect(readFileSync(join(dir, image)).subarray(1, 4).toString()).toBe('PNG');
    },
  );

  poppler('lists the picked properties on an added page; concatenates PDFs', async () => {
    const withList = await appendListPage(await template(1), 'Bons de visite', [
      ['12 rue de la Paix, Lyon', '30 m² - 700 €'],
      ['3 avenue Foch, Lyon'],
    ]);
    const text = pdftotext(withList);
    expect(text).toContain('Bons de visite');
    expect(text).toContain('1. 12 rue de la Paix, Lyon');
    expect(text).toContain('2. 3 avenue Foch, Lyon');
    const both = await concatPdfs([await template(1), await template(2)]);
    expect((await PDFDocument.load(both)).getPageCount()).toBe(3);
  });
});
