import { Rules, validate } from './engine';
import { PHONE_PATTERN } from './inputs';

describe('rule engine', () => {
  it("required: 'Obligatoire' for missing, null, blank or empty-list values", () => {
    const rules: Rules = { a: [{ kind: 'required' }] };
    expect(validate({}, rules)).toEqual({ a: 'Obligatoire' });
    expect(validate({ a: null }, rules)).toEqual({ a: 'Obligatoire' });
    expect(validate({ a: '   ' }, rules)).toEqual({ a: 'Obligatoire' });
    expect(validate({ a: [] }, rules)).toEqual({ a: 'Obligatoire' });
    expect(validate({ a: 'x' }, rules)).toEqual({});
    expect(validate({ a: 0 }, rules)).toEqual({});
    expect(validate({ a: false }, rules)).toEqual({});
  });

  it('required_if: required only while another field equals the value', () => {
    const rules: Rules = { coEmail: [{ kind: 'required_if', field: 'coEnabled', equals: true }] };
    expect(validate({ coEnabled: true }, rules)).toEqual({ coEmail: 'Obligatoire' });
    expect(validate({ coEnabled: false }, rules)).toEqual({});
    expect(validate({ coEnabled: true, coEmail: 'a@b.fr' }, rules)).toEqual({});
  });

  it('min_value: numbers (and numeric text) at least the minimum', () => {
    const rules: Rules = { rooms: [{ kind: 'min_value', min: 1 }] };
    expect(validate({ rooms: 0 }, rules)).toEqual({ rooms: 'Doit être supérieur ou égal à 1' });
    expect(validate({ rooms: 1 }, rules)).toEqual({});
    expect(validate({ rooms: '2,5' }, rules)).toEqual({});
    expect(validate({ rooms: 'deux' }, rules)).toEqual({ rooms: 'Doit être un nombre' });
  });

  it('precise: another field must be present (an address needs its chosen place)', () => {
    const rules: Rules = {
      addressWork: [{ kind: 'required' }, { kind: 'precise', field: 'addressWorkObject' }],
    };
    expect(validate({ addressWork: 'Lyon' }, rules)).toEqual({
      addressWork: 'Choisissez une adresse proposée',
    });
    expect(validate({ addressWork: 'Lyon', addressWorkObject: { label: 'Lyon' } }, rules)).toEqual(
      {},
    );
  });

  it("date: DD/MM/YYYY or ISO, else 'Invalide'", () => {
    const rules: Rules = { d: [{ kind: 'date' }] };
    expect(validate({ d: '2026-02-28' }, rules)).toEqual({});
    expect(validate({ d: '2026-02-28T00:00:00.000Z' }, rules)).toEqual({});
    expect(validate({ d: '28/02/2026' }, rules)).toEqual({});
    expect(validate({ d: '30/02/2026' }, rules)).toEqual({ d: 'Invalide' });
    expect(validate({ d: 'demain' }, rules)).toEqual({ d: 'Invalide' });
  });

  it("regex: the pattern, with its own message or 'Invalide', spaces optionally ignored", () => {
    const phone: Rules = { p: [{ kind: 'regex', pattern: PHONE_PATTERN, ignoreSpaces: true }] };
    expect(validate({ p: '06 12 34 56 78' }, phone)).toEqual({});
    expect(validate({ p: '+33612345678' }, phone)).toEqual({});
    expect(validate({ p: '06 12 34' }, phone)).toEqual({ p: 'Invalide' });
    const strict: Rules = { p: [{ kind: 'regex', pattern: PHONE_PATTERN, message: 'Mauvais' }] };
    expect(validate({ p: '06 12 34 56 78' }, strict)).toEqual({ p: 'Mauvais' });
  });

  it("email: 'Doit être une adresse e-mail valide.'", () => {
    const rules: Rules = { m: [{ kind: 'email' }] };
    expect(validate({ m: 'rh@acme.fr' }, rules)).toEqual({});
    expect(validate({ m: 'rh@acme' }, rules)).toEqual({
      m: 'Doit être une adresse e-mail valide.',
    });
  });

  it('length: exactly N characters', () => {
    const rules: Rules = { siret: [{ kind: 'length', length: 14, ignoreSpaces: true }] };
    expect(validate({ siret: '123 456 789 00012' }, rules)).toEqual({});
    expect(validate({ siret: '1234' }, rules)).toEqual({
      siret: 'Doit contenir exactement 14 caractères.',
    });
  });

  it('leaves an empty non-required field valid and reports only the first broken rule', () => {
    const rules: Rules = { m: [{ kind: 'email' }, { kind: 'length', length: 3 }] };
    expect(validate({ m: '' }, rules)).toEqual({});
    expect(validate({ m: 'nope' }, rules)).toEqual({ m: 'Doit être une adresse e-mail valide.' });
  });
});
