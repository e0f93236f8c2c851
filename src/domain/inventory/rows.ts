import type { Cabin } from '../../core/search';
import type { Db } from '../../db/client';
import { joinStatements, q, queryRows } from '../../db/raw';
import { flightInventory } from '../../db/schema/inventory';
import type { World } from '../world/world';

/**
 * Creates the inventory rows for these flight-dates and cabins if missing (capacity from the
 * aircraft), so a booking can lock and decrement them. Unknown flights are skipped: the
 * caller validates the itinerary with quoteItinerary first.
 * @example await ensureInventoryRows(tx, world, [{ flightId: '6E1035@2026-12-24', cabin: 'economy' }])
 */
export async function ensureInventoryRows(tx: Db, world: World, legs: readonly { flightId: string; cabin: Cabin }[]): Promise<void> {
  const values = [];
  for (const leg of legs) {
    const flight = world.getFlight(leg.flightId);
    if (!flight) continue;
    const capacity = flight.capacity[leg.cabin];
    values.push({ flightId: leg.flightId, cabin: leg.cabin, departureDate: flight.departureDate, capacity, available: capacity, aircraftId: flight.aircraftId });
  }
  if (values.length === 0) return;
  await tx.insert(flightInventory).values(values).onConflictDoNothing({ target: [flightInventory.flightId, flightInventory.cabin] });
}

export interface InventoryCounts {
  capacity: number;
  available: number;
  held: number;
  sold: number;
}

/** A stored row's counts and its version (bumped by every write to the row). */
export interface StoredInventory extends InventoryCounts {
  version: number;
}

/** Reads the rows (the truth) for these legs; missing rows mean an untouched flight at full capacity. */
export async function readInventoryRows(db: Db, keys: readonly { flightId: string; cabin: Cabin }[]): Promise<Map<string, StoredInventory>> {
  const result = new Map<string, StoredInventory>();
  if (keys.length === 0) return result;
  const rows = await queryRows<{ flight_id: string; cabin: string; capacity: number; available: number; held: number; sold: number; version: number }>(
    db,
    q`select flight_id, cabin, capacity, available, held, sold, version from flight_inventory
      where (flight_id, cabin) in (${joinStatements(keys.map((k) => q`(${k.flightId}, ${k.cabin})`), ', ')})`,
  );
  for (const row of rows) result.set(`${row.flight_id}|${row.cabin}`, { capacity: row.capacity, available: row.available, held: row.held, sold: row.sold, version: row.version });
  return result;
}
