import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../../../shared/api/token';
import { type RecordedCall, stubFetch } from '../../../../test/http';
import { useShellStore } from '../../../shell/store';
import { project, renderRoute, signIn } from '../../test/fixtures';
import type { Assignees } from '../../types';
import { ProjectPage } from '../ProjectPage';

const PRESCRIBER = '64b7f0c2a1b2c3d4e5f60718';
const ASSIGNEES: Assignees = { lead: null, sale: 'JBE', reloc: 'CMA', prescriptor: PRESCRIBER };

function serve() {
  return stubFetch((call: RecordedCall) => {
    if (call.url === '/v1/lease/p1' && call.method === 'GET') {
      return { status: 200, body: project({ assignees: ASSIGNEES }) };
    }
    if (call.url === '/v1/lease/p1' && call.method === 'POST') {
      const body = JSON.parse(String(call.body)) as { assignees: Assignees };
      return {
        status: 200,
        body: project({ assignees: { ...ASSIGNEES, ...body.assignees }, _revision: 8 }),
      };
    }
    return { status: 200, body: [] };
  });
}

function signInWithStaff(role: 'OPERATOR' | 'ADMIN') {
  signIn(role, 'CMA');
  useShellStore.getState().setStaff([
    ...useShellStore.getState().staff,
    {
      _id: 'u2',
      trigram: 'JBE',
      firstName: 'Julien',
      lastName: 'Bernard',
      email: 'julien.bernard@reloc.fr',
      role: 'OPERATOR',
    },
  ]);
}

const openPanel = async () => {
  renderRoute('/project/:id/:tab?/:subId?', '/project/p1', <ProjectPage />);
  return screen.findByRole('region', { name: 'Assignés' });
};

const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('assignee permissions (spec §6)', () => {
  beforeEach(() => {
    useShellStore.getState().reset();
    setToken('t');
  });

  it("offers a non-admin only to take an empty place or clear their own ('self')", async () => {
    const calls = serve();
    signInWithStaff('OPERATOR');
    const panel = await openPanel();

    expect(optionsOf(within(panel).getByRole('combobox', { name: 'Lead' }))).toEqual([
      'Non défini',
      'CMA - Claire Martin',
    ]);
    expect(optionsOf(within(panel).getByRole('combobox', { name: 'Reloc' }))).toEqual([
      'Non défini',
      'CMA - Claire Martin',
    ]);
    // Someone else's place: shown, not changeable.
    expect(within(panel).queryByRole('combobox', { name: 'Commercial' })).toBeNull();
    expect(within(panel).getByText('JBE - Julien Bernard')).toBeInTheDocument();

    await userEvent.selectOptions(within(panel).getByRole('combobox', { name: 'Lead' }), 'CMA');
    await waitFor(() =>
      expect(
        calls.filter((c) => c.method === 'POST').map((c) => JSON.parse(String(c.body)) as unknown),
      ).toEqual([{ assignees: { lead: 'CMA' } }]),
    );
    // Now their own: they may only clear it.
    await waitFor(() =>
      expect(within(panel).getByRole('combobox', { name: 'Lead' })).toHaveValue('CMA'),
    );
  });

  it("shows a 'no-button' field (prescriber) read-only to a non-admin", async () => {
    serve();
    signInWithStaff('OPERATOR');
    const panel = await openPanel();
    expect(within(panel).getByText('Prescripteur')).toBeInTheDocument();
    expect(within(panel).getByText(PRESCRIBER)).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Retirer' })).toBeNull();
  });

  it('lets an admin set anyone and clear the prescriber', async () => {
    serve();
    signInWithStaff('ADMIN');
    const panel = await openPanel();
    expect(optionsOf(within(panel).getByRole('combobox', { name: 'Commercial' }))).toEqual([
      'Non défini',
      'JBE - Julien Bernard',
      'CMA - Claire Martin',
    ]);
    expect(within(panel).getByRole('button', { name: 'Retirer' })).toBeInTheDocument();
  });
});
