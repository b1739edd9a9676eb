import { createUserSchema, loginPartnerSchema, updateUserSchema } from './schemas';
import { integerQuery, validate } from './validator';

describe('request schemas and their French messages', () => {
  it('accepts a valid login and reports each bad field in French', () => {
    expect(validate(loginPartnerSchema, { email: 'a@b.fr', password: 'xxxxxxxx' }).ok).toBe(true);
    // What the console checks (issue 15 point 13).
    expect(validate(loginPartnerSchema, { email: '', password: 'x' })).toEqual({
      ok: false,
      errors: { email: 'Obligatoire', password: 'Doit contenir au minimum 8 caractères.' },
    });
    expect(validate(loginPartnerSchema, { email: 'nope', password: 3, extra: 1 })).toEqual({
      ok: false,
      errors: {
        email: 'Doit être une adresse e-mail valide.',
        password: 'Invalide (type attendu : string)',
        extra: 'Champ inconnu',
      },
    });
    expect(validate(loginPartnerSchema, {})).toEqual({
      ok: false,
      errors: { email: 'Obligatoire', password: 'Obligatoire' },
    });
  });

  it('never lets USER be chosen when adding a user', () => {
    const result = validate(createUserSchema, {
      firstName: 'A',
      lastName: 'B',
      role: 'USER',
      email: 'a@b.fr',
    });
    expect(result).toEqual({ ok: false, errors: { role: 'Invalide' } });
  });

  it('checks reward amounts: numeric, minimum 0, the custom adjustment free', () => {
    expect(
      validate(updateUserSchema, { email: 'a@b.fr', rewards: { paid: { lead: -1 } } }),
    ).toEqual({
      ok: false,
      errors: { 'rewards.paid.lead': 'Doit être supérieur ou égal à 0' },
    });
    expect(
      validate(updateUserSchema, { email: 'a@b.fr', rewards: { sentToAL: { visits: 'x' } } }),
    ).toEqual({
      ok: false,
      errors: { 'rewards.sentToAL.visits': 'Doit être un nombre' },
    });
    expect(validate(updateUserSchema, { email: 'a@b.fr', rewards: { custom: -50 } }).ok).toBe(true);
  });

  it('names the rule that failed on a query integer (issue 15 point 14)', () => {
    const schema = {
      type: 'object',
      properties: { page: integerQuery(0, 999), many: { type: 'array', maxItems: 2 } },
    };
    expect(validate(schema, { page: '-1' })).toEqual({
      ok: false,
      errors: { page: 'Doit être supérieur ou égal à 0' },
    });
    expect(validate(schema, { page: '1000' })).toEqual({
      ok: false,
      errors: { page: 'Doit être inférieur ou égal à 999' },
    });
    expect(validate(schema, { page: 'abc' })).toEqual({
      ok: false,
      errors: { page: 'Doit être un nombre entier' },
    });
    expect(validate(schema, { many: [1, 2, 3] })).toEqual({
      ok: false,
      errors: { many: 'Ne peut pas contenir plus de 2 éléments' },
    });
    expect(validate(schema, { page: '12' }).ok).toBe(true);
  });
});
