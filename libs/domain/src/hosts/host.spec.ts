import {
  emptyHost,
  hostCreatedAt,
  hostHasExactAddress,
  hostWarnings,
  signatureEligible,
} from './host';
import { validateHostAdd, validateHostEdit } from './host.validation';

const HOST_ID = '6740a1b2c3d4e5f60123abcd';
const point = { type: 'Point' as const, coordinates: [2.35, 48.85] as [number, number] };

describe('host helpers', () => {
  it('reads the creation date from the id', () => {
    expect(hostCreatedAt({ _id: HOST_ID })).toBe('2024-11-22T15:22:26.000Z');
    expect(hostCreatedAt({ _id: 'nope' })).toBeNull();
  });

  it('has an exact address with a route, a street or a house number', () => {
    expect(hostHasExactAddress({ addressObject: { label: 'x', route: 'Rue A' } })).toBe(true);
    expect(hostHasExactAddress({ addressObject: { label: 'x', street: 'Rue A' } })).toBe(true);
    expect(hostHasExactAddress({ addressObject: { label: 'x', housenumber: '3' } })).toBe(true);
    expect(hostHasExactAddress({ addressObject: { label: 'Paris', city: 'Paris' } })).toBe(false);
    expect(hostHasExactAddress({ addressObject: null })).toBe(false);
  });

  it('warns about a missing exact address and a missing geolocation', () => {
    expect(hostWarnings(emptyHost())).toEqual([
      "L'adresse exacte du bien n'a pas été saisie",
      'Pas de géolocalisation (adresse invalide ?)',
    ]);
    expect(hostWarnings({ addressObject: { label: 'x', route: 'Rue A' }, geoLoc: null })).toEqual([
      'Pas de géolocalisation (adresse invalide ?)',
    ]);
    expect(hostWarnings({ addressObject: { label: 'x', route: 'Rue A' }, geoLoc: point })).toEqual(
      [],
    );
  });

  describe('signatureEligible', () => {
    const eligible = {
      carrez: 30,
      price: 700,
      address: '3 Rue A, Paris',
      addressObject: { label: '3 Rue A, Paris', route: 'Rue A' },
      contactName: 'Agence',
      contactPhoneNumber: '0102030405',
    };

    it('accepts a property with surface, price, street address and contact', () => {
      expect(signatureEligible(eligible)).toBe(true);
    });

    it.each([
      ['no surface', { carrez: 0 }],
      ['no price', { price: null }],
      ['no address', { address: ' ' }],
      ['no route', { addressObject: { label: 'Paris', housenumber: '3' } }],
      ['no contact name', { contactName: null }],
      ['no contact phone', { contactPhoneNumber: '' }],
    ])('refuses a property with %s', (_, change) => {
      expect(signatureEligible({ ...eligible, ...change })).toBe(false);
    });
  });
});

describe('host forms', () => {
  const valid = {
    address: '3 Rue A, Paris',
    externalId: 'https://example.fr/a',
    carrez: 30,
    numberOfRoom: 2,
    price: 700,
    contactEmail: 'a@b.fr',
  };

  it('accepts a complete add form and an empty optional e-mail', () => {
    expect(validateHostAdd(valid)).toEqual({});
    expect(validateHostAdd({ ...valid, contactEmail: '', carrez: null, price: '' })).toEqual({});
  });

  it.each([
    [{ address: '' }, { address: 'Obligatoire' }],
    [{ externalId: '' }, { externalId: 'Obligatoire' }],
    [{ externalId: 'www.example.fr' }, { externalId: 'Doit être une URL valide.' }],
    [{ carrez: 0 }, { carrez: 'Doit être supérieur ou égal à 1' }],
    [{ carrez: 'abc' }, { carrez: 'Doit être un nombre' }],
    [{ numberOfRoom: null }, { numberOfRoom: 'Obligatoire' }],
    [{ numberOfRoom: 0 }, { numberOfRoom: 'Doit être supérieur ou égal à 1' }],
    [{ numberOfRoom: -1 }, { numberOfRoom: 'Doit être supérieur ou égal à 1' }],
    [{ numberOfRoom: 11 }, { numberOfRoom: 'Doit être inférieur ou égal à 10' }],
    [{ numberOfRoom: '2.5' }, { numberOfRoom: 'Doit être un nombre entier' }],
    [{ price: 0 }, { price: 'Doit être supérieur ou égal à 1' }],
    [{ contactEmail: 'a@b' }, { contactEmail: 'Doit être une adresse e-mail valide.' }],
  ])('the add form refuses %j', (change, errors) => {
    expect(validateHostAdd({ ...valid, ...change })).toEqual(errors);
  });

  it('accepts rooms 1 and 10 in the add form', () => {
    expect(validateHostAdd({ ...valid, numberOfRoom: 1 })).toEqual({});
    expect(validateHostAdd({ ...valid, numberOfRoom: '10' })).toEqual({});
  });

  it('the detail edit keeps the minimums, -1 rooms meaning unknown (issue 15 point 10)', () => {
    expect(validateHostEdit({ ...valid, carrez: 0, numberOfRoom: 11, price: -5 })).toEqual({
      carrez: 'Doit être supérieur ou égal à 1',
      numberOfRoom: 'Doit être inférieur ou égal à 10',
      price: 'Doit être supérieur ou égal à 1',
    });
    expect(validateHostEdit({ ...valid, numberOfRoom: 0 })).toEqual({
      numberOfRoom: 'Doit être supérieur ou égal à 1',
    });
    expect(validateHostEdit({ ...valid, externalId: 'pas une url', contactEmail: 'x@' })).toEqual({
      externalId: 'Doit être une URL valide.',
      contactEmail: 'Doit être une adresse e-mail valide.',
    });
    expect(validateHostEdit({ ...valid, numberOfRoom: -1 })).toEqual({});
    expect(validateHostEdit({ ...valid, numberOfRoom: 1.5, carrez: 'x' })).toEqual({
      numberOfRoom: 'Doit être un nombre entier',
      carrez: 'Doit être un nombre',
    });
  });
});
