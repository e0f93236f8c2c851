import { CABINS, type Cabin } from '../../core/search';
import { expandUtcDay, type DaySlice } from '../schedule/expand';
import { generatePatterns } from '../schedule/generator';
import type { FlightPattern } from '../schedule/patterns';
import { AIRCRAFT, type Airline, getAirline } from './airlines';
import { type Airport, AIRPORTS } from './airports';
import { distanceKm } from './geo';
import { dayNumber, formatLocal, isoDate, localToUtcMinutes, weekdayOf } from './time';

/** One flight on one date: what booking, tickets and search legs are made from. */
export interface DatedFlight {
  /** "6E2134@2026-12-24": carrier + number @ local departure date. */
  flightId: string;
  pattern: FlightPattern;
  carrier: string;
  carrierName: string;
  number: number;
  /** "6E 2134". */
  flightNumber: string;
  from: string;
  to: string;
  fromTerminal: string | null;
  toTerminal: string | null;
  /** Local departure date at the origin, YYYY-MM-DD. */
  departureDate: string;
  departureUtc: Date;
  arrivalUtc: Date;
  /** Local ISO with offset, e.g. "2026-12-24T06:05:00+05:30". */
  departureLocal: string;
  arrivalLocal: string;
  durationMinutes: number;
  aircraft: string;
  aircraftId: string;
  /** Seats per cabin (0 where the aircraft lacks the cabin). */
  capacity: Record<Cabin, number>;
  international: boolean;
}

export interface World {
  seed: number;
  scale: number;
  airports: readonly Airport[];
  airportIndex: ReadonlyMap<string, number>;
  patterns: readonly FlightPattern[];
  /** Days ahead flights are on sale (the horizon for search). */
  horizonDays: number;
  getAirport(code: string): Airport | undefined;
  getAirline(code: string): Airline | undefined;
  airlineName(code: string): string;
  /** A dated flight from its id, or undefined when no such flight operates. */
  getFlight(flightId: string): DatedFlight | undefined;
  /** Dated flight from a pattern and local departure day. */
  flightOf(patternIndex: number, localDay: number): DatedFlight;
  /** Last date on sale for a given today (inclusive). */
  lastSaleDate(today: string): string;
  /** Flights leaving during a UTC day (cached). */
  daySlice(utcDay: number): DaySlice;
  /** Routes flown at all (both directions listed), "DEL-BOM". */
  hasRoute(from: string, to: string): boolean;
  /** Airports with a departure at all. */
  servedAirports: ReadonlySet<string>;
  /** Great-circle km between airports by index (row-major, airports.length²). */
  distances: Float64Array;
  /** Shortest block time of any pattern on a pair, by index key from * 4096 + to (for pruning). */
  minBlock: ReadonlyMap<number, number>;
}

export const DEFAULT_SEED = 20261121;
const SALE_HORIZON_DAYS = 330;

const worlds = new Map<string, World>();

/**
 * The flight world for a seed and scale, memoized per process (cheap to ask for twice).
 * @example const world = createWorld(); world.getFlight('6E1000@2026-12-24')
 */
export function createWorld(options: { seed?: number; scale?: number } = {}): World {
  const seed = options.seed ?? DEFAULT_SEED;
  const scale = options.scale ?? 1;
  const key = `${seed}|${scale}`;
  let world = worlds.get(key);
  if (!world) {
    world = createWorldFromPatterns(generatePatterns({ seed, scale }), { seed, scale });
    worlds.set(key, world);
  }
  return world;
}

/**
 * A world over given patterns (tests build tiny hand-made or random schedules with it).
 * Pattern `index` must equal its position.
 * @example createWorldFromPatterns(patterns, { seed: 0, scale: 1 })
 */
export function createWorldFromPatterns(patterns: FlightPattern[], options: { seed: number; scale: number }): World {
  const { seed, scale } = options;
  const airports = AIRPORTS;
  const airportIndex = new Map(airports.map((a, i) => [a.code, i]));
  const byKey = new Map(patterns.map((p) => [p.key, p]));
  const routes = new Set(patterns.map((p) => `${p.from}-${p.to}`));
  const served = new Set(patterns.map((p) => p.from));
  const slices = new Map<number, DaySlice>();
  // Dated flights by local day, then pattern index (a flat numeric key would pass 2³¹ and make
  // every lookup a boxed-number hash); dropped wholesale past 100,000 flights.
  const flightsByDay = new Map<number, (DatedFlight | undefined)[]>();
  let flightsCached = 0;
  const n = airports.length;
  const distances = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const a = airports[i];
      const b = airports[j];
      if (a && b) distances[i * n + j] = distanceKm(a.lat, a.lon, b.lat, b.lon);
    }
  }
  const minBlock = new Map<number, number>();
  for (const p of patterns) {
    const key = (airportIndex.get(p.from) ?? 0) * 4096 + (airportIndex.get(p.to) ?? 0);
    minBlock.set(key, Math.min(minBlock.get(key) ?? Infinity, p.blockMinutes));
  }
  const MAX_SLICES = scale > 1 ? 8 : 64;

  const flightOf = (patternIndex: number, localDay: number): DatedFlight => {
    let day = flightsByDay.get(localDay);
    const cached = day?.[patternIndex];
    if (cached) return cached;
    const flight = makeFlight(patternIndex, localDay);
    if (flightsCached >= 100_000) {
      flightsByDay.clear();
      flightsCached = 0;
      day = undefined;
    }
    if (!day) flightsByDay.set(localDay, (day = new Array<DatedFlight | undefined>(patterns.length)));
    day[patternIndex] = flight;
    flightsCached++;
    return flight;
  };

  const makeFlight = (patternIndex: number, localDay: number): DatedFlight => {
    const p = patterns[patternIndex];
    if (!p) throw new Error(`No pattern ${patternIndex}`);
    const origin = airports[airportIndex.get(p.from) ?? -1];
    const destination = airports[airportIndex.get(p.to) ?? -1];
    if (!origin || !destination) throw new Error(`Pattern ${p.key} has unknown airports`);
    const departure = localToUtcMinutes(origin.tz, localDay, p.departureLocal);
    const arrival = departure + p.blockMinutes;
    const aircraft = AIRCRAFT[p.aircraft];
    const capacity = Object.fromEntries(CABINS.map((c) => [c, aircraft?.layout[c] ?? 0])) as Record<Cabin, number>;
    const date = isoDate(localDay);
    return {
      flightId: `${p.key}@${date}`,
      pattern: p,
      carrier: p.carrier,
      carrierName: getAirline(p.carrier)?.name ?? p.carrier,
      number: p.number,
      flightNumber: `${p.carrier} ${p.number}`,
      from: p.from,
      to: p.to,
      fromTerminal: p.fromTerminal,
      toTerminal: p.toTerminal,
      departureDate: date,
      departureUtc: new Date(departure * 60_000),
      arrivalUtc: new Date(arrival * 60_000),
      departureLocal: formatLocal(departure, origin.tz),
      arrivalLocal: formatLocal(arrival, destination.tz),
      durationMinutes: p.blockMinutes,
      aircraft: aircraft?.name ?? p.aircraft,
      aircraftId: p.aircraft,
      capacity,
      international: p.international,
    };
  };

  return {
    seed,
    scale,
    airports,
    airportIndex,
    patterns,
    horizonDays: SALE_HORIZON_DAYS,
    getAirport: (code) => {
      const i = airportIndex.get(code.toUpperCase());
      return i === undefined ? undefined : airports[i];
    },
    getAirline,
    airlineName: (code) => getAirline(code)?.name ?? code,
    getFlight(flightId) {
      const match = /^([A-Z0-9]{2})(\d{1,5})@(\d{4}-\d{2}-\d{2})$/.exec(flightId);
      if (!match) return undefined;
      const [, carrier, number, date] = match;
      const p = byKey.get(`${carrier}${Number(number)}`);
      if (!p || !date || `${p.carrier}${p.number}` !== `${carrier}${number}`) return undefined;
      const day = dayNumber(date);
      if (Number.isNaN(day) || isoDate(day) !== date) return undefined;
      if (day < p.validFrom || day > p.validTo || (p.daysMask & (1 << weekdayOf(day))) === 0) return undefined;
      return flightOf(p.index, day);
    },
    flightOf,
    lastSaleDate: (today) => isoDate(dayNumber(today) + SALE_HORIZON_DAYS),
    daySlice(utcDay) {
      let slice = slices.get(utcDay);
      if (!slice) {
        slice = expandUtcDay(patterns, airports, airportIndex, utcDay);
        if (slices.size >= MAX_SLICES) {
          const oldest = slices.keys().next().value;
          if (oldest !== undefined) slices.delete(oldest);
        }
        slices.set(utcDay, slice);
      } else {
        // Refresh LRU position.
        slices.delete(utcDay);
        slices.set(utcDay, slice);
      }
      return slice;
    },
    hasRoute: (from, to) => routes.has(`${from}-${to}`),
    servedAirports: served,
    distances,
    minBlock,
  };
}
