import type { Cabin, Itinerary, Leg } from '../../core/search';
import type { Db } from '../../db/client';
import type { PricedFamily } from '../fares/families/options';
import { isCabin } from './seats';

/** A transaction handle: what `db.transaction` passes its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface PaxCounts {
  adults: number;
  children: number;
  infants: number;
}

/**
 * What booking needs from the flight world: a fresh price from the database and the
 * inventory rows to take seats from. The server builds it from the world module; keeping
 * it an argument lets booking stay free of how flights are generated.
 */
export interface BookingCatalog {
  /** Re-prices an itinerary for these passengers, with every fare family option (cheapest first, the first being the itinerary's own price); null when it no longer exists. */
  quote(db: Db, itineraryId: string, pax: PaxCounts, now: Date): Promise<{ itinerary: Itinerary; seatsAvailable: number; inventoryRowsExist?: boolean; families: PricedFamily[] } | null>;
  /** Creates missing inventory rows for the legs (INSERT … ON CONFLICT DO NOTHING). */
  ensureInventory(db: Db | Tx, legs: readonly Leg[]): Promise<void>;
  /** Seats per cabin of the aircraft flying a flight, for seat numbers. */
  cabinLayout(flightId: string): Partial<Record<Cabin, number>> | undefined;
}

/** Inventory counts after a change, for the search engine's in-memory view. */
export interface InventoryChange {
  flightId: string;
  cabin: string;
  available: number;
  held: number;
  sold: number;
  /** The row's version after the change (every write bumps it). */
  version: number;
}

/** Anything that mirrors inventory in memory (search's InventoryView). */
export interface InventoryListener {
  applyChange(flightId: string, cabin: Cabin, counts: { available: number; held: number; sold: number; version?: number }): void;
}

/**
 * Tells the in-memory view about committed inventory rows (call only after COMMIT).
 * @example applyInventory(deps.inventory, outcome.inventory)
 */
export function applyInventory(listener: InventoryListener, changes: readonly InventoryChange[]): void {
  for (const change of changes) {
    if (!isCabin(change.cabin)) continue;
    listener.applyChange(change.flightId, change.cabin, { available: change.available, held: change.held, sold: change.sold, version: change.version });
  }
}
