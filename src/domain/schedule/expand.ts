import type { Airport } from '../world/airports';
import { localToUtcMinutes, weekdayOf } from '../world/time';
import type { FlightPattern } from './patterns';

/**
 * All flights departing in one UTC day, grouped by origin airport and sorted by
 * departure: compact typed arrays the engine scans without allocating.
 */
export const PAIR_STRIDE = 4096;

export interface DaySlice {
  utcDay: number;
  /** Flights of airport i are rows start[i] … start[i+1]-1, sorted by destination then departure. */
  start: Int32Array;
  /** Rows of one origin → destination pair: key origin * PAIR_STRIDE + destination → [first row, end row). */
  pairs: Map<number, [number, number]>;
  departure: Int32Array;
  arrival: Int32Array;
  pattern: Int32Array;
  /** Local departure day at the origin (the flight id's date). */
  localDay: Int32Array;
  destination: Int32Array;
}

/**
 * Expands the patterns into the flights that leave during UTC day `utcDay`.
 * @example expandUtcDay(patterns, airports, airportIndex, dayNumber('2026-12-24'))
 */
export function expandUtcDay(patterns: readonly FlightPattern[], airports: readonly Airport[], airportIndex: ReadonlyMap<string, number>, utcDay: number): DaySlice {
  const rows: { origin: number; departure: number; arrival: number; pattern: number; localDay: number; destination: number }[] = [];
  const dayStart = utcDay * 1440;
  const dayEnd = dayStart + 1440;
  for (const p of patterns) {
    const origin = airportIndex.get(p.from);
    const destination = airportIndex.get(p.to);
    const airport = origin === undefined ? undefined : airports[origin];
    if (origin === undefined || destination === undefined || !airport) continue;
    // The local departure day is within a day of the UTC day for any zone.
    for (let localDay = utcDay - 1; localDay <= utcDay + 1; localDay++) {
      if (localDay < p.validFrom || localDay > p.validTo) continue;
      if ((p.daysMask & (1 << weekdayOf(localDay))) === 0) continue;
      const departure = localToUtcMinutes(airport.tz, localDay, p.departureLocal);
      if (departure < dayStart || departure >= dayEnd) continue;
      rows.push({ origin, departure, arrival: departure + p.blockMinutes, pattern: p.index, localDay, destination });
    }
  }
  rows.sort((a, b) => a.origin - b.origin || a.destination - b.destination || a.departure - b.departure || a.pattern - b.pattern);
  const n = rows.length;
  const slice: DaySlice = {
    utcDay,
    start: new Int32Array(airports.length + 1),
    pairs: new Map(),
    departure: new Int32Array(n),
    arrival: new Int32Array(n),
    pattern: new Int32Array(n),
    localDay: new Int32Array(n),
    destination: new Int32Array(n),
  };
  const counts = new Int32Array(airports.length + 1);
  rows.forEach((row, i) => {
    slice.departure[i] = row.departure;
    slice.arrival[i] = row.arrival;
    slice.pattern[i] = row.pattern;
    slice.localDay[i] = row.localDay;
    slice.destination[i] = row.destination;
    counts[row.origin + 1] = (counts[row.origin + 1] ?? 0) + 1;
    const key = row.origin * PAIR_STRIDE + row.destination;
    const range = slice.pairs.get(key);
    if (range) range[1] = i + 1;
    else slice.pairs.set(key, [i, i + 1]);
  });
  for (let i = 1; i <= airports.length; i++) slice.start[i] = (slice.start[i - 1] ?? 0) + (counts[i] ?? 0);
  return slice;
}
