import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client';
import { boardingPasses, bookingSegments, bookings, flightInventory, groupMembers, groups, outbox, passengers, payments, sandboxWebhooks, sharedItineraries } from '../../src/db/schema';
import { executeRows } from '../../src/db/rows';
import { ensureInventoryRows } from '../../src/domain/inventory/rows';
import { CREDIT_BOOKS_SQL } from './credit-books';
import type { World } from '../../src/domain/world/world';

/**
 * The books every booking test keeps balanced: seats on flights and who holds them.
 */

/** Every inventory row balances (available + held + sold = capacity) and none is negative. */
export async function expectInventoryBalanced(db: Db) {
  const rows = await db.select().from(flightInventory);
  for (const r of rows) {
    expect(r.available, `${r.flightId}/${r.cabin} available`).toBeGreaterThanOrEqual(0);
    expect(r.held, `${r.flightId}/${r.cabin} held`).toBeGreaterThanOrEqual(0);
    expect(r.sold, `${r.flightId}/${r.cabin} sold`).toBeGreaterThanOrEqual(0);
    expect(r.available + r.held + r.sold, `${r.flightId}/${r.cabin} balance`).toBe(r.capacity);
  }
}

/**
 * Empties bookings, groups, payments and mail, and leaves `seats` available on one economy flight
 * (the rest counted as sold): a clean start for a state-machine run.
 * @example await resetOneFlight(db, world, flightId, 7)
 */
export async function resetOneFlight(db: Db, world: World, flightId: string, seats: number) {
  for (const table of [sharedItineraries, groupMembers, groups, outbox, boardingPasses, passengers, bookingSegments, payments, sandboxWebhooks, bookings, flightInventory]) await db.delete(table);
  await ensureInventoryRows(db, world, [{ flightId, cabin: 'economy' }]);
  await db.update(flightInventory).set({ available: seats, held: 0, sold: sql`${flightInventory.capacity} - ${seats}` });
}

/**
 * Seats of the flight `resetOneFlight` prepared: balanced, held = seats of held bookings, sold
 * beyond the start = seats of confirmed bookings. Returns every booking row for further checks.
 */
export async function expectSeatsMatchBookings(db: Db, flightId: string, startSeats: number) {
  const [inv] = await db.select().from(flightInventory).where(eq(flightInventory.flightId, flightId));
  if (!inv) throw new Error('inventory row missing');
  expect(inv.available).toBeGreaterThanOrEqual(0);
  expect(inv.available + inv.held + inv.sold).toBe(inv.capacity);
  const all = await db.select().from(bookings);
  const seatsOf = (status: string) => all.filter((b) => b.status === status).reduce((n, b) => n + b.seatCount, 0);
  expect(inv.held).toBe(seatsOf('held'));
  expect(inv.sold - (inv.capacity - startSeats)).toBe(seatsOf('confirmed'));
  return all;
}

/** The Safar credit books balance (see CREDIT_BOOKS_SQL). */
export async function expectCreditBalanced(db: Db) {
  expect(await executeRows<{ bad: string }>(db, sql.raw(CREDIT_BOOKS_SQL))).toEqual([]);
}
