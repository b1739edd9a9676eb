import {
  LatLng,
  ROUTES_TRAVEL_MODE,
  TRAVEL_MODES,
  TravelLeg,
  TravelMode,
  TravelTimes,
} from '@reloc/domain';
import type { Logger } from '../logger';
import { DEFAULT_TIMEOUT_MS, Fetch, joinUrl } from './http';

/** One element of a `computeRouteMatrix` answer (the fields our field mask asks for). */
export type RouteMatrixElement = {
  originIndex?: number;
  destinationIndex?: number;
  /** google.rpc.Status: `{}` or absent when fine, `{code, message}` otherwise. */
  status?: { code?: number; message?: string };
  condition?: 'ROUTE_EXISTS' | 'ROUTE_NOT_FOUND' | 'ROUTE_MATRIX_ELEMENT_CONDITION_UNSPECIFIED';
  distanceMeters?: number;
  /** Seconds with an 's' suffix: '1234s'. */
  duration?: string;
};

export const ROUTES_FIELD_MASK =
  'originIndex,destinationIndex,status,condition,distanceMeters,duration';

export type RoutesMatrixOptions = {
  baseUrl: string;
  apiKey: string;
  logger: Logger;
  fetch?: Fetch;
  timeoutMs?: number;
};

/**
 * Travel times through Google Routes `computeRouteMatrix` (the legacy Distance Matrix is closed
 * to new projects): one request per mode, so a failed mode stays null and is only logged
 * (§8 "Distance computation failure") while the others still count.
 */
export class RoutesMatrix {
  private readonly fetch: Fetch;
  private readonly timeoutMs: number;

  constructor(private readonly options: RoutesMatrixOptions) {
    this.fetch = options.fetch ?? fetch;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  async travelTimes(from: LatLng, to: LatLng, departureTime: string): Promise<TravelTimes> {
    const legs = await Promise.all(
      TRAVEL_MODES.map((mode) =>
        this.leg(mode, from, to, departureTime).catch((error: unknown) => {
          this.options.logger.warn('Calcul de trajet en échec / travel time failed', {
            mode,
            error: error instanceof Error ? error.message : String(error),
          });
          return null;
        }),
      ),
    );
    return Object.fromEntries(TRAVEL_MODES.map((mode, i) => [mode, legs[i]])) as TravelTimes;
  }

  private async leg(
    mode: TravelMode,
    from: LatLng,
    to: LatLng,
    departureTime: string,
  ): Promise<TravelLeg> {
    const travelMode = ROUTES_TRAVEL_MODE[mode];
    const waypoint = (p: LatLng) => ({
      waypoint: { location: { latLng: { latitude: p.lat, longitude: p.lng } } },
    });
    const body = {
      origins: [waypoint(from)],
      destinations: [waypoint(to)],
      travelMode,
      // Traffic at 08:00 matters by car; the preference is refused for the other modes.
      ...(travelMode === 'DRIVE' ? { routingPreference: 'TRAFFIC_AWARE' } : {}),
      departureTime: new Date(departureTime).toISOString(),
    };
    const response = await this.fetch(
      joinUrl(this.options.baseUrl, 'distanceMatrix/v2:computeRouteMatrix'),
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Goog-Api-Key': this.options.apiKey,
          'X-Goog-FieldMask': ROUTES_FIELD_MASK,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      },
    );
    const text = await response.text();
    if (!response.ok)
      throw new Error(`${travelMode}: HTTP ${response.status} ${text.slice(0, 200)}`);
    const element = parseMatrix(text).find(
      (e) => (e.originIndex ?? 0) === 0 && (e.destinationIndex ?? 0) === 0,
    );
    if (!element) throw new Error(`${travelMode}: no matrix element`);
    if (element.status?.code)
      throw new Error(`${travelMode}: ${element.status.message ?? element.status.code}`);
    if (element.condition !== 'ROUTE_EXISTS')
      throw new Error(`${travelMode}: ${element.condition ?? 'no route'}`);
    const seconds = parseDuration(element.duration);
    if (seconds === null || typeof element.distanceMeters !== 'number')
      // A zero-length route omits distanceMeters (proto3 default).
      return seconds === null ? null : { distanceMeters: 0, durationSeconds: seconds };
    return { distanceMeters: element.distanceMeters, durationSeconds: seconds };
  }
}

/** The answer is a JSON array, or a stream of JSON objects one per line. */
export function parseMatrix(text: string): RouteMatrixElement[] {
  const trimmed = text.trim();
  if (!trimmed) return [];
  try {
    const parsed = JSON.parse(trimmed) as unknown;
    return Array.isArray(parsed)
      ? (parsed as RouteMatrixElement[])
      : [parsed as RouteMatrixElement];
  } catch {
    return trimmed
      .split('\n')
      .map((line) => line.trim().replace(/^\[|,$|\]$/g, ''))
      .filter(Boolean)
      .map((line) => JSON.parse(line) as RouteMatrixElement);
  }
}

/** '1234s' or '12.5s' in whole seconds; null when absent or malformed. */
export function parseDuration(duration: string | undefined): number | null {
  const match = /^(\d+(?:\.\d+)?)s$/.exec(duration ?? '');
  return match ? Math.round(Number(match[1])) : null;
}
