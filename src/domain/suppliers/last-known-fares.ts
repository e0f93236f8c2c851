import { toInr } from '../../core/fx';
import type { Cabin } from '../../core/search-options';
import type { CabinClass, FlightSupplier, SupplierOffer, SupplierSearch, SupplierSearchResult } from './supplier';

/** A one-way route on a day in a cabin: what a last-known fare is kept under. */
export interface FareKey {
  from: string;
  to: string;
  /** YYYY-MM-DD, local to the origin. */
  date: string;
  cabin: CabinClass;
}

/** The lowest fare for one paying traveller a supplier search answered, in paise, and when it answered. */
export interface KnownFare {
  paise: number;
  seenAt: string;
}

const keyOf = (key: FareKey) => `${key.from}|${key.to}|${key.date}|${key.cabin}`;

/**
 * The supplier's lowest fare of an offer for one paying traveller (infants without a seat pay
 * nothing here), in paise: its total converted to INR and shared out, rounded up.
 */
export function perTravellerPaise(offer: SupplierOffer): number {
  const payers = Math.max(1, offer.passengers.filter((p) => p.type !== 'infant').length);
  return Math.ceil(toInr({ amountMinor: offer.total.amountMinor, currency: offer.total.currency }).paise / payers);
}

/**
 * The one record of last-known fares from a remote supplier's searches, for the screens that must not
 * ask the supplier themselves (fare calendar, Explore, recommendations, price alerts):
 * - only one-way searches count (a round trip's total is not a one-way fare);
 * - a newer search of the same route, day and cabin replaces the older fare, cheaper or not;
 * - a search with no offers forgets the fare it had (nothing is known on sale);
 * - at most `max` routes are kept, the least recently seen going first.
 */
export class LastKnownFares {
  readonly #fares = new Map<string, KnownFare>();
  readonly #max: number;
  readonly #price: (offer: SupplierOffer) => number;

  constructor(options: { max?: number; price?: (offer: SupplierOffer) => number } = {}) {
    this.#max = options.max ?? 20_000;
    this.#price = options.price ?? perTravellerPaise;
  }

  /** Records what a search answered at `at` (ms). */
  record(search: SupplierSearch, result: SupplierSearchResult, at: number): void {
    const [slice, ...more] = search.slices;
    if (!slice || more.length > 0) return;
    const key = keyOf({ from: slice.origin, to: slice.destination, date: slice.departureDate, cabin: search.cabin });
    this.#fares.delete(key);
    if (result.offers.length === 0) return;
    // An offer in a currency with no INR rate is not a fare Safar can show.
    const prices = result.offers.flatMap((offer) => {
      try {
        return [this.#price(offer)];
      } catch {
        return [];
      }
    });
    if (prices.length === 0) return;
    const paise = Math.min(...prices);
    this.#fares.set(key, { paise, seenAt: new Date(at).toISOString() });
    while (this.#fares.size > this.#max) {
      const oldest = this.#fares.keys().next().value;
      if (oldest === undefined) break;
      this.#fares.delete(oldest);
    }
  }

  get(key: FareKey): KnownFare | undefined {
    return this.#fares.get(keyOf(key));
  }
}

/**
 * A supplier whose every search, whoever asks (Results, booking, a refresh), is recorded in `fares`:
 * the single place last-known fares come from.
 */
export function recordingSearches(api: FlightSupplier, fares: LastKnownFares, now: () => number): FlightSupplier {
  return new Proxy(api, {
    get(target, property) {
      if (property === 'search') {
        return async (search: SupplierSearch) => {
          const result = await target.search(search);
          fares.record(search, result, now());
          return result;
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      // Called on the supplier itself: its private fields are not reachable through the proxy.
      return (...args: unknown[]): unknown => Reflect.apply(value, target, args);
    },
  });
}

/**
 * At most `perMinute` supplier searches in any 60 s, for the asks no traveller waits on (price alert
 * checks, fare refreshes). `take()` spends one when the budget allows and answers whether it did.
 */
export class SearchBudget {
  readonly #perMinute: number;
  readonly #now: () => number;
  readonly #spent: number[] = [];

  constructor(perMinute: number, now: () => number = Date.now) {
    this.#perMinute = perMinute;
    this.#now = now;
  }

  take(): boolean {
    const now = this.#now();
    while (this.#spent.length > 0 && (this.#spent[0] ?? 0) <= now - 60_000) this.#spent.shift();
    if (this.#spent.length >= this.#perMinute) return false;
    this.#spent.push(now);
    return true;
  }
}

/** Safar's cabins as a supplier names them. */
const SUPPLIER_CABIN: Record<Cabin, CabinClass> = { economy: 'economy', premium: 'premium_economy', business: 'business', first: 'first' };

/**
 * A month of last-known fares for a route and cabin, one entry per day: the fare and when a search
 * saw it, or nulls for a day no search has seen (and for days before `today`, which are past).
 * @example lastKnownMonth(fares, { from: 'DEL', to: 'BOM', month: '2027-01', cabin: 'economy' }, '2026-11-27')
 */
export function lastKnownMonth(fares: LastKnownFares, route: { from: string; to: string; month: string; cabin: Cabin }, today: string): { date: string; lowestFare: number | null; seenAt: string | null }[] {
  const days: { date: string; lowestFare: number | null; seenAt: string | null }[] = [];
  const cursor = new Date(`${route.month}-01T00:00:00Z`);
  while (cursor.toISOString().slice(0, 7) === route.month) {
    const date = cursor.toISOString().slice(0, 10);
    const known = date < today ? undefined : fares.get({ from: route.from, to: route.to, date, cabin: SUPPLIER_CABIN[route.cabin] });
    days.push({ date, lowestFare: known?.paise ?? null, seenAt: known?.seenAt ?? null });
    cursor.setUTCDate(cursor.getUTCDate() + 1);
  }
  return days;
}
