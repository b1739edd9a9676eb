import { Box } from '@chakra-ui/react';
import { isSuperAdmin } from '@reloc/domain';
import type { ComponentType, ReactNode } from 'react';
import { RequireRole } from '../features/shell/components/RequireRole';
import { lazyPart } from '../shared/ui/lazyPart';
import { LoadingState } from '../shared/ui/LoadingState';

/**
 * A screen loaded with its route (its own chunk): only the first screen's code is fetched
 * before it shows (main.tsx starts the current route's at once); a link's on hover
 * (`prefetchRoute`), and `prefetchScreens` fetches the others once the browser is idle.
 */
function screen<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  fallback: ReactNode = null,
) {
  loaders.add(load);
  return lazyPart(load, pick, fallback);
}
const loaders = new Set<() => Promise<unknown>>();

/** The shell of every signed-in screen (header, tabs, viewer): not needed by the login. */
export const DefaultLayout = screen(
  () => import('./layouts/DefaultLayout'),
  (m) => m.DefaultLayout,
  <Box as="main">
    <LoadingState label="Chargement de votre espace…" />
  </Box>,
);

const LoginPage = screen(
  () => import('../features/auth/pages/LoginPage'),
  (m) => m.LoginPage,
);
const CallbackSsoPage = screen(
  () => import('../features/auth/pages/CallbackSsoPage'),
  (m) => m.CallbackSsoPage,
);
const AboutPage = screen(
  () => import('../features/about/AboutPage'),
  (m) => m.AboutPage,
);
const AdminPage = screen(
  () => import('../features/admin/AdminPage'),
  (m) => m.AdminPage,
);
const BillingPage = screen(
  () => import('../features/billing'),
  (m) => m.BillingPage,
);
const DashboardPage = screen(
  () => import('../features/dashboard'),
  (m) => m.DashboardPage,
);
const HelpPage = screen(
  () => import('../features/knowledge'),
  (m) => m.HelpPage,
);
const NotificationsPage = screen(
  () => import('../features/notifications'),
  (m) => m.NotificationsPage,
);
const prospects = () => import('../features/prospects');
const ProspectPage = screen(prospects, (m) => m.ProspectPage);
const ProspectsPage = screen(prospects, (m) => m.ProspectsPage);
const hosts = () => import('../features/hosts');
const HostPage = screen(hosts, (m) => m.HostPage);
const HostsPage = screen(hosts, (m) => m.HostsPage);
const announcements = () => import('../features/announcements');
const AnnouncementPage = screen(announcements, (m) => m.AnnouncementPage);
const AnnouncementsPage = screen(announcements, (m) => m.AnnouncementsPage);
const BoardPage = screen(
  () => import('../features/projects/board/BoardPage'),
  (m) => m.BoardPage,
);
const ProjectPage = screen(
  () => import('../features/projects/page/ProjectPage'),
  (m) => m.ProjectPage,
);

/** Fetches every screen's chunk (once the first screen is up and the browser idle). */
export async function prefetchScreens(): Promise<void> {
  await Promise.all([...loaders].map((load) => load().catch(() => undefined)));
}

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
