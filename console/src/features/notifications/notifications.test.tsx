import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Notification } from '@reloc/domain';
import { setToken } from '../../shared/api/token';
import { stubFetch } from '../../test/http';
import { renderRoute } from '../../test/render';
import { signIn } from '../projects/test/fixtures';
import { ProspectTileCard } from '../prospects/components/ProspectTileCard';
import { prospectTile } from '../prospects/test/fixtures';
import { Toolbar } from '../shell/components/Toolbar';
import { useShellStore } from '../shell/store';
import { NotificationsPage } from './pages/NotificationsPage';
import { useNotificationsStore } from './store';

jest.setTimeout(20_000);

const PROJECT = '65a1b2c3d4e5f60718290abc';

function notification(i: number, patch: Partial<Notification> = {}): Notification {
  return {
    _id: `65a1b2c3d4e5f607182900${String(i).padStart(2, '0')}`,
    ts: '2026-11-20T09:30:00.000Z',
    kind: 'ProjectCommentTrace',
    type: 'COMMENTAIRE_PROJET',
    params: { text: `Commentaire ${i}` },
    user: { _id: 'u2', trigram: 'JBE', owner: 'hil' },
    projectId: PROJECT,
    idProject: PROJECT,
    idSell: null,
    idEstate: null,
    document: null,
    evaluation: null,
    project: { firstName: 'Mathilde', lastName: 'Garnier' },
    seen: false,
    ...patch,
  };
}

describe('notifications page', () => {
  beforeEach(() => {
    useShellStore.getState().reset();
    useNotificationsStore.getState().reset();
    setToken('t');
    signIn('SALE', 'SPE');
  });

  it('lists Date, Description and Project, unread first marked, unknown kinds named', async () => {
    const calls = stubFetch(() => ({
      status: 200,
      body: {
        notifications: [
          notification(1),
          notification(2, { kind: 'Mystère', seen: true }),
          notification(3, { kind: 'ProposalEvaluation', evaluation: 'liked', seen: true }),
        ],
        total: 3,
        unseen: 1,
      },
    }));
    renderRoute('/notifications', '/notifications', <NotificationsPage />);
    const table = await screen.findByRole('table', { name: 'Notifications' });
    expect(calls[0].url).toBe('/v1/notifications?page=0&pageSize=100');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Date', 'Description', 'Projet']);
    const rows = within(table).getAllByTestId('notification-row');
    expect(rows[0]).toHaveTextContent('20/11/2026');
    expect(rows[0]).toHaveTextContent('NouveauJBE a commenté le dossier : « Commentaire 1 »');
    expect(rows[1]).toHaveTextContent('Évènement inconnu');
    expect(rows[2]).toHaveTextContent('Le client a aimé un bien proposé');
    expect(within(rows[0]).getByRole('link', { name: 'Mathilde Garnier' })).toHaveAttribute(
      'href',
      `/project/${PROJECT}`,
    );
    expect(screen.getByText('1–3 sur 3')).toBeInTheDocument();
    expect(useNotificationsStore.getState().unseen).toBe(1);
  });

  it('pages by 100 or 200 rows', async () => {
    const calls = stubFetch(() => ({
      status: 200,
      body: { notifications: [notification(1)], total: 350, unseen: 0 },
    }));
    renderRoute('/notifications', '/notifications', <NotificationsPage />);
    await screen.findByText('1–100 sur 350');
    fireEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    await screen.findByText('101–200 sur 350');
    fireEvent.change(screen.getByLabelText('Lignes par page'), { target: { value: '200' } });
    await screen.findByText('1–200 sur 350');
    expect(calls.map((c) => c.url)).toEqual([
      '/v1/notifications?page=0&pageSize=100',
      '/v1/notifications?page=1&pageSize=100',
      '/v1/notifications?page=0&pageSize=200',
    ]);
    expect(screen.getByRole('button', { name: 'Précédent' })).toBeDisabled();
  });

  it('says when there is nothing', async () => {
    stubFetch(() => ({ status: 200, body: { notifications: [], total: 0, unseen: 0 } }));
    renderRoute('/notifications', '/notifications', <NotificationsPage />);
    expect(await screen.findByText('Aucune notification')).toBeInTheDocument();
  });

  it('shows the generic error when the feed cannot be read', async () => {
    stubFetch(() => ({ status: 500, body: { message: 'boom' } }));
    renderRoute('/notifications', '/notifications', <NotificationsPage />);
    expect(await screen.findAllByText('Une erreur a eu lieu')).not.toHaveLength(0);
  });
});

describe('toolbar badge and reading per project', () => {
  beforeEach(() => {
    useShellStore.getState().reset();
    useNotificationsStore.getState().reset();
    setToken('t');
    signIn('SALE', 'SPE');
  });

  it('shows the unseen count and clears it when the project page is opened', async () => {
    let unseen = 2;
    const calls = stubFetch((call) => {
      if (call.url.startsWith('/v1/notifications/project/')) {
        unseen = 0;
        return { status: 200, body: { ids: ['a', 'b'] } };
      }
      return { status: 200, body: { notifications: [], total: 2, unseen } };
    });
    const router = renderRoute('*', '/sales', <Toolbar />);
    expect(
      await screen.findByRole('button', { name: 'Notifications : 2 non lues' }),
    ).toBeInTheDocument();
    await act(async () => {
      await router.navigate(`/project/${PROJECT}/infos`);
    });
    await screen.findByRole('button', { name: 'Notifications : aucune non lue' });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toContain(
      `POST /v1/notifications/project/${PROJECT}/disable`,
    );
  });

  it('puts out a prospect flame when its page is opened', async () => {
    const calls = stubFetch(() => ({
      status: 200,
      body: { notifications: [], total: 0, unseen: 0, flame: false },
    }));
    renderRoute('*', `/prospect/${PROJECT}`, <Toolbar />);
    await waitFor(() =>
      expect(calls.map((c) => `${c.method} ${c.url}`)).toContain(
        `POST /v1/notifications/prospect/${PROJECT}/seen`,
      ),
    );
  });
});

describe('prospect tile flame', () => {
  it('is shown, with an accessible name, only when there is unseen activity', () => {
    renderRoute('*', '/prospects', <ProspectTileCard tile={{ ...prospectTile(1), flame: true }} />);
    expect(screen.getByRole('img', { name: 'Nouvelle activité' })).toBeInTheDocument();
  });

  it('is absent otherwise', () => {
    renderRoute(
      '*',
      '/prospects',
      <ProspectTileCard tile={{ ...prospectTile(2), flame: false }} />,
    );
    expect(screen.queryByRole('img', { name: 'Nouvelle activité' })).toBeNull();
  });
});
