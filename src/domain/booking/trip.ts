import type { PassengerLegFare } from '../../core/fares';
import { type SpecialReturn as ReturnOffer, returnJourneyOf, selfTransferMinimum, specialReturn, splitOverLegs, separateTickets as ticketsApart } from '../../core/round-trip';
import type { Itinerary, ItineraryPrice, PassengerType, PriceBreakdown } from '../../core/search';
import { type BookingJourney, type SpecialReturn, TRIP_MESSAGES } from '../../core/trip';

/**
 * Whole-trip bookings (decision 0062): several journeys in one booking.
 *
 * - The booking's itinerary is the journeys' legs one after the other in travel order; each
 *   journey names its legs (`firstLeg`, `legCount`), so seats, fares, check-in and boarding
 *   passes stay per leg as for any booking.
 * - The trip's price is the sum of its journeys' prices (per passenger type and in all), less a
 *   special return discount when one applies; nothing else changes a journey's price.
 * - Journeys must be in travel order, each leaving at least the self-transfer minimum after the
 *   previous one lands (3 h; 4 h when it leaves from another terminal of the same airport), and no
 *   flight appears twice.
 * - A special return (two journeys, the second the reverse of the first, one airline that sells
 *   return fares: `specialReturn` of src/core/round-trip.ts, the rule the results screen shows)
 *   takes its discount off each passenger's journey base fare lines, split over the legs; taxes
 *   stay those of the one-ways, so the fare rows still add up to the booking's total.
 * - A journey is on a separate ticket when any airline of it or of the previous journey differs
 *   (`separateTickets` of src/core/round-trip.ts: a different airline checks in and carries bags apart). Every journey has its own PNR except
 *   the two journeys of a special return, which are one ticket and share one.
 * - A one-journey booking is a trip of one journey: its booking PNR, every leg, its fare family.
 */

/**
 * The one journey of a booking of one itinerary.
 * @example oneJourney('ABC234', itinerary, '6E.SAVER', 5400).legCount // itinerary.legs.length
 */
export function oneJourney(pnr: string, itinerary: Itinerary, fareFamily: string | null, totalInr: number): BookingJourney {
  const first = itinerary.legs[0];
  const last = itinerary.legs[itinerary.legs.length - 1];
  return {
    itineraryId: itinerary.id,
    firstLeg: 0,
    legCount: itinerary.legs.length,
    pnr,
    fareFamily,
    totalInr,
    from: first?.from.code ?? '',
    to: last?.to.code ?? '',
    date: first?.departure.slice(0, 10) ?? '',
    separateTicket: false,
    cancelledAt: null,
    specialReturn: null,
  };
}

const addBreakdown = (a: PriceBreakdown | undefined, b: PriceBreakdown | undefined): PriceBreakdown | undefined =>
  a && b ? { baseFare: a.baseFare + b.baseFare, taxesAndFees: a.taxesAndFees + b.taxesAndFees, total: a.total + b.total } : (a ?? b);

/**
 * The sum of prices, per passenger type and in all.
 * @example sumPrices([a, b]).total.total === a.total.total + b.total.total
 */
export function sumPrices(prices: readonly ItineraryPrice[]): ItineraryPrice {
  const sum: ItineraryPrice = { currency: 'INR', perPassenger: {}, total: { baseFare: 0, taxesAndFees: 0, total: 0 } };
  for (const p of prices) {
    const adult = addBreakdown(sum.perPassenger.adult, p.perPassenger.adult);
    const child = addBreakdown(sum.perPassenger.child, p.perPassenger.child);
    const infant = addBreakdown(sum.perPassenger.infant, p.perPassenger.infant);
    sum.perPassenger = { ...(adult ? { adult } : {}), ...(child ? { child } : {}), ...(infant ? { infant } : {}) };
    sum.total = addBreakdown(sum.total, p.total) ?? sum.total;
  }
  return sum;
}

/** The problem with the journeys' order, or null: each leaves the self-transfer minimum after the previous lands, no flight twice. */
export function travelOrderProblem(itineraries: readonly Itinerary[]): string | null {
  const flights = itineraries.flatMap((it) => it.legs.map((l) => l.flightId));
  if (new Set(flights).size !== flights.length) return TRIP_MESSAGES.sameFlightTwice;
  for (let i = 1; i < itineraries.length; i += 1) {
    const before = itineraries[i - 1];
    const next = itineraries[i];
    const landed = before?.legs[before.legs.length - 1]?.to;
    const leaving = next?.legs[0]?.from;
    if (!before || !next) continue;
    const changeOfTerminal = landed !== undefined && leaving !== undefined && landed.code === leaving.code && landed.terminal !== leaving.terminal;
    const minimum = selfTransferMinimum({ international: false, changeOfTerminal });
    if ((Date.parse(next.departure) - Date.parse(before.arrival)) / 60_000 < minimum) return TRIP_MESSAGES.outOfOrder;
  }
  return null;
}

/**
 * The special return of a trip (exactly two journeys, priced in their chosen families), or null.
 * @example specialReturnOf([out, back], { adults: 1, children: 0, infants: 0 })?.discountPaise
 */
export function specialReturnOf(itineraries: readonly Itinerary[], passengers: { adults: number; children: number; infants: number }): ReturnOffer | null {
  const [out, back] = itineraries;
  if (itineraries.length !== 2 || !out || !back) return null;
  return specialReturn(returnJourneyOf(out), returnJourneyOf(back), passengers);
}

/** The special return as stored with the booking's journeys. */
const storedSpecialReturn = (offer: ReturnOffer): SpecialReturn => ({
  airline: offer.airline,
  discountInr: offer.discountPaise / 100,
  cancelSeparately: !offer.rules.cancelOnlyTogether,
  changeSeparately: offer.rules.changeOneJourney,
});

/**
 * The fare rows with a special return's discount taken off the base fare lines: each passenger's
 * discount for a journey (`perPassengerPaise`) split over that journey's legs by their base lines.
 * Null when the rows cannot carry it whole (a base line too small), so the pair is sold as two one-ways.
 * @example discountedFares(rows, journeys, offer)?.reduce((n, r) => n + r.totalPaise, 0)
 */
export function discountedFares(rows: readonly PassengerLegFare[], journeys: readonly Pick<BookingJourney, 'firstLeg' | 'legCount'>[], offer: ReturnOffer): PassengerLegFare[] | null {
  const out = rows.map((r) => ({ ...r, lines: r.lines.map((l) => ({ ...l })) }));
  let taken = 0;
  const positions = [...new Set(out.map((r) => r.passengerPosition))];
  for (const position of positions) {
    for (const [j, journey] of journeys.entries()) {
      const legRows = out.filter((r) => r.passengerPosition === position && r.legIndex >= journey.firstLeg && r.legIndex < journey.firstLeg + journey.legCount).sort((a, b) => a.legIndex - b.legIndex);
      const type: PassengerType | undefined = legRows[0]?.passengerType;
      const each = type === undefined ? 0 : (offer.perPassengerPaise[type]?.[j] ?? 0);
      if (each === 0) continue;
      const bases = legRows.map((r) => r.lines.find((l) => l.code === 'base')?.paise ?? 0);
      const shares = splitOverLegs(each, bases);
      if (shares.reduce((n, s) => n + s, 0) !== each) return null;
      legRows.forEach((r, k) => {
        const base = r.lines.find((l) => l.code === 'base');
        const share = shares[k] ?? 0;
        if (!base || share === 0) return;
        base.paise -= share;
        r.totalPaise -= share;
        taken += share;
      });
    }
  }
  return taken === offer.discountPaise ? out : null;
}

/**
 * Whether each journey is on a separate ticket from the previous one (the first never is).
 * @example separateTickets([indigoOut, airIndiaBack]) // [false, true]
 */
export function separateTickets(itineraries: readonly Itinerary[]): boolean[] {
  return itineraries.map((it, i) => {
    const before = itineraries[i - 1];
    return before !== undefined && ticketsApart({ carriers: before.legs.map((l) => l.carrier) }, { carriers: it.legs.map((l) => l.carrier) });
  });
}

export interface PricedJourney {
  itinerary: Itinerary;
  fareFamily: string;
}

/**
 * The booking's itinerary and journeys for priced journeys in travel order. `pnrs` gives each
 * journey's PNR (the caller draws them; a special return's two journeys get the same);
 * `special` is the special return of a two-journey trip (its discount is taken off the trip's price).
 * @example combineJourneys([{ itinerary: out, fareFamily: '6E.SAVER' }, { itinerary: back, fareFamily: '6E.SAVER' }], ['ABC234', 'DEF567']).itinerary.legs.length
 */
export function combineJourneys(
  priced: readonly PricedJourney[],
  pnrs: readonly string[],
  special: ReturnOffer | null = null,
): { itinerary: Itinerary; journeys: BookingJourney[]; fareFamily: string } {
  const itineraries = priced.map((p) => p.itinerary);
  const separate = separateTickets(itineraries);
  let firstLeg = 0;
  const journeys = priced.map((p, i): BookingJourney => {
    const journey: BookingJourney = {
      ...oneJourney(pnrs[i] ?? '', p.itinerary, p.fareFamily, p.itinerary.price.total.total),
      firstLeg,
      separateTicket: separate[i] ?? false,
      specialReturn: special ? storedSpecialReturn(special) : null,
    };
    firstLeg += p.itinerary.legs.length;
    return journey;
  });
  const first = itineraries[0];
  const last = itineraries[itineraries.length - 1];
  if (!first || !last) throw new Error('a trip needs journeys');
  const price = sumPrices(itineraries.map((it) => it.price));
  if (special) {
    // The discount comes off the airfare, so the taxes stay those of the two one-ways.
    const less = (p: PriceBreakdown | undefined, rupees: number) => (p ? { ...p, baseFare: p.baseFare - rupees, total: p.total - rupees } : undefined);
    const each = (type: PassengerType) => ((special.perPassengerPaise[type]?.[0] ?? 0) + (special.perPassengerPaise[type]?.[1] ?? 0)) / 100;
    const adult = less(price.perPassenger.adult, each('adult'));
    const child = less(price.perPassenger.child, each('child'));
    price.perPassenger = { ...price.perPassenger, ...(adult ? { adult } : {}), ...(child ? { child } : {}) };
    price.total = less(price.total, special.discountPaise / 100) ?? price.total;
    // The two journeys of a special return are one ticket: the second has the first's PNR.
    const [first, second] = journeys;
    if (first && second) second.pnr = first.pnr;
  }
  const seatsLeft = itineraries.map((it) => it.seatsLeft).filter((n): n is number => n !== null);
  const days = (iso: string) => Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) / 86_400_000;
  const itinerary: Itinerary = {
    id: itineraries.map((it) => it.id).join('+'),
    legs: itineraries.flatMap((it) => it.legs),
    stops: itineraries.reduce((n, it) => n + it.stops, 0),
    layovers: itineraries.flatMap((it) => it.layovers),
    durationMinutes: itineraries.reduce((n, it) => n + it.durationMinutes, 0),
    departure: first.departure,
    arrival: last.arrival,
    arrivalDayOffset: days(last.arrival) - days(first.departure),
    seatsLeft: seatsLeft.length > 0 ? Math.min(...seatsLeft) : null,
    price,
    airlines: [...new Set(itineraries.flatMap((it) => it.airlines))],
  };
  return { itinerary, journeys, fareFamily: priced.map((p) => p.fareFamily).join('~') };
}

/**
 * The journey a leg belongs to (its index), or -1.
 * @example journeyOfLeg(booking.journeys, 1) // 1 for a round trip of two one-leg journeys
 */
export function journeyOfLeg(journeys: readonly Pick<BookingJourney, 'firstLeg' | 'legCount'>[], legIndex: number): number {
  return journeys.findIndex((j) => legIndex >= j.firstLeg && legIndex < j.firstLeg + j.legCount);
}

/** "DEL → BOM" of a journey. */
export const journeyRoute = (j: Pick<BookingJourney, 'from' | 'to'>) => `${j.from} → ${j.to}`;
