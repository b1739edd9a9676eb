import { addressKey, LatLng, placeLatLng, pointLatLng, routeKey } from './geo';

/** The parts of a host the geocoding and distance jobs read. */
export type HostPlace = {
  address: string | null;
  addressObject: unknown;
  geoLoc: { coordinates?: unknown } | null;
};

/** The parts of a project the distance jobs read (departure and work addresses). */
export type ProjectPlaces = {
  actualCity: string | null;
  fromAddressObject: unknown;
  addressWork: string | null;
  addressWorkObject: unknown;
};

const labelOf = (text: string | null, place: unknown): string | null => {
  if (typeof text === 'string' && text.trim()) return text;
  const label = (place as { label?: unknown } | null)?.label;
  return typeof label === 'string' ? label : null;
};

/** A host with an address and no point yet needs geocoding. */
export function hostNeedsGeocoding(host: HostPlace): boolean {
  return (
    typeof host.address === 'string' && host.address.trim() !== '' && !pointLatLng(host.geoLoc)
  );
}

export function hostPosition(host: HostPlace): LatLng | null {
  return pointLatLng(host.geoLoc);
}

export function hostKey(host: HostPlace): string | null {
  return addressKey(labelOf(host.address, host.addressObject), hostPosition(host));
}

export function departurePosition(project: ProjectPlaces): LatLng | null {
  return placeLatLng(project.fromAddressObject);
}

export function workPosition(project: ProjectPlaces): LatLng | null {
  return placeLatLng(project.addressWorkObject);
}

export function departureKey(project: ProjectPlaces): string | null {
  return addressKey(
    labelOf(project.actualCity, project.fromAddressObject),
    departurePosition(project),
  );
}

export function workKey(project: ProjectPlaces): string | null {
  return addressKey(labelOf(project.addressWork, project.addressWorkObject), workPosition(project));
}

/**
 * What a proposal's travel times are computed for (its `lastGeocodingAddress`): the host's
 * point and the project's work address. Null while either is missing ('Pas d'adresse',
 * 'Pas d'adresse de travail').
 */
export function proposalRouteKey(host: HostPlace, project: ProjectPlaces): string | null {
  return routeKey(hostKey(host), workKey(project));
}

/** What the project's contractual distance and time are computed for: departure -> work. */
export function contractualRouteKey(project: ProjectPlaces): string | null {
  return routeKey(departureKey(project), workKey(project));
}
