import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../test/http';
import { renderWithTheme } from '../../../test/render';
import { LoginForm } from './LoginForm';

function setup(
  reply: { status: number; body?: unknown } = { status: 200, body: { token: 'tok' } },
) {
  const calls = stubFetch(() => reply);
  const onLoggedIn = jest.fn();
  renderWithTheme(<LoginForm onLoggedIn={onLoggedIn} />);
  const user = userEvent.setup();
  const identifier = screen.getByLabelText(/Identifiant/);
  const password = screen.getByLabelText(/Mot de passe/);
  const submit = screen.getByRole('button', { name: 'Se connecter' });
  return { calls, onLoggedIn, user, identifier, password, submit };
}

describe('LoginForm', () => {
  it('asks for both fields, with the messages linked to the inputs', async () => {
    const { calls, user, identifier, password, submit } = setup();

    await user.click(submit);

    const messages = await screen.findAllByText('Obligatoire');
    expect(messages).toHaveLength(2);
    expect(identifier).toHaveAttribute('aria-invalid', 'true');
    expect(identifier).toHaveAccessibleDescription('Obligatoire');
    expect(password).toHaveAccessibleDescription('Obligatoire');
    expect(calls).toHaveLength(0);
  });

  it('wants an e-mail and a password of 8 characters at least', async () => {
    const { calls, user, identifier, password, submit } = setup();

    await user.type(identifier, 'claire.martin');
    await user.type(password, 'court');
    await user.click(submit);

    expect(await screen.findByText('Doit être une adresse e-mail valide.')).toBeInTheDocument();
    expect(screen.getByText('Doit contenir au minimum 8 caractères.')).toBeInTheDocument();
    expect(identifier).toHaveAccessibleDescription('Doit être une adresse e-mail valide.');
    expect(calls).toHaveLength(0);
  });

  it('posts the credentials and hands over the token', async () => {
    const { calls, onLoggedIn, user, identifier, password, submit } = setup();

    await user.type(identifier, ' claire.martin@reloc.fr ');
    await user.type(password, 'motdepasse-solide');
    await user.click(submit);

    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith('tok'));
    expect(calls[0]).toMatchObject({ url: '/v1/login-partner', method: 'POST' });
    expect(JSON.parse(String(calls[0].body))).toEqual({
      email: 'claire.martin@reloc.fr',
      password: 'motdepasse-solide',
    });
  });

  it.each([
    [401, { message: 'Invalid credentials' }, 'Identifiant ou mot de passe incorrect'],
    [
      429,
      { message: 'Trop de tentatives de connexion, réessayez dans quelques minutes.' },
      'Trop de tentatives de connexion, réessayez dans quelques minutes.',
    ],
    [500, { message: 'boom' }, 'Une erreur interne a eu lieu'],
    [400, { message: 'Requête invalide' }, 'Une erreur interne a eu lieu'],
  ])('shows the failure of a %i', async (status, body, text) => {
    const { onLoggedIn, user, identifier, password, submit } = setup({ status, body });

    await user.type(identifier, 'claire.martin@reloc.fr');
    await user.type(password, 'motdepasse-solide');
    await user.click(submit);

    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(onLoggedIn).not.toHaveBeenCalled();
  });
});
