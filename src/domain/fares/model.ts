import type { Cabin } from '../../core/search';
import { hashString } from '../schedule/rng';
import type { InventoryCounts } from '../inventory/rows';
import type { DatedFlight } from '../world/world';
import { dayNumber, weekdayOf } from '../world/time';

/**
 * The fare model (see docs/decisions/0006-flight-world-schedule-and-fares.md): nested
 * buckets around a base fare; the price is the lowest open bucket. Buckets close as the
 * load factor rises, at 21/14/7/3 days before departure, and one more when sales run
 * ahead of the booking curve. Weekday/evening and festival peaks multiply; Indian
 * domestic economy is clamped to the regulatory bands by block time.
 */

const LADDERS: Record<Cabin, { multiplier: number; closesAt: number }[]> = {
  economy: [0.55, 0.65, 0.75, 0.9, 1.0, 1.2, 1.45, 1.8, 2.3, 3.0].map((multiplier, i) => ({
    multiplier,
    closesAt: [0.1, 0.2, 0.32, 0.45, 0.58, 0.7, 0.8, 0.88, 0.95, 1.01][i] ?? 1.01,
  })),
  premium: [{ multiplier: 1, closesAt: 0.5 }, { multiplier: 1.25, closesAt: 0.8 }, { multiplier: 1.6, closesAt: 1.01 }],
  business: [{ multiplier: 1, closesAt: 0.4 }, { multiplier: 1.3, closesAt: 0.75 }, { multiplier: 1.7, closesAt: 1.01 }],
  first: [{ multiplier: 1, closesAt: 0.5 }, { multiplier: 1.4, closesAt: 1.01 }],
};

/** Bucket letters for display and booking records (economy ladder cheapest first). */
const BUCKET_CODES: Record<Cabin, string[]> = {
  economy: ['T', 'V', 'L', 'Q', 'K', 'M', 'H', 'B', 'Y', 'W'],
  premium: ['S', 'E', 'P'],
  business: ['I', 'D', 'J'],
  first: ['A', 'F'],
};

const CABIN_FACTOR: Record<Cabin, { domestic: number; international: number }> = {
  economy: { domestic: 1, international: 1 },
  premium: { domestic: 1.8, international: 1.9 },
  business: { domestic: 3.2, international: 3.6 },
  first: { domestic: 6, international: 7 },
};

/** 2020 domestic economy bands by block minutes: [up to minutes, low, high]. */
const DOMESTIC_BANDS: readonly [number, number, number][] = [
  [40, 2000, 6000], [60, 2500, 7500], [90, 3000, 9000], [120, 3500, 10000], [150, 4500, 13000], [180, 5500, 15700], [210, 6500, 18600], [9999, 7500, 20000],
];

/** Festival and holiday peaks: [first day, last day, factor]. */
const PEAKS: readonly [string, string, number][] = [
  ['2026-05-01', '2026-06-15', 1.3], ['2026-11-05', '2026-11-12', 1.6], ['2026-12-20', '2027-01-04', 1.5],
  ['2027-03-19', '2027-03-23', 1.3], ['2027-05-01', '2027-06-15', 1.3], ['2027-10-25', '2027-11-01', 1.6],
  ['2027-12-20', '2028-01-04', 1.5], ['2028-05-01', '2028-06-15', 1.3],
].map(([from, to, f]) => [String(from), String(to), Number(f)] as [string, string, number]);

export function domesticBand(block: number): { low: number; high: number } {
  const band = DOMESTIC_BANDS.find(([upTo]) => block <= upTo) ?? DOMESTIC_BANDS[DOMESTIC_BANDS.length - 1];
  return { low: band?.[1] ?? 7500, high: band?.[2] ?? 20000 };
}

/** Each pattern's economy base, computed once: it depends on the pattern alone, and every leg priced needs it. */
const economyBases = new WeakMap<DatedFlight['pattern'], number>();

/** The 1.0 bucket of a flight's economy cabin, before peaks. */
function economyBase(flight: DatedFlight): number {
  let base = economyBases.get(flight.pattern);
  if (base === undefined) {
    base = patternEconomyBase(flight.pattern);
    economyBases.set(flight.pattern, base);
  }
  return base;
}

function patternEconomyBase(p: DatedFlight['pattern']): number {
  const noise = 0.92 + (hashString(p.key) % 1000) / 1000 * 0.16;
  if (!p.international) {
    const { low, high } = domesticBand(p.blockMinutes);
    // Metro trunks are the most competitive (DEL–BOM typically ₹3.7k–9k).
    const trunk = p.distanceKm > 700 && ['DEL', 'BOM', 'BLR', 'HYD', 'MAA', 'CCU'].includes(p.from) && ['DEL', 'BOM', 'BLR', 'HYD', 'MAA', 'CCU'].includes(p.to);
    return ((low + high) / 2) * (trunk ? 0.78 : 0.85) * noise;
  }
  const km = p.distanceKm;
  const base = km <= 3000 ? 3000 + 6.5 * km : 3000 + 6.5 * 3000 + 7.5 * (km - 3000);
  return base * noise;
}

/** The festival and holiday peak multiplier of a travel date (1 outside peaks). @example peakFactorOn('2026-12-24') // 1.5 */
export function peakFactorOn(date: string): number {
  let factor = 1;
  for (const [from, to, f] of PEAKS) if (date >= from && date <= to) factor = Math.max(factor, f);
  return factor;
}

/** A date's festival factor and weekday (Monday = 0), kept per date: fares are priced per leg, thousands per search. */
const dayFacts = new Map<string, { peak: number; weekday: number }>();
function factsOf(date: string): { peak: number; weekday: number } {
  let facts = dayFacts.get(date);
  if (!facts) {
    if (dayFacts.size > 5_000) dayFacts.clear();
    facts = { peak: peakFactorOn(date), weekday: weekdayOf(dayNumber(date)) };
    dayFacts.set(date, facts);
  }
  return facts;
}

/** Multiplier for the travel day and hour: Friday/Sunday evenings and festival peaks. */
function demandFactor(flight: DatedFlight): number {
  const { peak, weekday } = factsOf(flight.departureDate);
  let factor = peak;
  const hour = Math.floor(flight.pattern.departureLocal / 60);
  if ((weekday === 4 || weekday === 6) && hour >= 16) factor *= 1.15;
  else if (weekday === 0 && hour < 10) factor *= 1.05;
  return factor;
}

/** Minutes before departure when sales close. */
export const SALES_CLOSE_MINUTES = 45;

export interface LegFare {
  /** Adult base fare in whole rupees. */
  base: number;
  bucket: string;
  /** Seats the open buckets can still sell. */
  available: number;
}

/**
 * The adult base fare of one leg now, or null when the cabin is absent or sold out
 * (`soldOutPrice` prices a sold-out leg at its top open bucket, for quotes).
 * @example legFare(flight, 'economy', { capacity: 186, available: 186, held: 0, sold: 0 }, new Date())
 */
export function legFare(flight: DatedFlight, cabin: Cabin, seats: InventoryCounts, now: Date, options: { soldOutPrice?: boolean } = {}): LegFare | null {
  if (seats.capacity <= 0 || (seats.available <= 0 && !options.soldOutPrice)) return null;
  const ladder = LADDERS[cabin];
  const daysOut = (flight.departureUtc.getTime() - now.getTime()) / 86_400_000;
  // Sales close 45 minutes before departure (search applies the same cut-off).
  if (daysOut < SALES_CLOSE_MINUTES / 1440) return null;
  const load = (seats.sold + seats.held) / seats.capacity;
  let open = ladder.findIndex((b) => load < b.closesAt);
  if (open < 0) open = ladder.length - 1;
  if (cabin === 'economy') {
    // Advance purchase: the cheapest buckets close at 21, 14 and 7 days; one more in the last 3.
    const advance = daysOut < 3 ? 4 : daysOut < 7 ? 3 : daysOut < 14 ? 2 : daysOut < 21 ? 1 : daysOut > 90 ? 1 : 0;
    open = Math.max(open, advance);
    // Sales running ahead of the booking curve close one more bucket.
    const expected = 0.85 * Math.exp(-daysOut / 25);
    if (load > expected + 0.2) open += 1;
  } else if (daysOut < 7) open += 1;
  open = Math.min(open, ladder.length - 1);
  const bucket = ladder[open];
  if (!bucket) return null;
  const cabinFactor = CABIN_FACTOR[cabin][flight.international ? 'international' : 'domestic'];
  let fare = economyBase(flight) * cabinFactor * bucket.multiplier * demandFactor(flight);
  if (!flight.international && cabin === 'economy') {
    const { low, high } = domesticBand(flight.pattern.blockMinutes);
    fare = Math.min(high, Math.max(low * 0.8, fare));
  }
  return { base: Math.round(fare), bucket: BUCKET_CODES[cabin][open] ?? 'Y', available: seats.available };
}
