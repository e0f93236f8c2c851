import type { Itinerary } from '../../core/search';
import type { Db } from '../../db/client';
import { readInventoryRows } from '../inventory/rows';
import { buildItinerary } from '../search/build-itinerary';
import { parseItineraryId } from '../search/itinerary-id';
import { isValidConnection } from '../search/mct';
import type { World } from '../world/world';
import { type PricedFamily, priceFamilies } from './families/options';
import { legFare } from './model';
import { type Passengers, priceItinerary } from './price';

export interface Quote {
  itinerary: Itinerary;
  /** Seats left on the tightest leg (min over legs). */
  seatsAvailable: number;
  /** Fare bucket per leg. */
  buckets: string[];
  /** Every leg already has its inventory row (rows are never deleted), so booking need not create them. */
  inventoryRowsExist: boolean;
  /** Every fare family option for these passengers, cheapest first (the first is the itinerary's own price). */
  families: PricedFamily[];
}

/**
 * Re-prices an itinerary from the database rows (the truth for booking), with the same
 * pricing function search uses. Null when the id is malformed, a flight does not operate,
 * a connection breaks the minimum connection time, the cabin is absent or the flight has
 * left. When seats are short the quote still comes back: compare `seatsAvailable` with the
 * seats needed (adults + children).
 * @example const quote = await quoteItinerary(db, world, '6E1035@2026-12-24:economy', { adults: 1, children: 0, infants: 0 }, clock.now())
 */
export async function quoteItinerary(db: Db, world: World, itineraryId: string, passengers: Passengers, now: Date): Promise<Quote | null> {
  const parsed = parseItineraryId(itineraryId);
  if (!parsed) return null;
  const flights = parsed.flightIds.map((id) => world.getFlight(id));
  if (flights.some((f) => f === undefined)) return null;
  const legs = flights.filter((f) => f !== undefined);
  for (let i = 1; i < legs.length; i++) {
    const inbound = legs[i - 1];
    const outbound = legs[i];
    if (!inbound || !outbound || !isValidConnection(inbound, outbound)) return null;
  }
  const rows = await readInventoryRows(db, legs.map((f) => ({ flightId: f.flightId, cabin: parsed.cabin })));
  const seats = legs.map((f) => {
    const capacity = f.capacity[parsed.cabin];
    return rows.get(`${f.flightId}|${parsed.cabin}`) ?? { capacity, available: capacity, held: 0, sold: 0 };
  });
  const priced = priceItinerary(legs, parsed.cabin, seats, passengers, now, { requireSeats: false });
  if (!priced) return null;
  const seatsAvailable = Math.min(...seats.map((s) => s.available));
  const inventoryRowsExist = legs.every((f) => rows.has(`${f.flightId}|${parsed.cabin}`));
  // The same bucket fares priceItinerary just used (legFare is a pure function of these inputs).
  const familyLegs = legs.map((flight, i) => {
    const legSeats = seats[i];
    const fare = legSeats ? legFare(flight, parsed.cabin, legSeats, now, { soldOutPrice: true }) : null;
    return fare ? { flight, airfare: fare.base } : null;
  });
  if (familyLegs.some((l) => l === null)) return null;
  const families = priceFamilies(
    familyLegs.filter((l) => l !== null),
    parsed.cabin,
    passengers,
    now,
    (code) => world.airlineName(code),
  );
  return { itinerary: buildItinerary(world, legs, parsed.cabin, { ...priced, seatsAvailable }), seatsAvailable, buckets: priced.buckets, inventoryRowsExist, families };
}
