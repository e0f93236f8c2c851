import { and, eq, gte } from 'drizzle-orm';
import type { PriceVerdict } from '../../core/alerts';
import type { Cabin } from '../../core/search';
import type { Db } from '../../db/client';
import { routeFareHistory } from '../../db/schema';
import { dayNumber, isoDate } from '../world/time';

/** Days of history the verdict looks back over, and the fewest days it needs. */
const VERDICT_WINDOW_DAYS = 60;
const VERDICT_MIN_DAYS = 5;

/** Band of days before departure: fares move with it, so history is compared within a band. */
export function daysAheadBand(travelDate: string, today: string): number {
  const days = dayNumber(travelDate) - dayNumber(today);
  return days < 7 ? 0 : days < 21 ? 1 : days < 60 ? 2 : 3;
}

/** The p-th percentile (0–1) of sorted values, linear between neighbours. */
function percentile(sorted: number[], p: number): number {
  const at = (sorted.length - 1) * p;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return Math.round(sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo));
}

/**
 * Low / typical / high for a fare, against the route's own history: typical is the 25th–75th
 * percentile of the daily lowest adult fares seen over the last 60 days in the same band of
 * days before departure; below it is low, above it high. Null with fewer than 5 days of history.
 * @example verdictFor([4000, 4200, 4500, 4800, 5200], 3900) // { level: 'low', typicalLow: 4200, typicalHigh: 4800, days: 5 }
 */
export function verdictFor(history: number[], fare: number | null): PriceVerdict | null {
  if (fare === null || history.length < VERDICT_MIN_DAYS) return null;
  const sorted = [...history].sort((a, b) => a - b);
  const typicalLow = percentile(sorted, 0.25);
  const typicalHigh = percentile(sorted, 0.75);
  const level = fare < typicalLow ? 'low' : fare > typicalHigh ? 'high' : 'typical';
  return { level, typicalLow, typicalHigh, days: sorted.length };
}

/** The route's daily lowest adult fares for the window (one per observed day). */
export async function routeHistory(db: Db, route: { from: string; to: string; cabin: Cabin }, band: number, today: string): Promise<number[]> {
  const since = isoDate(dayNumber(today) - VERDICT_WINDOW_DAYS);
  const rows = await db
    .select({ fare: routeFareHistory.lowestAdultFare })
    .from(routeFareHistory)
    .where(and(eq(routeFareHistory.from, route.from), eq(routeFareHistory.to, route.to), eq(routeFareHistory.cabin, route.cabin), eq(routeFareHistory.band, band), gte(routeFareHistory.observedOn, since)));
  return rows.map((r) => r.fare);
}
