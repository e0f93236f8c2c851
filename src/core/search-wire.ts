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
    const layovers: Layover[] = [];
    for (let i = 1; i < legs.length; i++) {
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
      stops: legs.length - 1,
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
