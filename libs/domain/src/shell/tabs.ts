import { Role, isAdmin, isStaff, isSuperAdmin } from '../auth/roles';

/** `detailPath`: the pages of one item of the tab (a property, a prospect…) that keep it current. */
export type TopTab = { key: string; label: string; path: string; detailPath?: string };

/** The top tabs in the order of the spec (§2 "Layouts and shell"). */
export const TOP_TABS: readonly TopTab[] = [
  { key: 'sales', label: 'Sales', path: '/sales' },
  { key: 'reloc', label: 'Reloc', path: '/reloc' },
  { key: 'hosts', label: 'Biens', path: '/hosts', detailPath: '/host/' },
  { key: 'prospects', label: 'B2B', path: '/prospects', detailPath: '/prospect/' },
  {
    key: 'announcements',
    label: 'B2C',
    path: '/announcements',
    detailPath: '/announcement/',
  },
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

/** Whether `tab` is the current one at `pathname`: its list, or the page of one of its items. */
export function isCurrentTab(tab: TopTab, pathname: string): boolean {
  return (
    pathname === tab.path ||
    pathname.startsWith(`${tab.path}/`) ||
    (!!tab.detailPath && pathname.startsWith(tab.detailPath))
  );
}
