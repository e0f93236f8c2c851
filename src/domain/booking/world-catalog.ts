import { isCabin } from './seats';
import type { BookingCatalog } from './catalog';
import { quoteItinerary } from '../fares/quote';
import { ensureInventoryRows } from '../inventory/rows';
import type { World } from '../world/world';

/**
 * The booking catalog backed by the generated flight world and its fares.
 * @example const catalog = worldCatalog(createWorld())
 */
export function worldCatalog(world: World): BookingCatalog {
  return {
    quote: (db, itineraryId, pax, now) => quoteItinerary(db, world, itineraryId, pax, now),
    ensureInventory: (db, legs) => ensureInventoryRows(db, world, legs.flatMap((l) => (isCabin(l.cabin) ? [{ flightId: l.flightId, cabin: l.cabin }] : []))),
    cabinLayout: (flightId) => world.getFlight(flightId)?.capacity,
  };
}
