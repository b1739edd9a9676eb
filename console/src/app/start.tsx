import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './AppProviders';
import { createAppRouter, prefetchRoute } from './router';
import { whenIdle } from '../shared/ui/lazyPart';
import { prefetchScreens } from './routes';

// The app itself, loaded by main.tsx once it has started the current route's early calls.
prefetchRoute(window.location.pathname);
const router = createAppRouter();
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

// The other screens' chunks, once the first screen is up and the browser has nothing to do.
// This module loads after the page (main.tsx imports it), whose load event may be past: a delay
// keeps them from competing with the first screen's own chunks and calls.
const FIRST_SCREEN_MS = 3000;
window.setTimeout(() => whenIdle(() => void prefetchScreens()), FIRST_SCREEN_MS);
