import type { FlightPattern } from '../schedule/patterns';
import { dayNumber, localToUtcMinutes } from '../world/time';
import type { World } from '../world/world';
import { connects } from './engine';
import { queryRules, twoStopAllowed } from './rules';

/**
 * Test oracle: Connection Scan Algorithm for the earliest arrival under the same network
 * rules as the engine (MCT, layover limits, at most 2 stops, circuity, 2-stop via hub
 * pairs). One pass over all connections in departure order; no pruning.
 * @example csaEarliestArrival(world, 'DEL', 'BOM', '2026-12-24') // UTC minutes or null
 */
export function csaEarliestArrival(world: World, from: string, to: string, date: string): number | null {
  const origin = world.airportIndex.get(from);
  const destination = world.airportIndex.get(to);
  const airport = origin === undefined ? undefined : world.airports[origin];
  if (origin === undefined || destination === undefined || !airport) return null;
  const day = dayNumber(date);
  const t0 = localToUtcMinutes(airport.tz, day, 0);
  const t1 = localToUtcMinutes(airport.tz, day + 1, 0);
  const rules = queryRules(world, origin, destination);
  const connections = connectionsBetween(world, t0, t1 + 3 * 1440);
  type Arrival = { arrival: number; pattern: FlightPattern };
  const afterOne: Arrival[][] = world.airports.map(() => []);
  const afterTwo: Arrival[][] = world.airports.map(() => []);
  let best = Infinity;
  for (const c of connections) {
    if (c.departure >= best) break;
    if (c.from === origin && c.departure >= t0 && c.departure < t1) {
      if (c.to === destination) best = Math.min(best, c.arrival);
      else afterOne[c.to]?.push({ arrival: c.arrival, pattern: c.p });
    }
    for (const e of afterOne[c.from] ?? []) {
      if (!connects(e.pattern, c.p, e.arrival, c.departure)) continue;
      if (c.to === destination && rules.via1[c.from]) best = Math.min(best, c.arrival);
      if (c.to !== destination && twoStopAllowed(world, rules, c.from, c.to)) afterTwo[c.to]?.push({ arrival: c.arrival, pattern: c.p });
      break;
    }
    if (c.to === destination) {
      for (const e of afterTwo[c.from] ?? []) {
        if (connects(e.pattern, c.p, e.arrival, c.departure)) {
          best = Math.min(best, c.arrival);
          break;
        }
      }
    }
  }
  return best === Infinity ? null : best;
}

export interface Connection {
  from: number;
  to: number;
  departure: number;
  arrival: number;
  p: FlightPattern;
  localDay: number;
}

/** Every flight leaving in [fromMinute, toMinute), sorted by departure (UTC minutes). */
export function connectionsBetween(world: World, fromMinute: number, toMinute: number): Connection[] {
  const out: Connection[] = [];
  for (let utcDay = Math.floor(fromMinute / 1440); utcDay <= Math.floor((toMinute - 1) / 1440); utcDay++) {
    const slice = world.daySlice(utcDay);
    for (let a = 0; a < world.airports.length; a++) {
      for (let r = slice.start[a] ?? 0; r < (slice.start[a + 1] ?? 0); r++) {
        const departure = slice.departure[r] ?? 0;
        const p = world.patterns[slice.pattern[r] ?? 0];
        if (departure < fromMinute || departure >= toMinute || !p) continue;
        out.push({ from: a, to: slice.destination[r] ?? 0, departure, arrival: slice.arrival[r] ?? 0, p, localDay: slice.localDay[r] ?? 0 });
      }
    }
  }
  return out.sort((x, y) => x.departure - y.departure);
}
