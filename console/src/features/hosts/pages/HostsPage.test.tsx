import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../../shared/api/token';
import { VIEW_STORAGE_KEY } from '../hooks/useHostsView';
import { type Call, hostDto, renderRoute, serve } from '../test/fixtures';
import { HostsPage } from './HostsPage';

// Pages of 60 Chakra cards render slowly in jsdom on shared cores.
jest.setTimeout(30_000);

const searches = (calls: Call[]) => calls.filter((c) => c.url === '/v1/hosts/_search');

/** Answers `total` hosts in pages of 60, as the API does (the total in x-total-count). */
function catalogue(total: number) {
  return serve((call) => {
    if (call.url !== '/v1/hosts/_search') return { status: 404, body: { message: 'Introuvable' } };
    const { offset } = call.body as { offset: number; size: number };
    const count = Math.max(0, Math.min(60, total - offset));
    const hosts = Array.from({ length: count }, (_, i) =>
      hostDto({
        _id: `h${offset + i}`,
        address: `${offset + i + 1} Rue de la Paix 75002 Paris`,
      }),
    );
    return { status: 200, body: hosts, headers: { 'x-total-count': String(total) } };
  });
}

const open = (path = '/hosts') => renderRoute('/hosts', path, <HostsPage />);

describe('hosts list', () => {
  beforeEach(() => {
    setToken('t');
    window.localStorage.removeItem(VIEW_STORAGE_KEY);
  });

  it('loads the first page of 60 and links each property to its page', async () => {
    const calls = catalogue(2);
    open();

    const items = await screen.findAllByTestId('host-item');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveAttribute('href', '/host/h0');
    expect(within(items[0]).getByText('1 Rue de la Paix 75002 Paris')).toBeInTheDocument();
    expect(within(items[0]).getByText('1 200 € · 45 m² · 2 pièces')).toBeInTheDocument();
    expect(within(items[0]).getByText('Disponible')).toBeInTheDocument();
    expect(within(items[0]).getByText('Publié')).toBeInTheDocument();
    expect(screen.getByTestId('hosts-range')).toHaveTextContent('1–2 sur 2');
    expect(searches(calls)[0].body).toEqual({ offset: 0, size: 60 });
  });

  it('debounces the search box (200 ms) and keeps it in the URL', async () => {
    const calls = catalogue(3);
    const router = open();
    await screen.findAllByTestId('host-item');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Rechercher un bien' }), 'rivoli');

    await waitFor(() => expect(searches(calls)).toHaveLength(2));
    expect(searches(calls)[1].body).toEqual({ offset: 0, size: 60, input: 'rivoli' });
    expect(router.state.location.search).toBe('?q=rivoli');
    // Nothing more arrives once the typing has stopped: one call for six keystrokes.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(searches(calls)).toHaveLength(2);
  });

  it('toggles the availability chips (none = every host)', async () => {
    const calls = catalogue(3);
    const router = open();
    await screen.findAllByTestId('host-item');
    const available = screen.getByRole('button', { name: 'Disponibles' });
    const unavailable = screen.getByRole('button', { name: 'Non disponibles' });

    await userEvent.click(available);
    await waitFor(() =>
      expect(searches(calls).at(-1)?.body).toEqual({ offset: 0, size: 60, isActive: true }),
    );
    expect(available).toHaveAttribute('aria-pressed', 'true');
    expect(router.state.location.search).toBe('?dispo=1');

    await userEvent.click(unavailable);
    await waitFor(() =>
      expect(searches(calls).at(-1)?.body).toEqual({ offset: 0, size: 60, isActive: false }),
    );
    expect(unavailable).toHaveAttribute('aria-pressed', 'true');
    expect(available).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(unavailable);
    await waitFor(() => expect(searches(calls).at(-1)?.body).toEqual({ offset: 0, size: 60 }));
    expect(unavailable).toHaveAttribute('aria-pressed', 'false');
  });

  it('pages by 60 with previous / next and "x–y sur total"', async () => {
    const calls = catalogue(130);
    const router = open();
    await screen.findAllByTestId('host-item');
    expect(screen.getByTestId('hosts-range')).toHaveTextContent('1–60 sur 130');
    expect(screen.getByRole('button', { name: 'Page précédente' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Page suivante' }));
    await waitFor(() =>
      expect(screen.getByTestId('hosts-range')).toHaveTextContent('61–120 sur 130'),
    );
    expect(searches(calls).at(-1)?.body).toEqual({ offset: 60, size: 60 });
    expect(router.state.location.search).toBe('?page=2');

    await userEvent.click(screen.getByRole('button', { name: 'Page suivante' }));
    await waitFor(() =>
      expect(screen.getByTestId('hosts-range')).toHaveTextContent('121–130 sur 130'),
    );
    expect(screen.getAllByTestId('host-item')).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Page suivante' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Page précédente' }));
    await waitFor(() => expect(searches(calls).at(-1)?.body).toEqual({ offset: 60, size: 60 }));
  });

  it('reads the query back from the URL (reload keeps search, chip and page)', async () => {
    const calls = catalogue(130);
    open('/hosts?q=paix&dispo=0&page=2');
    await screen.findAllByTestId('host-item');
    expect(searches(calls)[0].body).toEqual({
      offset: 60,
      size: 60,
      input: 'paix',
      isActive: false,
    });
    expect(screen.getByRole('searchbox', { name: 'Rechercher un bien' })).toHaveValue('paix');
    expect(screen.getByRole('button', { name: 'Non disponibles' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it("says 'Aucun résultat' when nothing matches", async () => {
    catalogue(0);
    open();
    expect(await screen.findByText('Aucun résultat')).toBeInTheDocument();
    expect(screen.queryByTestId('host-item')).not.toBeInTheDocument();
    expect(screen.getByTestId('hosts-range')).toHaveTextContent('0 sur 0');
  });

  it('shows a loading state until the page arrives', async () => {
    let answer: (reply: { status: number; body: unknown }) => void = () => {};
    serve(() => new Promise((resolve) => (answer = resolve)));
    open();
    expect(await screen.findByText('Chargement des biens…')).toBeInTheDocument();
    answer({ status: 200, body: [] });
    expect(await screen.findByText('Aucun résultat')).toBeInTheDocument();
  });

  it('remembers the list / grid choice in this browser', async () => {
    catalogue(1);
    open();
    await screen.findAllByTestId('host-item');
    await userEvent.click(screen.getByRole('button', { name: 'Vue grille' }));
    expect(screen.getByRole('button', { name: 'Vue grille' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(window.localStorage.getItem(VIEW_STORAGE_KEY)).toBe('grid');
  });

  it('shows the warnings marker and the first photo', async () => {
    serve(() => ({
      status: 200,
      body: [
        hostDto({
          photoUrlEstate: ['ph1'],
          warnings: ['Pas de géolocalisation (adresse invalide ?)'],
        }),
      ],
      headers: { 'x-total-count': '1' },
    }));
    open();
    const item = await screen.findByTestId('host-item');
    expect(
      within(item).getByRole('img', { name: 'Pas de géolocalisation (adresse invalide ?)' }),
    ).toBeInTheDocument();
    expect(item.querySelector('img')).toHaveAttribute('src', '/v1/cache/image/ph1.png');
  });
});
