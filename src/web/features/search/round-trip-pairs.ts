// Pricing a chosen outbound and return together on the Results screen, with the same rule the
// booking service charges (core/round-trip.ts).
import type { Itinerary, SearchQuery } from '../../../core/search';
import { pairAllowed, returnJourneyOf, separateTickets, type SpecialReturn, specialReturn } from '../../../core/round-trip';

export interface PairPrice {
  /** False when the return leaves less than 3 h after the outbound lands: never offered. */
  allowed: boolean;
  /** The two one-ways' all-in totals for every passenger, whole rupees. */
  oneWaysInr: number;
  /** What the pair costs: the one-ways less the special return discount, whole rupees. */
  totalInr: number;
  special: SpecialReturn | null;
  separateTickets: boolean;
}

/**
 * A pair's combined all-in total for all passengers, the special return fare when the pair has
 * one, and whether the journeys are on separate tickets.
 * @example pairPrice(out, back, query).totalInr
 */
export function pairPrice(outbound: Itinerary, inbound: Itinerary, query: Pick<SearchQuery, 'adults' | 'children' | 'infants'>): PairPrice {
  const out = returnJourneyOf(outbound);
  const back = returnJourneyOf(inbound);
  const allowed = pairAllowed(out, back);
  const special = allowed ? specialReturn(out, back, query) : null;
  const oneWaysInr = outbound.price.total.total + inbound.price.total.total;
  return { allowed, oneWaysInr, totalInr: oneWaysInr - (special ? special.discountPaise / 100 : 0), special, separateTickets: separateTickets(out, back) };
}

/**
 * The cheapest round-trip total an outbound can make with any return it may pair with (null when
 * none may follow it): what the international list shows as "round trip from".
 * @example cheapestRoundTrip(out, returns, query) // 61234
 */
export function cheapestRoundTrip(outbound: Itinerary, inbounds: readonly Itinerary[], query: Pick<SearchQuery, 'adults' | 'children' | 'infants'>): number | null {
  let best: number | null = null;
  for (const inbound of inbounds) {
    const pair = pairPrice(outbound, inbound, query);
    if (pair.allowed && (best === null || pair.totalInr < best)) best = pair.totalInr;
  }
  return best;
}

/**
 * The special return fare in words, honest about what it is.
 * @example specialReturnText(offer, 'IndiGo', formatInr) // "₹1,240 less as a return on IndiGo"
 */
export function specialReturnText(special: SpecialReturn, airlineName: string, format: (inr: number) => string): string {
  return `${format(special.discountPaise / 100)} less as a return on ${airlineName}`;
}
