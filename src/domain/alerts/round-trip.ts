import { type Passengers, RETURN_FARES, type ReturnJourney, pairAllowed, specialReturn } from '../../core/round-trip';

/**
 * The price a round-trip alert watches, as a pure function of the two directions on sale.
 *
 * - Pairs: any outbound with any inbound the pairing rule allows (`pairAllowed`: the return leaves
 *   at least 3 h after the outbound lands), exactly the pairs the round-trip results offer.
 * - A pair's price is the round-trip results' all-in total for all the passengers: the two
 *   directions' totals, less the special return's discount when one applies (`specialReturn` of
 *   src/core/round-trip.ts, the function the results screen and the hold use).
 * - The alert's price is the lowest pair price; null when no pair is allowed (nothing to buy).
 * - Deterministic: the same lists (in any order) give the same price.
 */
export interface PricedDirection {
  /** All-in total for all the passengers, whole rupees (the search answer's `price.total.total`). */
  total: number;
  journey: ReturnJourney;
}

/** The one airline flying every leg of a journey, or null. */
function soleAirline(journey: ReturnJourney): string | null {
  const first = journey.carriers[0];
  return first !== undefined && journey.carriers.every((c) => c === first) ? first : null;
}

/**
 * The cheapest round trip of these outbound and inbound journeys, in whole rupees, or null.
 * Without a special return a pair costs its two totals, so each outbound needs only the cheapest
 * inbound it may pair with; pairs on one airline that sells return fares are priced one by one.
 * @example roundTripAlertPrice([{ total: 5200, journey: out }], [{ total: 4900, journey: back }], { adults: 1, children: 0, infants: 0 }) // 9780 with a ₹320 return discount
 */
export function roundTripAlertPrice(outbound: readonly PricedDirection[], inbound: readonly PricedDirection[], passengers: Passengers): number | null {
  const byTotal = [...inbound].sort((a, b) => a.total - b.total);
  const byAirline = new Map<string, PricedDirection[]>();
  for (const back of inbound) {
    const airline = soleAirline(back.journey);
    if (airline === null || !RETURN_FARES[airline]) continue;
    byAirline.set(airline, [...(byAirline.get(airline) ?? []), back]);
  }
  let best: number | null = null;
  const consider = (price: number) => {
    if (best === null || price < best) best = price;
  };
  for (const out of outbound) {
    const plain = byTotal.find((back) => pairAllowed(out.journey, back.journey));
    if (plain) consider(out.total + plain.total);
    const airline = soleAirline(out.journey);
    for (const back of airline === null ? [] : (byAirline.get(airline) ?? [])) {
      const offer = specialReturn(out.journey, back.journey, passengers);
      if (offer) consider(out.total + back.total - offer.discountPaise / 100);
    }
  }
  return best;
}
