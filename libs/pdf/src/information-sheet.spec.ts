import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildInformationSheet, informationSheetSections } from './information-sheet';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'reloc-sheet-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const project = {
  firstName: 'Zoé',
  lastName: 'Lefèvre',
  civility: 'Madame' as const,
  userId: 'zoe.lefevre@exemple.fr',
  company: 'Airbus',
  companySiret: '12345678901234',
  wage: 2400,
  dateOfBirth: '1998-04-12',
  typeOfEstate: 'apartment' as const,
  zone: 1 as const,
  g1FirstName: 'Marc',
  g1LastName: 'Lefèvre',
  coFirstName: 'Hugo',
};

describe('the information sheet (fiche de renseignement)', () => {
  it('lists the sections in order, the co-applicant only when enabled', () => {
    expect(informationSheetSections(project).map((s) => s.title)).toEqual([
      'Locataire',
      'Entreprise',
      'Garant 1',
      'Garant 2',
      'Recherche',
    ]);
    const co = informationSheetSections({ ...project, coEnabled: true });
    expect(co.map((s) => s.title)).toContain('Co-locataire');
    expect(co.find((s) => s.title === 'Co-locataire')?.rows).toContainEqual({
      label: 'Prénom',
      value: 'Hugo',
    });
  });

  it('writes French headings and values that pdftotext reads back', async () => {
    const bytes = await buildInformationSheet({ ...project, coEnabled: true });
    const file = join(dir, 'fiche.pdf');
    writeFileSync(file, bytes);
    const text = execFileSync('/usr/bin/pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    for (const heading of ['Fiche de renseignement', 'Locataire', 'Entreprise', 'Co-locataire'])
      expect(text).toContain(heading);
    expect(text).toMatch(/Garant 1[\s\S]*Garant 2[\s\S]*Recherche/);
    expect(text).toMatch(/Prénom\s+Zoé/);
    expect(text).toMatch(/Date de naissance\s+12\/04\/1998/);
    expect(text).toMatch(/Salaire\s+2400 €/);
    expect(text).toMatch(/Type de bien\s+Appartement/);
    expect(text).toMatch(/SIRET\s+12345678901234/);
    expect(text).toContain('Non défini');
  });
});
