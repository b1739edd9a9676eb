import { isCurrentTab, TOP_TABS, type TopTab, visibleTopTabs } from './tabs';

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

describe('isCurrentTab', () => {
  const tab = (key: string) => TOP_TABS.find((t) => t.key === key) as TopTab;
  it('keeps the list tab current on the page of one of its items', () => {
    expect(isCurrentTab(tab('hosts'), '/hosts')).toBe(true);
    expect(isCurrentTab(tab('hosts'), '/host/65a1b2c3d4e5f60718293a4b')).toBe(true);
    expect(isCurrentTab(tab('prospects'), '/prospect/abc/contacts')).toBe(true);
    expect(isCurrentTab(tab('sales'), '/host/65a1b2c3d4e5f60718293a4b')).toBe(false);
    expect(isCurrentTab(tab('hosts'), '/hostsx')).toBe(false);
  });
});
