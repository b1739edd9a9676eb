import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../../shared/api/token';
import { type RecordedCall, stubFetch } from '../../../test/http';
import { useShellStore } from '../../shell/store';
import { project, renderRoute, signIn } from '../test/fixtures';
import type { ProjectDoc } from '../types';
import { ProjectPage } from './ProjectPage';

type Reply = { status: number; body?: unknown };

function serve(
  onPut: (body: Record<string, unknown>, n: number) => Reply,
  onGet?: () => ProjectDoc,
) {
  let puts = 0;
  let gets = 0;
  return stubFetch((call: RecordedCall) => {
    if (call.url === '/v1/lease/p1' && call.method === 'GET') {
      gets += 1;
      return { status: 200, body: gets > 1 && onGet ? onGet() : project() };
    }
    if (call.url === '/v1/lease/p1' && call.method === 'PUT') {
      puts += 1;
      return onPut(JSON.parse(String(call.body)) as Record<string, unknown>, puts);
    }
    if (call.url === '/v1/lease/tags') return { status: 200, body: ['VIP'] };
    if (call.url.startsWith('/v1/comments/for/p1')) return { status: 200, body: [] };
    if (call.url === '/v1/timeline/for/p1') {
      return { status: 200, body: [{ _id: 't1', date: '2025-01-01', label: 'Création' }] };
    }
    return { status: 404, body: { message: 'Introuvable' } };
  });
}

const puts = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === 'PUT').map((c) => JSON.parse(String(c.body)) as unknown);

const openPage = () => renderRoute('/project/:id/:tab?/:subId?', '/project/p1', <ProjectPage />);

describe('project page autosave', () => {
  beforeEach(() => {
    window.localStorage.clear();
    useShellStore.getState().reset();
    setToken('t');
    signIn('SALE');
  });

  it('sends only the changed field with the revision the draft started from', async () => {
    const calls = serve((body) => ({
      status: 200,
      body: project({ ...body, _revision: 8 }),
    }));
    openPage();
    const field = await screen.findByLabelText('Souhait de déménagement');

    fireEvent.change(field, { target: { value: 'Lyon' } });

    await waitFor(() => expect(puts(calls)).toHaveLength(1), { timeout: 3000 });
    expect(puts(calls)[0]).toEqual({ _revision: 7, moveWish: 'Lyon' });
    await screen.findByText('Enregistré');
    expect(field).toHaveValue('Lyon');
  });

  it('shows the other value on a 409 and keeps the user text until they choose', async () => {
    const calls = serve(
      (_body, n) =>
        n === 1
          ? {
              status: 409,
              body: {
                message: 'conflict',
                fields: ['moveWish'],
                current: { moveWish: 'Marseille' },
              },
            }
          : { status: 200, body: project({ _revision: 10, moveWish: 'Lyon' }) },
      () => project({ _revision: 9, moveWish: 'Marseille' }),
    );
    openPage();
    const field = await screen.findByLabelText('Souhait de déménagement');

    fireEvent.change(field, { target: { value: 'Lyon' } });

    const conflict = await screen.findByTestId('conflict-moveWish', {}, { timeout: 3000 });
    expect(within(conflict).getByText('Marseille')).toBeInTheDocument();
    expect(field).toHaveValue('Lyon');
    await new Promise((r) => setTimeout(r, 1500));
    expect(puts(calls)).toHaveLength(1); // held back while the user has not chosen

    await userEvent.click(within(conflict).getByRole('button', { name: 'Garder ma version' }));

    await waitFor(() => expect(puts(calls)).toHaveLength(2), { timeout: 3000 });
    expect(puts(calls)[1]).toEqual({ _revision: 9, moveWish: 'Lyon' });
    expect(screen.queryByTestId('conflict-moveWish')).toBeNull();
    expect(field).toHaveValue('Lyon');
  });

  it("takes the other value with 'Prendre la leur'", async () => {
    const calls = serve(
      () => ({
        status: 409,
        body: { message: 'conflict', fields: ['moveWish'], current: { moveWish: 'Marseille' } },
      }),
      () => project({ _revision: 9, moveWish: 'Marseille' }),
    );
    openPage();
    const field = await screen.findByLabelText('Souhait de déménagement');
    fireEvent.change(field, { target: { value: 'Lyon' } });
    const conflict = await screen.findByTestId('conflict-moveWish', {}, { timeout: 3000 });

    await userEvent.click(within(conflict).getByRole('button', { name: 'Prendre la leur' }));

    expect(field).toHaveValue('Marseille');
    await new Promise((r) => setTimeout(r, 1200));
    expect(puts(calls)).toHaveLength(1);
  });

  it("says 'Une erreur a eu lieu' when a save fails, and keeps the text", async () => {
    serve(() => ({ status: 500, body: { message: 'boom' } }));
    openPage();
    const field = await screen.findByLabelText('Souhait de déménagement');
    fireEvent.change(field, { target: { value: 'Lyon' } });

    expect(await screen.findByText('Une erreur a eu lieu', {}, { timeout: 3000 })).toBeVisible();
    expect(field).toHaveValue('Lyon');
  });

  it('goes to /reloc when the project does not exist', async () => {
    stubFetch(() => ({ status: 404, body: { message: 'Not found' } }));
    const router = openPage();
    await waitFor(() => expect(router.state.location.pathname).toBe('/reloc'));
  });

  it('rewrites the tab segment without a history entry', async () => {
    serve(() => ({ status: 200, body: project() }));
    const router = openPage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Locataire' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/p1/tenant'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByRole('tab', { name: 'Admin' })).toBeNull();
  });

  it('keeps a sentToAL project read-only for an operator', async () => {
    signIn('OPERATOR');
    stubFetch((call) =>
      call.url === '/v1/lease/p1'
        ? {
            status: 200,
            body: project({
              currentProgress: 'sentToAL',
              progress: { projectCreated: '2025-01-01', sentToAL: '2025-03-01' },
            }),
          }
        : { status: 200, body: [] },
    );
    openPage();
    expect(await screen.findByLabelText('Souhait de déménagement')).toHaveAttribute('readonly');
  });
});
