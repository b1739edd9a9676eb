import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setToken } from '../../../shared/api/token';
import { renderRoute, serve } from '../../hosts/test/fixtures';
import { NewLeadButton } from './LeadDialog';

jest.setTimeout(30_000);

const open = () => renderRoute('/sales', '/sales', <NewLeadButton />);

describe('lead form', () => {
  beforeEach(() => setToken('t'));

  it('requires the e-mail, then opens the new client file', async () => {
    const calls = serve(() => ({ status: 201, body: { projectId: 'p7', existing: false } }));
    const router = open();
    await userEvent.click(screen.getByRole('button', { name: 'Nouveau lead' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Créer le dossier' }));
    expect(await screen.findByText('Obligatoire')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await userEvent.type(screen.getByRole('textbox', { name: /E-mail/ }), 'lead@exemple.fr');
    await userEvent.type(screen.getByRole('textbox', { name: /Prénom/ }), 'Paul');
    await userEvent.click(screen.getByRole('button', { name: 'Créer le dossier' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/p7'));
    expect(calls[0].body).toEqual({ email: 'lead@exemple.fr', firstName: 'Paul' });
  });

  it('points to the existing file when the e-mail is known', async () => {
    serve(() => ({ status: 200, body: { projectId: 'p3', existing: true } }));
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Nouveau lead' }));
    await userEvent.type(
      await screen.findByRole('textbox', { name: /E-mail/ }),
      'connu@exemple.fr',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Créer le dossier' }));
    expect(await screen.findByRole('link', { name: 'Ouvrir le dossier' })).toHaveAttribute(
      'href',
      '/project/p3',
    );
  });
});
