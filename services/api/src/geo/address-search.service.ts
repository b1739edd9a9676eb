import { Inject, Injectable, Logger } from '@nestjs/common';
import { DomainError } from '@reloc/domain';
import { BanGeocoder } from '@reloc/worker';
import { APP_CONFIG, AppConfig } from '../config';
import { searchTowns } from './gazetteer';

/** A GeoJSON feature as the French address API (Base Adresse Nationale) answers it. */
export type AddressFeature = {
  type: 'Feature';
  geometry: { type: 'Point'; coordinates: [number, number] }; // [lon, lat]
  properties: {
    label: string;
    score: number;
    housenumber?: string;
    street?: string;
    name?: string;
    postcode?: string;
    citycode?: string;
    city?: string;
    context?: string;
    type: 'housenumber' | 'street' | 'locality' | 'municipality';
    /** Set by the offline fallback: a town-level estimate, not an exact address. */
    estimate?: boolean;
  };
};

export type AddressCollection = { type: 'FeatureCollection'; features: AddressFeature[] };

const TIMEOUT_MS = 5000;

/**
 * Address suggestions: the French address API when RELOC_ADDRESS_API_URL is set (its base URL
 * moves, hence configurable), otherwise the offline town gazetteer. The console calls this,
 * never the third party directly.
 */
@Injectable()
export class AddressSearchService {
  private readonly logger = new Logger('AddressSearch');

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async search(query: string, limit: number): Promise<AddressCollection> {
    const base = this.config.addressApiUrl;
    if (!base) return offline(query, limit);
    // The same adapter as the geocoding job's (only well-formed features go through).
    const ban = new BanGeocoder({ baseUrl: base, timeoutMs: TIMEOUT_MS });
    try {
      const features = (await ban.search(query, limit)) as AddressFeature[];
      return { type: 'FeatureCollection', features };
    } catch (error) {
      this.logger.warn(`address service failed: ${String(error)}`);
      throw new DomainError('Le service d’adresses ne répond pas', 'invalid');
    }
  }
}

function offline(query: string, limit: number): AddressCollection {
  return {
    type: 'FeatureCollection',
    features: searchTowns(query, limit).map((town, index) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [town.lng, town.lat] },
      properties: {
        label: town.name,
        score: 1 - index / 100,
        name: town.name,
        postcode: town.postcode,
        citycode: town.citycode,
        city: town.name,
        context: town.context,
        type: 'municipality',
        estimate: true,
      },
    })),
  };
}
