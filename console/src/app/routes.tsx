import { isSuperAdmin } from '@reloc/domain';
import type { ComponentType } from 'react';
import { AboutPage } from '../features/about/AboutPage';
import { CallbackSsoPage } from '../features/auth/pages/CallbackSsoPage';
import { LoginPage } from '../features/auth/pages/LoginPage';
import { AdminPage } from '../features/admin';
import { BillingPage } from '../features/billing';
import { DashboardPage } from '../features/dashboard';
import { HelpPage } from '../features/knowledge';
import { NotificationsPage } from '../features/notifications';
import { ProspectPage, ProspectsPage } from '../features/prospects';
import { HostPage, HostsPage } from '../features/hosts';
import { AnnouncementPage, AnnouncementsPage } from '../features/announcements';
import { BoardPage } from '../features/projects/board/BoardPage';
import { ProjectPage } from '../features/projects/page/ProjectPage';
import { RequireRole } from '../features/shell/components/RequireRole';

export type LayoutName = 'default' | 'empty';

/** Route meta, readable with useMatches() as `handle`. */
export type RouteMeta = { layout: LayoutName; title: string };

export type AppRoute = RouteMeta & { path: string; Component: ComponentType };

const SuperAdminOnly = () => (
  <RequireRole allow={isSuperAdmin}>
    <AdminPage />
  </RequireRole>
);

/** The route table of spec §2 (history mode). */
export const ROUTES: readonly AppRoute[] = [
  { path: '/', layout: 'empty', title: 'Connexion', Component: LoginPage },
  { path: '/callback-sso', layout: 'empty', title: 'Connexion', Component: CallbackSsoPage },
  {
    path: '/notifications',
    layout: 'default',
    title: 'Notifications',
    Component: NotificationsPage,
  },
  { path: '/admin', layout: 'default', title: 'Administration', Component: SuperAdminOnly },
  { path: '/help', layout: 'default', title: 'Aide', Component: HelpPage },
  { path: '/about', layout: 'default', title: 'À propos', Component: AboutPage },
  { path: '/reloc', layout: 'default', title: 'Reloc', Component: BoardPage },
  { path: '/sales', layout: 'default', title: 'Sales', Component: BoardPage },
  { path: '/compta', layout: 'default', title: 'Compta', Component: BoardPage },
  { path: '/prospects', layout: 'default', title: 'B2B', Component: ProspectsPage },
  { path: '/announcements', layout: 'default', title: 'B2C', Component: AnnouncementsPage },
  { path: '/announcement/:id', layout: 'default', title: 'Annonce', Component: AnnouncementPage },
  { path: '/billing', layout: 'default', title: 'Règlements', Component: BillingPage },
  {
    path: '/project/:id/:tab?/:subId?',
    layout: 'default',
    title: 'Projet',
    Component: ProjectPage,
  },
  {
    path: '/prospect/:id/:tab?/:subId?',
    layout: 'default',
    title: 'Prospect',
    Component: ProspectPage,
  },
  { path: '/hosts', layout: 'default', title: 'Biens', Component: HostsPage },
  { path: '/host/:id', layout: 'default', title: 'Bien', Component: HostPage },
  { path: '/dashboard', layout: 'default', title: 'Pilotage', Component: DashboardPage },
  // Any other path behaves as a board with the default column set.
  { path: '*', layout: 'default', title: 'Projets', Component: BoardPage },
];
