import { ChakraProvider } from '@chakra-ui/react';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { system } from '../../../app/theme';
import { getToken } from '../../../shared/api/token';
import { stubFetch } from '../../../test/http';
import { CallbackSsoPage } from './CallbackSsoPage';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/callback-sso', Component: CallbackSsoPage },
      { path: '*', element: <p>ailleurs</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <ChakraProvider value={system}>
      <RouterProvider router={router} />
    </ChakraProvider>,
  );
  return router;
}

describe('CallbackSsoPage', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });

  it('trades the code for a token and goes to the route asked before Google', async () => {
    window.sessionStorage.setItem('reloc.ssoRedirect', '/prospects');
    const calls = stubFetch(() => ({ status: 200, body: { token: 'sso-token' } }));
    const router = renderAt('/callback-sso?code=abc&state=xyz');

    await waitFor(() => expect(router.state.location.pathname).toBe('/prospects'));
    expect(getToken()).toBe('sso-token');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0].body))).toEqual({ code: 'abc', state: 'xyz' });
  });

  it.each([
    [401, 'Votre compte est désactivé'],
    [404, "Votre compte n'existe pas sur la plateforme"],
    [500, 'Une erreur interne a eu lieu'],
  ])('explains a %i, with a link back to the login', async (status, text) => {
    stubFetch(() => ({ status, body: { message: 'x' } }));
    renderAt(`/callback-sso?code=code-${status}`);

    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('link', { name: 'Retour à la connexion' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(getToken()).toBeNull();
  });

  it('fails without a code', async () => {
    const calls = stubFetch(() => ({ status: 200, body: {} }));
    renderAt('/callback-sso');
    expect(await screen.findByRole('alert')).toHaveTextContent('Une erreur interne a eu lieu');
    expect(calls).toHaveLength(0);
  });
});
