import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setToken } from '../../../shared/api/token';
import { type RecordedCall, stubFetch } from '../../../test/http';
import { renderRoute } from '../../../test/render';
import { entry } from '../test/fixtures';
import { PointagePanel } from './PointagePanel';
import { PrevisionnelPanel } from './PrevisionnelPanel';
import { outstanding } from '../test/fixtures';

jest.setTimeout(20_000);

const listCalls = (calls: RecordedCall[]) => calls.filter((c) => c.url.includes('/v1/billing?'));

describe('admin tab Pointage', () => {
  beforeEach(() => setToken('t'));

  it('asks for date descending, one month ago → this month, zero excluded, 100 rows', async () => {
    const calls = stubFetch(() => ({ status: 200, body: { billings: [entry(1)], total: 1 } }));
    renderRoute('/admin', '/admin', <PointagePanel />);
    expect(await screen.findByText('11/2026')).toBeInTheDocument();
    const url = new URL(listCalls(calls)[0].url, 'http://x');
    const now = new Date();
    const month = (n: number) => {
      const d = new Date(now.getFullYear(), now.getMonth() + n, 1);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
    };
    expect(Object.fromEntries(url.searchParams)).toEqual({
      skipZero: 'true',
      from: month(-1),
      to: month(0),
      page: '0',
      pageSize: '100',
      sortBy: 'date',
      sortDirection: 'desc',
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Zéro inclus' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.url).toContain('skipZero=false'));
    fireEvent.change(screen.getByLabelText('Lignes par page'), { target: { value: '200' } });
    await waitFor(() => expect(listCalls(calls).at(-1)?.url).toContain('pageSize=200'));
    fireEvent.click(screen.getByRole('button', { name: /^Total/ }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.url).toContain('sortBy=total'));
    // The files link to their project.
    fireEvent.click(screen.getByRole('button', { name: /JBE Julien Bernard/ }));
    expect(await screen.findByRole('link', { name: 'Billie Factura' })).toHaveAttribute(
      'href',
      '/project/65a1b2c3d4e5f60718299999',
    );
  });

  it('searches 300 ms after the last key, at most every second while typing', async () => {
    const calls = stubFetch(() => ({ status: 200, body: { billings: [entry(1)], total: 1 } }));
    jest.useFakeTimers();
    try {
      renderRoute('/admin', '/admin', <PointagePanel />);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(10);
      });
      const input = screen.getByLabelText('Rechercher un pointage');
      fireEvent.change(input, { target: { value: 'fac' } });
      await act(async () => {
        await jest.advanceTimersByTimeAsync(250);
      });
      expect(listCalls(calls).some((c) => c.url.includes('filter='))).toBe(false);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(100);
      });
      expect(listCalls(calls).at(-1)?.url).toContain('filter=fac');
      for (let i = 0; i < 6; i++) {
        fireEvent.change(input, { target: { value: `factura${i}` } });
        await act(async () => {
          await jest.advanceTimersByTimeAsync(200);
        });
      }
      expect(listCalls(calls).some((c) => c.url.includes('filter=factura'))).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });

  it('confirms with the checkbox and turns the row read-only', async () => {
    const calls = stubFetch((call) =>
      call.method === 'POST'
        ? { status: 200, body: entry(1, { confirmed: true }) }
        : { status: 200, body: { billings: [entry(1)], total: 1 } },
    );
    renderRoute('/admin', '/admin', <PointagePanel />);
    const box = await screen.findByRole('checkbox', { name: /Confirmer le pointage de JBE/ });
    fireEvent.click(box);
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: /Confirmer le pointage de JBE/ })).toBeDisabled(),
    );
    expect(screen.getByRole('checkbox', { name: /Confirmer le pointage de JBE/ })).toBeChecked();
    expect(calls.find((c) => c.method === 'POST')?.url).toBe(`/v1/billing/${entry(1)._id}/confirm`);
  });

  it("un-ticks a failed confirmation and says 'Une erreur a eu lieu'", async () => {
    stubFetch((call) =>
      call.method === 'POST'
        ? { status: 500, body: { message: 'boom' } }
        : { status: 200, body: { billings: [entry(1)], total: 1 } },
    );
    renderRoute('/admin', '/admin', <PointagePanel />);
    const box = await screen.findByRole('checkbox', { name: /Confirmer le pointage de JBE/ });
    fireEvent.click(box);
    expect(await screen.findByText('Une erreur a eu lieu')).toBeInTheDocument();
    const name = /Confirmer le pointage de JBE/;
    await waitFor(() => expect(screen.getByRole('checkbox', { name })).not.toBeChecked());
    expect(screen.getByRole('checkbox', { name })).not.toBeDisabled();
  });

  it('shows a confirmed entry read-only', async () => {
    stubFetch(() => ({
      status: 200,
      body: { billings: [entry(1, { confirmed: true })], total: 1 },
    }));
    renderRoute('/admin', '/admin', <PointagePanel />);
    const box = await screen.findByRole('checkbox', { name: /Confirmer le pointage de JBE/ });
    expect(box).toBeChecked();
    expect(box).toBeDisabled();
  });
});

describe('admin tab Pointage prévisionnel', () => {
  beforeEach(() => setToken('t'));

  it('lists what each member would get now, forecasts included', async () => {
    stubFetch(() => ({ status: 200, body: { outstanding: [outstanding()] } }));
    renderRoute('/admin', '/admin', <PrevisionnelPanel />);
    const table = await screen.findByRole('table', { name: 'Pointage prévisionnel' });
    const row = within(table).getAllByTestId('previsionnel-row')[0];
    expect(within(row).getByText('JBE')).toBeInTheDocument();
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(-4)).toEqual(
      ['165,00 €', '-12,50 €', '30,00 €', '182,50 €'].map((t) => t.replace(' ', '\u00a0')),
    );
  });
});
