import type { LatLng } from '@reloc/domain';
import { DEFAULT_TIMEOUT_MS, Fetch, joinUrl } from './http';

/** A GeoJSON feature as the French address API (Base Adresse Nationale) answers it. */
export type BanFeature = {
  type: 'Feature';
  /** [lon, lat]. */
  geometry: { type: 'Point'; coordinates: [number, number] };
  properties: {
    label: string;
    score: number;
    type: 'housenumber' | 'street' | 'locality' | 'municipality';
    housenumber?: string;
    street?: string;
    name?: string;
    postcode?: string;
    citycode?: string;
    city?: string;
    context?: string;
    [key: string]: unknown;
  };
};

export type GeocodedAddress = LatLng & { label: string; type: BanFeature['properties']['type'] };

export class AddressServiceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AddressServiceError';
  }
}

export type BanGeocoderOptions = { baseUrl: string; fetch?: Fetch; timeoutMs?: number };

/**
 * The French address API: `GET <base>/search/?q=&limit=` answers a FeatureCollection whose
 * points are [lon, lat]. Its base URL moves over the years, hence configurable
 * (RELOC_ADDRESS_API_URL).
 */
export class BanGeocoder {
  private readonly fetch: Fetch;
  private readonly timeoutMs: number;

  constructor(private readonly options: BanGeocoderOptions) {
    this.fetch = options.fetch ?? fetch;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /** The well-formed features for `query` (a label and a [lon, lat] point), best first. */
  async search(query: string, limit: number): Promise<BanFeature[]> {
    const url = joinUrl(this.options.baseUrl, 'search/');
    url.searchParams.set('q', query);
    url.searchParams.set('limit', String(limit));
    let body: unknown;
    try {
      const response = await this.fetch(url, {
        headers: { Accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!response.ok) throw new AddressServiceError(`HTTP ${response.status}`);
      body = await response.json();
    } catch (error) {
      if (error instanceof AddressServiceError) throw error;
      throw new AddressServiceError(String(error));
    }
    return validFeatures(body).slice(0, limit);
  }

  /** The best match's point, or null when the service knows no such address. */
  async geocode(address: string): Promise<GeocodedAddress | null> {
    const [best] = await this.search(address, 1);
    if (!best) return null;
    const [lng, lat] = best.geometry.coordinates;
    return { lat, lng, label: best.properties.label, type: best.properties.type };
  }
}

export function validFeatures(body: unknown): BanFeature[] {
  const features = (body as { features?: unknown })?.features;
  if (!Array.isArray(features)) return [];
  return features.filter((feature): feature is BanFeature => {
    const f = feature as BanFeature;
    const [lon, lat] = f?.geometry?.coordinates ?? [];
    return (
      typeof f?.properties?.label === 'string' &&
      typeof lon === 'number' &&
      typeof lat === 'number' &&
      Math.abs(lon) <= 180 &&
      Math.abs(lat) <= 90
    );
  });
}
