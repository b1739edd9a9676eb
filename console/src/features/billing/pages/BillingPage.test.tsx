import { fireEvent, screen, within } from '@testing-library/react';
import { setToken } from '../../../shared/api/token';
import { stubFetch } from '../../../test/http';
import { renderRoute } from '../../../test/render';
import { entry, outstanding } from '../test/fixtures';
import { BillingPage } from './BillingPage';

const monthsAgo = (n: number) => {
  const d = new Date();
  const m = new Date(d.getFullYear(), d.getMonth() - n, 1);
  return `${m.getFullYear()}-${String(m.getMonth() + 1).padStart(2, '0')}`;
};

describe('Règlements page', () => {
  beforeEach(() => setToken('t'));

  const reply = () =>
    stubFetch((call) =>
      call.url.includes('/user/billing/outstanding')
        ? { status: 200, body: outstanding() }
        : {
            status: 200,
            body: {
              history: [
                {
                  month: '2026-10',
                  total: 9000,
                  billings: [entry(2, { month: '2026-10', total: 9000, confirmed: true })],
                },
              ],
            },
          },
    );

  it('shows the outstanding amounts in euros, the files linked, and the six-month history', async () => {
    const calls = reply();
    renderRoute('/billing', '/billing', <BillingPage today={new Date(2026, 10, 5)} />);
    expect(await screen.findByText('Prévisionnel (visites)')).toBeInTheDocument();
    const outstandingTable = screen.getByRole('table', { name: 'Encours' });
    expect(within(outstandingTable).getByRole('link', { name: 'Billie Factura' })).toHaveAttribute(
      'href',
      '/project/65a1b2c3d4e5f60718299999',
    );
    expect(within(outstandingTable).getByText('Prévisionnel')).toBeInTheDocument();
    expect(screen.getAllByText(/182,50\s€/).length).toBeGreaterThan(0);
    expect(await screen.findByText('10/2026')).toBeInTheDocument();
    const history = calls.find((c) => c.url.includes('/user/billing/history')) as { url: string };
    expect(history.url).toContain(`from=${monthsAgo(6)}`);
    expect(history.url).toContain(`to=${monthsAgo(0)}`);
    // French month names in selects, whatever the browser's language.
    const [fromYear, fromMonth] = monthsAgo(6).split('-').map(Number);
    expect(screen.getByLabelText('Du mois : mois')).toHaveValue(String(fromMonth));
    expect(screen.getByLabelText('Du mois : année')).toHaveValue(String(fromYear));
    expect(
      within(screen.getByLabelText('Du mois : mois')).getByRole('option', { name: 'novembre' }),
    ).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Du mois : année'), { target: { value: '2026' } });
    fireEvent.change(screen.getByLabelText('Du mois : mois'), { target: { value: '1' } });
    expect(await screen.findByText('10/2026')).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('from=2026-01'))).toBe(true);
    // Before day 20: no warning.
    expect(screen.queryByText('Pensez à vérifier votre encours avant la fin du mois')).toBeNull();
  });

  it('warns from day 20 of the month', async () => {
    reply();
    renderRoute('/billing', '/billing', <BillingPage today={new Date(2026, 10, 20)} />);
    expect(
      await screen.findByText('Pensez à vérifier votre encours avant la fin du mois'),
    ).toBeInTheDocument();
  });

  it("says 'Une erreur a eu lieu' when the outstanding cannot be read", async () => {
    stubFetch(() => ({ status: 500, body: { message: 'boom' } }));
    renderRoute('/billing', '/billing', <BillingPage today={new Date(2026, 10, 5)} />);
    expect(await screen.findByText('Une erreur a eu lieu')).toBeInTheDocument();
  });
});
