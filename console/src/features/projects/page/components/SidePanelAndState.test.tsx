import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../../../shared/api/token';
import { type RecordedCall, stubFetch } from '../../../../test/http';
import { useShellStore } from '../../../shell/store';
import { project, renderRoute, signIn } from '../../test/fixtures';
import { ProjectPage } from '../ProjectPage';

const COMMENT = {
  _id: 'c1',
  content: 'Appelé ce matin',
  author: 'CMA',
  createdAt: '2025-02-03T10:00:00.000Z',
  visibility: 'all',
  owner: 'hil',
};

function serve() {
  let comments = [COMMENT];
  return stubFetch((call: RecordedCall) => {
    if (call.url === '/v1/lease/p1' && call.method === 'GET')
      return { status: 200, body: project() };
    if (call.url === '/v1/lease/p1' && call.method === 'POST') {
      return { status: 200, body: project({ ...JSON.parse(String(call.body)), _revision: 8 }) };
    }
    if (call.url === '/v1/comments/c1' && call.method === 'DELETE') {
      comments = [];
      return { status: 200, body: { message: 'ok' } };
    }
    if (call.url === '/v1/comments/for/p1') return { status: 200, body: comments };
    if (call.url === '/v1/timeline/for/p1') {
      return {
        status: 200,
        body: [
          { _id: 't2', date: '2025-02-01', label: 'Passé en A rappeler', author: 'CMA' },
          { _id: 't1', date: '2025-01-01', label: 'Création' },
        ],
      };
    }
    return { status: 200, body: [] };
  });
}

const posts = (calls: RecordedCall[], url: string) =>
  calls.filter((c) => c.method === 'POST' && c.url === url).map((c) => JSON.parse(String(c.body)));

describe('project state and side panel', () => {
  beforeEach(() => {
    useShellStore.getState().reset();
    setToken('t');
    signIn('SALE');
  });

  it('stops a project only once a reason is chosen, with 0 alert-skip days by default', async () => {
    const calls = serve();
    renderRoute('/project/:id/:tab?/:subId?', '/project/p1', <ProjectPage />);

    await userEvent.selectOptions(await screen.findByLabelText('État du projet'), 'stopped');
    const dialog = await screen.findByRole('dialog', { name: 'Raison de l’abandon' });
    expect(within(dialog).getAllByRole('radio')).toHaveLength(14);
    const confirm = within(dialog).getByRole('button', { name: 'Confirmer' });
    expect(confirm).toBeDisabled();

    await userEvent.click(within(dialog).getByText('Ne répond plus'));
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);

    await waitFor(() =>
      expect(posts(calls, '/v1/lease/p1')).toEqual([
        { stopped: true, abortMotivation: 'unresponsive', alertSkipDays: 0 },
      ]),
    );
    expect(await screen.findByLabelText('État du projet')).toHaveValue('stopped');
  });

  it("opens the panel from the chat button: timeline with 'Création' last and asks 'Etes vous sûr ?' before deleting a comment", async () => {
    const calls = serve();
    renderRoute('/project/:id/:tab?/:subId?', '/project/p1', <ProjectPage />);
    // jsdom applies the small-screen styles: the panel opens from the chat button.
    await userEvent.click(
      await screen.findByRole('button', { name: 'Commentaires et chronologie' }),
    );
    const panel = await screen.findByRole('dialog', { name: 'Commentaires et chronologie' });

    await userEvent.click(within(panel).getByRole('tab', { name: 'Chronologie' }));
    const items = await within(panel).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Passé en A rappeler'),
      expect.stringContaining('Création'),
    ]);

    await userEvent.click(within(panel).getByRole('tab', { name: 'Commentaires' }));
    await within(panel).findByText('Appelé ce matin');
    await userEvent.click(within(panel).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Etes vous sûr ?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Oui' }));

    await waitFor(() => expect(within(panel).queryByText('Appelé ce matin')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/v1/comments/c1')).toBe(true);
  });
});
