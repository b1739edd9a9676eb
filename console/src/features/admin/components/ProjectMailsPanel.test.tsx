import { configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../../shared/api/token';
import { Providers } from '../../../test/render';
import { serveApi } from '../../documents/test/fixtures';
import { ProjectMailsPanel } from './ProjectMailsPanel';

// The machine running the suites may be busy: give async queries time.
configure({ asyncUtilTimeout: 5000 });

jest.setTimeout(20000);

const sent = {
  _id: 'm1',
  projectId: 'p1',
  type: 'mobilipass',
  to: 'lea@exemple.fr',
  subject: 'Votre aide Mobili-Pass d’Action Logement',
  transport: 'outbox',
  sentAt: '2026-11-23T10:00:00.000Z',
  by: 'CMA',
  href: '/v1/mails/m1/eml',
};

describe('a project’s client mails', () => {
  beforeEach(() => setToken('tok'));

  it('sends a mail from the Admin tab and lists it', async () => {
    const calls = serveApi((call) =>
      call.method === 'POST'
        ? { status: 201, body: sent }
        : { status: 200, body: { mails: [], total: 0 } },
    );
    render(
      <Providers>
        <ProjectMailsPanel projectId="p1" />
      </Providers>,
    );
    expect(await screen.findByText('Aucun courriel envoyé pour ce projet.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer « Mobili-Pass »' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        url: '/v1/projects/p1/mails',
        body: { type: 'mobilipass' },
      }),
    );
    expect(await screen.findByText(/Mobili-Pass à lea@exemple.fr \(CMA\)/)).toBeVisible();
  });

  it('shows the snackbar when the send fails', async () => {
    serveApi((call) =>
      call.method === 'POST'
        ? { status: 400, body: { message: 'Le client n’a pas d’adresse e-mail' } }
        : { status: 200, body: { mails: [], total: 0 } },
    );
    render(
      <Providers>
        <ProjectMailsPanel projectId="p1" />
      </Providers>,
    );
    await userEvent.click(
      await screen.findByRole('button', { name: 'Envoyer « Fin de mission »' }),
    );
    expect(await screen.findByText('Une erreur a eu lieu')).toBeVisible();
  });
});
