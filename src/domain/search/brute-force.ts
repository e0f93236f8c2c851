import { dayNumber, localToUtcMinutes } from '../world/time';
import type { World } from '../world/world';
import { type Connection, connectionsBetween } from './csa-oracle';
import { connects } from './engine';
import { queryRules, twoStopAllowed } from './rules';

/**
 * Test oracle for tiny schedules: every itinerary of up to 3 legs that the network rules
 * allow, enumerated without any pruning.
 * @example bruteForceItineraries(world, 'DEL', 'BOM', '2026-12-24').length
 */
export function bruteForceItineraries(world: World, from: string, to: string, date: string): Connection[][] {
  const origin = world.airportIndex.get(from);
  const destination = world.airportIndex.get(to);
  const airport = origin === undefined ? undefined : world.airports[origin];
  if (origin === undefined || destination === undefined || !airport) return [];
  const day = dayNumber(date);
  const t0 = localToUtcMinutes(airport.tz, day, 0);
  const t1 = localToUtcMinutes(airport.tz, day + 1, 0);
  const rules = queryRules(world, origin, destination);
  const all = connectionsBetween(world, t0, t1 + 3 * 1440);
  const found: Connection[][] = [];
  const follows = (a: Connection, b: Connection) => a.to === b.from && connects(a.p, b.p, a.arrival, b.departure);
  for (const c1 of all) {
    if (c1.from !== origin || c1.departure < t0 || c1.departure >= t1) continue;
    if (c1.to === destination) {
      found.push([c1]);
      continue;
    }
    for (const c2 of all) {
      if (!follows(c1, c2)) continue;
      if (c2.to === destination) {
        if (rules.via1[c1.to]) found.push([c1, c2]);
        continue;
      }
      if (c2.to === origin || !twoStopAllowed(world, rules, c1.to, c2.to)) continue;
      for (const c3 of all) if (c3.to === destination && follows(c2, c3)) found.push([c1, c2, c3]);
    }
  }
  return found;
}
