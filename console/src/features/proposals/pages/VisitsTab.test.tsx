import { visitDateTimeFromIso, visitInstantOf } from '@reloc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../../shared/api/token';
import { renderRoute, signIn } from '../../projects/test/fixtures';
import { ProjectPage } from '../../projects/page/ProjectPage';
import { useShellStore } from '../../shell/store';
import { useProposalsStore } from '../store';
import { HOST_A, HOST_B, HOST_C, putsOf, row, serveProposals } from '../test/fixtures';
import type { ProposalRow } from '../types';

const openAt = (path: string) => renderRoute('/project/:id/:tab?/:subId?', path, <ProjectPage />);

const visit = (dateVisite: string, extra: Partial<NonNullable<ProposalRow['visited']>> = {}) => ({
  visited: { dateVisite, author: 'operator' as const, authorOther: null, report: null, ...extra },
});

// Full project pages with many typed characters: slow on a loaded machine.
jest.setTimeout(20_000);

describe('Visits tab', () => {
  beforeEach(() => {
    window.localStorage.clear();
    useShellStore.getState().reset();
    useProposalsStore.getState().reset();
    setToken('t');
    signIn('OPERATOR');
  });

  it('lists only the visits, by visit date, and expands into /visits/{idSell}', async () => {
    serveProposals({
      rows: () => [
        row(HOST_A, visit('2025-05-10T08:00:00.000Z')),
        row(HOST_B),
        row(HOST_C, visit('2025-05-02T08:00:00.000Z')),
      ],
    });
    const router = openAt('/project/p1/visits');
    const table = await screen.findByRole('table', { name: 'Visites' });
    const ids = within(table)
      .getAllByRole('row')
      .map((r) => r.getAttribute('data-testid'))
      .filter(Boolean);
    expect(ids).toEqual([`proposal-row-${HOST_C}`, `proposal-row-${HOST_A}`]);
    expect(within(table).getByText('02/05/2025 10:00')).toBeVisible();

    await userEvent.click(screen.getByTestId(`proposal-toggle-${HOST_C}`));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/project/p1/visits/${HOST_C}`),
    );
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByTestId(`proposal-details-${HOST_C}`)).toBeVisible();
  });

  it('checks the visit date and time before sending, then sends them as typed', async () => {
    const calls = serveProposals({
      rows: () => [row(HOST_A, visit('2025-05-10T08:00:00.000Z'))],
      onPut: () => ({ status: 200, body: row(HOST_A, visit('2026-03-05T09:15:00.000Z')) }),
    });
    openAt(`/project/p1/visits/${HOST_A}`);
    const details = await screen.findByTestId(`proposal-details-${HOST_A}`);
    const date = within(details).getByLabelText('Date de visite');
    const time = within(details).getByLabelText('Heure');
    expect(date).toHaveValue('10/05/2025');
    expect(time).toHaveValue('10:00');

    await userEvent.clear(date);
    await userEvent.type(date, '5/3/26');
    await userEvent.clear(time);
    await userEvent.type(time, '10:07');
    await userEvent.click(within(details).getByRole('button', { name: 'Enregistrer la visite' }));
    expect(within(details).getByText('Date invalide : JJ/MM/20AA')).toBeVisible();
    expect(within(details).getByText('Heure invalide : HH:MM, minutes par pas de 5')).toBeVisible();

    await userEvent.selectOptions(within(details).getByLabelText('Auteur de la visite'), 'other');
    await userEvent.clear(date);
    await userEvent.type(date, '05/03/2026');
    await userEvent.clear(time);
    await userEvent.type(time, '10:15');
    await userEvent.click(within(details).getByRole('button', { name: 'Enregistrer la visite' }));
    expect(within(details).getByText('Le nom est obligatoire')).toBeVisible();
    expect(putsOf(calls)).toHaveLength(0);

    await userEvent.type(within(details).getByLabelText(/Nom de l’auteur/), 'Agence Dupont');
    await userEvent.type(within(details).getByLabelText('Compte rendu de visite'), 'Lumineux');
    await userEvent.click(within(details).getByRole('button', { name: 'Enregistrer la visite' }));
    await waitFor(() => expect(putsOf(calls)).toHaveLength(1));
    expect(putsOf(calls)[0].body).toEqual({
      visited: {
        dateVisite: '05/03/2026',
        time: '10:15',
        author: 'other',
        authorOther: 'Agence Dupont',
        report: 'Lumineux',
      },
    });
  });

  it('plans a visit with the switch, dated now', async () => {
    const calls = serveProposals({
      rows: () => [row(HOST_A)],
      onPut: () => ({
        status: 200,
        body: row(HOST_A, visit('2026-01-02T09:00:00.000Z', { author: null })),
      }),
    });
    openAt(`/project/p1/proposals/${HOST_A}`);
    const details = await screen.findByTestId(`proposal-details-${HOST_A}`);
    await userEvent.click(within(details).getByLabelText('Visite planifiée'));
    await waitFor(() => expect(putsOf(calls)).toHaveLength(1));
    // Dated now from the first click: Paris date and time, minutes on the 5-minute step.
    const sent = putsOf(calls)[0].body as { visited: { dateVisite: string; time: string } };
    const now = visitDateTimeFromIso(visitInstantOf(new Date().toISOString()));
    expect(sent.visited.dateVisite).toBe(now?.date);
    expect(sent.visited.time).toMatch(/^\d\d:\d[05]$/);
    expect(await within(details).findByLabelText('Date de visite')).toHaveValue('02/01/2026');
  });

  it('cancels a visit only once a reason is chosen', async () => {
    const calls = serveProposals({
      rows: () => [row(HOST_A, visit('2025-05-10T08:00:00.000Z'))],
      onPut: (_id, body) => ({
        status: 200,
        body: row(HOST_A, {
          ...visit('2025-05-10T08:00:00.000Z'),
          visitCancelled: true,
          visitCancelReason: body.visitCancelReason as 'client',
          cancelClient: true,
        }),
      }),
    });
    openAt(`/project/p1/visits/${HOST_A}`);
    const details = await screen.findByTestId(`proposal-details-${HOST_A}`);
    await userEvent.click(within(details).getByRole('button', { name: 'Annuler la visite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Annuler la visite' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirmer l’annulation' });
    expect(confirm).toBeDisabled();

    await userEvent.click(within(dialog).getByText('Annulée par le client'));
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);

    await waitFor(() => expect(putsOf(calls)).toHaveLength(1));
    expect(putsOf(calls)[0].body).toEqual({ visitCancelled: true, visitCancelReason: 'client' });
    expect(await screen.findByTestId(`visit-cancelled-${HOST_A}`)).toHaveTextContent(
      'Visite annulée : Annulée par le client',
    );
  });

  it("warns 'La facturation sera inexacte' while an active visit has no author", async () => {
    serveProposals({
      rows: () => [
        row(HOST_A, visit('2025-05-10T08:00:00.000Z')),
        row(HOST_B, visit('2025-05-11T08:00:00.000Z', { author: null })),
      ],
      onPut: () => ({
        status: 200,
        body: row(HOST_B, {
          ...visit('2025-05-11T08:00:00.000Z', { author: null }),
          disabled: true,
          status: 'denied_no_match',
        }),
      }),
    });
    openAt(`/project/p1/visits`);
    expect(await screen.findByTestId('visits-missing-author')).toHaveTextContent(
      'La facturation sera inexacte',
    );
    // A disabled proposal is not billed: the warning goes.
    await userEvent.selectOptions(
      within(await screen.findByTestId(`proposal-row-${HOST_B}`)).getByLabelText(
        'Statut de la proposition',
      ),
      'denied_no_match',
    );
    await waitFor(() => expect(screen.queryByTestId('visits-missing-author')).toBeNull());
  });

  it('polls every 2 s while travel times are pending, and stops once they are there', async () => {
    let gets = 0;
    const calls = serveProposals({
      rows: () => {
        gets += 1;
        return [
          gets < 3
            ? row(HOST_A, {
                distanceCar: null,
                distanceTransport: null,
                distanceWalk: null,
                lastGeocodingAddress: null,
              })
            : row(HOST_A, { distanceEstimate: true }),
        ];
      },
    });
    openAt('/project/p1/proposals');
    const line = await screen.findByTestId(`proposal-row-${HOST_A}`);
    expect(within(line).getByText('Calcul en cours…')).toBeVisible();
    await waitFor(() => expect(within(line).getByText('Voiture : 25 min')).toBeVisible(), {
      timeout: 6000,
    });
    expect(within(line).getByText('estimation')).toBeVisible();
    const polled = calls.filter((c) => c.url === '/v1/proposals/lease/p1').length;
    await new Promise((r) => setTimeout(r, 2500));
    expect(calls.filter((c) => c.url === '/v1/proposals/lease/p1').length).toBe(polled);
  }, 15000);
});
