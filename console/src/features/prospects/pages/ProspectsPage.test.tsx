import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../../shared/api/token';
import { type RecordedCall, stubFetch } from '../../../test/http';
import { renderRoute, signIn } from '../../projects/test/fixtures';
import { useShellStore } from '../../shell/store';
import { prospectTile } from '../test/fixtures';
import { ProspectsPage } from './ProspectsPage';

jest.setTimeout(20_000);

const openBoard = () => renderRoute('/prospects', '/prospects', <ProspectsPage />);

describe('prospects board', () => {
  beforeEach(() => {
    useShellStore.getState().reset();
    setToken('t');
  });

  it('draws one column per stage with its count, and tiles with trigrams, tags and markers', async () => {
    signIn('SALE');
    stubFetch(() => ({
      status: 200,
      body: [
        prospectTile(1, { tags: ['Grand compte'] }),
        prospectTile(2, { currentProgress: 'pitched', stageLabel: 'Démo', stopped: true }),
        prospectTile(3, { canOpen: false, leadTrigram: 'JBE', saleTrigram: '???' }),
      ],
    }));
    openBoard();

    const column = await screen.findByRole('region', { name: 'Nouveaux prospects' });
    await within(column).findByText('Société 1');
    expect(within(column).getByLabelText('2 prospects')).toBeInTheDocument();
    expect(within(column).getByText('Grand compte')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Société 1/ })).toHaveAttribute(
      'href',
      '/prospect/65a1b2c3d4e5f60718290001',
    );
    expect(screen.queryByRole('link', { name: /Société 3/ })).toBeNull();
    const closed = screen.getByText('Société 3').closest('[data-testid="prospect-tile"]');
    expect(closed).toHaveAccessibleDescription("Vous n'êtes ni lead ni commercial sur ce prospect");
    expect(within(closed as HTMLElement).getByText('???')).toBeInTheDocument();
    // The download is for admins only.
    expect(screen.queryByRole('button', { name: 'Télécharger' })).toBeNull();
    // jsdom has no media queries: it lays out the small screen, one column at a time.
    expect(screen.queryByRole('region', { name: 'Démo' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Colonne affichée'), { target: { value: 'pitched' } });
    expect(
      within(screen.getByRole('region', { name: 'Démo' })).getByText('Abandonné'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Nouveaux prospects' })).toBeNull();
  });

  it('searches after 1 s and filters Actifs / Abandonnés / Tous', async () => {
    signIn('ADMIN');
    const calls = stubFetch(() => ({ status: 200, body: [] }));
    jest.useFakeTimers();
    try {
      openBoard();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(10);
      });
      fireEvent.change(screen.getByLabelText('Rechercher un prospect'), {
        target: { value: 'acme' },
      });
      await act(async () => {
        await jest.advanceTimersByTimeAsync(900);
      });
      expect(calls.map((c) => c.url)).toEqual(['/v1/prospects?filter=active']);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(200);
      });
      expect(calls.map((c) => c.url)).toEqual([
        '/v1/prospects?filter=active',
        '/v1/prospects?filter=active&search=acme',
      ]);
      fireEvent.change(screen.getByLabelText('État'), { target: { value: 'abandoned' } });
      await act(async () => {
        await jest.advanceTimersByTimeAsync(10);
      });
      expect(calls.at(-1)?.url).toBe('/v1/prospects?filter=abandoned&search=acme');
      expect(screen.getByRole('button', { name: 'Télécharger' })).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('creates a prospect: name required, sales person, duplicate refused, success opens it', async () => {
    signIn('SALE', 'SPE');
    useShellStore.getState().setStaff([
      {
        _id: 'u1',
        trigram: 'SPE',
        firstName: 'Sophie',
        lastName: 'Petit',
        email: 's@r.fr',
        role: 'SALE',
      },
      {
        _id: 'u2',
        trigram: null,
        firstName: 'Sans',
        lastName: 'Trigramme',
        email: 'x@r.fr',
        role: 'OPERATOR',
      },
    ]);
    let posts = 0;
    const calls = stubFetch((call: RecordedCall) => {
      if (call.method === 'POST') {
        posts += 1;
        return posts === 1
          ? { status: 400, body: { message: 'duplicateName' } }
          : { status: 201, body: { _id: '65a1b2c3d4e5f607182900aa' } };
      }
      return { status: 200, body: [] };
    });
    const router = openBoard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Nouveau prospect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau prospect' });
    await user.click(within(dialog).getByRole('button', { name: 'Créer le prospect' }));
    expect(await within(dialog).findByText('Obligatoire')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/^Nom/), 'Acme');
    const sale = within(dialog).getByLabelText('Commercial');
    expect(
      within(sale)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Non défini', 'SPE - Sophie Petit']);
    await user.selectOptions(sale, 'SPE');
    await user.click(within(dialog).getByRole('button', { name: 'Créer le prospect' }));
    expect(await within(dialog).findByText('Le prospect existe déjà')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Créer le prospect' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/prospect/65a1b2c3d4e5f607182900aa'),
    );
    const bodies = calls.filter((c) => c.method === 'POST').map((c) => JSON.parse(String(c.body)));
    expect(bodies[1]).toEqual({ name: 'Acme', assignees: { sale: 'SPE' } });
  });
});
