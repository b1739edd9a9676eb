import { visibleTopTabs } from './tabs';

const labels = (role: Parameters<typeof visibleTopTabs>[0]) =>
  visibleTopTabs(role).map((t) => t.label);
const COMMON = ['Sales', 'Reloc', 'Biens', 'B2B', 'B2C', 'Règlements', 'Aide'];

describe('top tabs by role (§2 "Layouts and shell")', () => {
  it('gives the super admin every tab, Admin included', () => {
    expect(labels('SUPERADMIN')).toEqual([...COMMON, 'Admin', 'Compta', 'Pilotage']);
  });

  it('gives an admin Pilotage but not Admin', () => {
    expect(labels('ADMIN')).toEqual([...COMMON, 'Compta', 'Pilotage']);
  });

  it.each(['OPERATOR', 'SALE', 'VENDOR'] as const)(
    'gives %s Compta but neither Admin nor Pilotage',
    (role) => {
      expect(labels(role)).toEqual([...COMMON, 'Compta']);
    },
  );

  it('gives a USER nothing', () => {
    expect(labels('USER')).toEqual([]);
  });
});
