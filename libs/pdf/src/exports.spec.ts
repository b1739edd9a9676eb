import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, PDFName, PDFRawStream, StandardFonts } from 'pdf-lib';
import { emptyHost, emptyProposal, Host, Proposal } from '@reloc/domain';
import {
  AGENCY_CONTACT_PHONE,
  buildProposalsPdf,
  buildVisitsPdf,
  frenchDate,
  PdfEntry,
} from './exports';
import { pdfSafeText } from './pdf-text';
import { Canvas } from './png';

const PDFTOTEXT = '/usr/bin/pdftotext';
const hasPoppler = existsSync(PDFTOTEXT);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'reloc-pdf-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The text of a page (1-based) or of the whole document, read back by poppler. */
function pdftotext(bytes: Uint8Array, page?: number): string {
  const file = join(dir, `doc-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  const range = page ? ['-f', String(page), '-l', String(page)] : [];
  return execFileSync(PDFTOTEXT, ['-layout', ...range, file, '-'], { encoding: 'utf8' });
}

const photo = new Canvas(32, 24, [200, 180, 150]).rect(8, 10, 16, 14, [120, 60, 40]).png();

let n = 0;
function entry(
  host: Partial<Host> = {},
  proposal: Partial<Proposal> = {},
  withPhoto = false,
): PdfEntry {
  n += 1;
  const id = (prefix: string) => `${prefix}${String(n).padStart(6, '0')}`.padStart(24, '0');
  return {
    host: {
      ...emptyHost(id('h')),
      address: `${n} rue de la Gare 69001 Lyon`,
      price: 850 + n,
      carrez: 40 + n,
      numberOfRoom: 2,
      description: `Appartement numéro ${n}, lumineux et calme.`,
      externalId: `https://annonces.example.fr/bien-${n}`,
      dateAvailable: '2026-12-01',
      revision: 1,
      ...host,
    },
    proposal: {
      ...emptyProposal(id('p')),
      idBuy: '6740a1b2c3d4e5f601234567',
      idSell: id('h'),
      proposedDate: `2026-11-${String(1 + (n % 28)).padStart(2, '0')}T10:00:00.000Z`,
      revision: 0,
      ...proposal,
    },
    photo: withPhoto ? photo : null,
  };
}

const visit = (iso: string) => ({
  visited: { dateVisite: iso, author: 'operator' as const, authorOther: null, report: null },
});

async function pageCount(bytes: Uint8Array): Promise<number> {
  return (await PDFDocument.load(bytes)).getPageCount();
}

async function imageCount(bytes: Uint8Array): Promise<number> {
  const doc = await PDFDocument.load(bytes);
  return doc.context
    .enumerateIndirectObjects()
    .filter(
      ([, object]) =>
        object instanceof PDFRawStream &&
        object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
    ).length;
}

describe('pdfSafeText (WinAnsi)', () => {
  it('keeps accents, € and French punctuation, replaces what the font lacks', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    expect(pdfSafeText('Élodie — 1 250 € · « œuvre » l’été', font)).toBe(
      'Élodie — 1 250 € · « œuvre » l’été',
    );
    expect(pdfSafeText('1\u202f250\u00a0€ → Łódź ✓ 北京 😀 ą', font)).toBe(
      '1 250\u00a0€ -> ?ódz v ?? ? a',
    );
    expect(() => font.encodeText(pdfSafeText('Zoë ŝ ǅ \u0301x', font))).not.toThrow();
  });
});

describe('frenchDate', () => {
  it('reads YYYY-MM-DD and ISO dates', () => {
    expect(frenchDate('2026-12-01')).toBe('01/12/2026');
    expect(frenchDate('2026-12-01T10:00:00.000Z')).toBe('01/12/2026');
    expect(frenchDate(null)).toBeNull();
  });
});

describe('buildProposalsPdf (§5 "Exports", §9 five descriptions per page)', () => {
  it('12 exportable properties make 3 pages: 5, 5 and 2 descriptions', async () => {
    const entries = Array.from({ length: 12 }, () => entry());
    const bytes = await buildProposalsPdf({ clientName: 'Camille Rousseau', entries });
    expect(await pageCount(bytes)).toBe(3);
    if (!hasPoppler) return;
    const perPage = [1, 2, 3].map(
      (page) => (pdftotext(bytes, page).match(/Disponible le : 01\/12\/2026/g) ?? []).length,
    );
    expect(perPage).toEqual([5, 5, 2]);
    const text = pdftotext(bytes);
    expect(text).toContain('Biens proposés');
    expect(text).toContain('Camille Rousseau');
    expect(text).toMatch(/Prix : 851 €/);
    expect(text).toContain('Surface : 41 m²');
    expect(text).toContain('Pièces : 2');
    expect(text).toContain('https://annonces.example.fr/bien-');
    expect(text).toContain('page 3 / 3');
  });

  it('leaves out disabled proposals, inactive or unpublished properties, visits cancelled by agency or client', async () => {
    const kept = entry({ address: '1 place Bellecour 69002 Lyon' });
    const left = [
      entry({ address: 'DESACTIVEE' }, { disabled: true }),
      entry({ address: 'INACTIF', isActive: false }),
      entry({ address: 'NONPUBLIE', publish: false }),
      entry({ address: 'ANNULEEAGENCE' }, { cancel: true, visitCancelled: true }),
      entry({ address: 'ANNULEECLIENT' }, { cancelClient: true, visitCancelled: true }),
    ];
    const cancelledByHil = entry(
      { address: 'ANNULEEHIL' },
      { visitCancelled: true, visitCancelReason: 'hil' },
    );
    const bytes = await buildProposalsPdf({
      clientName: 'Client',
      entries: [kept, ...left, cancelledByHil],
    });
    if (!hasPoppler) return;
    const text = pdftotext(bytes);
    expect(text).toContain('1 place Bellecour 69002 Lyon');
    expect(text).toContain('ANNULEEHIL');
    for (const word of ['DESACTIVEE', 'INACTIF', 'NONPUBLIE', 'ANNULEEAGENCE', 'ANNULEECLIENT'])
      expect(text).not.toContain(word);
  });

  it('liked only: the title says so and only liked properties remain, by position', async () => {
    const liked = entry({ address: 'AIME' }, { liked: '2026-11-20T10:00:00.000Z' });
    const changedMind = entry(
      { address: 'PLUSAIME' },
      { liked: '2026-11-20T10:00:00.000Z', disliked: '2026-11-21T10:00:00.000Z' },
    );
    const neutral = entry({ address: 'NEUTRE' });
    const all = await buildProposalsPdf({
      clientName: 'Client',
      entries: [neutral, changedMind, liked],
    });
    const likedOnly = await buildProposalsPdf({
      clientName: 'Client',
      entries: [neutral, changedMind, liked],
      likedOnly: true,
    });
    if (!hasPoppler) return;
    const allText = pdftotext(all);
    expect(allText).toContain('Biens proposés');
    // Liked (99) before neither (999) before disliked (9999).
    expect(allText.indexOf('AIME')).toBeLessThan(allText.indexOf('NEUTRE'));
    expect(allText.indexOf('NEUTRE')).toBeLessThan(allText.indexOf('PLUSAIME'));
    const likedText = pdftotext(likedOnly);
    expect(likedText).toContain('Biens aimés');
    expect(likedText).toContain('AIME');
    expect(likedText).not.toContain('NEUTRE');
    expect(likedText).not.toContain('PLUSAIME');
  });

  it('wraps descriptions at 120 characters and prints what WinAnsi cannot as close text', async () => {
    const long = `${'Séjour traversant avec balcon, cuisine équipée, cave et parking. '.repeat(6)}Fin.`;
    const bytes = await buildProposalsPdf({
      clientName: 'Zoë Łukasz',
      entries: [entry({ description: long, address: '2 rue Émile Zola → 北京' })],
      clientText: 'Bonjour, voici notre sélection. '.repeat(8),
    });
    if (!hasPoppler) return;
    const text = pdftotext(bytes);
    expect(text).toContain('Zoë ?ukasz');
    expect(text).toContain('2 rue Émile Zola -> ??');
    const descriptionLines = text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => /Séjour|cuisine|parking|Fin\./.test(line));
    expect(descriptionLines.length).toBeGreaterThanOrEqual(4);
    for (const line of descriptionLines) expect(line.length).toBeLessThanOrEqual(120);
    const clientLines = text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.includes('sélection'));
    expect(clientLines.length).toBeGreaterThanOrEqual(2);
    for (const line of clientLines) expect(line.length).toBeLessThanOrEqual(100);
  });

  it('embeds PNG and JPEG photos once per distinct image, and skips what it cannot read', async () => {
    const gif = Uint8Array.from([...Buffer.from('GIF89a'), 1, 0, 1, 0]);
    const broken = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]);
    const entries = [
      entry({}, {}, true),
      entry({}, {}, true),
      { ...entry(), photo: gif },
      { ...entry(), photo: broken },
      entry(),
    ];
    const bytes = await buildProposalsPdf({ clientName: 'Client', entries });
    expect(await imageCount(bytes)).toBe(1);
    const none = await buildProposalsPdf({ clientName: 'Client', entries: [entry()] });
    expect(await imageCount(none)).toBe(0);
  });

  it('says so when nothing is left, on one page', async () => {
    const bytes = await buildProposalsPdf({
      clientName: 'Client',
      entries: [entry({ isActive: false })],
    });
    expect(await pageCount(bytes)).toBe(1);
    if (hasPoppler) expect(pdftotext(bytes)).toContain('Aucun bien à présenter.');
  });

  it('moves a description that does not fit to the next page', async () => {
    const long = 'Très long descriptif. '.repeat(140);
    const entries = Array.from({ length: 4 }, () => entry({ description: long }));
    const bytes = await buildProposalsPdf({ clientName: 'Client', entries });
    expect(await pageCount(bytes)).toBeGreaterThan(1);
  });
});

describe('buildVisitsPdf (§5 "Exports", §9 contact phone in the header)', () => {
  it('lists dated visits by date with "DD/MM/YYYY à HH:MM", the contact phone in the header', async () => {
    const later = entry({ address: 'SECONDE' }, visit('2026-12-03T08:30:00.000Z'));
    const first = entry({ address: 'PREMIERE' }, visit('2026-12-01T13:00:00.000Z'));
    const undated = entry(
      { address: 'SANSDATE' },
      { visited: { dateVisite: null, author: null, authorOther: null, report: null } },
    );
    const noVisit = entry({ address: 'SANSVISITE' });
    const cancelled = entry(
      { address: 'ANNULEECLIENT' },
      { ...visit('2026-12-02T08:30:00.000Z'), cancelClient: true, visitCancelled: true },
    );
    const unpublished = entry(
      { address: 'NONPUBLIE', publish: false },
      visit('2026-12-02T09:00:00.000Z'),
    );
    const bytes = await buildVisitsPdf({
      clientName: 'Camille Rousseau',
      entries: [later, undated, noVisit, cancelled, unpublished, first],
    });
    expect(await pageCount(bytes)).toBe(1);
    if (!hasPoppler) return;
    const text = pdftotext(bytes);
    expect(text).toContain('Vos visites');
    expect(text).toContain('Camille Rousseau');
    expect(text).toContain(AGENCY_CONTACT_PHONE);
    // Paris time: 13:00Z in December is 14:00.
    expect(text).toContain('Visite le 01/12/2026 à 14:00');
    expect(text).toContain('Visite le 03/12/2026 à 09:30');
    expect(text.indexOf('PREMIERE')).toBeLessThan(text.indexOf('SECONDE'));
    for (const word of ['SANSDATE', 'SANSVISITE', 'ANNULEECLIENT', 'NONPUBLIE'])
      expect(text).not.toContain(word);
  });

  it('uses the given contact number, and breaks every 5 visits', async () => {
    const entries = Array.from({ length: 7 }, (_, i) =>
      entry({}, visit(`2026-12-${String(10 + i).padStart(2, '0')}T09:00:00.000Z`), i % 2 === 0),
    );
    const bytes = await buildVisitsPdf({
      clientName: 'Client',
      entries,
      contactPhone: '04 72 00 00 00',
    });
    expect(await pageCount(bytes)).toBe(2);
    if (!hasPoppler) return;
    expect(pdftotext(bytes, 1)).toContain('04 72 00 00 00');
    expect((pdftotext(bytes, 1).match(/Visite le/g) ?? []).length).toBe(5);
    expect((pdftotext(bytes, 2).match(/Visite le/g) ?? []).length).toBe(2);
  });

  it('renders to an image (poppler)', async () => {
    if (!existsSync('/usr/bin/pdftoppm')) return;
    const bytes = await buildVisitsPdf({
      clientName: 'Client',
      entries: [entry({}, visit('2026-12-01T09:00:00.000Z'), true)],
    });
    const file = join(dir, 'render.pdf');
    writeFileSync(file, bytes);
    execFileSync('/usr/bin/pdftoppm', [
      '-png',
      '-r',
      '50',
      '-f',
      '1',
      '-l',
      '1',
      file,
      join(dir, 'render'),
    ]);
    expect(readdirSync(dir).some((name) => /^render.*\.png$/.test(name))).toBe(true);
  });
});
