import {
  estimateTravelTimes,
  GeoLoc,
  LatLng,
  nextDepartureTime,
  placeLatLng,
  TravelTimes,
} from '@reloc/domain';
import type { Logger } from '../logger';
import { BanGeocoder } from './ban-geocoder';
import { geocodeTown } from './gazetteer';
import type { Fetch } from './http';
import { RoutesMatrix } from './routes-matrix';

export const DEFAULT_ROUTES_API_URL = 'https://routes.googleapis.com';

/** Where an address is, and whether that is a town-level estimate. */
export type Geocoded = { geoLoc: GeoLoc; estimate: boolean };
export type Travel = { times: TravelTimes; estimate: boolean };

/** What the geocoding and distance processors need from the outside world. */
export interface GeoServices {
  /** The chosen place's own point, else the address service, else the offline gazetteer. */
  geocode(address: string, place: unknown): Promise<Geocoded | null>;
  /** Driving, transit and walking, departing the next day at 08:00 Paris time. */
  travelTimes(from: LatLng, to: LatLng): Promise<Travel>;
}

export type GeoServicesOptions = {
  addressApiUrl?: string | null;
  routesApiUrl?: string | null;
  routesApiKey?: string | null;
  logger: Logger;
  fetch?: Fetch;
  now?: () => Date;
};

const point = (at: LatLng): GeoLoc => ({ type: 'Point', coordinates: [at.lng, at.lat] });

/**
 * The adapters the environment asks for: the French address API when RELOC_ADDRESS_API_URL
 * is set, Google Routes when RELOC_ROUTES_API_KEY is set; otherwise the offline gazetteer and
 * the straight-line estimate, each marked as an estimate.
 */
export function createGeoServices(options: GeoServicesOptions): GeoServices {
  const now = options.now ?? (() => new Date());
  const ban = options.addressApiUrl
    ? new BanGeocoder({ baseUrl: options.addressApiUrl, fetch: options.fetch })
    : null;
  const routes = options.routesApiKey
    ? new RoutesMatrix({
        baseUrl: options.routesApiUrl || DEFAULT_ROUTES_API_URL,
        apiKey: options.routesApiKey,
        logger: options.logger,
        fetch: options.fetch,
      })
    : null;
  return {
    async geocode(address, place) {
      const own = placeLatLng(place);
      if (own) return { geoLoc: point(own), estimate: false };
      if (ban) {
        const found = await ban.geocode(address);
        return found ? { geoLoc: point(found), estimate: found.type === 'municipality' } : null;
      }
      const town = geocodeTown(address);
      return town ? { geoLoc: point(town), estimate: true } : null;
    },
    async travelTimes(from, to) {
      if (!routes) return { times: estimateTravelTimes(from, to), estimate: true };
      return {
        times: await routes.travelTimes(from, to, nextDepartureTime(now())),
        estimate: false,
      };
    },
  };
}

export function geoServicesFromEnv(env: NodeJS.ProcessEnv, logger: Logger): GeoServices {
  return createGeoServices({
    addressApiUrl: env.RELOC_ADDRESS_API_URL?.trim() || null,
    routesApiUrl: env.RELOC_ROUTES_API_URL?.trim() || null,
    routesApiKey: env.RELOC_ROUTES_API_KEY?.trim() || null,
    logger,
  });
}
