import { type BookJourneysState, type SpecialReturn, returnJourneyOf, separateTickets as ticketsApart, specialReturn } from '../../../core/round-trip';
import type { Itinerary, ItineraryPrice } from '../../../core/search';
import type { PassengerDraft } from './passenger-form';
import { quoteMix, runningTotal } from './passenger-form';

/**
 * The price of a whole trip on the booking screen, by the rule the hold charges (decision 0062):
 *
 * - Each journey is priced by its own quote for the passengers on the form (its chosen family);
 *   until every journey's quote is in, the trip is still pricing.
 * - The trip's total is the sum of the journeys' totals, less a special return's discount when
 *   the two journeys make one (`specialReturn` of src/core/round-trip.ts, on the quoted prices).
 */
export interface TripPrice {
  /** Whole rupees for everyone, discount taken off; null while a journey is unpriced. */
  total: number | null;
  /** Each journey's total for everyone (null while unpriced). */
  journeys: (number | null)[];
  offer: SpecialReturn | null;
}

/**
 * @example tripPrice([outItinerary, backItinerary], [outQuote.price, backQuote.price], passengers).total
 */
export function tripPrice(itineraries: readonly Itinerary[], quoted: readonly (ItineraryPrice | undefined)[], passengers: readonly Pick<PassengerDraft, 'type'>[]): TripPrice {
  const journeys = itineraries.map((_, i) => {
    const price = quoted[i];
    return price ? runningTotal(price, passengers).total : null;
  });
  const counts = runningTotal(itineraries[0]?.price ?? { currency: 'INR', perPassenger: {}, total: { baseFare: 0, taxesAndFees: 0, total: 0 } }, passengers).counts;
  const [out, back] = itineraries;
  const [outPrice, backPrice] = quoted;
  const offer =
    itineraries.length === 2 && out && back && outPrice && backPrice
      ? specialReturn(returnJourneyOf({ ...out, price: outPrice }), returnJourneyOf({ ...back, price: backPrice }), quoteMix(counts))
      : null;
  const sum = journeys.every((n): n is number => n !== null) ? journeys.reduce((a, b) => a + b, 0) : null;
  return { total: sum === null ? null : sum - (offer ? offer.discountPaise / 100 : 0), journeys, offer };
}

/** The journeys as the booking screen shows them before the hold: their legs in the trip and whether each is on a separate ticket. */
export function tripJourneys(itineraries: readonly Itinerary[]) {
  let firstLeg = 0;
  return itineraries.map((it, i) => {
    const before = itineraries[i - 1];
    const carriers = (x: Itinerary) => ({ carriers: x.legs.map((l) => l.carrier) });
    const journey = { firstLeg, legCount: it.legs.length, separateTicket: before !== undefined && ticketsApart(carriers(before), carriers(it)) };
    firstLeg += it.legs.length;
    return journey;
  });
}

/** The trip's itineraries joined as the booking will store them (legs one after the other), for showing. */
export function tripItinerary(itineraries: readonly Itinerary[]): Itinerary | null {
  const first = itineraries[0];
  const last = itineraries[itineraries.length - 1];
  if (!first || !last) return null;
  return { ...first, legs: itineraries.flatMap((it) => it.legs), layovers: itineraries.flatMap((it) => it.layovers), arrival: last.arrival };
}

/** Whether history state is a whole trip handed over by the results or the Multi-City planner. */
export function isTripState(value: unknown): value is BookJourneysState {
  if (typeof value !== 'object' || value === null || !('journeys' in value) || !Array.isArray(value.journeys) || value.journeys.length < 2) return false;
  return value.journeys.every((j: unknown) => typeof j === 'object' && j !== null && 'itinerary' in j && typeof j.itinerary === 'object' && j.itinerary !== null && 'legs' in j.itinerary && Array.isArray(j.itinerary.legs) && j.itinerary.legs.length > 0);
}
