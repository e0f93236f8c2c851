import type { SearchQuery } from '../../core/search';
import { searchSupplier } from '../suppliers/itineraries';
import { knownDays, type LastKnownFares, type SearchBudget } from '../suppliers/last-known-fares';
import type { SupplierSetup } from '../suppliers/setup';
import type { AlertRoute, RoutePrice } from './pricing';

/**
 * A remote supplier's price for an alert (decision 0071), from last-known fares:
 * - a route-day whose fare is unknown or older than ALERT_REFRESH_AFTER_MS is searched again, but only while the
 *   shared search budget allows; otherwise (or when the supplier refuses) the last-known fare stands;
 * - a fare older than ALERT_FARE_MAX_AGE_MS is not a price (no trigger, no history point): an alert never
 *   fires on a stale fare;
 * - the price for the party is the all-in fare per traveller (the price Results shows each) times the travellers;
 *   a round trip is its two one-ways (this supplier sells round trips as two one-way bookings).
 */
export interface KnownFareSource {
  fares: LastKnownFares;
  budget: SearchBudget;
  /** Asks the supplier for one one-way query; its answer lands in `fares`. */
  search: (query: SearchQuery) => Promise<unknown>;
}

/**
 * The alert job's view of a remote supplier: its last-known fares, its budget, and a search through the offer
 * cache and the recording supplier (so a refresh is counted in the budget and lands in the fares).
 */
export function knownFareSource(setup: Extract<SupplierSetup, { id: 'duffel' }>): KnownFareSource {
  return { fares: setup.fares, budget: setup.budget, search: (query) => searchSupplier(setup, query) };
}

/** A fare this old (or older) is searched again when the budget allows: an alert is checked hourly. */
export const ALERT_REFRESH_AFTER_MS = 30 * 60_000;
/** The oldest last-known fare an alert may trigger on. */
export const ALERT_FARE_MAX_AGE_MS = 6 * 3_600_000;

/** What the budget let a pass do. */
export interface RefreshCounts {
  /** Route-days searched again. */
  refreshed: number;
  /** Route-days that wanted a search the budget did not allow (their last-known fare was used). */
  skipped: number;
}

/** A remote supplier's price for an alert, with when its fare was seen (null with no price). */
export type KnownRoutePrice = RoutePrice & { seenAt: string | null };

type Day = { fare: number; seenAt: string } | null;

async function dayFare(source: KnownFareSource, query: SearchQuery, now: number, counts: RefreshCounts): Promise<Day> {
  const read = (): Day => {
    const [day] = knownDays(source.fares, { from: query.from, to: query.to, cabin: query.cabin }, [query.date]);
    return day && day.fare !== null && day.seenAt !== null ? { fare: day.fare, seenAt: day.seenAt } : null;
  };
  let known = read();
  if (known === null || now - Date.parse(known.seenAt) >= ALERT_REFRESH_AFTER_MS) {
    if (source.budget.available()) {
      counts.refreshed += 1;
      // A refusal (rate limit, outage) leaves the last-known fare to stand.
      await source.search(query).catch(() => undefined);
      known = read();
    } else {
      counts.skipped += 1;
    }
  }
  return known !== null && now - Date.parse(known.seenAt) < ALERT_FARE_MAX_AGE_MS ? known : null;
}

/**
 * An alert's price from last-known fares over its open departure dates (and its return day), refreshing what the
 * budget allows. `dates` are the open departure dates (`openDates`).
 * @example await priceRouteKnown(source, alert, openDates(world, alert, now), now, counts)
 */
export async function priceRouteKnown(source: KnownFareSource, route: AlertRoute, dates: readonly string[], now: Date, counts: RefreshCounts): Promise<KnownRoutePrice> {
  const travellers = route.adults + route.children + route.infants;
  const party = { cabin: route.cabin, adults: route.adults, children: route.children, infants: route.infants };
  const at = now.getTime();
  let inbound: Day = null;
  if (route.returnDate !== null) {
    if (dates.length === 0) return { total: null, adultFare: null, seenAt: null };
    inbound = await dayFare(source, { ...party, from: route.to, to: route.from, date: route.returnDate }, at, counts);
    if (inbound === null) return { total: null, adultFare: null, seenAt: null };
  }
  let best: Day = null;
  for (const date of dates) {
    const day = await dayFare(source, { ...party, from: route.from, to: route.to, date }, at, counts);
    if (day !== null && (best === null || day.fare < best.fare)) best = day;
  }
  if (best === null) return { total: null, adultFare: null, seenAt: null };
  if (inbound === null) return { total: best.fare * travellers, adultFare: best.fare, seenAt: best.seenAt };
  // The older of the two directions' fares dates the pair.
  const seenAt = best.seenAt < inbound.seenAt ? best.seenAt : inbound.seenAt;
  return { total: (best.fare + inbound.fare) * travellers, adultFare: null, seenAt };
}
