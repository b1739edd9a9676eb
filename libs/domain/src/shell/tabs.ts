import { Role, isAdmin, isStaff, isSuperAdmin } from '../auth/roles';

export type TopTab = { key: string; label: string; path: string };

/** The top tabs in the order of the spec (§2 "Layouts and shell"). */
export const TOP_TABS: readonly TopTab[] = [
  { key: 'sales', label: 'Sales', path: '/sales' },
  { key: 'reloc', label: 'Reloc', path: '/reloc' },
  { key: 'hosts', label: 'Biens', path: '/hosts' },
  { key: 'prospects', label: 'B2B', path: '/prospects' },
  { key: 'announcements', label: 'B2C', path: '/announcements' },
  { key: 'billing', label: 'Règlements', path: '/billing' },
  { key: 'help', label: 'Aide', path: '/help' },
  { key: 'admin', label: 'Admin', path: '/admin' },
  { key: 'compta', label: 'Compta', path: '/compta' },
  { key: 'dashboard', label: 'Pilotage', path: '/dashboard' },
];

/** Admin is for the super admin only, Pilotage for admins; Compta is visible to all. */
export function visibleTopTabs(role: Role): TopTab[] {
  if (!isStaff(role)) return [];
  return TOP_TABS.filter((tab) => {
    if (tab.key === 'admin') return isSuperAdmin(role);
    if (tab.key === 'dashboard') return isAdmin(role);
    return true;
  });
}
