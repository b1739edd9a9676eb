import { useEffect } from 'react';
import { Outlet, useMatches } from 'react-router-dom';
import type { RouteMeta } from '../routes';

/** Sets the document title from the route meta of the current page. */
function DocumentTitleEffect() {
  const matches = useMatches();
  const meta = [...matches].reverse().find((match) => match.handle)?.handle as
    RouteMeta | undefined;
  const title = meta?.title;
  useEffect(() => {
    document.title = title ? `${title} · Reloc` : 'Reloc';
  }, [title]);
  return null;
}

export function RootLayout() {
  return (
    <>
      <DocumentTitleEffect />
      <Outlet />
    </>
  );
}
