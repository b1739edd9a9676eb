import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProjectStage } from '@reloc/domain';
import { setToken } from '../../../shared/api/token';
import { stubFetch } from '../../../test/http';
import { useShellStore } from '../../shell/store';
import { renderRoute, signIn, tile } from '../test/fixtures';
import { BoardPage } from './BoardPage';

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
});
