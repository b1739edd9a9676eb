import {
  addressKey,
  contractualFromTravel,
  estimateTravelTimes,
  LatLng,
  placeLatLng,
  pointLatLng,
  routeKey,
} from './geo';

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

/** The project's addresses and what its contractual distance was last computed for. */
export type ContractualPlaces = ProjectPlaces & {
  lastContractualAddress1?: string | null;
  lastContractualAddress2?: string | null;
};

/**
 * Issue 15: the contractual distance and time are due as soon as both addresses are chosen.
 * True while both are known and the distance was not computed for them yet: the answer says
 * so (`contractualPending`), and the console asks again instead of showing 'Non calculée'.
 */
export function contractualPending(project: ContractualPlaces): boolean {
  if (!contractualRouteKey(project)) return false;
  return (
    project.lastContractualAddress1 !== departureKey(project) ||
    project.lastContractualAddress2 !== workKey(project)
  );
}

/**
 * Without a maps provider the estimate needs no call: the fields it writes for the current
 * addresses (null while an address is missing), labelled as an estimate.
 */
export function estimatedContractualFields(project: ProjectPlaces): {
  contractualDistance: number | null;
  contractualTime: number | null;
  lastContractualAddress1: string;
  lastContractualAddress2: string;
  contractualEstimate: true;
} | null {
  const from = departurePosition(project);
  const to = workPosition(project);
  const fromKey = departureKey(project);
  const toKey = workKey(project);
  if (!from || !to || !fromKey || !toKey) return null;
  const { distance, time } = contractualFromTravel(estimateTravelTimes(from, to));
  return {
    contractualDistance: distance,
    contractualTime: time,
    lastContractualAddress1: fromKey,
    lastContractualAddress2: toKey,
    contractualEstimate: true,
  };
}
