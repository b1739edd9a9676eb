import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/AppProviders';
import { createAppRouter, prefetchRoute } from './app/router';
import { prefetchScreens } from './app/routes';

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
const whenIdle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 2000));
window.addEventListener('load', () => whenIdle(() => void prefetchScreens()), { once: true });
