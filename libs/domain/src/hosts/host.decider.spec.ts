import { fold } from '../shared/decider';
import { deciderSpec } from '../testing/decider-spec';
import { Host } from './host';
import { HostCommand } from './host.commands';
import { hostDecider } from './host.decider';
import { HostEvent } from './host.events';

const HOST_ID = '6740a1b2c3d4e5f60123abcd';
const AT = '2026-11-22T10:00:00.000Z';
const LATER = '2026-11-22T11:00:00.000Z';
const spec = deciderSpec(hostDecider);

const created: HostEvent = {
  type: 'HostCreated',
  data: { hostId: HOST_ID, createdAt: '2024-11-22T15:22:26.000Z' },
};
const place = {
  label: '10 Rue de la République 69001 Lyon',
  route: 'Rue de la République',
  housenumber: '10',
  city: 'Lyon',
};
const form = {
  address: '10 Rue de la République 69001 Lyon',
  addressObject: place,
  externalId: 'https://annonces.example.fr/123',
  carrez: 42,
  numberOfRoom: 2,
  price: 850,
  contactName: 'Agence du Rhône',
  contactPhoneNumber: '04 72 00 00 00',
  contactEmail: 'agence@example.fr',
};
const filled: HostEvent = {
  type: 'HostUpdated',
  data: { hostId: HOST_ID, changes: form, geoLocCleared: false, at: AT },
};
const point = { type: 'Point' as const, coordinates: [4.835, 45.767] as [number, number] };
const geolocated: HostEvent = {
  type: 'HostGeolocated',
  data: { hostId: HOST_ID, address: form.address, geoLoc: point },
};

const update = (changes: Record<string, unknown>, at = LATER): HostCommand => ({
  type: 'UpdateHost',
  hostId: HOST_ID,
  at,
  changes,
});
const updated = (changes: Record<string, unknown>, geoLocCleared = false): HostEvent[] => [
  { type: 'HostUpdated', data: { hostId: HOST_ID, changes, geoLocCleared, at: LATER } },
];

function thrown(events: HostEvent[], command: HostCommand): unknown {
  try {
    hostDecider.decide(command, fold(hostDecider, events));
  } catch (error) {
    return error;
  }
  return null;
}

describe('CreateHost', () => {
  const create: HostCommand = { type: 'CreateHost', hostId: HOST_ID, at: AT };

  it('creates an empty host dated from its id', () => {
    spec.given([]).when(create).then([created]);
    const host = fold(hostDecider, [created]);
    expect(host).toMatchObject({
      _id: HOST_ID,
      address: null,
      numberOfRoom: -1,
      photoUrlEstate: [],
      isActive: true,
      publish: true,
      revision: 0,
    });
  });

  it('refuses an id that is not an ObjectId', () => {
    spec
      .given([])
      .when({ ...create, hostId: 'nope' })
      .thenThrows('Requête invalide', 'invalid');
  });

  it('refuses a second creation', () => {
    spec.given([created]).when(create).thenThrows('Ce bien existe déjà', 'conflict');
  });
});

describe('UpdateHost', () => {
  it('answers "Ce bien n\'existe pas" for an unknown host', () => {
    spec.given([]).when(update(form)).thenThrows("Ce bien n'existe pas", 'notFound');
  });

  it('fills an empty host with the add form (POST then PUT)', () => {
    spec.given([created]).when(update(form, AT)).then([filled]);
    expect(fold(hostDecider, [created, filled])).toMatchObject({ ...form, lastUpdateDate: AT });
  });

  it('keeps only the changed fields, trims text and reads typed numbers', () => {
    spec
      .given([created, filled])
      .when(update({ ...form, price: '900,5', description: '  Lumineux  ', contactName: '' }))
      .then(updated({ price: 900.5, description: 'Lumineux', contactName: null }));
  });

  it('does nothing when nothing changed', () => {
    spec.given([created, filled]).when(update(form)).thenNothing();
  });

  it('ignores server-owned keys of a synced body', () => {
    spec
      .given([created, filled, geolocated])
      .when(
        update({
          _id: HOST_ID,
          __v: 3,
          preciseAddress: 'x',
          preciseAddressObject: {},
          userId: 'a@b.fr',
          geoLoc: null,
          lastUpdateDate: 'x',
          description: 'Calme',
        }),
      )
      .then(updated({ description: 'Calme' }));
  });

  it('clears the geolocation when the address changes', () => {
    const lille = { label: 'Lille', city: 'Lille' };
    spec
      .given([created, filled, geolocated])
      .when(update({ address: 'Lille', addressObject: lille }))
      .then(updated({ address: 'Lille', addressObject: lille }, true));
    const host = fold(hostDecider, [
      created,
      filled,
      geolocated,
      ...updated({ address: 'Lille' }, true),
    ]);
    expect(host.geoLoc).toBeNull();
  });

  it('reads a typed availability date and ignores one that is not a date', () => {
    spec
      .given([created, filled])
      .when(update({ dateAvailable: '01/02/2027' }))
      .then(updated({ dateAvailable: '2027-02-01' }));
    spec
      .given([created, filled])
      .when(update({ dateAvailable: 'bientôt' }))
      .thenNothing();
  });

  it('accepts -1 rooms (unknown) on the detail card', () => {
    spec
      .given([created, filled])
      .when(update({ numberOfRoom: -1 }))
      .then(updated({ numberOfRoom: -1 }));
  });

  it.each([
    [{ address: '' }, 'address', 'Obligatoire'],
    [{ externalId: null }, 'externalId', 'Obligatoire'],
    [{ externalId: 'annonce 123' }, 'externalId', 'Doit être une URL valide.'],
    [{ carrez: 'grand' }, 'carrez', 'Doit être un nombre'],
    [{ numberOfRoom: 2.5 }, 'numberOfRoom', 'Doit être un nombre entier'],
    [{ numberOfRoom: '' }, 'numberOfRoom', 'Obligatoire'],
    [{ price: 'cher' }, 'price', 'Doit être un nombre'],
    [{ contactEmail: 'agence.fr' }, 'contactEmail', 'Doit être une adresse e-mail valide.'],
    [{ color: 'blue' }, 'color', 'Champ inconnu'],
    [{ isActive: 'yes' }, 'isActive', 'Invalide'],
    [{ photoUrlEstate: [1] }, 'photoUrlEstate', 'Invalide'],
  ])('refuses %j with a French field error', (changes, field, message) => {
    spec.given([created, filled]).when(update(changes)).thenThrows('Requête invalide', 'invalid');
    expect(thrown([created, filled], update(changes))).toMatchObject({
      errors: { [field]: message },
    });
  });

  it('checks the resulting host: an empty host cannot be saved without the form', () => {
    expect(thrown([created], update({ description: 'x' }))).toMatchObject({
      kind: 'invalid',
      errors: { address: 'Obligatoire', externalId: 'Obligatoire' },
    });
  });

  it('keeps the minimums on the detail card too (issue 15 point 10)', () => {
    spec
      .given([created, filled])
      .when(update({ carrez: 0, price: '-5' }))
      .thenThrows('Requête invalide', 'invalid');
    for (const numberOfRoom of [0, 11, -2])
      spec
        .given([created, filled])
        .when(update({ numberOfRoom }))
        .thenThrows('Requête invalide', 'invalid');
    spec
      .given([created, filled])
      .when(update({ numberOfRoom: -1, carrez: 1, price: 1 }))
      .then(updated({ numberOfRoom: -1, carrez: 1, price: 1 }));
  });
});

describe('SetGeolocation', () => {
  const geocode = (address: string, geoLoc: Host['geoLoc']): HostCommand => ({
    type: 'SetGeolocation',
    hostId: HOST_ID,
    at: LATER,
    address,
    geoLoc,
  });

  it('stores the point found for the current address', () => {
    spec.given([created, filled]).when(geocode(form.address, point)).then([geolocated]);
    expect(fold(hostDecider, [created, filled, geolocated]).geoLoc).toEqual(point);
  });

  it('ignores an answer for an address the host no longer has', () => {
    spec.given([created, filled]).when(geocode('Ancienne adresse', point)).thenNothing();
  });

  it('does nothing when the point is unchanged', () => {
    spec.given([created, filled, geolocated]).when(geocode(form.address, point)).thenNothing();
  });

  it('records once that no point was found for the address (no geolocation, not pending)', () => {
    const notFound: HostEvent = {
      type: 'HostGeolocated',
      data: { hostId: HOST_ID, address: form.address, geoLoc: null },
    };
    spec.given([created, filled]).when(geocode(form.address, null)).then([notFound]);
    spec.given([created, filled, notFound]).when(geocode(form.address, null)).thenNothing();
    expect(fold(hostDecider, [created, filled, notFound])).toMatchObject({
      geoLoc: null,
      geocodedAddress: form.address,
    });
  });

  it('refuses coordinates out of range', () => {
    spec
      .given([created, filled])
      .when(geocode(form.address, { type: 'Point', coordinates: [200, 45] }))
      .thenThrows('Requête invalide', 'invalid');
  });
});

describe('SetHostActive and PublishHost', () => {
  it('deactivates and unpublishes, dating the change', () => {
    spec
      .given([created])
      .when({ type: 'SetHostActive', hostId: HOST_ID, at: LATER, isActive: false })
      .then([{ type: 'HostActiveSet', data: { hostId: HOST_ID, isActive: false, at: LATER } }]);
    spec
      .given([created])
      .when({ type: 'PublishHost', hostId: HOST_ID, at: LATER, publish: false })
      .then([{ type: 'HostPublishSet', data: { hostId: HOST_ID, publish: false, at: LATER } }]);
    const host = fold(hostDecider, [
      created,
      { type: 'HostPublishSet', data: { hostId: HOST_ID, publish: false, at: LATER } },
    ]);
    expect(host).toMatchObject({ publish: false, lastUpdateDate: LATER });
  });

  it('does nothing when already in that state', () => {
    spec
      .given([created])
      .when({ type: 'SetHostActive', hostId: HOST_ID, at: LATER, isActive: true })
      .thenNothing();
    spec
      .given([created])
      .when({ type: 'PublishHost', hostId: HOST_ID, at: LATER, publish: true })
      .thenNothing();
  });

  it('refuses a value that is not a boolean', () => {
    spec
      .given([created])
      .when({ type: 'PublishHost', hostId: HOST_ID, at: LATER, publish: 'no' as never })
      .thenThrows('Requête invalide', 'invalid');
  });
});
