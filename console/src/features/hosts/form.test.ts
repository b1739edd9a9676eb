import { bodyOf, changedKeys, formOf, hostAddErrors, hostEditErrors } from './form';
import { hostDto } from './test/fixtures';

describe('host form', () => {
  it('reads a host as typed text (DD/MM/YYYY, -1 rooms kept) and passes the edit rules', () => {
    const form = formOf(hostDto({ numberOfRoom: -1, carrez: null }));
    expect(form).toMatchObject({ dateAvailable: '01/12/2026', numberOfRoom: '-1', carrez: '' });
    expect(hostEditErrors(form)).toEqual({});
    expect(hostAddErrors(form).numberOfRoom).toBe('Doit être supérieur ou égal à 1');
  });

  it('wants a chosen place for the address and a readable date', () => {
    const form = { ...formOf(hostDto()), addressObject: null, dateAvailable: '31/02/2026' };
    expect(hostEditErrors(form)).toEqual({
      address: 'Choisissez une adresse proposée',
      dateAvailable: 'Invalide',
    });
  });

  it('sends only the changed fields, the address with its place, the date as ISO', () => {
    const base = formOf(hostDto());
    const form = { ...base, address: 'Autre', dateAvailable: '02/01/2027', price: ' ' };
    const keys = changedKeys(form, base);
    expect(keys).toEqual(['address', 'price', 'dateAvailable']);
    expect(bodyOf(form, keys)).toEqual({
      address: 'Autre',
      addressObject: base.addressObject,
      price: null,
      dateAvailable: '2027-01-02',
    });
  });
});
