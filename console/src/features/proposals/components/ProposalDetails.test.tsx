import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../../shared/api/token';
import { ProjectPage } from '../../projects/page/ProjectPage';
import { renderRoute, signIn } from '../../projects/test/fixtures';
import { useShellStore } from '../../shell/store';
import { useProposalsStore } from '../store';
import { HOST_A, putsOf, row, serveProposals } from '../test/fixtures';
import type { ProposalRow } from '../types';

const openAt = (path: string) => renderRoute('/project/:id/:tab?/:subId?', path, <ProjectPage />);

const options = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.getAttribute('value'));

// Full project pages with many typed characters: slow on a loaded machine.
jest.setTimeout(20_000);

describe('proposal details', () => {
  beforeEach(() => {
    window.localStorage.clear();
    useShellStore.getState().reset();
    useProposalsStore.getState().reset();
    setToken('t');
    signIn('OPERATOR');
  });

  it('a rejected_* folder choice rejects and disables; the variants are then hidden', async () => {
    const calls = serveProposals({
      rows: () => [row(HOST_A)],
      onPut: () => ({
        status: 200,
        body: row(HOST_A, { folderStatus: 'rejected', status: 'denied_agency', disabled: true }),
      }),
    });
    openAt('/project/p1/proposals');
    const line = await screen.findByTestId(`proposal-row-${HOST_A}`);
    const folder = within(line).getByLabelText('Statut du dossier');
    expect(options(folder)).toContain('rejected_agency');

    await userEvent.selectOptions(folder, 'rejected_agency');
    await waitFor(() => expect(putsOf(calls)).toHaveLength(1));
    expect(putsOf(calls)[0].body).toEqual({ folderStatus: 'rejected_agency' });
    await waitFor(() => expect(line).toHaveAttribute('data-disabled', 'true'));
    expect(folder).toHaveValue('rejected');
    expect(within(line).getByLabelText('Statut de la proposition')).toHaveValue('denied_agency');
    expect(options(folder)).toEqual(['unknown', 'submitted', 'accepted', 'rejected']);
  });

  it("records who brought the property; 'Soumis par le client' cannot be picked", async () => {
    const calls = serveProposals({
      rows: () => [row(HOST_A)],
      onPut: () => ({ status: 200, body: row(HOST_A, { owner: 'sale' }) }),
    });
    openAt('/project/p1/proposals');
    await userEvent.click(await screen.findByTestId(`proposal-toggle-${HOST_A}`));
    const owner = await screen.findByLabelText('Proposé par');
    expect(owner).toHaveValue('');
    expect(within(owner).getByRole('option', { name: 'Soumis par le client' })).toBeDisabled();
    await userEvent.selectOptions(owner, 'sale');
    await waitFor(() => expect(putsOf(calls)).toHaveLength(1));
    expect(putsOf(calls)[0].body).toEqual({ owner: 'sale' });
    await waitFor(() => expect(owner).toHaveValue('sale'));
  });

  it("adds a comment as owner 'hil' with the staff member's name", async () => {
    const calls = serveProposals({
      rows: () => [row(HOST_A)],
      onPut: (_id, body) => {
        const sent = body.comments as { comment: string; name: string };
        return {
          status: 200,
          body: row(HOST_A, {
            comments: [{ ...sent, owner: 'hil', date: '2025-03-04T10:00:00.000Z' }],
          }),
        };
      },
    });
    openAt(`/project/p1/proposals/${HOST_A}`);
    const details = await screen.findByTestId(`proposal-details-${HOST_A}`);
    await userEvent.type(within(details).getByLabelText('Nouveau commentaire'), 'Agence rappelée');
    await userEvent.click(within(details).getByRole('button', { name: 'Ajouter le commentaire' }));

    await waitFor(() => expect(putsOf(calls)).toHaveLength(1));
    expect(putsOf(calls)[0].body).toEqual({
      comments: { comment: 'Agence rappelée', owner: 'hil', name: 'Claire Martin' },
    });
    expect(await within(details).findByText('Agence rappelée')).toBeVisible();
    expect(within(details).getByText(/Claire Martin · 04\/03\/2025/)).toBeVisible();
    expect(within(details).getByLabelText('Nouveau commentaire')).toHaveValue('');
  });

  it("'Prévenir le client' sends the planned visit after a confirmation", async () => {
    const visited: ProposalRow['visited'] = {
      dateVisite: '2026-03-05T09:15:00.000Z',
      author: 'sale',
      authorOther: null,
      report: null,
    };
    const calls = serveProposals({ rows: () => [row(HOST_A, { visited })] });
    const post = jest.fn();
    const fetchBefore = window.fetch;
    Object.defineProperty(window, 'fetch', {
      configurable: true,
      writable: true,
      value: async (input: RequestInfo | URL, init: RequestInit = {}) => {
        if (String(input).endsWith('/notify')) {
          post(String(input), JSON.parse(String(init.body)));
          return { ok: true, status: 204, text: async () => '' } as Response;
        }
        return fetchBefore(input, init);
      },
    });
    openAt(`/project/p1/visits/${HOST_A}`);
    const details = await screen.findByTestId(`proposal-details-${HOST_A}`);
    await userEvent.click(within(details).getByRole('button', { name: 'Prévenir le client' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Prévenir le client' });
    expect(post).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));

    expect(await screen.findByText('Le client a été prévenu de la visite')).toBeVisible();
    expect(post).toHaveBeenCalledWith(`/v1/proposals/lease/p1/host/${HOST_A}/notify`, {
      date: '05/03/2026',
      time: '10:15',
      address: 'a rue de la Paix, Paris',
    });
    expect(putsOf(calls)).toHaveLength(0);
  });
});
