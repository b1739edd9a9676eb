import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProjectStage } from '@reloc/domain';
import { setToken } from '../../../shared/api/token';
import { stubFetch } from '../../../test/http';
import { useShellStore } from '../../shell/store';
import { renderRoute, signIn, tile } from '../test/fixtures';
import { BoardPage } from './BoardPage';
import { ROW_PX } from './components/BoardColumn';

function serveBoard() {
  return stubFetch((call) => {
    const { progress, search } = JSON.parse(String(call.body ?? '{}')) as {
      progress: ProjectStage;
      search?: string;
    };
    const leases =
      progress === 'sentToAL' && !search
        ? [
            tile('p1', 'sentToAL', {
              tags: ['VIP'],
              assignees: { reloc: 'JBE' },
              activeAlerts: ['x'],
            }),
          ]
        : [];
    return {
      status: 200,
      body: { leases, total: leases.length, counts: { [progress]: leases.length } },
    };
  });
}

describe('board page', () => {
  beforeEach(() => {
    window.localStorage.clear();
    useShellStore.getState().reset();
    setToken('t');
  });

  it('shows the columns of the route and role, their counts, the tiles and the empty columns', async () => {
    signIn('SUPERADMIN');
    serveBoard();
    const router = renderRoute('*', '/compta', <BoardPage />);

    expect(screen.getByRole('heading', { name: 'Tableau Compta' })).toBeInTheDocument();
    // Small-screen styles apply in jsdom: only the selected column is displayed.
    const headings = screen
      .getAllByRole('heading', { level: 2, hidden: true })
      .map((h) => h.textContent);
    expect(headings).toEqual(['Envoyé à AL', 'Relance AL', 'Payé']);
    const sent = screen.getByTestId('column-sentToAL');
    const card = await within(sent).findByTestId('project-tile');
    expect(card).toHaveTextContent('Marie Durand p1');
    expect(card).toHaveTextContent('Acme');
    expect(card).toHaveTextContent('VIP');
    expect(card).toHaveTextContent('JBE');
    expect(card).toHaveTextContent('03/02/2025');
    expect(card).toHaveTextContent('Alerte');
    expect(within(sent).getByLabelText('1 projets')).toBeInTheDocument();
    expect(
      await within(screen.getByTestId('column-paid')).findByText('Aucun résultat'),
    ).toBeInTheDocument();

    await userEvent.click(card);
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/p1'));
  });

  it('hides relanceAL and paid from an operator, and debounces the search', async () => {
    signIn('OPERATOR');
    const calls = serveBoard();
    renderRoute('*', '/compta', <BoardPage />);
    expect(
      screen.getAllByRole('heading', { level: 2, hidden: true }).map((h) => h.textContent),
    ).toEqual(['Envoyé à AL']);
    await screen.findByTestId('project-tile');

    await userEvent.type(screen.getByLabelText('Rechercher un projet'), 'marie');

    await waitFor(() => expect(screen.queryByTestId('project-tile')).toBeNull());
    const searches = calls.filter((c) => String(c.body).includes('"search"'));
    expect(searches.map((c) => JSON.parse(String(c.body)).search)).toEqual(['marie']);
  });

  it('draws only the tiles near the scrolled place of a long column, and asks the next pages', async () => {
    signIn('SUPERADMIN');
    const calls = stubFetch((call) => {
      const { progress, offset } = JSON.parse(String(call.body ?? '{}')) as {
        progress: ProjectStage;
        offset: number;
      };
      const total = progress === 'paid' ? 1000 : 0;
      const leases = Array.from({ length: Math.min(200, total - offset) }, (_, i) =>
        tile(`p${offset + i}`, 'paid'),
      );
      return { status: 200, body: { leases, total, counts: { [progress]: total } } };
    });
    renderRoute('*', '/compta', <BoardPage />);
    const paid = screen.getByTestId('column-paid');
    await waitFor(() => expect(paid).toHaveAttribute('data-loaded', '200'));
    const drawn = () =>
      within(paid)
        .getAllByTestId('project-tile')
        .map((t) => t.getAttribute('data-project-id'));
    expect(drawn()).toContain('p0');
    expect(drawn().length).toBeLessThan(30);
    expect(calls.filter((c) => String(c.body).includes('"paid"'))).toHaveLength(1);

    const list = paid.lastElementChild as HTMLElement;
    list.scrollTop = 100 * ROW_PX;
    fireEvent.scroll(list);

    await waitFor(() => expect(drawn()).toContain('p100'));
    expect(drawn()).not.toContain('p0');
    expect(drawn().length).toBeLessThan(30);
    // 100 tiles from the end of what is loaded: the rest of the column is asked at once.
    await waitFor(() => expect(paid).toHaveAttribute('data-loaded', '1000'));
    const offsets = calls
      .map((c) => JSON.parse(String(c.body)) as { progress: string; offset: number })
      .filter((b) => b.progress === 'paid')
      .map((b) => b.offset);
    expect(offsets).toEqual([0, 200, 400, 600, 800]);
  });
});
