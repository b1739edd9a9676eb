import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { system } from '../app/theme';
import { Snackbar } from '../shared/ui/Snackbar';

/** Renders with the console's Chakra system, as the app does. */
export function renderWithTheme(ui: ReactElement) {
  return render(<ChakraProvider value={system}>{ui}</ChakraProvider>);
}

export const Providers = ({ children }: { children: ReactNode }) => (
  <ChakraProvider value={system}>
    {children}
    <Snackbar />
  </ChakraProvider>
);

/** Renders `element` at `path` under a memory router with the given route pattern. */
export function renderRoute(pattern: string, path: string, element: ReactNode) {
  const router = createMemoryRouter(
    [
      { path: pattern, element },
      { path: '*', element: <p>ailleurs</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}
