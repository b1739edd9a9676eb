import { ChakraProvider } from '@chakra-ui/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { useShellStore } from '../features/shell/store';
import { getToken, setToken } from '../shared/api/token';
import { stubFetch } from '../test/http';
import { appRoutes, handleSessionEnd } from './router';
import { prefetchScreens } from './routes';
import { system } from './theme';

const staffStatus = (role: string) => ({
  ok: true,
  isLogged: true,
  id: 'u1',
  role,
  email: 'claire.martin@reloc.fr',
  firstName: 'Claire',
  lastName: 'Martin',
  trigram: 'CMA',
  createdAt: '2024-03-12T10:00:00.000Z',
  projectId: null,
  billing: { outstanding: 0 },
  rewards: { custom: 0 },
});

function serve(status: unknown) {
  return stubFetch((call) => {
    if (call.url === '/v1/status.json') return { status: 200, body: status };
    if (call.url.startsWith('/v1/notifications')) {
      return {
        status: 200,
        body: { notifications: [{ _id: 'n1' }, { _id: 'n2', seen: true }], total: 2 },
      };
    }
    if (call.url === '/v1/partner/staff') return { status: 200, body: [] };
    if (call.url === '/v1/release.json') return { status: 200, body: { ts: 1 } };
    return { status: 404, body: { message: 'Introuvable' } };
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  handleSessionEnd(router as never);
  render(
    <ChakraProvider value={system}>
      <RouterProvider router={router} />
    </ChakraProvider>,
  );
  return router;
}

// Screens are loaded with their routes (their own chunks): load them once, as the idle prefetch does.
beforeAll(() => prefetchScreens(), 60_000);

describe('default layout', () => {
  beforeEach(() => {
    window.localStorage.clear();
    useShellStore.getState().reset();
  });

  it('sends a visitor who is not logged in to the login, remembering the path', async () => {
    serve({ ok: true, isLogged: false });
    const router = renderAt('/hosts');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe('?redirect=%2Fhosts');
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
  });

  it('logs a USER out at once', async () => {
    setToken('t-user');
    serve(staffStatus('USER'));
    const router = renderAt('/sales');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe('');
    expect(getToken()).toBeNull();
  });

  it('loads the feed and the staff, then shows the tabs of the role and the unseen count', async () => {
    setToken('t-admin');
    const calls = serve(staffStatus('ADMIN'));
    renderAt('/reloc');

    const nav = await screen.findByRole('navigation', { name: 'Navigation principale' });
    const tabs = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(tabs).toEqual([
      'Sales',
      'Reloc',
      'Biens',
      'B2B',
      'B2C',
      'Règlements',
      'Aide',
      'Compta',
      'Pilotage',
    ]);
    expect(within(nav).getByRole('link', { name: 'Reloc' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('button', { name: 'Notifications : 1 non lue' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Tableau Reloc' })).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual(
      expect.arrayContaining([
        '/v1/status.json',
        '/v1/notifications?page=0&pageSize=100',
        '/v1/partner/staff',
      ]),
    );
  });

  it('asks the feed once at start-up and shows the unseen count the server gave with it', async () => {
    setToken('t-admin');
    const calls = stubFetch((call) => {
      if (call.url === '/v1/status.json') return { status: 200, body: staffStatus('ADMIN') };
      if (call.url.startsWith('/v1/notifications'))
        return {
          status: 200,
          body: { notifications: [{ _id: 'n1' }, { _id: 'n2', seen: true }], total: 9, unseen: 5 },
        };
      if (call.url === '/v1/partner/staff') return { status: 200, body: [] };
      if (call.url === '/v1/release.json') return { status: 200, body: { ts: 1 } };
      return { status: 404, body: { message: 'Introuvable' } };
    });
    renderAt('/reloc');

    expect(await screen.findByRole('heading', { name: 'Tableau Reloc' })).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Notifications : 5 non lues' }),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/v1/notifications'))).toHaveLength(1);
  });

  it('renders an unknown path as the default board inside the layout', async () => {
    setToken('t-op');
    serve(staffStatus('OPERATOR'));
    renderAt('/foo');

    expect(await screen.findByRole('heading', { name: 'Tableau des projets' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Navigation principale' })).toBeInTheDocument();
  });

  it('logs out with the toolbar button: the server revokes the session first', async () => {
    setToken('t-sale');
    const calls = serve(staffStatus('SALE'));
    const router = renderAt('/sales');

    await userEvent.click(await screen.findByRole('button', { name: 'Se déconnecter' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getToken()).toBeNull();
    const logout = calls.filter((c) => c.url === '/v1/logout');
    expect(logout).toHaveLength(1);
    expect(logout[0]).toMatchObject({
      method: 'POST',
      headers: { Authorization: 'Bearer t-sale' },
    });
  });

  it("returns to the login, remembering the page, on 'Invalid credentials'", async () => {
    setToken('revoked');
    stubFetch(() => ({ status: 401, body: { message: 'Invalid credentials' } }));
    const router = renderAt('/billing');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe('?redirect=%2Fbilling');
    expect(getToken()).toBeNull();
  });

  it('refreshes a token that status.json no longer accepts, once, and stays', async () => {
    setToken('expired');
    const calls = stubFetch((call) => {
      if (call.url === '/v1/refresh') return { status: 200, body: { token: 'fresh' } };
      if (call.url === '/v1/status.json') {
        return call.headers.Authorization === 'Bearer fresh'
          ? { status: 200, body: staffStatus('VENDOR') }
          : { status: 200, body: { ok: true, isLogged: false } };
      }
      if (call.url.startsWith('/v1/notifications')) {
        return { status: 200, body: { notifications: [], total: 0 } };
      }
      return { status: 200, body: [] };
    });
    const router = renderAt('/hosts');

    expect(await screen.findByRole('heading', { name: 'Biens' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/hosts');
    expect(getToken()).toBe('fresh');
    expect(calls.filter((c) => c.url === '/v1/refresh')).toHaveLength(1);
    expect(
      screen.getByRole('button', { name: 'Notifications : aucune non lue' }),
    ).toBeInTheDocument();
  });

  it.each([
    ['OPERATOR', '/admin', 'Administration'],
    ['SALE', '/admin', 'Administration'],
  ])('keeps a %s out of %s', async (role, path, title) => {
    setToken('t');
    serve(staffStatus(role));
    renderAt(path);

    expect(await screen.findByText('Accès réservé')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: title })).toBeNull();
  });
});
