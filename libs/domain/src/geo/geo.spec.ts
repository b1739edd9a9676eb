import {
  addressKey,
  contractualFromTravel,
  estimateTravelTimes,
  haversineMeters,
  nextDepartureTime,
  placeLatLng,
  routeKey,
} from './geo';
import {
  contractualPending,
  contractualRouteKey,
  estimatedContractualFields,
  hostNeedsGeocoding,
  proposalRouteKey,
} from './targets';

const paris = { lat: 48.8566, lng: 2.3522 };
const lyon = { lat: 45.764, lng: 4.8357 };

describe('geo rules', () => {
  it('measures the great-circle distance (Paris-Lyon is about 392 km)', () => {
    expect(haversineMeters(paris, lyon) / 1000).toBeCloseTo(392, -1);
    expect(haversineMeters(paris, paris)).toBe(0);
  });

  it('estimates each mode offline: detour, speed, fixed time; walking is the slowest', () => {
    const times = estimateTravelTimes(paris, { lat: 48.8566, lng: 2.4522 }); // ~7.3 km east
    expect(times.car!.distanceMeters).toBeGreaterThan(8500);
    expect(times.walk!.durationSeconds).toBeGreaterThan(times.transport!.durationSeconds);
    expect(times.transport!.durationSeconds).toBeGreaterThan(times.car!.durationSeconds);
    expect(Number.isInteger(times.car!.durationSeconds)).toBe(true);
  });

  it('estimates Paris-Lyon as a person would believe it: ~470 km and ~5 h by car, faster by train (issue 15 point 17)', () => {
    const times = estimateTravelTimes(paris, lyon);
    expect(times.car!.distanceMeters / 1000).toBeGreaterThan(450);
    expect(times.car!.distanceMeters / 1000).toBeLessThan(490);
    expect(times.car!.durationSeconds / 3600).toBeGreaterThan(4.3);
    expect(times.car!.durationSeconds / 3600).toBeLessThan(5.8);
    expect(times.transport!.durationSeconds / 3600).toBeGreaterThan(2.5);
    expect(times.transport!.durationSeconds / 3600).toBeLessThan(4.5);
    const { distance, time } = contractualFromTravel(times);
    // Not the walking distance with the driving time: walking 100 hours is no option.
    expect(distance! / 1000).toBeGreaterThan(430);
    expect(time! / 3600).toBeLessThan(4.5);
    expect(time! / 3600).toBeGreaterThan(2.5);
  });

  it('leaves out a walk of more than two hours', () => {
    expect(
      contractualFromTravel({
        car: { distanceMeters: 30000, durationSeconds: 2400 },
        transport: null,
        walk: { distanceMeters: 25000, durationSeconds: 20000 },
      }),
    ).toEqual({ distance: 30000, time: 2400 });
  });

  it('takes the contractual distance and time as the minimum across modes, ignoring failed ones', () => {
    expect(
      contractualFromTravel({
        car: { distanceMeters: 12000, durationSeconds: 1500 },
        transport: null,
        walk: { distanceMeters: 9000, durationSeconds: 7000 },
      }),
    ).toEqual({ distance: 9000, time: 1500 });
    expect(contractualFromTravel({ car: null, transport: null, walk: null })).toEqual({
      distance: null,
      time: null,
    });
  });

  it('departs the next day at 08:00 Paris time, in winter and in summer', () => {
    expect(nextDepartureTime(new Date('2026-11-23T09:00:00Z'))).toBe('2026-11-24T08:00:00+01:00');
    expect(nextDepartureTime(new Date('2026-07-14T21:30:00Z'))).toBe('2026-07-15T08:00:00+02:00');
    // 23:30 UTC on 31 Dec is already 1 Jan in Paris: the next day is 2 Jan.
    expect(nextDepartureTime(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-02T08:00:00+01:00');
    // The night summer time starts (29 March 2026): the departure carries the new offset.
    expect(nextDepartureTime(new Date('2026-03-28T12:00:00Z'))).toBe('2026-03-29T08:00:00+02:00');
  });

  it('reads a place as lat/lng or as a GeoJSON point [lon, lat]', () => {
    expect(placeLatLng({ label: 'Lyon', lat: 45.764, lng: 4.8357 })).toEqual(lyon);
    expect(placeLatLng({ geometry: { coordinates: [4.8357, 45.764] } })).toEqual(lyon);
    expect(placeLatLng({ label: 'Lyon' })).toBeNull();
    expect(placeLatLng(null)).toBeNull();
  });

  it('keys an address by its text and its point, and a route by both ends', () => {
    expect(addressKey(' 1 rue  X ', { lat: 48.8566012, lng: 2.3522 })).toBe(
      '1 rue X@48.8566,2.3522',
    );
    expect(addressKey('1 rue X', null)).toBeNull();
    expect(routeKey('a', 'b')).toBe('a -> b');
    expect(routeKey('a', null)).toBeNull();
  });

  it('needs both the host point and the work address for a proposal, both addresses for a project', () => {
    const host = {
      address: '10 rue de la République 69001 Lyon',
      addressObject: null,
      geoLoc: { type: 'Point', coordinates: [4.8357, 45.764] },
    };
    const project = {
      actualCity: 'Paris',
      fromAddressObject: { label: 'Paris', lat: 48.8566, lng: 2.3522 },
      addressWork: null,
      addressWorkObject: null,
    };
    expect(proposalRouteKey(host, project)).toBeNull();
    expect(contractualRouteKey(project)).toBeNull();
    const working = { ...project, addressWorkObject: { label: 'Lyon', lat: 45.764, lng: 4.8357 } };
    expect(proposalRouteKey(host, working)).toBe(
      '10 rue de la République 69001 Lyon@45.764,4.8357 -> Lyon@45.764,4.8357',
    );
    expect(contractualRouteKey(working)).toBe('Paris@48.8566,2.3522 -> Lyon@45.764,4.8357');
    expect(hostNeedsGeocoding(host)).toBe(false);
    expect(hostNeedsGeocoding({ ...host, geoLoc: null })).toBe(true);
    expect(hostNeedsGeocoding({ ...host, address: null, geoLoc: null })).toBe(false);
  });

  it('given both addresses chosen, the distance is pending until computed for them, then the estimate is written at once', () => {
    const project = {
      actualCity: 'Paris',
      fromAddressObject: { label: 'Paris', ...paris },
      addressWork: 'Lyon',
      addressWorkObject: { label: 'Lyon', ...lyon },
      lastContractualAddress1: null,
      lastContractualAddress2: null,
    };
    expect(contractualPending(project)).toBe(true);
    const fields = estimatedContractualFields(project)!;
    expect(fields.contractualEstimate).toBe(true);
    expect(fields.contractualTime! / 3600).toBeLessThan(4.5);
    expect(contractualPending({ ...project, ...fields })).toBe(false);
    expect(contractualPending({ ...project, addressWorkObject: null })).toBe(false);
    expect(estimatedContractualFields({ ...project, addressWorkObject: null })).toBeNull();
  });
});
