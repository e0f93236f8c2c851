// Turning GET /api/search's compact answer into the SearchResponse the screens use. No zod here:
// the Results screen imports this on its first load.
import type { Cabin, CompactSearchResponse, Itinerary, ItineraryPrice, Layover, Leg, PassengerType, SearchResponse } from './search';
import { PASSENGER_TYPES } from './search-options';
import { supplierItineraryId } from './supplier-ids';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * The opaque itinerary id the booking endpoint accepts: leg flight ids joined by "~", then ":cabin".
 * @example formatItineraryId(['6E2134@2026-12-24', 'AI101@2026-12-24'], 'economy') // '6E2134@2026-12-24~AI101@2026-12-24:economy'
 */
export function formatItineraryId(legs: readonly (string | { flightId: string })[], cabin: Cabin): string {
  return `${legs.map((leg) => (typeof leg === 'string' ? leg : leg.flightId)).join('~')}:${cabin}`;
}

/** Whole minutes between two local date-times with UTC offsets ("2026-12-24T06:05:00+05:30"). */
function minutesBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / MINUTE_MS);
}

/**
 * The full SearchResponse from the compact answer: names looked up, ids, stops, layovers,
 * durations, day offsets, airline lists and totals derived exactly as the server derives them.
 * @example expandSearchResponse(await (await fetch('/api/search?from=DEL&to=BOM&date=2026-12-24')).json())
 */
export function expandSearchResponse(compact: CompactSearchResponse): SearchResponse {
  const { query, airports, carriers } = compact;
  const counts: Record<PassengerType, number> = { adult: query.adults, child: query.children, infant: query.infants };
  const itineraries = compact.itineraries.map((it): Itinerary => {
    const legs = it.legs.map(([flightId, from, fromTerminal, to, toTerminal, departure, arrival, aircraft]): Leg => {
      // "6E2134@2026-12-24": a two-character carrier code, then the number, then the date.
      const carrier = flightId.slice(0, 2);
      return {
        flightId,
        carrier,
        carrierName: carriers[carrier] ?? carrier,
        flightNumber: `${carrier} ${flightId.slice(2, flightId.indexOf('@'))}`,
        from: { code: from, name: airports[from]?.name ?? from, city: airports[from]?.city ?? from, terminal: fromTerminal },
        to: { code: to, name: airports[to]?.name ?? to, city: airports[to]?.city ?? to, terminal: toTerminal },
        departure,
        arrival,
        durationMinutes: minutesBetween(departure, arrival),
        aircraft,
        cabin: query.cabin,
      };
    });
    const first = legs[0];
    const last = legs[legs.length - 1];
    if (!first || !last) throw new Error('An itinerary needs at least one leg');
    // An offer of several journeys (a round trip as one ticket) has no layover where one journey ends and the next begins.
    const journeyStarts = new Set<number>();
    let start = 0;
    for (const count of it.supplier?.journeyLegCounts ?? []) {
      journeyStarts.add(start);
      start += count;
    }
    const layovers: Layover[] = [];
    for (let i = 1; i < legs.length; i++) {
      if (journeyStarts.has(i)) continue;
      const inbound = legs[i - 1] as Leg;
      const outbound = legs[i] as Leg;
      layovers.push({ airport: outbound.from.code, minutes: minutesBetween(inbound.arrival, outbound.departure), changeOfTerminal: inbound.to.terminal !== outbound.from.terminal });
    }
    const perPassenger: ItineraryPrice['perPassenger'] = {};
    const total = { baseFare: 0, taxesAndFees: 0, total: 0 };
    for (const type of PASSENGER_TYPES) {
      const fare = it.fares[type];
      if (!fare) continue;
      const each = { baseFare: fare.baseFare, taxesAndFees: fare.taxesAndFees, total: fare.baseFare + fare.taxesAndFees };
      perPassenger[type] = each;
      total.baseFare += each.baseFare * counts[type];
      total.taxesAndFees += each.taxesAndFees * counts[type];
      total.total += each.total * counts[type];
    }
    const itinerary: Itinerary = {
      id: it.supplier ? supplierItineraryId(it.supplier.supplier, it.supplier.offerId) : formatItineraryId(legs, query.cabin),
      legs,
      stops: layovers.length,
      layovers,
      durationMinutes: minutesBetween(first.departure, last.arrival),
      departure: first.departure,
      arrival: last.arrival,
      arrivalDayOffset: Math.round((Date.parse(last.arrival.slice(0, 10)) - Date.parse(first.departure.slice(0, 10))) / DAY_MS),
      seatsLeft: it.seatsLeft,
      price: { currency: 'INR', perPassenger, total },
      airlines: [...new Set(legs.map((leg) => leg.carrierName))],
    };
    if (it.supplier) itinerary.supplier = it.supplier;
    return itinerary;
  });
  return { query, itineraries, reason: compact.reason };
}

/**
 * The journeys of an itinerary as ranges of its legs: one for a one-way, one per slice for a supplier's
 * offer of several journeys sold as one ticket (`supplier.journeyLegCounts`), never on separate tickets.
 * @example offerJourneys(roundTripOffer) // [{ firstLeg: 0, legCount: 1, separateTicket: false }, { firstLeg: 1, legCount: 2, separateTicket: false }]
 */
export function offerJourneys(itinerary: Pick<Itinerary, 'legs' | 'supplier'>): { firstLeg: number; legCount: number; separateTicket: false }[] {
  const counts = itinerary.supplier?.journeyLegCounts ?? [itinerary.legs.length];
  let firstLeg = 0;
  return counts.map((legCount) => {
    const journey = { firstLeg, legCount, separateTicket: false as const };
    firstLeg += legCount;
    return journey;
  });
}

/**
 * Each journey of an itinerary as an itinerary of its own (its legs, the layovers between them, its
 * times), for showing the outbound and the return of a supplier's round-trip offer apart; the price and
 * the supplier's fare stay the whole offer's.
 * @example journeyItineraries(roundTripOffer).map((j) => j.departure)
 */
export function journeyItineraries(itinerary: Itinerary): Itinerary[] {
  let layoverIndex = 0;
  return offerJourneys(itinerary).map(({ firstLeg, legCount }) => {
    const legs = itinerary.legs.slice(firstLeg, firstLeg + legCount);
    const layovers = itinerary.layovers.slice(layoverIndex, layoverIndex + legCount - 1);
    layoverIndex += legCount - 1;
    const first = legs[0];
    const last = legs[legs.length - 1];
    if (!first || !last) return itinerary;
    return {
      ...itinerary,
      legs,
      layovers,
      stops: layovers.length,
      departure: first.departure,
      arrival: last.arrival,
      durationMinutes: minutesBetween(first.departure, last.arrival),
      arrivalDayOffset: Math.round((Date.parse(last.arrival.slice(0, 10)) - Date.parse(first.departure.slice(0, 10))) / DAY_MS),
      airlines: [...new Set(legs.map((leg) => leg.carrierName))],
    };
  });
}
