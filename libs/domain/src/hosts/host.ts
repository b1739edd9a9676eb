import { Place } from '../projects/fields';
import { HOST_MESSAGES } from '../rules/messages';
import { dateFromObjectId, isObjectId } from '../shared/ids';

/** GeoJSON point, `[longitude, latitude]`, written by the geocoding job. */
export type GeoLoc = { type: 'Point'; coordinates: [number, number] };

/** §3 "Host": a property of the catalogue (`host-<id>` streams). */
export type Host = {
  _id: string;
  address: string | null;
  addressObject: Place | null;
  geoLoc: GeoLoc | null;
  /** The address the geocoding last answered for (with or without a point). */
  geocodedAddress?: string | null;
  /** The link to the listing. */
  externalId: string | null;
  /** Surface in m². */
  carrez: number | null;
  /** -1 means unknown. */
  numberOfRoom: number;
  price: number | null;
  description: string | null;
  /** Photo ids, served from /v1/cache/image/{id}.png. */
  photoUrlEstate: string[];
  /** 'YYYY-MM-DD'. */
  dateAvailable: string | null;
  contactName: string | null;
  contactPhoneNumber: string | null;
  contactEmail: string | null;
  isActive: boolean;
  publish: boolean;
  lastUpdateDate: string | null;
  /** Stream revision: -1 until created. */
  revision: number;
};

export const UNKNOWN_ROOMS = -1;
export const HOST_ROOMS_MIN = 1;
export const HOST_ROOMS_MAX = 10;
export const HOST_SURFACE_MIN = 1;
export const HOST_PRICE_MIN = 1;
export const HOSTS_PAGE_SIZE = 60;

/** The fields a user edits (the host page and the add dialog). */
export const HOST_EDITABLE_FIELDS = [
  'address',
  'addressObject',
  'externalId',
  'carrez',
  'numberOfRoom',
  'price',
  'description',
  'photoUrlEstate',
  'dateAvailable',
  'contactName',
  'contactPhoneNumber',
  'contactEmail',
  'isActive',
  'publish',
] as const;
export type HostEditableField = (typeof HOST_EDITABLE_FIELDS)[number];
export type HostChanges = Partial<Pick<Host, HostEditableField>>;

/** Keys a synced host body may carry that the server owns or drops; they are ignored. */
export const HOST_IGNORED_KEYS = [
  '_id',
  '__v',
  'userId',
  'preciseAddress',
  'preciseAddressObject',
  'geoLoc',
  'geocodedAddress',
  'lastUpdateDate',
  'createdAt',
  'revision',
] as const;

export function emptyHost(id = ''): Host {
  return {
    _id: id,
    address: null,
    addressObject: null,
    geoLoc: null,
    externalId: null,
    carrez: null,
    numberOfRoom: UNKNOWN_ROOMS,
    price: null,
    description: null,
    photoUrlEstate: [],
    dateAvailable: null,
    contactName: null,
    contactPhoneNumber: null,
    contactEmail: null,
    isActive: true,
    publish: true,
    lastUpdateDate: null,
    revision: -1,
  };
}

export function hostExists(host: Host): boolean {
  return host.revision >= 0;
}

/** The creation date is read back from the id (§3). */
export function hostCreatedAt(host: Pick<Host, '_id'>): string | null {
  return isObjectId(host._id) ? dateFromObjectId(host._id).toISOString() : null;
}

const filled = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '';

/** The street of a chosen place: `route` (maps autocomplete) or `street` (French address search). */
export function addressRoute(place: Place | null | undefined): string | null {
  if (!place) return null;
  if (filled(place.route)) return place.route;
  if (filled(place.street)) return place.street;
  return null;
}

/** An exact address: a chosen place with a street or a house number. */
export function hostHasExactAddress(host: Pick<Host, 'addressObject'>): boolean {
  const place = host.addressObject;
  return !!place && (addressRoute(place) !== null || filled(place.housenumber));
}

export function hostHasGeolocation(host: Pick<Host, 'geoLoc'>): boolean {
  const coordinates = host.geoLoc?.coordinates;
  return (
    Array.isArray(coordinates) &&
    coordinates.length === 2 &&
    coordinates.every((n) => typeof n === 'number' && Number.isFinite(n))
  );
}

/** The warnings of the host page (§8), in display order. */
export function hostWarnings(host: Pick<Host, 'addressObject' | 'geoLoc'>): string[] {
  const warnings: string[] = [];
  if (!hostHasExactAddress(host)) warnings.push(HOST_MESSAGES.noExactAddress);
  if (!hostHasGeolocation(host)) warnings.push(HOST_MESSAGES.noGeolocation);
  return warnings;
}

const positive = (value: unknown): boolean => typeof value === 'number' && value > 0;

/**
 * A property that can go into a visit-signature request: a surface and a price, an address with
 * its street, and the contact's name and phone.
 */
export function signatureEligible(
  host: Pick<
    Host,
    'carrez' | 'price' | 'address' | 'addressObject' | 'contactName' | 'contactPhoneNumber'
  >,
): boolean {
  return (
    positive(host.carrez) &&
    positive(host.price) &&
    filled(host.address) &&
    addressRoute(host.addressObject) !== null &&
    filled(host.contactName) &&
    filled(host.contactPhoneNumber)
  );
}
