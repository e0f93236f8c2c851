import type { Cabin } from '../../core/search-options';
import { perTravellerInr } from './all-in';
import type { CabinClass, FlightSupplier, SupplierOffer, SupplierSearch, SupplierSearchResult } from './supplier';

/** A one-way route on a day in a cabin: what a last-known fare is kept under. */
export interface FareKey {
  from: string;
  to: string;
  /** YYYY-MM-DD, local to the origin. */
  date: string;
  cabin: CabinClass;
}

/** The lowest all-in price per traveller a supplier search answered, in paise (whole rupees), and when it answered. */
export interface KnownFare {
  paise: number;
  seenAt: string;
}

const keyOf = (key: FareKey) => `${key.from}|${key.to}|${key.date}|${key.cabin}`;

/**
 * An offer's all-in price per traveller in paise, the price Results shows for it (`perTravellerInr`:
 * the total in rupees shared by every traveller, rounded up to the rupee, plus Safar's fee).
 * Throws for a currency with no INR rate.
 */
export function allInPerTravellerPaise(offer: SupplierOffer): number {
  return perTravellerInr(offer.total, offer.passengers.length).allIn * 100;
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
    this.#price = options.price ?? allInPerTravellerPaise;
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
 * A supplier whose every search, whoever asks (Results, booking, a refresh), is recorded in `fares` and
 * counted in `budget` (a traveller's search is never refused by it, but it leaves less for background asks):
 * the single place last-known fares come from.
 */
export function recordingSearches(api: FlightSupplier, fares: LastKnownFares, now: () => number, budget?: SearchBudget): FlightSupplier {
  return new Proxy(api, {
    get(target, property) {
      if (property === 'search') {
        return async (search: SupplierSearch) => {
          budget?.spend();
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
 * At most `perMinute` supplier searches in any 60 s for the asks no traveller waits on (price alert
 * checks, fare refreshes), shared by them all. Every search the supplier is asked counts (`spend`,
 * travellers' searches included, which are never refused); a background ask goes ahead only when
 * `available()` says the last 60 s left room, and `take()` checks and spends in one step.
 */
export class SearchBudget {
  readonly perMinute: number;
  readonly #now: () => number;
  readonly #spent: number[] = [];

  constructor(perMinute: number, now: () => number = Date.now) {
    this.perMinute = perMinute;
    this.#now = now;
  }

  #prune(now: number): void {
    while (this.#spent.length > 0 && (this.#spent[0] ?? 0) <= now - 60_000) this.#spent.shift();
  }

  /** Whether a background search may go ahead now. */
  available(): boolean {
    this.#prune(this.#now());
    return this.#spent.length < this.perMinute;
  }

  /** Counts one search made now, allowed or not (a traveller's). */
  spend(): void {
    const now = this.#now();
    this.#prune(now);
    this.#spent.push(now);
  }

  /** Spends one search when the budget allows and answers whether it did. */
  take(): boolean {
    if (!this.available()) return false;
    this.spend();
    return true;
  }
}

/** Safar's cabins as a supplier names them. */
const SUPPLIER_CABIN: Record<Cabin, CabinClass> = { economy: 'economy', premium: 'premium_economy', business: 'business', first: 'first' };

/** A day's last-known fare on the wire: the all-in price per traveller in rupees and when a search saw it; nulls when none has. */
export interface KnownDay {
  date: string;
  fare: number | null;
  seenAt: string | null;
}

/**
 * The last-known all-in fare per traveller (rupees) of a route and cabin on each date, in order.
 * @example knownDays(fares, { from: 'DEL', to: 'BOM', cabin: 'economy' }, ['2027-01-20']) // [{ date: '2027-01-20', fare: 5399, seenAt: '…' }]
 */
export function knownDays(fares: LastKnownFares, route: { from: string; to: string; cabin: Cabin }, dates: readonly string[]): KnownDay[] {
  return dates.map((date) => {
    const known = fares.get({ from: route.from, to: route.to, date, cabin: SUPPLIER_CABIN[route.cabin] });
    return { date, fare: known ? known.paise / 100 : null, seenAt: known?.seenAt ?? null };
  });
}

/**
 * A month of last-known fares for a route and cabin, one entry per day: the all-in fare per traveller in
 * rupees (the price Results showed) and when a search saw it, or nulls for a day no search has seen (and
 * for days before `today`, which are past).
 * @example lastKnownMonth(fares, { from: 'DEL', to: 'BOM', month: '2027-01', cabin: 'economy' }, '2026-11-27')
 */
export function lastKnownMonth(fares: LastKnownFares, route: { from: string; to: string; month: string; cabin: Cabin }, today: string): { date: string; lowestFare: number | null; seenAt: string | null }[] {
  const dates: string[] = [];
  const cursor = new Date(`${route.month}-01T00:00:00Z`);
  while (cursor.toISOString().slice(0, 7) === route.month) {
    dates.push(cursor.toISOString().slice(0, 10));
    cursor.setUTCDate(cursor.getUTCDate() + 1);
  }
  return knownDays(fares, route, dates).map((day) => (day.date < today ? { date: day.date, lowestFare: null, seenAt: null } : { date: day.date, lowestFare: day.fare, seenAt: day.seenAt }));
}
