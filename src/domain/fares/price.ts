import { type Cabin, type ItineraryPrice, PASSENGER_TYPES, type PassengerType, type PriceBreakdown } from '../../core/search';
import type { InventoryCounts } from '../inventory/rows';
import type { DatedFlight } from '../world/world';
import { legFare } from './model';
import { childBase, infantBase, taxesFor } from './taxes';

export interface Passengers {
  adults: number;
  children: number;
  infants: number;
}

export interface PricedItinerary {
  price: ItineraryPrice;
  /** Seats left on the tightest leg. */
  seatsAvailable: number;
  /** Fare bucket per leg. */
  buckets: string[];
}

/**
 * Prices an itinerary (legs priced separately and summed) for the passengers; null when a
 * leg cannot sell the seats (infants need no seat; `requireSeats: false` prices anyway, for quotes). The one pricing function search and
 * quote share, so unchanged inventory gives the same price.
 * @example priceItinerary([flight], 'economy', [seats], { adults: 1, children: 0, infants: 0 }, now)
 */
export function priceItinerary(
  flights: readonly DatedFlight[],
  cabin: Cabin,
  seats: readonly InventoryCounts[],
  passengers: Passengers,
  now: Date,
  options: { requireSeats?: boolean } = {},
): PricedItinerary | null {
  const requireSeats = options.requireSeats !== false;
  const per: Record<PassengerType, PriceBreakdown> = {
    adult: { baseFare: 0, taxesAndFees: 0, total: 0 },
    child: { baseFare: 0, taxesAndFees: 0, total: 0 },
    infant: { baseFare: 0, taxesAndFees: 0, total: 0 },
  };
  let seatsAvailable = Infinity;
  const buckets: string[] = [];
  const needed = passengers.adults + passengers.children;
  const counts: Record<PassengerType, number> = { adult: passengers.adults, child: passengers.children, infant: passengers.infants };
  for (let i = 0; i < flights.length; i++) {
    const flight = flights[i];
    const legSeats = seats[i];
    if (!flight || !legSeats) return null;
    const fare = legFare(flight, cabin, legSeats, now, { soldOutPrice: !requireSeats });
    if (!fare || (requireSeats && fare.available < needed)) return null;
    seatsAvailable = Math.min(seatsAvailable, fare.available);
    buckets.push(fare.bucket);
    for (const type of PASSENGER_TYPES) {
      // Types with no passenger are left out of the price.
      if (counts[type] <= 0) continue;
      const base = type === 'adult' ? fare.base : type === 'child' ? childBase(flight, fare.base) : infantBase(flight, fare.base);
      const taxes = taxesFor(flight, cabin, type, base);
      per[type].baseFare += base;
      per[type].taxesAndFees += taxes;
      per[type].total += base + taxes;
    }
  }
  return { price: priceFor(per, counts), seatsAvailable, buckets };
}

/**
 * The itinerary price from each passenger type's price and the count of each type: types with no
 * passenger are left out, the total is each type's price times its count.
 * @example priceFor(per, { adult: 2, child: 0, infant: 1 }).total.total
 */
export function priceFor(per: Record<PassengerType, PriceBreakdown>, counts: Record<PassengerType, number>): ItineraryPrice {
  const perPassenger: Partial<Record<PassengerType, PriceBreakdown>> = {};
  const total: PriceBreakdown = { baseFare: 0, taxesAndFees: 0, total: 0 };
  for (const type of PASSENGER_TYPES) {
    const n = counts[type];
    if (n <= 0) continue;
    perPassenger[type] = per[type];
    total.baseFare += per[type].baseFare * n;
    total.taxesAndFees += per[type].taxesAndFees * n;
    total.total += per[type].total * n;
  }
  return { currency: 'INR', perPassenger, total };
}
