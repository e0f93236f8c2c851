import type { Cabin, Itinerary, Layover, Leg } from '../../core/search';
import type { PricedItinerary } from '../fares/price';
import type { DatedFlight, World } from '../world/world';
import { formatItineraryId } from './itinerary-id';

/** "Seats left" shows only when few remain. */
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

/** Leg JSON per dated flight and cabin, made once: the same flight appears in many itineraries and answers. */
const legJsonCache = new Map<Cabin, WeakMap<DatedFlight, string>>();

function legJson(world: World, flight: DatedFlight, cabin: Cabin): string {
  let byFlight = legJsonCache.get(cabin);
  if (!byFlight) {
    byFlight = new WeakMap();
    legJsonCache.set(cabin, byFlight);
  }
  let json = byFlight.get(flight);
  if (json === undefined) {
    json = JSON.stringify(legOf(world, flight, cabin));
    byFlight.set(flight, json);
  }
  return json;
}

/**
 * The JSON text of `buildItinerary(...)`, byte for byte, without building the objects (search
 * answers serialise up to 200 of these per request).
 * @example itineraryJson(world, [flight], 'economy', priced) === JSON.stringify(buildItinerary(world, [flight], 'economy', priced))
 */
export function itineraryJson(world: World, flights: readonly DatedFlight[], cabin: Cabin, priced: PricedItinerary): string {
  const first = flights[0];
  const last = flights[flights.length - 1];
  if (!first || !last) throw new Error('An itinerary needs at least one leg');
  let ids = '';
  let legs = '';
  let layovers = '';
  const airlines: string[] = [];
  for (let i = 0; i < flights.length; i++) {
    const flight = flights[i] as DatedFlight;
    ids += (i === 0 ? '' : '~') + flight.flightId;
    legs += (i === 0 ? '' : ',') + legJson(world, flight, cabin);
    if (!airlines.includes(flight.carrierName)) airlines.push(flight.carrierName);
    if (i > 0) {
      const inbound = flights[i - 1] as DatedFlight;
      const minutes = Math.round((flight.departureUtc.getTime() - inbound.arrivalUtc.getTime()) / 60_000);
      layovers += `${i === 1 ? '' : ','}{"airport":${JSON.stringify(flight.from)},"minutes":${minutes},"changeOfTerminal":${inbound.toTerminal !== flight.fromTerminal}}`;
    }
  }
  const duration = Math.round((last.arrivalUtc.getTime() - first.departureUtc.getTime()) / 60_000);
  const dayOffset = Math.round((Date.parse(last.arrivalLocal.slice(0, 10)) - Date.parse(first.departureLocal.slice(0, 10))) / 86_400_000);
  const seatsLeft = priced.seatsAvailable <= FEW_SEATS ? priced.seatsAvailable : null;
  return (
    `{"id":${JSON.stringify(`${ids}:${cabin}`)},"legs":[${legs}],"stops":${flights.length - 1},"layovers":[${layovers}]` +
    `,"durationMinutes":${duration},"departure":${JSON.stringify(first.departureLocal)},"arrival":${JSON.stringify(last.arrivalLocal)}` +
    `,"arrivalDayOffset":${dayOffset},"seatsLeft":${seatsLeft},"price":${JSON.stringify(priced.price)},"airlines":${JSON.stringify(airlines)}}`
  );
}
