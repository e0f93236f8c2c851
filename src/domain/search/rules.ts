import type { World } from '../world/world';

/**
 * The network rules both the engine and its test oracles follow: which airports may be a
 * via point for a query (circuity) and which may be the two vias of a 2-stop (hub pairs).
 */

/** Airports allowed as either via of a 2-stop itinerary. */
const HUBS: readonly string[] = [
  'DEL', 'BOM', 'BLR', 'HYD', 'MAA', 'CCU', 'AMD', 'PNQ', 'COK', 'GOI', 'JAI', 'LKO', 'GAU', 'PAT', 'NAG', 'IDR', 'BBI', 'IXC',
  'DXB', 'DOH', 'AUH', 'SIN', 'BKK', 'KUL', 'HKG', 'LHR', 'CDG', 'FRA', 'AMS', 'IST', 'MUC', 'ZRH', 'JFK', 'EWR', 'ORD', 'SFO',
  'YYZ', 'NRT', 'ICN', 'SYD', 'CMB',
];

/** Circuity: keep a via H when d(O,H) + d(H,D) ≤ 1.6 × d(O,D) + 300 km (2-stop: the three legs). */
function circuityLimit(directKm: number): number {
  return 1.6 * directKm + 300;
}

export interface QueryRules {
  origin: number;
  destination: number;
  /** Per airport index: may be the via of a 1-stop. */
  via1: Uint8Array;
  /** Per airport index: a hub that may be a via of a 2-stop at all. */
  hub: Uint8Array;
  limitKm: number;
}

const hubSets = new WeakMap<World, Uint8Array>();

function hubMask(world: World): Uint8Array {
  let mask = hubSets.get(world);
  if (!mask) {
    mask = new Uint8Array(world.airports.length);
    for (const code of HUBS) {
      const i = world.airportIndex.get(code);
      if (i !== undefined) mask[i] = 1;
    }
    hubSets.set(world, mask);
  }
  return mask;
}

/**
 * Precomputes the via rules of one origin → destination query.
 * @example const rules = queryRules(world, 0, 1)
 */
export function queryRules(world: World, origin: number, destination: number): QueryRules {
  const n = world.airports.length;
  const d = world.distances;
  const limitKm = circuityLimit(d[origin * n + destination] ?? 0);
  const via1 = new Uint8Array(n);
  const hubs = hubMask(world);
  const hub = new Uint8Array(n);
  for (let h = 0; h < n; h++) {
    if (h === origin || h === destination) continue;
    const around = (d[origin * n + h] ?? 0) + (d[h * n + destination] ?? 0);
    if (around <= limitKm) via1[h] = 1;
    if (hubs[h] && around <= limitKm) hub[h] = 1;
  }
  return { origin, destination, via1, hub, limitKm };
}

/** Whether H1 → H2 is an allowed pair of vias for a 2-stop. */
export function twoStopAllowed(world: World, rules: QueryRules, h1: number, h2: number): boolean {
  if (h1 === h2 || !rules.hub[h1] || !rules.hub[h2]) return false;
  const n = world.airports.length;
  const d = world.distances;
  return (d[rules.origin * n + h1] ?? 0) + (d[h1 * n + h2] ?? 0) + (d[h2 * n + rules.destination] ?? 0) <= rules.limitKm;
}
