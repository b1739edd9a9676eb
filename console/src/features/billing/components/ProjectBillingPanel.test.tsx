import { fireEvent, screen, waitFor } from '@testing-library/react';
import { setToken } from '../../../shared/api/token';
import { stubFetch } from '../../../test/http';
import { renderRoute } from '../../../test/render';
import { entry } from '../test/fixtures';
import { overrideError, ProjectBillingPanel } from './ProjectBillingPanel';

const PROJECT = '65a1b2c3d4e5f60718299999';

describe('project billing panel (super admin)', () => {
  beforeEach(() => setToken('t'));

  it('validates overrides: numeric, at least 0, empty = null', () => {
    expect(overrideError('')).toBeNull();
    expect(overrideError('12,5')).toBeNull();
    expect(overrideError('0')).toBeNull();
    expect(overrideError('-1')).toBe('Doit être au moins 0');
    expect(overrideError('abc')).toBe('Doit être un nombre');
  });

  it('sends numbers and nulls only, and lists the file’s billing lines', async () => {
    const calls = stubFetch((call) =>
      call.method === 'PUT'
        ? { status: 200, body: { billingOverrides: {} } }
        : { status: 200, body: { billings: [entry(1)], total: 1 } },
    );
    renderRoute(
      '/project/:id',
      `/project/${PROJECT}`,
      <ProjectBillingPanel
        projectId={PROJECT}
        overrides={{ sentToAL: { reloc: 120 }, paid: {} }}
      />,
    );
    expect(
      await screen.findByRole('table', { name: 'Lignes de facturation du dossier' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Reloc (Envoyé à AL)')).toHaveValue('120');
    fireEvent.change(screen.getByLabelText('Visites (Payé)'), { target: { value: '-3' } });
    expect(screen.getByText('Doit être au moins 0')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Visites (Payé)'), { target: { value: '7,5' } });
    fireEvent.change(screen.getByLabelText('Reloc (Envoyé à AL)'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT') as { url: string; body: unknown };
    expect(put.url).toBe(`/v1/lease/${PROJECT}/billing`);
    const body = JSON.parse(String(put.body));
    expect(body.sentToAL.reloc).toBeNull();
    expect(body.paid.visits).toBe(7.5);
    expect(Object.values(body.paid).filter((v) => v !== null)).toEqual([7.5]);
  });
});
