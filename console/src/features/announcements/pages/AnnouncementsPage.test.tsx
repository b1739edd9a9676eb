import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Announcement } from '@reloc/domain';
import { setToken } from '../../../shared/api/token';
import { renderRoute, serve } from '../../hosts/test/fixtures';
import { AnnouncementsPage } from './AnnouncementsPage';

jest.setTimeout(30_000);

const announcement = (i: number, extra: Partial<Announcement> = {}): Announcement => ({
  _id: `65a1b2c3d4e5f6071829${String(i).padStart(4, '0')}`,
  title: `Annonce ${i}`,
  url: `https://annonces.exemple.fr/${i}`,
  address: `${i} rue de Lyon`,
  description: null,
  saleTrigram: 'SPE',
  contactName: null,
  contactPhoneNumber: null,
  contactEmail: null,
  currentProgress: 'prospect',
  stopReason: null,
  projectId: null,
  createdAt: new Date(Date.UTC(2026, 0, 1 + (i % 300))).toISOString(),
  ...extra,
});

describe('announcements table', () => {
  beforeEach(() => setToken('t'));

  it('loops pages of 200 until an empty one, newest first, searched in the browser', async () => {
    const all = Array.from({ length: 203 }, (_, i) => announcement(i));
    all[5] = announcement(5, { title: 'Studio Grenoble', saleTrigram: 'HGA', projectId: 'p1' });
    all[6] = announcement(6, { address: '3 place Grenette, Grenoble', currentProgress: 'stopped' });
    const calls = serve((call) => {
      const url = new URL(call.url, 'http://x');
      const offset = Number(url.searchParams.get('offset'));
      const size = Number(url.searchParams.get('size'));
      return { status: 200, body: all.slice(offset, offset + size) };
    });
    renderRoute('/announcements', '/announcements', <AnnouncementsPage />);

    const rows = await screen.findAllByTestId('announcement-row');
    expect(rows).toHaveLength(203);
    expect(calls.map((c) => c.url)).toEqual([
      '/v1/announcements?offset=0&size=200',
      '/v1/announcements?offset=200&size=200',
      '/v1/announcements?offset=400&size=200',
    ]);
    expect(within(rows[0]).getByText('Annonce 202')).toBeInTheDocument();

    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Rechercher une annonce' }),
      'grenoble',
    );
    await waitFor(() => expect(screen.getAllByTestId('announcement-row')).toHaveLength(2));
    const [studio] = screen
      .getAllByTestId('announcement-row')
      .filter((row) => within(row).queryByText('Studio Grenoble'));
    expect(within(studio).getByRole('img', { name: 'Converti en projet' })).toBeInTheDocument();
    expect(within(studio).getByRole('link')).toHaveAttribute('href', `/announcement/${all[5]._id}`);
    expect(screen.getByText('Abandonné')).toBeInTheDocument();

    await userEvent.clear(screen.getByRole('searchbox', { name: 'Rechercher une annonce' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Rechercher une annonce' }), 'hga');
    await waitFor(() => expect(screen.getAllByTestId('announcement-row')).toHaveLength(1));
  });

  it("says 'Aucun résultat' when there is none", async () => {
    serve(() => ({ status: 200, body: [] }));
    renderRoute('/announcements', '/announcements', <AnnouncementsPage />);
    expect(await screen.findByText('Aucun résultat')).toBeInTheDocument();
  });
});
