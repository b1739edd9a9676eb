// Chakra's global CSS, precomputed (see prebuiltChakraGlobalCss in vite.config.ts). Here, not in
// main.tsx: a stylesheet in index.html would hold main.tsx (and its early calls) until loaded;
// this one loads beside this chunk, before the first render.
import './chakra-global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './AppProviders';
import { createAppRouter, prefetchRoute } from './router';
import { useShellStore } from '../features/shell/store';
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

// The other screens' chunks, once the first screen is up and the browser has nothing to do:
// after the shell has its session (a board, a file…), or after a few seconds (the login).
let prefetching = false;
const prefetchOthers = () => {
  if (prefetching) return;
  prefetching = true;
  whenIdle(() => void prefetchScreens());
};
const stopWatching = useShellStore.subscribe((state) => {
  if (!state.me) return;
  stopWatching();
  prefetchOthers();
});
window.setTimeout(prefetchOthers, 3000);
