import { AIRCRAFT } from '../world/airlines';
import { type Airport, AIRPORTS, getAirport } from '../world/airports';
import { blockMinutes, distanceKm } from '../world/geo';
import { dayNumber, localToUtcMinutes, offsetMinutesAt } from '../world/time';
import { EVERY_DAY, type FlightPattern } from './patterns';
import { createRng } from './rng';

/**
 * Generates the schedule deterministically from a seed. The default world is an
 * India-realistic day (~4–5k departures); `scale` multiplies every route's frequency
 * (scale ≈ 22 gives the ~100k flights a day of a world-scale schedule, for benchmarks).
 */

const METROS = ['DEL', 'BOM', 'BLR', 'HYD', 'MAA', 'CCU'] as const;
const TIER2 = [
  'AMD', 'PNQ', 'COK', 'GOI', 'GOX', 'JAI', 'LKO', 'TRV', 'GAU', 'SXR', 'IXC', 'PAT', 'BBI', 'NAG', 'IDR', 'CCJ', 'VNS',
  'ATQ', 'IXB', 'RPR', 'IXR', 'VTZ', 'CJB', 'IXE', 'BDQ', 'STV', 'BHO', 'IXZ', 'IXJ', 'IXL', 'DED', 'UDR', 'NMI', 'IXM',
  'VGA', 'TRZ', 'HSR', 'AYJ', 'IXU', 'DXN',
] as const;

/** Daily departures each way on the trunk routes (facts file: DEL–BOM ~55–60). */
const TRUNK: readonly [string, string, number][] = [
  ['DEL', 'BOM', 58], ['DEL', 'BLR', 44], ['BOM', 'BLR', 34], ['DEL', 'HYD', 32], ['DEL', 'PNQ', 22], ['DEL', 'CCU', 26],
  ['DEL', 'AMD', 18], ['DEL', 'SXR', 14], ['BOM', 'HYD', 26], ['BLR', 'HYD', 26], ['DEL', 'MAA', 24], ['BOM', 'MAA', 20],
  ['BLR', 'MAA', 14], ['BOM', 'CCU', 18], ['BLR', 'CCU', 18], ['HYD', 'MAA', 12], ['HYD', 'CCU', 10], ['MAA', 'CCU', 12],
  ['BOM', 'GOI', 8], ['BLR', 'GOI', 7], ['BLR', 'PNQ', 12], ['BOM', 'AMD', 10], ['DEL', 'GOI', 10], ['DEL', 'GOX', 6],
  ['DEL', 'COK', 10], ['BOM', 'COK', 10], ['BLR', 'COK', 10], ['DEL', 'JAI', 8], ['DEL', 'LKO', 14], ['BOM', 'LKO', 8],
  ['DEL', 'GAU', 12], ['CCU', 'GAU', 10], ['DEL', 'PAT', 12], ['DEL', 'IXC', 8], ['DEL', 'VNS', 10], ['DEL', 'IXL', 6],
  ['DEL', 'IXJ', 8], ['BOM', 'JAI', 8], ['BLR', 'AMD', 8], ['HYD', 'PNQ', 8], ['DEL', 'TRV', 4], ['BOM', 'NMI', 0],
  ['DEL', 'NAG', 8], ['BOM', 'NAG', 6], ['DEL', 'IDR', 8], ['BOM', 'IDR', 6], ['DEL', 'BBI', 8], ['DEL', 'UDR', 5],
];

/** International routes from India and the links between foreign hubs: [from, to, [carrier, per day]...]. */
const INTERNATIONAL: readonly [string, string, [string, number][]][] = [
  ['BOM', 'DXB', [['EK', 3], ['6E', 3], ['AI', 2], ['FZ', 2], ['IX', 1]]],
  ['DEL', 'DXB', [['EK', 3], ['6E', 2], ['AI', 2], ['FZ', 2]]],
  ['BLR', 'DXB', [['EK', 2], ['6E', 1], ['IX', 1]]],
  ['HYD', 'DXB', [['EK', 2], ['6E', 1]]],
  ['MAA', 'DXB', [['EK', 2], ['6E', 1]]],
  ['COK', 'DXB', [['EK', 1], ['IX', 2], ['6E', 1]]],
  ['CCU', 'DXB', [['EK', 1]]], ['AMD', 'DXB', [['EK', 1], ['6E', 1]]], ['CCJ', 'DXB', [['IX', 2]]], ['CNN', 'DXB', [['IX', 1]]],
  ['TRV', 'DXB', [['EK', 1]]], ['LKO', 'DXB', [['FZ', 1]]], ['JAI', 'DXB', [['IX', 1]]],
  ['BOM', 'AUH', [['EY', 3], ['6E', 1], ['IX', 1]]], ['DEL', 'AUH', [['EY', 2], ['6E', 1]]], ['COK', 'AUH', [['EY', 1], ['IX', 2], ['6E', 1]]],
  ['COK', 'SHJ', [['G9', 2], ['IX', 1]]], ['CCJ', 'SHJ', [['G9', 1], ['IX', 1]]], ['TRV', 'SHJ', [['G9', 1]]], ['DEL', 'SHJ', [['G9', 1]]],
  ['BOM', 'SHJ', [['G9', 1]]], ['HYD', 'SHJ', [['G9', 1]]],
  ['DEL', 'DOH', [['QR', 3], ['6E', 1]]], ['BOM', 'DOH', [['QR', 3], ['6E', 1]]], ['BLR', 'DOH', [['QR', 1]]], ['HYD', 'DOH', [['QR', 1]]],
  ['COK', 'DOH', [['QR', 1]]], ['MAA', 'DOH', [['QR', 1]]], ['AMD', 'DOH', [['QR', 1]]], ['GOX', 'DOH', [['QR', 1]]],
  ['BOM', 'MCT', [['WY', 2]]], ['DEL', 'MCT', [['WY', 1]]], ['COK', 'MCT', [['WY', 1], ['IX', 1]]],
  ['BOM', 'RUH', [['SV', 1]]], ['BOM', 'JED', [['SV', 1]]], ['DEL', 'JED', [['SV', 1]]], ['HYD', 'JED', [['SV', 1]]], ['DEL', 'RUH', [['SV', 1]]],
  ['COK', 'DMM', [['IX', 1]]], ['COK', 'KWI', [['KU', 1]]], ['BOM', 'KWI', [['KU', 1]]], ['BOM', 'BAH', [['GF', 1]]], ['COK', 'BAH', [['GF', 1]]],
  ['DEL', 'KTM', [['6E', 2], ['AI', 2], ['RA', 1]]], ['BOM', 'KTM', [['6E', 1]]], ['CCU', 'KTM', [['6E', 1]]],
  ['DEL', 'BKK', [['TG', 2], ['6E', 2], ['AI', 1]]], ['BOM', 'BKK', [['TG', 1], ['6E', 2]]], ['BLR', 'BKK', [['TG', 1], ['6E', 1]]],
  ['CCU', 'BKK', [['TG', 1], ['6E', 1]]], ['HYD', 'BKK', [['6E', 1]]], ['BOM', 'HKT', [['6E', 1]]], ['DEL', 'HKT', [['6E', 1]]],
  ['MAA', 'CMB', [['UL', 3], ['6E', 1], ['AI', 1]]], ['BOM', 'CMB', [['UL', 1]]], ['DEL', 'CMB', [['UL', 1]]], ['BLR', 'CMB', [['UL', 1]]],
  ['MAA', 'SIN', [['SQ', 2], ['6E', 1], ['AI', 1]]], ['DEL', 'SIN', [['SQ', 2], ['AI', 1]]], ['BOM', 'SIN', [['SQ', 2], ['AI', 1]]],
  ['BLR', 'SIN', [['SQ', 1], ['6E', 1]]], ['HYD', 'SIN', [['SQ', 1]]], ['CCU', 'SIN', [['SQ', 1]]],
  ['MAA', 'KUL', [['MH', 2], ['6E', 1]]], ['DEL', 'KUL', [['MH', 1]]], ['BOM', 'KUL', [['MH', 1]]],
  ['DEL', 'DAC', [['BG', 1], ['6E', 1]]], ['CCU', 'DAC', [['BG', 2], ['6E', 1]]],
  ['BOM', 'MLE', [['6E', 1]]], ['BLR', 'MLE', [['8M', 1]]], ['DEL', 'MLE', [['AI', 1]]],
  ['DEL', 'HKG', [['CX', 1]]], ['BOM', 'HKG', [['CX', 1]]], ['DEL', 'NRT', [['AI', 1], ['JL', 1]]], ['DEL', 'ICN', [['KE', 1]]],
  ['DEL', 'DPS', [['GA', 1]]],
  ['DEL', 'LHR', [['AI', 3], ['BA', 2], ['VS', 1]]], ['BOM', 'LHR', [['AI', 2], ['BA', 2], ['VS', 1]]], ['BLR', 'LHR', [['BA', 1], ['AI', 1]]],
  ['HYD', 'LHR', [['BA', 1]]], ['AMD', 'LGW', [['AI', 1]]], ['COK', 'LGW', [['AI', 1]]],
  ['DEL', 'FRA', [['LH', 1], ['AI', 1]]], ['BOM', 'FRA', [['LH', 1]]], ['BLR', 'FRA', [['LH', 1]]], ['DEL', 'MUC', [['LH', 1]]],
  ['DEL', 'CDG', [['AF', 1], ['AI', 1]]], ['BOM', 'CDG', [['AF', 1]]], ['DEL', 'AMS', [['KL', 1]]], ['BOM', 'AMS', [['KL', 1]]],
  ['DEL', 'ZRH', [['LX', 1]]], ['BOM', 'ZRH', [['LX', 1]]], ['DEL', 'VIE', [['OS', 1]]], ['DEL', 'FCO', [['AI', 1]]],
  ['DEL', 'IST', [['TK', 1]]], ['BOM', 'IST', [['TK', 1]]],
  ['DEL', 'JFK', [['AI', 1]]], ['BOM', 'JFK', [['AI', 1]]], ['DEL', 'EWR', [['AI', 1], ['UA', 1]]], ['DEL', 'SFO', [['AI', 1]]],
  ['BLR', 'SFO', [['AI', 1]]], ['DEL', 'ORD', [['AI', 1]]], ['DEL', 'IAD', [['AI', 1]]], ['DEL', 'YYZ', [['AC', 1], ['AI', 1]]],
  ['BOM', 'YYZ', [['AC', 1]]], ['DEL', 'SYD', [['AI', 1]]], ['DEL', 'MEL', [['AI', 1]]], ['BLR', 'SYD', [['QF', 1]]],
  // Links between foreign airports, so connections through Gulf, Asian and European hubs make sense.
  ['LHR', 'CDG', [['BA', 6], ['AF', 6]]], ['LGW', 'CDG', [['U2', 5]]], ['LHR', 'FRA', [['BA', 4], ['LH', 4]]],
  ['LHR', 'AMS', [['BA', 4], ['KL', 4]]], ['LHR', 'JFK', [['BA', 8], ['AA', 4], ['VS', 3]]], ['LHR', 'SFO', [['BA', 2], ['UA', 1]]],
  ['LHR', 'DXB', [['EK', 5], ['BA', 2]]], ['LHR', 'DOH', [['QR', 5], ['BA', 1]]], ['LHR', 'AUH', [['EY', 3]]], ['LHR', 'SIN', [['SQ', 2], ['BA', 1]]],
  ['LHR', 'MUC', [['LH', 3], ['BA', 2]]], ['LHR', 'ZRH', [['LX', 3], ['BA', 2]]], ['LHR', 'FCO', [['BA', 2], ['AZ', 2]]],
  ['LHR', 'MAD', [['BA', 2], ['IB', 3]]], ['LHR', 'BCN', [['BA', 2], ['IB', 2]]], ['LHR', 'IST', [['TK', 3], ['BA', 1]]],
  ['LHR', 'VIE', [['OS', 2], ['BA', 1]]], ['LHR', 'ORD', [['AA', 2], ['UA', 2]]], ['LHR', 'IAD', [['BA', 2], ['UA', 1]]],
  ['LHR', 'YYZ', [['AC', 2]]], ['LHR', 'EWR', [['UA', 3]]],
  ['CDG', 'FRA', [['AF', 3], ['LH', 3]]], ['CDG', 'AMS', [['AF', 3], ['KL', 3]]], ['CDG', 'JFK', [['AF', 4]]], ['CDG', 'DXB', [['EK', 2]]],
  ['CDG', 'DOH', [['QR', 2]]], ['CDG', 'BCN', [['AF', 3]]], ['CDG', 'FCO', [['AF', 3]]], ['CDG', 'MAD', [['AF', 3]]],
  ['FRA', 'JFK', [['LH', 3]]], ['FRA', 'SIN', [['LH', 1], ['SQ', 1]]], ['FRA', 'DXB', [['EK', 2]]], ['FRA', 'MUC', [['LH', 6]]],
  ['AMS', 'JFK', [['KL', 2]]], ['AMS', 'DXB', [['EK', 1]]], ['ZRH', 'JFK', [['LX', 1]]], ['IST', 'JFK', [['TK', 2]]],
  ['DXB', 'JFK', [['EK', 2]]], ['DXB', 'SYD', [['EK', 2]]], ['DXB', 'SIN', [['EK', 2]]], ['DXB', 'SFO', [['EK', 1]]],
  ['DXB', 'BKK', [['EK', 2]]], ['DXB', 'MLE', [['EK', 1]]], ['DXB', 'CMB', [['EK', 1]]], ['DXB', 'KTM', [['FZ', 1]]],
  ['DOH', 'JFK', [['QR', 2]]], ['DOH', 'SYD', [['QR', 1]]], ['DOH', 'SIN', [['QR', 2]]], ['DOH', 'FRA', [['QR', 2]]],
  ['AUH', 'JFK', [['EY', 1]]], ['AUH', 'SYD', [['EY', 1]]],
  ['SIN', 'SYD', [['SQ', 4], ['QF', 2]]], ['SIN', 'MEL', [['SQ', 3]]], ['SIN', 'BKK', [['SQ', 4], ['TG', 3]]], ['SIN', 'HKG', [['SQ', 3], ['CX', 3]]],
  ['SIN', 'KUL', [['SQ', 5], ['MH', 5]]], ['SIN', 'NRT', [['SQ', 2], ['JL', 1]]], ['SIN', 'DPS', [['SQ', 3], ['GA', 2]]], ['SIN', 'SFO', [['SQ', 1]]],
  ['BKK', 'HKG', [['TG', 3], ['CX', 3]]], ['BKK', 'HKT', [['TG', 5]]], ['BKK', 'NRT', [['TG', 2], ['JL', 1]]], ['HKG', 'NRT', [['CX', 3], ['JL', 2]]],
  ['HKG', 'SFO', [['CX', 2]]], ['NRT', 'ICN', [['KE', 3], ['JL', 3]]], ['NRT', 'SFO', [['JL', 2], ['UA', 1]]], ['ICN', 'SFO', [['KE', 2]]],
  ['SYD', 'MEL', [['QF', 12]]], ['KUL', 'DPS', [['MH', 3]]],
  ['JFK', 'SFO', [['UA', 4], ['AA', 5]]], ['JFK', 'ORD', [['UA', 4], ['AA', 5]]], ['EWR', 'SFO', [['UA', 5]]], ['EWR', 'ORD', [['UA', 5]]],
  ['JFK', 'YYZ', [['AC', 4]]], ['ORD', 'YYZ', [['AC', 3]]], ['ORD', 'SFO', [['UA', 6], ['AA', 4]]], ['IAD', 'SFO', [['UA', 4]]], ['YYZ', 'SFO', [['AC', 2]]],
];

/** Domestic market shares from the facts file (6E ~60%, AI + IX ~30%, QP ~5%, SG ~4%). */
const DOMESTIC_SHARE: readonly [string, number][] = [['6E', 0.6], ['AI', 0.18], ['IX', 0.12], ['QP', 0.06], ['SG', 0.04]];
const TURBOPROP_CARRIERS: readonly [string, number][] = [['6E', 0.55], ['9I', 0.2], ['S5', 0.15], ['SG', 0.1]];

const FOREIGN_WIDEBODY: Record<string, string> = {
  EK: 'A388', QR: 'B77W', EY: 'B789', SQ: 'A359', BA: 'B77W', VS: 'A333', LH: 'A359', AF: 'B77W', KL: 'B789', LX: 'A333',
  OS: 'B789', TK: 'A359', UA: 'B789', AA: 'B77W', AC: 'B789', CX: 'A359', JL: 'B788', KE: 'B77W', QF: 'B789', TG: 'A359',
  MH: 'A333', GA: 'A333', SV: 'B789', KU: 'B77W', GF: 'B789', WY: 'B789', AZ: 'A333', IB: 'A333',
};

const MIN_DAY = dayNumber('2025-01-01');
const MAX_DAY = dayNumber('2028-12-31');

export interface GenerateOptions {
  seed: number;
  /** Frequency multiplier; 1 is the India-realistic default. */
  scale: number;
}

function pickWeighted(rng: ReturnType<typeof createRng>, weights: readonly [string, number][]): string {
  let r = rng.next();
  for (const [code, weight] of weights) {
    r -= weight;
    if (r <= 0) return code;
  }
  return weights[0]?.[0] ?? '6E';
}

/**
 * Builds every flight pattern of the world.
 * @example generatePatterns({ seed: 1, scale: 1 }).length // ~4–5k
 */
export function generatePatterns(options: GenerateOptions): FlightPattern[] {
  const rng = createRng(options.seed);
  const patterns: FlightPattern[] = [];
  const nextNumber = new Map<string, number>();
  const routeFrequency = new Map<string, number>();
  const pairKey = (a: string, b: string) => (a < b ? `${a}-${b}` : `${b}-${a}`);

  // 1. Domestic network: trunk table, metro ↔ tier-2, tier-2 ↔ tier-2, small spokes.
  for (const [a, b, perDay] of TRUNK) routeFrequency.set(pairKey(a, b), perDay);
  const metros = METROS.map((c) => mustAirport(c));
  const tier2 = TIER2.map((c) => mustAirport(c));
  for (const m of metros) {
    for (const t of tier2) {
      const key = pairKey(m.code, t.code);
      if (routeFrequency.has(key)) continue;
      const km = distanceKm(m.lat, m.lon, t.lat, t.lon);
      if (km < 250) continue;
      const hubWeight = m.code === 'DEL' || m.code === 'BOM' ? 1.4 : m.code === 'CCU' ? 0.8 : 1;
      if (rng.next() < 0.18 / hubWeight) continue;
      routeFrequency.set(key, Math.max(1, Math.round((2 + rng.next() * 6) * hubWeight)));
    }
  }
  for (let i = 0; i < tier2.length; i++) {
    for (let j = i + 1; j < tier2.length; j++) {
      const a = tier2[i];
      const b = tier2[j];
      if (!a || !b) continue;
      const key = pairKey(a.code, b.code);
      if (routeFrequency.has(key)) continue;
      const km = distanceKm(a.lat, a.lon, b.lat, b.lon);
      if (km < 300 || km > 1600 || rng.next() > 0.1) continue;
      routeFrequency.set(key, rng.int(1, 3));
    }
  }
  const bigCodes = new Set<string>([...METROS, ...TIER2]);
  const smallIndian = AIRPORTS.filter((a) => a.country === 'IN' && !bigCodes.has(a.code));
  const spokeHubs = [...metros, ...tier2.filter((t) => ['AMD', 'PNQ', 'JAI', 'LKO', 'GAU', 'PAT', 'BBI', 'NAG', 'IDR', 'COK', 'IXC'].includes(t.code))];
  const turboprop = new Set<string>();
  for (const small of smallIndian) {
    const nearest = spokeHubs
      .map((h) => ({ hub: h, km: distanceKm(small.lat, small.lon, h.lat, h.lon) }))
      .filter((x) => x.km > 120)
      .sort((x, y) => x.km - y.km);
    const links = rng.int(1, 3);
    for (const { hub, km } of nearest.slice(0, links)) {
      const key = pairKey(small.code, hub.code);
      routeFrequency.set(key, rng.int(1, 3));
      if (km < 750) turboprop.add(key);
    }
    // One long link from DEL or BOM for the larger small airports, on a jet.
    if (rng.next() < 0.3) {
      const far = rng.next() < 0.5 ? 'DEL' : 'BOM';
      const key = pairKey(small.code, far);
      if (!routeFrequency.has(key) && far !== small.code) routeFrequency.set(key, 1);
    }
  }

  for (const [key, perDay] of routeFrequency) {
    if (perDay <= 0) continue;
    const [a, b] = key.split('-');
    if (!a || !b) continue;
    const isTurboprop = turboprop.has(key);
    for (const [from, to] of [[a, b], [b, a]] as const) {
      const count = Math.max(1, Math.round(perDay * options.scale));
      for (let i = 0; i < count; i++) {
        const carrier = isTurboprop ? pickWeighted(rng, TURBOPROP_CARRIERS) : pickWeighted(rng, DOMESTIC_SHARE);
        const aircraft = domesticAircraft(rng, carrier, isTurboprop, distanceBetween(from, to));
        const departure = spreadDeparture(rng, i, count, 330, 1410);
        // Thin routes skip a day or two a week, like real spokes.
        const mask = perDay === 1 && isTurboprop && rng.next() < 0.3 ? EVERY_DAY & ~(1 << rng.int(0, 6)) : EVERY_DAY;
        patterns.push(makePattern(patterns.length, carrier, nextFlightNumber(nextNumber, carrier), from, to, departure, aircraft, mask, false));
      }
    }
  }

  // 2. International and foreign links.
  for (const [a, b, carriers] of INTERNATIONAL) {
    for (const [carrier, perDay] of carriers) {
      for (const [from, to] of [[a, b], [b, a]] as const) {
        const count = Math.max(1, Math.round(perDay * options.scale));
        const km = distanceBetween(from, to);
        for (let i = 0; i < count; i++) {
          const aircraft = internationalAircraft(rng, carrier, km);
          const departure = km > 5000 ? longHaulDeparture(rng, i) : spreadDeparture(rng, i, count, 360, 1380);
          patterns.push(makePattern(patterns.length, carrier, nextFlightNumber(nextNumber, carrier), from, to, departure, aircraft, EVERY_DAY, true));
        }
      }
    }
  }
  return patterns;
}

function mustAirport(code: string): Airport {
  const airport = getAirport(code);
  if (!airport) throw new Error(`Schedule uses ${code}, which airports.json lacks (run scripts/build-airports.mjs)`);
  return airport;
}

function distanceBetween(a: string, b: string): number {
  const x = mustAirport(a);
  const y = mustAirport(b);
  return distanceKm(x.lat, x.lon, y.lat, y.lon);
}

function nextFlightNumber(numbers: Map<string, number>, carrier: string): number {
  const current = numbers.get(carrier) ?? (carrier === '6E' || carrier === 'QP' ? 1000 : 100);
  numbers.set(carrier, current + 1);
  return current;
}

/** Departures spread over the operating day with jitter, rounded to 5 minutes. */
function spreadDeparture(rng: ReturnType<typeof createRng>, i: number, count: number, first: number, last: number): number {
  const slot = (last - first) / count;
  const minutes = first + slot * (i + 0.15 + rng.next() * 0.7);
  return Math.round(minutes / 5) * 5;
}

/** Long hauls leave in the late-night and morning banks. */
function longHaulDeparture(rng: ReturnType<typeof createRng>, i: number): number {
  const banks = [[0, 180], [480, 720], [1200, 1435]] as const;
  const [start, end] = banks[(i + rng.int(0, 2)) % banks.length] ?? [0, 180];
  return Math.round((start + rng.next() * (end - start)) / 5) * 5;
}

function domesticAircraft(rng: ReturnType<typeof createRng>, carrier: string, isTurboprop: boolean, km: number): string {
  if (isTurboprop) return carrier === 'S5' ? 'E175' : carrier === 'SG' ? 'DH8D' : 'AT76';
  switch (carrier) {
    case '6E':
      return km > 1200 && rng.next() < 0.5 ? 'A21N' : 'A20N';
    case 'AI':
      return km > 1500 && rng.next() < 0.4 ? 'A21N_J' : rng.next() < 0.5 ? 'A20N_J' : 'A320';
    case 'IX':
    case 'QP':
      return 'B38M';
    case 'SG':
      return 'B738';
    case '9I':
      return 'AT76';
    case 'S5':
      return 'E175';
    default:
      return 'A20N';
  }
}

function internationalAircraft(rng: ReturnType<typeof createRng>, carrier: string, km: number): string {
  if (carrier === 'AI') return km > 6000 ? (rng.next() < 0.5 ? 'B77W' : 'B788') : km > 3500 ? 'B788' : 'A20N_J';
  if (carrier === '6E') return km > 3000 ? 'A21N' : 'A20N';
  if (carrier === 'IX' || carrier === 'QP' || carrier === 'FZ') return 'B38M';
  if (carrier === 'G9' || carrier === 'U2' || carrier === 'RA' || carrier === 'BG' || carrier === '8M' || carrier === 'UL') return 'A20N';
  if (km < 2000) return 'A20N_J';
  return FOREIGN_WIDEBODY[carrier] ?? 'B789';
}

/** Busy airports pad block time for taxi and holding (DEL–BOM is 2h10–2h20 in real schedules). */
const PADDING: Record<string, number> = { DEL: 5, BOM: 5, BLR: 5, LHR: 10, JFK: 10, DXB: 5 };

function makePattern(
  index: number,
  carrier: string,
  number: number,
  from: string,
  to: string,
  departureLocal: number,
  aircraft: string,
  daysMask: number,
  international: boolean,
): FlightPattern {
  const origin = mustAirport(from);
  const destination = mustAirport(to);
  const km = distanceKm(origin.lat, origin.lon, destination.lat, destination.lon);
  const block = blockMinutes(km, origin.lon, destination.lon) + (PADDING[from] ?? 0) + (PADDING[to] ?? 0);
  // Reference date for the pattern's printed arrival: its first valid day.
  const departureUtc = localToUtcMinutes(origin.tz, MIN_DAY, departureLocal);
  const arrivalUtc = departureUtc + block;
  const arrivalWall = arrivalUtc + offsetMinutesAt(destination.tz, arrivalUtc * 60_000);
  const crossesBorder = international || origin.country !== destination.country;
  if (!AIRCRAFT[aircraft]) throw new Error(`Unknown aircraft ${aircraft}`);
  return {
    index,
    carrier,
    number,
    key: `${carrier}${number}`,
    from,
    to,
    fromTerminal: terminalFor(origin, carrier, crossesBorder),
    toTerminal: terminalFor(destination, carrier, crossesBorder),
    departureLocal,
    arrivalLocal: ((arrivalWall % 1440) + 1440) % 1440,
    arrivalDayOffset: Math.floor(arrivalWall / 1440) - MIN_DAY,
    blockMinutes: block,
    validFrom: MIN_DAY,
    validTo: MAX_DAY,
    daysMask,
    aircraft,
    international: crossesBorder,
    distanceKm: Math.round(km),
  };
}

const STAR = new Set(['AI', 'LH', 'LX', 'OS', 'UA', 'AC', 'SQ', 'TG', 'TK']);

/** Terminal rules for the big airports (DEL: IndiGo/Akasa/SpiceJet T1/T2, Air India and all international T3). */
export function terminalFor(airport: Airport, carrier: string, international: boolean): string | null {
  const t = airport.terminals;
  if (t.length === 0) return null;
  switch (airport.code) {
    case 'DEL':
      if (international || carrier === 'AI' || carrier === 'IX') return '3';
      return carrier === '6E' || carrier === 'SG' ? '1' : '2';
    case 'BOM':
      return international || carrier === 'AI' ? '2' : '1';
    case 'BLR':
      return international || carrier === 'AI' || carrier === 'IX' || carrier === 'QP' ? '2' : '1';
    case 'MAA':
      return international ? '2' : carrier === 'AI' ? '4' : '1';
    case 'CCU':
    case 'AMD':
      return international ? '2' : '1';
    case 'COK':
      return international ? '3' : '1';
    case 'LKO':
      return international ? '3' : '2';
    case 'TRV':
      return international ? '2' : '1';
    case 'DXB':
      return carrier === 'EK' ? '3' : '1';
    case 'LHR':
      return carrier === 'BA' ? '5' : STAR.has(carrier) ? '2' : carrier === 'VS' || carrier === 'AA' ? '3' : '4';
    case 'CDG':
      return carrier === 'AF' || carrier === 'KL' ? '2E' : carrier === 'U2' ? '2F' : '1';
    case 'SIN':
      return carrier === 'SQ' ? '3' : carrier === 'EK' || carrier === 'AI' ? '1' : '2';
    case 'JFK':
      return carrier === 'AA' || carrier === 'BA' ? '8' : carrier === 'AI' || carrier === 'EK' ? '4' : '1';
    case 'FRA':
      return carrier === 'LH' || STAR.has(carrier) ? '1' : '2';
    default:
      return t[0] ?? null;
  }
}
