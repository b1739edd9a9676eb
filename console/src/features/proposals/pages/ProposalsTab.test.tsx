import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../../shared/api/token';
import { renderRoute, signIn } from '../../projects/test/fixtures';
import { ProjectPage } from '../../projects/page/ProjectPage';
import { useShellStore } from '../../shell/store';
import { useProposalsStore } from '../store';
import { HOST_A, HOST_B, putsOf, row, serveProposals } from '../test/fixtures';
import type { ProposalRow } from '../types';

const openAt = (path: string) => renderRoute('/project/:id/:tab?/:subId?', path, <ProjectPage />);

const rowOf = (hostId: string) => screen.findByTestId(`proposal-row-${hostId}`);

// Full project pages with many typed characters: slow on a loaded machine.
jest.setTimeout(20_000);

describe('Proposals tab', () => {
  beforeEach(() => {
    window.localStorage.clear();
    useShellStore.getState().reset();
    useProposalsStore.getState().reset();
    setToken('t');
    signIn('OPERATOR');
  });

  it('adds a property by id; a duplicate says so above the table, an unknown id alerts', async () => {
    const rows: ProposalRow[] = [row(HOST_A)];
    const calls = serveProposals({
      rows: () => rows,
      onPost: (hostId) => {
        if (hostId === HOST_A)
          return { status: 409, body: { message: 'Cette proposition existe déjà' } };
        if (hostId === HOST_B) return { status: 200, body: row(HOST_B) };
        return { status: 404, body: { message: "Ce bien n'existe pas" } };
      },
    });
    openAt('/project/p1/proposals');
    await rowOf(HOST_A);
    const input = screen.getByLabelText('Identifiant du bien');
    const add = screen.getByRole('button', { name: 'Ajouter' });

    await userEvent.type(input, 'not-an-id');
    expect(add).toBeDisabled();

    await userEvent.clear(input);
    await userEvent.type(input, HOST_A);
    await userEvent.click(add);
    expect(await screen.findByRole('alert')).toHaveTextContent('Cette proposition existe déjà');

    await userEvent.clear(input);
    await userEvent.type(input, 'dddddddddddddddddddddddd');
    await userEvent.click(add);
    await waitFor(() =>
      expect(screen.getByTestId('add-proposal-error')).toHaveTextContent("Ce bien n'existe pas"),
    );

    await userEvent.clear(input);
    await userEvent.type(input, HOST_B);
    await userEvent.click(add);
    await rowOf(HOST_B);
    expect(input).toHaveValue('');
    expect(screen.queryByTestId('add-proposal-error')).toBeNull();
    const posts = calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body]);
    expect(posts.at(-1)).toEqual([`/v1/proposals/lease/p1/host/${HOST_B}`, '{}']);
  });

  it('a denied status disables the proposal (greyed, said in its details)', async () => {
    const calls = serveProposals({
      rows: () => [row(HOST_A)],
      onPut: (_id, body) => ({ status: 200, body: row(HOST_A, body as Partial<ProposalRow>) }),
    });
    openAt(`/project/p1/proposals/${HOST_A}`);
    const line = await rowOf(HOST_A);
    await userEvent.selectOptions(
      within(line).getByLabelText('Statut de la proposition'),
      'denied_no_match',
    );

    await waitFor(() =>
      expect(putsOf(calls)).toEqual([
        {
          url: `/v1/proposals/lease/p1/host/${HOST_A}`,
          body: { status: 'denied_no_match', disabled: true },
        },
      ]),
    );
    expect(line).toHaveAttribute('data-disabled', 'true');
    const details = screen.getByTestId(`proposal-details-${HOST_A}`);
    expect(within(details).getByText('Cette proposition est désactivée')).toBeVisible();

    await userEvent.selectOptions(
      within(line).getByLabelText('Statut de la proposition'),
      'en_cours',
    );
    await waitFor(() => expect(putsOf(calls)).toHaveLength(2));
    expect(putsOf(calls)[1].body).toEqual({ status: 'en_cours', disabled: false });
    await waitFor(() => expect(line).not.toHaveAttribute('data-disabled'));
  });

  it('toggles the opinion; the latest decides, a failure rolls back with the snackbar', async () => {
    let fail = false;
    const calls = serveProposals({
      rows: () => [row(HOST_A)],
      onPut: (_id, body) => {
        if (fail) return { status: 500, body: { message: 'boom' } };
        const at = '2025-03-01T00:00:00.000Z';
        return {
          status: 200,
          body: row(HOST_A, body.liked ? { liked: at } : body.disliked ? { disliked: at } : {}),
        };
      },
    });
    openAt('/project/p1/proposals');
    const line = await rowOf(HOST_A);
    const like = within(line).getByRole('button', { name: 'J’aime' });
    const dislike = within(line).getByRole('button', { name: 'Je n’aime pas' });
    expect(like).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(like);
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.click(dislike);
    await waitFor(() => expect(dislike).toHaveAttribute('aria-pressed', 'true'));
    expect(like).toHaveAttribute('aria-pressed', 'false');
    expect(putsOf(calls).map((p) => p.body)).toEqual([{ liked: true }, { disliked: true }]);

    fail = true;
    await userEvent.click(like);
    expect(await screen.findByText('Une erreur a eu lieu')).toBeVisible();
    expect(dislike).toHaveAttribute('aria-pressed', 'true');
    expect(like).toHaveAttribute('aria-pressed', 'false');
  });

  it('expanding a row rewrites the route without history; the route opens its row', async () => {
    serveProposals({ rows: () => [row(HOST_A), row(HOST_B)] });
    const router = openAt(`/project/p1/proposals/${HOST_B}`);
    expect(await screen.findByTestId(`proposal-details-${HOST_B}`)).toBeVisible();
    expect(screen.queryByTestId(`proposal-details-${HOST_A}`)).toBeNull();

    await userEvent.click(screen.getByTestId(`proposal-toggle-${HOST_A}`));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/project/p1/proposals/${HOST_A}`),
    );
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByTestId(`proposal-details-${HOST_A}`)).toBeVisible();
    expect(screen.queryByTestId(`proposal-details-${HOST_B}`)).toBeNull();

    await userEvent.click(screen.getByTestId(`proposal-toggle-${HOST_A}`));
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/p1/proposals'));
    expect(screen.queryByTestId(`proposal-details-${HOST_A}`)).toBeNull();
  });

  it('sets the final property through the project autosave', async () => {
    const calls = serveProposals({ rows: () => [row(HOST_A)] });
    openAt(`/project/p1/proposals/${HOST_A}`);
    const details = await screen.findByTestId(`proposal-details-${HOST_A}`);
    await userEvent.click(
      within(details).getByRole('button', { name: 'Choisir comme bien final' }),
    );

    expect(within(await rowOf(HOST_A)).getByTestId('final-estate')).toHaveTextContent('Bien final');
    expect(within(details).getByRole('button', { name: 'Retirer le bien final' })).toBeVisible();
    await waitFor(
      () => {
        const put = calls.find((c) => c.url === '/v1/lease/p1' && c.method === 'PUT');
        expect(JSON.parse(String(put?.body))).toEqual({ _revision: 7, chosenEstate: HOST_A });
      },
      { timeout: 3000 },
    );
  });

  it("shows 'Pas d'adresse' and 'Pas d'adresse de travail' instead of travel times", async () => {
    serveProposals({
      rows: () => [row(HOST_A, { _host: { ...row(HOST_A)._host!, address: null } }), row(HOST_B)],
      project: { addressWork: null, addressWorkObject: null },
    });
    openAt('/project/p1/proposals');
    expect(within(await rowOf(HOST_A)).getByText("Pas d'adresse")).toBeVisible();
    expect(within(await rowOf(HOST_B)).getByText("Pas d'adresse de travail")).toBeVisible();
  });
});
