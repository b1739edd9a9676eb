import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '@reloc/domain';
import { setToken } from '../../../shared/api/token';
import { renderRoute, serve } from '../../hosts/test/fixtures';
import { useShellStore } from '../../shell/store';
import type { DashboardReport } from '../types';
import { DashboardPage } from './DashboardPage';

// nivo is ESM-only (d3): the lazily loaded module is replaced by plain images of its props.
jest.mock('../charts/NivoCharts', () => ({
  BarChart: (props: {
    label: string;
    keys: string[];
    onBarClick?: (i: string, k: string) => void;
  }) => (
    <svg
      role="img"
      aria-label={props.label}
      onClick={() => props.onBarClick?.('févr. 2026', props.keys[0])}
    />
  ),
  LineChart: (props: { label: string }) => <svg role="img" aria-label={props.label} />,
}));

jest.setTimeout(30_000);

const me = (role: Role, trigram: string) => ({
  ok: true,
  isLogged: true as const,
  id: 'u1',
  role,
  email: 'x@reloc.fr',
  firstName: 'X',
  lastName: 'Y',
  trigram,
  createdAt: '2020-01-01T00:00:00.000Z',
  projectId: null,
});

const report = (extra: Partial<DashboardReport> = {}): DashboardReport => ({
  range: { startDate: '2026-01-01T00:00:00.000Z', endDate: '2026-02-28T23:59:59.999Z' },
  months: ['2026-01', '2026-02'],
  viewed: null,
  statuses: ['created', 'toAssign', 'signed', 'sentToAL', 'paid'],
  stats: [
    { _id: { month: '2026-01', status: 'created' }, count: 4 },
    { _id: { month: '2026-02', status: 'created' }, count: 2 },
    { _id: { month: '2026-02', status: 'paid' }, count: 1 },
  ],
  proportions: [
    { _id: { month: '2026-01', status: 'toAssign' }, percent: 50 },
    { _id: { month: '2026-01', status: 'signed' }, percent: 25 },
    { _id: { month: '2026-01', status: 'sentToAL' }, percent: 25 },
    { _id: { month: '2026-01', status: 'paid' }, percent: 0 },
  ],
  focusStats: [],
  b2c: { seen: [{ _id: '2026-01', count: 7, trigrams: ['SPE'] }], saved: [] },
  ...extra,
});

describe('dashboard page', () => {
  beforeEach(() => {
    setToken('t');
    useShellStore.getState().reset();
  });

  it('draws the admin charts, the yearly table and B2C, and switches staff', async () => {
    useShellStore.getState().setMe(me('ADMIN', 'CMA'));
    useShellStore.getState().setStaff([
      {
        _id: 's1',
        trigram: 'JBE',
        firstName: 'Julien',
        lastName: 'Bernard',
        email: 'j@r.fr',
        role: 'OPERATOR',
      },
    ]);
    const calls = serve((call) => {
      const body = call.body as { as?: string; focus?: { month: string; status: string } };
      if (body.focus)
        return { status: 200, body: report({ focusStats: [{ _id: 'Airbus', count: 2 }] }) };
      return body.as === 'JBE'
        ? {
            status: 200,
            body: report({
              viewed: { trigram: 'JBE', isAdmin: false },
              statuses: ['created', 'toAssign', 'signed', 'sentToAL'],
              stats: [{ _id: { month: '2026-01', status: 'created' }, count: 3 }],
              b2c: { seen: [], saved: [] },
            }),
          }
        : { status: 200, body: report() };
    });
    renderRoute('/dashboard', '/dashboard', <DashboardPage />);
    expect(screen.getByRole('heading', { name: 'Vos indicateurs' })).toBeInTheDocument();
    expect(
      await screen.findByRole('img', { name: 'Dossiers payés, par mois' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'B2C : annonces vues et enregistrées, par mois' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'Proportions (% des dossiers créés dans le mois)' }),
    ).toBeInTheDocument();
    // Default range: start of last year to end of this year (§9).
    const year = new Date().getFullYear();
    expect(calls[0].body).toEqual({ startDate: `${year - 1}-01-01`, endDate: `${year}-12-31` });
    // The hidden tables carry the figures.
    const created = screen.getByRole('table', { name: 'Dossiers créés' });
    expect(within(created).getByRole('row', { name: 'janv. 2026 4' })).toBeInTheDocument();
    expect(screen.getByTestId('year-2026')).toHaveTextContent('6');
    expect(await screen.findByText('Airbus', {}, { timeout: 10_000 })).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Collaborateur'), 'JBE');
    expect(await screen.findByText('Données de JBE', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(calls.some((c) => (c.body as { as?: string }).as === 'JBE')).toBe(true);
    expect(screen.queryByRole('img', { name: 'Dossiers payés, par mois' })).toBeNull();
    expect(
      screen.getByText('Aucune annonce vue ni enregistrée sur la période'),
    ).toBeInTheDocument();
  });

  it('refuses a reversed range in French without asking the server', async () => {
    useShellStore.getState().setMe(me('SUPERADMIN', 'SAD'));
    const calls = serve(() => ({ status: 200, body: report() }));
    renderRoute('/dashboard', '/dashboard', <DashboardPage />);
    await screen.findByRole('img', { name: 'Dossiers créés, par mois' });
    fireEvent.change(screen.getByLabelText('Du'), { target: { value: '01/01/2030' } });
    expect(
      await screen.findByText('La date de début doit précéder la date de fin'),
    ).toBeInTheDocument();
    expect(calls.some((c) => (c.body as { startDate?: string }).startDate === '2030-01-01')).toBe(
      false,
    );
  });

  it('shows an operator only their own data: no picker, no B2C', async () => {
    useShellStore.getState().setMe(me('OPERATOR', 'JBE'));
    const calls = serve(() => ({
      status: 200,
      body: report({
        range: { startDate: '2025-11-23T00:00:00.000Z', endDate: '2026-11-30T23:59:59.999Z' },
        viewed: { trigram: 'JBE', isAdmin: false },
        statuses: ['created', 'toAssign', 'signed', 'sentToAL'],
        b2c: null,
      }),
    }));
    renderRoute('/dashboard', '/dashboard', <DashboardPage />);
    expect(await screen.findByText('Vos données depuis le 23/11/2025')).toBeInTheDocument();
    expect(calls[0].body).toEqual({});
    expect(screen.queryByLabelText('Collaborateur')).toBeNull();
    expect(screen.queryByRole('img', { name: /B2C/ })).toBeNull();
    expect(screen.queryByRole('img', { name: 'Dossiers payés, par mois' })).toBeNull();
  });

  it('says so when the indicators cannot be loaded', async () => {
    useShellStore.getState().setMe(me('OPERATOR', 'JBE'));
    serve(() => ({ status: 500, body: { message: 'boom' } }));
    renderRoute('/dashboard', '/dashboard', <DashboardPage />);
    expect(await screen.findAllByText('Une erreur a eu lieu')).not.toHaveLength(0);
  });
});
