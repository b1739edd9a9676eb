import { configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../../shared/api/token';
import { Providers } from '../../../test/render';
import { serveApi } from '../../documents/test/fixtures';
import { polyfillPointerEvent } from '../../documents/test/pointer';
import { useShellStore } from '../../shell/store';
import { defaultCompaniesRange, ReportsPanel } from './ReportsPanel';

// The machine running the suites may be busy: give async queries time.
configure({ asyncUtilTimeout: 5000 });

const file = (id: string, name: string) => ({
  _id: id,
  name,
  size: 12_000,
  mime: 'application/octet-stream',
  createdAt: '2026-10-01T10:00:00.000Z',
  href: `/v1/cache/file/${id}`,
});

jest.setTimeout(30000);

describe('Admin → reports list', () => {
  beforeAll(polyfillPointerEvent);
  beforeEach(() => {
    setToken('tok');
    useShellStore.setState({
      me: {
        ok: true,
        isLogged: true,
        id: 'root',
        role: 'SUPERADMIN',
        email: 'superadmin@reloc.fr',
        firstName: 'Super',
        lastName: 'Admin',
        createdAt: '2025-01-01',
        projectId: null,
      },
    });
  });

  it('files the cached reports under their tab by name suffix', async () => {
    const calls = serveApi((call) =>
      call.url === '/v1/cache/for/__reports'
        ? {
            status: 200,
            body: {
              files: [
                file('a1', '2026-10-companies.xlsx'),
                file('a2', 'octobre-factures-emises.pdf'),
                file('a3', 'octobre-b2c.csv'),
              ],
            },
          }
        : { status: 404, body: { message: 'Introuvable' } },
    );
    render(
      <Providers>
        <ReportsPanel />
      </Providers>,
    );
    expect(await screen.findByRole('button', { name: '2026-10-companies.xlsx' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'companies (1)' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'factures-recues (0)' })).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: 'factures-emises (1)' }));
    const table = await screen.findByRole('table', { name: 'Rapports factures-emises' });
    expect(within(table).getByText('octobre-factures-emises.pdf')).toBeVisible();
    expect(calls[0].url).toBe('/v1/cache/for/__reports');
    expect(screen.getByRole('button', { name: 'Ajouter un rapport' })).toBeVisible();
  });

  it('defaults the companies report to the last year', () => {
    expect(defaultCompaniesRange(new Date(2026, 10, 23))).toEqual({
      startDate: '2025-11-23',
      endDate: '2026-11-23',
    });
  });
});
