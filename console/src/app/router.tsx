import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { endSession, loginPathFor } from '../features/auth/session';
import { setSessionEndedHandler } from '../shared/api/client';
import { EmptyLayout } from './layouts/EmptyLayout';
import { RootLayout } from './layouts/RootLayout';
import { RouteErrorPage } from './layouts/RouteErrorPage';
import { type AppRoute, DefaultLayout, type LayoutName, ROUTES, type RouteMeta } from './routes';

const toRouteObject = ({ path, layout, title, Component }: AppRoute): RouteObject => ({
  path,
  Component,
  handle: { layout, title } satisfies RouteMeta,
});

const withLayout = (layout: LayoutName) =>
  ROUTES.filter((route) => route.layout === layout).map(toRouteObject);

/** The routes grouped under the layout their meta names, so a layout stays mounted. */
export const appRoutes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteErrorPage,
    children: [
      { Component: EmptyLayout, children: withLayout('empty') },
      { Component: DefaultLayout, children: withLayout('default') },
    ],
  },
];

/**
 * Starts fetching the chunks a path shows (its layout and screen): at start-up for the current
 * URL, so they load beside the entry instead of after it, and on hover of a link.
 */
export function prefetchRoute(pathname: string): void {
  for (const { route } of matchRoutes(appRoutes, pathname) ?? []) {
    const load = (route.Component as { load?: () => Promise<unknown> } | null | undefined)?.load;
    load?.().catch(() => undefined);
  }
}

type AppRouter = ReturnType<typeof createBrowserRouter>;

/** 'Invalid credentials' or a failed refresh: the api client removed the token; go home and
 * come back to the current page after the next login. */
export function handleSessionEnd(router: AppRouter): void {
  setSessionEndedHandler(() => {
    const { location } = router.state;
    endSession();
    if (location.pathname !== '/') void router.navigate(loginPathFor(location), { replace: true });
  });
}

export function createAppRouter(): AppRouter {
  const router = createBrowserRouter(appRoutes);
  handleSessionEnd(router);
  return router;
}
