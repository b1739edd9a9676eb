import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../../../shared/api/token';
import { type RecordedCall, stubFetch } from '../../../../test/http';
import { useShellStore } from '../../../shell/store';
import { project, renderRoute, signIn } from '../../test/fixtures';
import { ProjectPage } from '../ProjectPage';

function serve(liftStatus = 200) {
  return stubFetch((call: RecordedCall) => {
    if (call.url === '/v1/lease/p1' && call.method === 'GET') {
      return { status: 200, body: project({ activeAlerts: ['noNews', 'moveSoon'] }) };
    }
    if (call.url === '/v1/lease/p1' && call.method === 'POST') {
      return liftStatus === 200
        ? { status: 200, body: project({ activeAlerts: ['moveSoon'], _revision: 8 }) }
        : { status: liftStatus, body: { message: 'Erreur interne' } };
    }
    return { status: 200, body: [] };
  });
}

const posts = (calls: RecordedCall[]) =>
  calls
    .filter((c) => c.method === 'POST' && c.url === '/v1/lease/p1')
    .map((c) => JSON.parse(String(c.body)) as unknown);

const openPage = () => renderRoute('/project/:id/:tab?/:subId?', '/project/p1', <ProjectPage />);

describe('alerts of the project page', () => {
  beforeEach(() => {
    useShellStore.getState().reset();
    setToken('t');
    signIn('OPERATOR');
  });

  it('lists the active alerts by label and links the public lease page', async () => {
    serve();
    openPage();
    const alerts = await screen.findByRole('region', { name: 'Alertes' });
    expect(within(alerts).getByText('Pas de nouvelles depuis 7 jours')).toBeInTheDocument();
    expect(within(alerts).getByText('Emménagement dans moins de 15 jours')).toBeInTheDocument();

    const link = screen.getByRole('link', { name: 'Page du bail' });
    expect(link).toHaveAttribute('href', 'https://site.example.test/leases/project/p1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it("enables 'Valider' only with a duration and a reason, sends liftAlert and adopts the answer", async () => {
    const calls = serve();
    openPage();
    await userEvent.click(
      await screen.findByRole('button', {
        name: "Lever l'alerte : Pas de nouvelles depuis 7 jours",
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: "Lever l'alerte" });
    expect(within(dialog).getAllByRole('radio')).toHaveLength(3);
    const confirm = within(dialog).getByRole('button', { name: 'Valider' });
    expect(confirm).toBeDisabled();

    await userEvent.click(within(dialog).getByText('7 jours'));
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Raison/ }), '   ');
    expect(confirm).toBeDisabled(); // blanks are not a reason
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Raison/ }), 'Client rappelé');
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);

    await waitFor(() =>
      expect(posts(calls)).toEqual([
        { liftAlert: { alert: 'noNews', days: 7, reason: 'Client rappelé' } },
      ]),
    );
    await waitFor(() => expect(screen.queryByText('Pas de nouvelles depuis 7 jours')).toBeNull());
    expect(screen.getByText('Emménagement dans moins de 15 jours')).toBeInTheDocument();
  });

  it("keeps the dialog and shows 'Une erreur a eu lieu' when the lift fails", async () => {
    serve(500);
    openPage();
    await userEvent.click(
      await screen.findByRole('button', {
        name: "Lever l'alerte : Pas de nouvelles depuis 7 jours",
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: "Lever l'alerte" });
    await userEvent.click(within(dialog).getByText('1 jour'));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Raison/ }), 'Vu');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Valider' }));

    expect(await screen.findByText('Une erreur a eu lieu')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: "Lever l'alerte" })).toBeInTheDocument();
    const alerts = screen.getByRole('region', { name: 'Alertes', hidden: true });
    expect(within(alerts).getByText('Pas de nouvelles depuis 7 jours')).toBeInTheDocument();
  });
});
