import { validateLogin } from './login';

describe('login rules (§5 "Login and lead form")', () => {
  it('requires an e-mail identifier', () => {
    expect(validateLogin({ email: '', password: 'motdepasse' }).email).toBe('Obligatoire');
    expect(validateLogin({ email: 'julien', password: 'motdepasse' }).email).toBe(
      'Doit être une adresse e-mail valide.',
    );
  });

  it('requires a password of 8 characters at least', () => {
    expect(validateLogin({ email: 'a@b.fr', password: '' }).password).toBe('Obligatoire');
    expect(validateLogin({ email: 'a@b.fr', password: '1234567' }).password).toBe(
      'Doit contenir au minimum 8 caractères.',
    );
    expect(validateLogin({ email: 'a@b.fr', password: '12345678' })).toEqual({});
  });
});
