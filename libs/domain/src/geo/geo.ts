/**
 * Pure rules of geocoding and travel times (§7 "Third-party services", §9 "Business values"):
 * where a place is, the key that says which addresses a distance was computed for, the
 * departure time of the travel-time queries, and the offline straight-line estimate.
 */

import { zoneOffsetMinutes } from '../rules/time-zone';

export type LatLng = { lat: number; lng: number };

/** The three modes of §3 "Proposal", with the maps service's travel mode of each. */
export const TRAVEL_MODES = ['car', 'transport', 'walk'] as const;
export type TravelMode = (typeof TRAVEL_MODES)[number];
export const ROUTES_TRAVEL_MODE: Record<TravelMode, 'DRIVE' | 'TRANSIT' | 'WALK'> = {
  car: 'DRIVE',
  transport: 'TRANSIT',
  walk: 'WALK',
};

/** One mode's answer; null when that mode failed (§8: it stays empty and is only logged). */
export type TravelLeg = { distanceMeters: number; durationSeconds: number } | null;
export type TravelTimes = Record<TravelMode, TravelLeg>;

const isLat = (n: unknown): n is number =>
  typeof n === 'number' && Number.isFinite(n) && Math.abs(n) <= 90;
const isLng = (n: unknown): n is number =>
  typeof n === 'number' && Number.isFinite(n) && Math.abs(n) <= 180;

/**
 * The coordinates of a chosen place: `lat`/`lng` (the console's places), a GeoJSON point
 * (`geometry.coordinates` or `coordinates`, [lon, lat]); null when it has none.
 */
export function placeLatLng(place: unknown): LatLng | null {
  if (!place || typeof place !== 'object') return null;
  const p = place as Record<string, unknown>;
  if (isLat(p.lat) && isLng(p.lng)) return { lat: p.lat, lng: p.lng };
  if (isLat(p.lat) && isLng(p.lon)) return { lat: p.lat, lng: p.lon };
  const point = (p.geometry as { coordinates?: unknown } | undefined)?.coordinates ?? p.coordinates;
  if (Array.isArray(point) && isLng(point[0]) && isLat(point[1]))
    return { lat: point[1], lng: point[0] };
  return null;
}

/** A GeoJSON point ([lon, lat]) as a position. */
export function pointLatLng(point: { coordinates?: unknown } | null | undefined): LatLng | null {
  const c = point?.coordinates;
  return Array.isArray(c) && isLng(c[0]) && isLat(c[1]) ? { lat: c[1], lng: c[0] } : null;
}

const round5 = (n: number) => Math.round(n * 1e5) / 1e5;

/**
 * What a position was computed from, as a short readable string: the address text and the
 * point rounded to about a metre. Two computations with the same key give the same result, so
 * a job whose key is already recorded has nothing to do (idempotence), and a job whose key is
 * no longer the current one is stale (a newer job covers it).
 */
export function addressKey(label: string | null | undefined, at: LatLng | null): string | null {
  const text = typeof label === 'string' ? label.trim().replace(/\s+/g, ' ') : '';
  if (!at) return null;
  return `${text}@${round5(at.lat)},${round5(at.lng)}`;
}

/** The key of a route: both ends; null while either end has no position. */
export function routeKey(from: string | null, to: string | null): string | null {
  return from && to ? `${from} -> ${to}` : null;
}

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres. */
export function haversineMeters(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The offline estimate (no maps key), always labelled as an estimate (`estimate: true`,
 * `contractualEstimate`). The route is the straight line times a detour factor; its time is
 * a fixed part (parking, reaching the stop and waiting) plus the route run through speed
 * bands: the first kilometres are slow (town), the next faster (ring roads, suburban trains),
 * the rest at long-distance speed (motorway, intercity and high-speed trains). So Paris-Lyon
 * (392 km straight) comes out at about 470 km and 5 h by car, 450 km and 3 h 45 by train,
 * as a person would expect, and a 7 km trip across town at about 25 min by car.
 */
export type SpeedBand = { untilKm: number; speedKmh: number };
export const ESTIMATE_PROFILES: Record<
  TravelMode,
  { detourFactor: number; fixedSeconds: number; bands: readonly SpeedBand[] }
> = {
  /** Roads wind ~20 % longer than the straight line; town, then main roads, then motorway. */
  car: {
    detourFactor: 1.2,
    fixedSeconds: 300,
    bands: [
      { untilKm: 10, speedKmh: 30 },
      { untilKm: 50, speedKmh: 60 },
      { untilKm: Infinity, speedKmh: 100 },
    ],
  },
  /** Lines are a little more direct on long trips; bus and metro, suburban train, then TGV. */
  transport: {
    detourFactor: 1.15,
    fixedSeconds: 600,
    bands: [
      { untilKm: 10, speedKmh: 20 },
      { untilKm: 50, speedKmh: 45 },
      { untilKm: Infinity, speedKmh: 180 },
    ],
  },
  /** Streets ~20 % longer than the straight line; 4.5 km/h. */
  walk: { detourFactor: 1.2, fixedSeconds: 0, bands: [{ untilKm: Infinity, speedKmh: 4.5 }] },
};

/** Seconds to run `km` through speed bands. */
function bandedSeconds(km: number, bands: readonly SpeedBand[]): number {
  let seconds = 0;
  let from = 0;
  for (const band of bands) {
    if (km <= from) break;
    const run = Math.min(km, band.untilKm) - from;
    seconds += (run / band.speedKmh) * 3600;
    from = band.untilKm;
  }
  return seconds;
}

export function estimateTravelTimes(from: LatLng, to: LatLng): TravelTimes {
  const straight = haversineMeters(from, to);
  const out = {} as TravelTimes;
  for (const mode of TRAVEL_MODES) {
    const { detourFactor, fixedSeconds, bands } = ESTIMATE_PROFILES[mode];
    const distanceMeters = Math.round(straight * detourFactor);
    const durationSeconds = Math.round(bandedSeconds(distanceMeters / 1000, bands) + fixedSeconds);
    out[mode] = { distanceMeters, durationSeconds };
  }
  return out;
}

/**
 * Walking counts for the contractual distance and time only while it is a real option: up to
 * two hours. Beyond, nobody walks to work, and a walking route must not lend its distance.
 */
export const MAX_CONTRACTUAL_WALK_SECONDS = 2 * 3600;

/**
 * The contractual distance (metres) and time (seconds): each the minimum across the modes a
 * person would take (§3, §9), failed modes and walks over two hours left out.
 */
export function contractualFromTravel(times: TravelTimes): {
  distance: number | null;
  time: number | null;
} {
  const legs = TRAVEL_MODES.flatMap((mode) => {
    const leg = times[mode];
    if (!leg) return [];
    if (mode === 'walk' && leg.durationSeconds > MAX_CONTRACTUAL_WALK_SECONDS) return [];
    return [leg];
  });
  return {
    distance: legs.length ? Math.min(...legs.map((leg) => leg.distanceMeters)) : null,
    time: legs.length ? Math.min(...legs.map((leg) => leg.durationSeconds)) : null,
  };
}

export const DEPARTURE_TIME_ZONE = 'Europe/Paris';
export const DEPARTURE_HOUR = 8;

/**
 * The departure of the travel-time queries (§9: "the next day at 08:00"), Paris time, as
 * RFC 3339 with its offset ('2026-11-24T08:00:00+01:00'), across daylight-saving changes.
 */
export function nextDepartureTime(now: Date, timeZone = DEPARTURE_TIME_ZONE): string {
  const today = new Date(now.getTime() + zoneOffsetMinutes(now.getTime(), timeZone) * 60000);
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth();
  const d = today.getUTCDate() + 1;
  let utc = Date.UTC(y, m, d, DEPARTURE_HOUR);
  // Two passes: the offset of the departure itself, which may differ from today's.
  for (let i = 0; i < 2; i++)
    utc = Date.UTC(y, m, d, DEPARTURE_HOUR) - zoneOffsetMinutes(utc, timeZone) * 60000;
  const offset = zoneOffsetMinutes(utc, timeZone);
  const local = new Date(utc + offset * 60000).toISOString().slice(0, 19);
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${local}${sign}${hh}:${mm}`;
}
