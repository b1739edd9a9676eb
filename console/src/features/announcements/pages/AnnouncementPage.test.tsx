import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Announcement } from '@reloc/domain';
import { setToken } from '../../../shared/api/token';
import { type Call, type Reply, renderRoute, serve } from '../../hosts/test/fixtures';
import { ANNOUNCEMENT_SYNC_INTERVAL_MS } from '../hooks/useAnnouncementSync';
import { AnnouncementPage } from './AnnouncementPage';

jest.setTimeout(30_000);

const ID = '65a1b2c3d4e5f60718293a4b';
const base: Announcement = {
  _id: ID,
  title: 'Cherche studio',
  url: 'https://annonces.exemple.fr/1',
  address: '1 rue de Lyon',
  description: null,
  saleTrigram: 'SPE',
  contactName: 'Marie Dupont',
  contactPhoneNumber: null,
  contactEmail: 'marie@exemple.fr',
  currentProgress: 'prospect',
  stopReason: null,
  projectId: null,
  createdAt: '2026-11-01T10:00:00.000Z',
};

function api(put?: (call: Call) => Reply | undefined) {
  let current = { ...base };
  let comments: unknown[] = [];
  return serve((call) => {
    if (call.url === `/v1/announcements/${ID}` && call.method === 'GET')
      return { status: 200, body: current };
    if (call.url === `/v1/announcements/${ID}` && call.method === 'PUT') {
      const reply = put?.(call);
      if (reply) return reply;
      const body = call.body as Record<string, unknown>;
      current = { ...current, ...body } as Announcement;
      if (body.currentProgress === 'stopped')
        comments = [
          {
            _id: 'c1',
            content: `Abandonné car "${String(body.stopReason)}"`,
            visibility: 'sales',
            author: 'SPE',
            createdAt: '2026-11-02T10:00:00.000Z',
          },
        ];
      return { status: 200, body: current };
    }
    if (call.url === `/v1/announcements/${ID}/convert`) {
      current = { ...current, projectId: 'p42', currentProgress: 'ok' };
      return { status: 201, body: { projectId: 'p42' } };
    }
    if (call.url.startsWith(`/v1/comments/for/${ID}`)) return { status: 200, body: comments };
    return { status: 404, body: { message: 'Introuvable' } };
  });
}

const open = () => renderRoute('/announcement/:id', `/announcement/${ID}`, <AnnouncementPage />);

describe('announcement page', () => {
  beforeEach(() => setToken('t'));
  afterEach(() => jest.useRealTimers());

  it('converts into a project, then links to it', async () => {
    const calls = api();
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Convertir en projet' }));
    const link = await screen.findByRole('link', { name: 'Voir le projet' });
    expect(link).toHaveAttribute('href', '/project/p42');
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/convert'))).toBe(true);
  });

  it("stops with a reason only ('Valider' disabled without one) and shows the comment", async () => {
    const calls = api();
    open();
    const select = await screen.findByRole('combobox', { name: 'Statut' });
    await userEvent.selectOptions(select, 'stopped');
    const valider = await screen.findByRole('button', { name: 'Valider' });
    expect(valider).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: /Raison/ }), 'A trouvé seul');
    expect(valider).toBeEnabled();
    await userEvent.click(valider);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        currentProgress: 'stopped',
        stopReason: 'A trouvé seul',
      }),
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Privés' }));
    expect(await screen.findByText('Abandonné car "A trouvé seul"')).toBeInTheDocument();
  });

  it('autosaves changed fields every second, not while a required one is empty', async () => {
    const calls = api();
    open();
    const title = await screen.findByRole('textbox', { name: /Titre/ });
    await userEvent.clear(title);
    expect(await screen.findByText('Obligatoire')).toBeInTheDocument();
    await act(() => new Promise((r) => setTimeout(r, ANNOUNCEMENT_SYNC_INTERVAL_MS + 200)));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await userEvent.type(title, 'Studio meublé');
    await waitFor(
      () =>
        expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
          title: 'Studio meublé',
        }),
      { timeout: 3000 },
    );
  });

  it("shows 'Une erreur a eu lieu' when a save fails", async () => {
    api(() => ({ status: 500, body: { message: 'boom' } }));
    open();
    await userEvent.type(await screen.findByRole('textbox', { name: /Description/ }), 'x');
    expect(
      (await screen.findAllByText('Une erreur a eu lieu', {}, { timeout: 3000 })).length,
    ).toBeGreaterThan(0);
  });
});
