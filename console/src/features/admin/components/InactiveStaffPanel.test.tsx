import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { setToken } from '../../../shared/api/token';
import { Providers } from '../../../test/render';
import { serveApi } from '../../documents/test/fixtures';
import { InactiveStaffPanel } from './InactiveStaffPanel';

// The machine running the suites may be busy: give async queries time.
configure({ asyncUtilTimeout: 5000 });

jest.setTimeout(30000);

describe('Admin → Trigrammes inactifs', () => {
  beforeEach(() => setToken('tok'));

  it('lists the files of deactivated staff with links to /project/{id}, 100 or 200 rows', async () => {
    const calls = serveApi(() => ({
      status: 200,
      body: {
        files: [
          {
            trigram: 'AFO',
            firstName: 'Antoine',
            lastName: 'Fournier',
            email: 'antoine.fournier@reloc.fr',
            userRole: 'OPERATOR',
            role: 'reloc',
            kind: 'project',
            _id: 'p1',
            name: 'Camille Rousseau',
            currentProgress: 'toAssign',
            stageLabel: 'À affecter',
            href: '/project/p1',
          },
        ],
        total: 1,
      },
    }));
    render(
      <MemoryRouter>
        <Providers>
          <InactiveStaffPanel />
        </Providers>
      </MemoryRouter>,
    );
    const table = await screen.findByRole('table', { name: 'Trigrammes inactifs' });
    expect(within(table).getByRole('link', { name: 'Camille Rousseau' })).toHaveAttribute(
      'href',
      '/project/p1',
    );
    expect(within(table).getByText('Consultant·e')).toBeVisible();
    expect(calls[0].url).toBe('/v1/user/inactiveStaff?page=0&pageSize=100');
    await userEvent.selectOptions(screen.getByLabelText('Lignes par page'), '200');
    await waitFor(() =>
      expect(calls.pop()?.url).toBe('/v1/user/inactiveStaff?page=0&pageSize=200'),
    );
  });
});
