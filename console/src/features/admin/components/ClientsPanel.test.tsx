import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { setToken } from '../../../shared/api/token';
import { Providers } from '../../../test/render';
import { serveApi, type Call } from '../../documents/test/fixtures';
import { polyfillPointerEvent } from '../../documents/test/pointer';
import { useShellStore } from '../../shell/store';
import { adminUser } from '../test/fixtures';
import { ClientsPanel } from './ClientsPanel';

// The machine running the suites may be busy: give async queries time.
configure({ asyncUtilTimeout: 5000 });

const JBE = adminUser('jbe', { email: 'julien.bernard@reloc.fr' });
const CLIENT = adminUser('lea', {
  email: 'lea.dubois@exemple.fr',
  firstName: 'Léa',
  lastName: 'Dubois',
  role: 'USER',
  trigram: null,
});

type Options = { saveFails?: boolean; deactivate?: { status: number; body: unknown } };

function serve(options: Options = {}) {
  return serveApi((call: Call) => {
    if (call.url === '/v1/users') {
      const body = call.body as { roles: string[]; search?: string };
      const list = body.roles.includes('USER') ? [JBE, CLIENT] : [JBE];
      return {
        status: 200,
        body: body.search ? list.filter((u) => u.email.includes(body.search ?? '')) : list,
      };
    }
    if (call.url === '/v1/user' && call.method === 'PUT')
      return options.saveFails
        ? { status: 500, body: { message: 'boom' } }
        : { status: 200, body: { ...JBE, ...(call.body as object) } };
    if (call.url.startsWith('/v1/partner/') && call.method === 'PUT')
      return (
        options.deactivate ?? { status: 200, body: { message: 'ok', replacedBy: 'CDU', files: 3 } }
      );
    if (call.url === '/v1/partner/staff') return { status: 200, body: [] };
    if (call.method === 'DELETE') return { status: 200, body: { message: 'ok' } };
    if (call.url === '/v1/cache/for/__reports') return { status: 200, body: { files: [] } };
    if (call.url.startsWith('/v1/mails'))
      return { status: 200, body: { mails: [], total: 0, transport: 'outbox' } };
    return { status: 404, body: { message: 'Introuvable' } };
  });
}

const renderPanel = () =>
  render(
    <MemoryRouter>
      <Providers>
        <ClientsPanel />
      </Providers>
    </MemoryRouter>,
  );

jest.setTimeout(30000);

describe('Admin → Clients', () => {
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
      staff: [
        {
          _id: 'cdu',
          trigram: 'CDU',
          firstName: 'Camille',
          lastName: 'Durand',
          email: 'camille.durand@reloc.fr',
          role: 'OPERATOR',
        },
        {
          _id: 'jbe',
          trigram: 'JBE',
          firstName: 'Julien',
          lastName: 'Bernard',
          email: JBE.email,
          role: 'OPERATOR',
        },
      ],
    });
  });

  it('lists staff; the eye toggle (aria-pressed) adds the clients', async () => {
    const calls = serve();
    renderPanel();
    const table = await screen.findByRole('table', { name: 'Utilisateurs' });
    expect(within(table).getByText('julien.bernard@reloc.fr')).toBeVisible();
    expect(within(table).queryByText('lea.dubois@exemple.fr')).toBeNull();
    expect(calls.find((c) => c.url === '/v1/users')?.body).toEqual({
      roles: ['OPERATOR', 'SALE', 'ADMIN', 'SUPERADMIN'],
    });
    const eye = screen.getByRole('button', { name: 'Afficher les utilisateurs clients (USER)' });
    expect(eye).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(eye);
    expect(eye).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('lea.dubois@exemple.fr')).toBeVisible();
  });

  it('waits 1 s after typing before fetching the users', async () => {
    const calls = serve();
    renderPanel();
    await screen.findByRole('table', { name: 'Utilisateurs' });
    const before = calls.filter((c) => c.url === '/v1/users').length;
    await userEvent.type(screen.getByLabelText('Rechercher un utilisateur'), 'lea');
    expect(calls.filter((c) => c.url === '/v1/users')).toHaveLength(before);
    await waitFor(
      () =>
        expect(calls.filter((c) => c.url === '/v1/users').pop()?.body).toMatchObject({
          search: 'lea',
        }),
      { timeout: 2500 },
    );
  });

  it('edits the rewards: a bad value shows the rule; only numbers are sent', async () => {
    const calls = serve();
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Modifier Julien Bernard' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Incarner' })).toBeVisible();
    const lead = within(dialog).getByLabelText('Lead (Envoyé à AL)');
    await userEvent.clear(lead);
    await userEvent.type(lead, '-3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(within(dialog).getByText('Doit être supérieur ou égal à 0')).toBeVisible();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await userEvent.clear(lead);
    await userEvent.type(lead, '55');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT') as Call;
    expect(put.body).toMatchObject({
      email: JBE.email,
      rewards: { sentToAL: { lead: 55, visits: 30 }, paid: { lead: 60 }, custom: 0 },
    });
  });

  it('shows the snackbar when the save fails', async () => {
    serve({ saveFails: true });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Modifier Julien Bernard' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Une erreur a eu lieu')).toBeVisible();
  });

  it('deactivates with a required replacement and shows the server message', async () => {
    const calls = serve();
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Désactiver Julien Bernard' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Désactiver' }));
    expect(within(dialog).getByText('Obligatoire')).toBeVisible();
    const select = within(dialog).getByRole('combobox');
    expect(within(select).queryByText(/JBE/)).toBeNull();
    await userEvent.selectOptions(select, 'CDU');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Désactiver' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'ok : 3 dossiers confiés à CDU',
    );
    expect(calls.find((c) => c.url.includes('/deactivate'))).toMatchObject({
      url: '/v1/partner/julien.bernard%40reloc.fr/deactivate',
      body: { replaceBy: 'CDU' },
    });
  });

  it("shows the server's refusal in the alert", async () => {
    serve({
      deactivate: { status: 400, body: { message: 'Ce compte ne peut pas être désactivé' } },
    });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Désactiver Julien Bernard' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.selectOptions(within(dialog).getByRole('combobox'), 'CDU');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Désactiver' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Ce compte ne peut pas être désactivé',
    );
  });

  it("deletes after confirmation and shows the server's 'ok' in an alert", async () => {
    const calls = serve();
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Modifier Julien Bernard' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('ok'));
    expect(confirm).toHaveBeenCalled();
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(
      '/v1/user/julien.bernard%40reloc.fr',
    );
    await waitFor(() => expect(screen.queryByText('julien.bernard@reloc.fr')).toBeNull());
  });
});
