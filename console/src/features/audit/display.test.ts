import { display, onePerField } from './display';
import { fileStreams, fileValueNames } from './FileHistoryTab';

describe('history values as the project page shows them', () => {
  it('writes dates, select labels, amounts and stages in French', () => {
    expect(display('dateMove', '2026-12-31')).toBe('31/12/2026');
    expect(display('typeOfEstate', 'apartment')).toBe('Appartement');
    expect(display('zone', 2)).toMatch(/^Zone 2 \(/);
    expect(display('budget', 1200).replace(/\s/g, ' ')).toBe('1 200 €');
    expect(display('wage', 2500.5).replace(/\s/g, ' ')).toBe('2 500,5 €');
    expect(display('surfacemin', 1500).replace(/\s/g, ' ')).toBe('1 500');
    expect(display('currentProgress', 'projectCreated')).toBe('Nouveaux inscrits');
    expect(display('currentProgress', 'involved', 'prospect')).toBe('Intéressé');
    expect(display('stopped', false)).toBe('Non');
    expect(display('budget', null)).toBe('—');
  });

  it('writes the contractual distance and time as the Info tab does', () => {
    expect(display('contractualDistance', 580877)).toBe('581 km');
    expect(display('contractualTime', 16218)).toBe('4 h 30 min');
    expect(display('lastContractualAddress1', 'Bordeaux@44.8378,-0.5792')).toBe('Bordeaux');
    expect(
      display('lastContractualAddress2', '72 place du Marché, 13001 Marseille@43.2965,5.3698'),
    ).toBe('72 place du Marché, 13001 Marseille');
  });

  it('writes objects without JSON, leaving their empty parts out', () => {
    expect(display('overrides', { income: null })).toBe('—');
    expect(display('billingOverrides', { sentToAL: {}, paid: {} })).toBe('—');
    expect(display('billing', { visits: 2 })).toBe('visits : 2');
    expect(display('fromAddressObject', { label: 'Lille', lat: 1, lng: 2 })).toBe('Lille');
  });

  it('names the chosen property by its address when the file proposed it', () => {
    const names = fileValueNames([
      { idSell: 'h1', _host: { address: '3 rue de la Paix, 75002 Paris' } },
      { idSell: 'h2', _host: null },
    ]);
    expect(display('chosenEstate', 'h1', 'project', names)).toBe('3 rue de la Paix, 75002 Paris');
    expect(display('chosenEstate', 'h2', 'project', names)).toBe('h2');
    expect(display('chosenEstate', null, 'project', names)).toBe('—');
  });

  it('lists each field once', () => {
    const lines = [
      { field: 'actualCity', label: 'Ville actuelle', value: 'Lille' },
      { field: 'fromAddressObject', label: 'Ville actuelle', value: { label: 'Lille' } },
      { field: 'placeOfBirth', label: 'Lieu de naissance', value: null },
      { field: 'placeOfBirthObject', label: 'Lieu de naissance', value: { label: 'Arras' } },
      { field: 'budget', label: 'Budget', value: 900 },
    ];
    expect(onePerField(lines, (line) => line.value).map((line) => line.field)).toEqual([
      'actualCity',
      'placeOfBirthObject',
      'budget',
    ]);
  });

  it('covers the project, its documents, its signatures and each proposal', () => {
    expect(
      fileStreams('p1', [{ idSell: 'h1', _host: { address: '3 rue Nationale, Lille' } }]),
    ).toEqual([
      { stream: 'project-p1', label: 'Projet' },
      { stream: 'documents-p1', label: 'Documents' },
      { stream: 'signatures-p1', label: 'Signatures' },
      { stream: 'proposal-p1-h1', label: 'Proposition · 3 rue Nationale, Lille' },
    ]);
  });
});

describe('French date-time typed in the history', () => {
  it('reads DD/MM/YYYY HH:MM[:SS] as fromLocalInput does, and refuses impossible dates', () => {
    const { fromFrenchDateTime, fromLocalInput } = jest.requireActual('./format');
    expect(fromFrenchDateTime('25/11/2026 19:30:50')).toBe(fromLocalInput('2026-11-25T19:30:50'));
    expect(fromFrenchDateTime('25/11/2026 19:30')).toBe(fromLocalInput('2026-11-25T19:30'));
    expect(fromFrenchDateTime('31/11/2026 10:00')).toBeNull();
    expect(fromFrenchDateTime('11/25/2026 10:00')).toBeNull();
    expect(fromFrenchDateTime('25/11/2026')).toBeNull();
  });
});
