import type { Cabin, Itinerary, Layover, Leg } from '../../core/search';
import type { PricedItinerary } from '../fares/price';
import type { DatedFlight, World } from '../world/world';
import { formatItineraryId } from './itinerary-id';

/** The spec's "seats left" shows only when few. */
export const FEW_SEATS = 9;

function legOf(world: World, flight: DatedFlight, cabin: Cabin): Leg {
  const from = world.getAirport(flight.from);
  const to = world.getAirport(flight.to);
  return {
    flightId: flight.flightId,
    carrier: flight.carrier,
    carrierName: flight.carrierName,
    flightNumber: flight.flightNumber,
    from: { code: flight.from, name: from?.name ?? flight.from, city: from?.city ?? flight.from, terminal: flight.fromTerminal },
    to: { code: flight.to, name: to?.name ?? flight.to, city: to?.city ?? flight.to, terminal: flight.toTerminal },
    departure: flight.departureLocal,
    arrival: flight.arrivalLocal,
    durationMinutes: flight.durationMinutes,
    aircraft: flight.aircraft,
    cabin,
  };
}

/**
 * The wire shape of an itinerary (search results and quotes share it).
 * @example buildItinerary(world, [flight], 'economy', priced)
 */
export function buildItinerary(world: World, flights: readonly DatedFlight[], cabin: Cabin, priced: PricedItinerary): Itinerary {
  const legs = flights.map((f) => legOf(world, f, cabin));
  const layovers: Layover[] = [];
  for (let i = 1; i < flights.length; i++) {
    const inbound = flights[i - 1];
    const outbound = flights[i];
    if (!inbound || !outbound) continue;
    layovers.push({
      airport: outbound.from,
      minutes: Math.round((outbound.departureUtc.getTime() - inbound.arrivalUtc.getTime()) / 60_000),
      changeOfTerminal: inbound.toTerminal !== outbound.fromTerminal,
    });
  }
  const first = flights[0];
  const last = flights[flights.length - 1];
  if (!first || !last) throw new Error('An itinerary needs at least one leg');
  const airlines = [...new Set(flights.map((f) => f.carrierName))];
  return {
    id: formatItineraryId(flights, cabin),
    legs,
    stops: flights.length - 1,
    layovers,
    durationMinutes: Math.round((last.arrivalUtc.getTime() - first.departureUtc.getTime()) / 60_000),
    departure: first.departureLocal,
    arrival: last.arrivalLocal,
    arrivalDayOffset: Math.round((Date.parse(last.arrivalLocal.slice(0, 10)) - Date.parse(first.departureLocal.slice(0, 10))) / 86_400_000),
    seatsLeft: priced.seatsAvailable <= FEW_SEATS ? priced.seatsAvailable : null,
    price: priced.price,
    airlines,
  };
}
