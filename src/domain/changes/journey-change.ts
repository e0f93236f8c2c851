import { AppError } from '../../core/errors';
import type { PassengerLegFare } from '../../core/fares';
import type { Itinerary, ItineraryPrice, PassengerType, PriceBreakdown } from '../../core/search';
import { type BookingJourney, TRIP_MESSAGES, journeyItinerary } from '../../core/trip';
import { TRIP_CHANGE_MESSAGES } from '../../core/trip-changes';
import type { bookings } from '../../db/schema';
import { combineJourneys, travelOrderProblem } from '../booking/trip';
import { getAirline } from '../world/airlines';

/**
 * Changing one journey of a whole-trip booking (decision 0063) to another flight.
 *
 * - A booking of several journeys changes one journey at a time, named by its index; one of one
 *   journey changes as a whole (no index). A cancelled journey cannot be changed.
 * - A special return whose fare forbids changing one journey says so (409 naming the airline).
 * - The change is priced by that journey's legs only: their fare family's change fee and the fare
 *   difference between their fares and the new flight's (in the family at that journey's tier,
 *   priced as a one-way: a special return's discount stays on the journey kept, not on the new
 *   flight).
 * - The new flight flies that journey's route, stays in travel order with the other journeys still
 *   flown (the self-transfer minimum between them) and is none of their flights.
 * - The new booking holds the trip as it will be: the other journeys' legs, fares, seats and PNRs
 *   carried over as they are, the changed journey's legs in its place with a PNR of its own; the
 *   first journey's PNR is the new booking's reference, as for every trip. Only the new flight's
 *   seats are held, and only the changed journey's old seats go back at the swap.
 */

type BookingRow = typeof bookings.$inferSelect;

/** The legs of a journey: [first, end). */
export interface LegRange {
  first: number;
  end: number;
}

export interface JourneyScope {
  index: number;
  journey: BookingJourney;
  legs: LegRange;
}

export const inRange = (range: LegRange | null, legIndex: number) => range === null || (legIndex >= range.first && legIndex < range.end);

const badJourney = (message: string) => new AppError('validation_failed', message, { journey: message });

/**
 * The journey a change applies to, checked (null: the booking's only journey, all of its legs).
 * @example changedJourney(row, 1)?.legs // { first: 1, end: 2 } for a round trip of one-leg journeys
 */
export function changedJourney(row: Pick<BookingRow, 'journeys'>, index: number | undefined): JourneyScope | null {
  const journeys = row.journeys ?? [];
  if (journeys.length < 2) {
    if (index !== undefined && index !== 0) throw badJourney(TRIP_CHANGE_MESSAGES.unknownJourney);
    return null;
  }
  if (index === undefined) throw badJourney(TRIP_MESSAGES.chooseJourney);
  const journey = journeys[index];
  if (!journey) throw badJourney(TRIP_CHANGE_MESSAGES.unknownJourney);
  if (journey.cancelledAt !== null) throw badJourney(TRIP_MESSAGES.journeyCancelled);
  if (journey.specialReturn && !journey.specialReturn.changeSeparately) {
    throw new AppError('conflict', TRIP_MESSAGES.changeTogether(getAirline(journey.specialReturn.airline)?.name ?? journey.specialReturn.airline));
  }
  return { index, journey, legs: { first: journey.firstLeg, end: journey.firstLeg + journey.legCount } };
}

/** The journey's own itinerary (the whole booking's for a booking of one journey). */
export function scopeItinerary(itinerary: Itinerary, scope: JourneyScope | null): Itinerary {
  return scope ? journeyItinerary(itinerary, scope.journey, scope.index) : itinerary;
}

/** The trip's journeys still flown with the changed one replaced by `next`, in order (for the travel-order rule). */
function flownWith(row: Pick<BookingRow, 'itinerary' | 'journeys'>, scope: JourneyScope, next: Itinerary): Itinerary[] {
  return (row.journeys ?? []).flatMap((j, i) => (i === scope.index ? [next] : j.cancelledAt === null ? [journeyItinerary(row.itinerary, j, i)] : []));
}

/** Why `next` cannot replace the journey (the travel-order rule with the journeys still flown), or null. */
export function journeyOrderProblem(row: Pick<BookingRow, 'itinerary' | 'journeys'>, scope: JourneyScope | null, next: Itinerary): string | null {
  return scope ? travelOrderProblem(flownWith(row, scope, next)) : null;
}

/** Rupees, rounded, of paise. */
const inr = (paise: number) => Math.round(paise / 100);

/**
 * The price of a booking from its fare rows: each type's first passenger's legs, and every row in
 * all; the fare lines are its base fare, everything else taxes and fees.
 * @example priceOfFares(rows).total.total // the rows' sum in rupees
 */
function priceOfFares(rows: readonly PassengerLegFare[]): ItineraryPrice {
  const breakdown = (list: readonly PassengerLegFare[]): PriceBreakdown => {
    const total = list.reduce((n, r) => n + r.totalPaise, 0);
    const base = list.reduce((n, r) => n + r.lines.filter((l) => l.kind === 'fare').reduce((m, l) => m + l.paise, 0), 0);
    return { baseFare: inr(base), taxesAndFees: inr(total) - inr(base), total: inr(total) };
  };
  const perPassenger: ItineraryPrice['perPassenger'] = {};
  for (const type of ['adult', 'child', 'infant'] as const satisfies readonly PassengerType[]) {
    const first = rows.find((r) => r.passengerType === type)?.passengerPosition;
    if (first !== undefined) perPassenger[type] = breakdown(rows.filter((r) => r.passengerPosition === first));
  }
  return { currency: 'INR', perPassenger, total: breakdown(rows) };
}

/**
 * The trip after one journey is replaced: its itinerary (legs, layovers, times; price from `fares`),
 * journeys (the others as they were, at their new first legs, separate tickets recomputed; the new
 * one with `pnr`, its family and price, no special return) and fare family string.
 * @example replaceJourney(row, scope, next, { fareFamily: '6E.SAVER', totalInr: 5400, pnr: 'ABC234' }, fares).journeys[1].itineraryId // next.id
 */
export function replaceJourney(
  row: Pick<BookingRow, 'itinerary' | 'journeys' | 'fareFamily'>,
  scope: JourneyScope,
  next: Itinerary,
  chosen: { fareFamily: string; totalInr: number; pnr: string },
  fares: readonly PassengerLegFare[],
): { itinerary: Itinerary; journeys: BookingJourney[]; fareFamily: string } {
  const old = row.journeys ?? [];
  const priced = old.map((j, i) => (i === scope.index ? { itinerary: next, fareFamily: chosen.fareFamily } : { itinerary: journeyItinerary(row.itinerary, j, i), fareFamily: j.fareFamily ?? '' }));
  const combined = combineJourneys(priced, old.map((j) => j.pnr));
  const journeys = combined.journeys.map((j, i): BookingJourney => {
    const before = old[i];
    if (i === scope.index || !before) return { ...j, pnr: chosen.pnr, totalInr: chosen.totalInr, specialReturn: null };
    return { ...before, firstLeg: j.firstLeg, separateTicket: j.separateTicket };
  });
  return { itinerary: { ...combined.itinerary, price: priceOfFares(fares.filter((f) => f.status === 'active')) }, journeys, fareFamily: priced.map((p) => p.fareFamily).join('~') };
}

/**
 * A leg index of the old booking mapped to the new one's, for legs outside the changed journey
 * (those after it move by the difference in leg count).
 * @example movedLeg(3, { first: 1, end: 2 }, 2) // 4
 */
export function movedLeg(legIndex: number, changed: LegRange, newLegCount: number): number {
  return legIndex >= changed.end ? legIndex + newLegCount - (changed.end - changed.first) : legIndex;
}
