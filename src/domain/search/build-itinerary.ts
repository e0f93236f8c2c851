import { type Cabin, type CompactLeg, type Itinerary, type Layover, type Leg, PASSENGER_TYPES } from '../../core/search';
import type { PricedItinerary } from '../fares/price';
import type { DatedFlight, World } from '../world/world';
import { formatItineraryId } from './itinerary-id';

/** "Seats left" shows only when few remain. */
const FEW_SEATS = 9;

/** A dated flight as a search leg in a cabin. */
export function legOf(world: World, flight: DatedFlight, cabin: Cabin): Leg {
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

/** Compact leg JSON per dated flight, made once: a flight appears in many answers. */
const legJsonCache = new WeakMap<DatedFlight, string>();

function compactLegJson(flight: DatedFlight): string {
  let json = legJsonCache.get(flight);
  if (json === undefined) {
    const leg: CompactLeg = [flight.flightId, flight.from, flight.fromTerminal, flight.to, flight.toTerminal, flight.departureLocal, flight.arrivalLocal, flight.aircraft];
    json = JSON.stringify(leg);
    legJsonCache.set(flight, json);
  }
  return json;
}

/** `"DEL":{"name":…,"city":…}` per airport code, made once per world. */
const airportJsonCache = new WeakMap<World, Map<string, string>>();

function airportJson(world: World, code: string): string | null {
  let byCode = airportJsonCache.get(world);
  if (!byCode) {
    byCode = new Map();
    airportJsonCache.set(world, byCode);
  }
  let json = byCode.get(code);
  if (json === undefined) {
    const airport = world.getAirport(code);
    json = airport ? `${JSON.stringify(code)}:${JSON.stringify({ name: airport.name, city: airport.city })}` : '';
    byCode.set(code, json);
  }
  return json === '' ? null : json;
}

/**
 * Builds the JSON text of a CompactSearchResponse's itineraries, airports and carriers: per
 * itinerary only the legs (cached per flight), "seats left" and the fare of each passenger type;
 * every airport and airline name once. `expandSearchResponse` of the result equals the
 * SearchResponse `buildItinerary` gives.
 * @example const json = new CompactAnswerBuilder(world); json.add(flights, priced); json.airportsJson()
 */
export class CompactAnswerBuilder {
  private readonly airports = new Set<string>();
  private readonly carriers = new Map<string, string>();
  private items = '';

  constructor(private readonly world: World) {}

  add(flights: readonly DatedFlight[], priced: PricedItinerary): void {
    let legs = '';
    for (let i = 0; i < flights.length; i++) {
      const flight = flights[i] as DatedFlight;
      legs += (i === 0 ? '' : ',') + compactLegJson(flight);
      this.airports.add(flight.from);
      this.airports.add(flight.to);
      if (!this.carriers.has(flight.carrier)) this.carriers.set(flight.carrier, flight.carrierName);
    }
    let fares = '';
    const per = priced.price.perPassenger;
    for (const type of PASSENGER_TYPES) {
      const fare = per[type];
      if (fare) fares += `${fares === '' ? '' : ','}"${type}":{"baseFare":${fare.baseFare},"taxesAndFees":${fare.taxesAndFees}}`;
    }
    const seatsLeft = priced.seatsAvailable <= FEW_SEATS ? priced.seatsAvailable : null;
    this.items += `${this.items === '' ? '' : ','}{"legs":[${legs}],"seatsLeft":${seatsLeft},"fares":{${fares}}}`;
  }

  /** The comma-separated itinerary objects added so far. */
  itinerariesJson(): string {
    return this.items;
  }

  airportsJson(): string {
    let json = '';
    for (const code of this.airports) {
      const entry = airportJson(this.world, code);
      if (entry !== null) json += (json === '' ? '' : ',') + entry;
    }
    return `{${json}}`;
  }

  carriersJson(): string {
    let json = '';
    for (const [code, name] of this.carriers) json += `${json === '' ? '' : ','}${JSON.stringify(code)}:${JSON.stringify(name)}`;
    return `{${json}}`;
  }
}
