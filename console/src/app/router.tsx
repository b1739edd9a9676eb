import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { endSession, loginPathFor } from '../features/auth/session';
import { setSessionEndedHandler } from '../shared/api/client';
import { DefaultLayout } from './layouts/DefaultLayout';
import { EmptyLayout } from './layouts/EmptyLayout';
import { RootLayout } from './layouts/RootLayout';
import { RouteErrorPage } from './layouts/RouteErrorPage';
import { type AppRoute, type LayoutName, ROUTES, type RouteMeta } from './routes';

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
