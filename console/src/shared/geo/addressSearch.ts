import type { Place } from '@reloc/domain';
import { api } from '../api/client';

/**
 * Address suggestions (spec §7 "Third-party services", limit 10), asked of the product API:
 * it speaks to the French address service when one is configured, and otherwise answers
 * from its offline town list (town-level estimates).
 */
export const ADDRESS_SEARCH_PATH = '/address/search';
export const ADDRESS_SEARCH_LIMIT = 10;

type Feature = {
  geometry?: { coordinates?: [number, number] };
  properties?: { label?: string; city?: string; postcode?: string; street?: string; name?: string };
};

/** Suggested places for a typed address (none for fewer than 3 characters). */
export async function searchAddresses(query: string, signal?: AbortSignal): Promise<Place[]> {
  const q = query.trim();
  if (q.length < 3) return [];
  const body = await api.get<{ features?: Feature[] }>(ADDRESS_SEARCH_PATH, {
    query: { q, limit: ADDRESS_SEARCH_LIMIT },
    signal,
  });
  return (body.features ?? []).flatMap((feature) => {
    const label = feature.properties?.label;
    if (!label) return [];
    const [lng, lat] = feature.geometry?.coordinates ?? [];
    return [
      {
        label,
        lat,
        lng,
        city: feature.properties?.city,
        postcode: feature.properties?.postcode,
        route: feature.properties?.street ?? feature.properties?.name,
      },
    ];
  });
}
