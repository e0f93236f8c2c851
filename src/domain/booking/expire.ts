import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Clock } from '../../core/clock';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import { bookingSegments, bookings, flightInventory, payments } from '../../db/schema';
import type { InventoryChange, Tx } from './catalog';

const byFlightCabin = <T extends { flightId: string; cabin: string }>(a: T, b: T) =>
  a.flightId === b.flightId ? a.cabin.localeCompare(b.cabin) : a.flightId < b.flightId ? -1 : 1;

/** Gives a booking's held seats back (held → available), legs in lock order. */
export async function releaseSeats(tx: Tx, bookingId: string): Promise<InventoryChange[]> {
  const segments = await tx.select().from(bookingSegments).where(eq(bookingSegments.bookingId, bookingId));
  const changes: InventoryChange[] = [];
  for (const seg of [...segments].sort(byFlightCabin)) {
    if (seg.seats === 0) continue;
    const [row] = await tx
      .update(flightInventory)
      .set({
        available: sql`${flightInventory.available} + ${seg.seats}`,
        held: sql`${flightInventory.held} - ${seg.seats}`,
        version: sql`${flightInventory.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(flightInventory.flightId, seg.flightId), eq(flightInventory.cabin, seg.cabin)))
      .returning({ flightId: flightInventory.flightId, cabin: flightInventory.cabin, available: flightInventory.available, held: flightInventory.held, sold: flightInventory.sold, version: flightInventory.version });
    if (row) changes.push(row);
  }
  return changes;
}

/**
 * Money a dead booking took (a payment authorized or captured but never turned into a
 * confirmation: a closed tab, one share of a group that did not complete) is marked for
 * refund in the transaction that ends the booking; the refund sender then returns it.
 * Returns the payment rows marked.
 */
export async function refundPaymentsOf(tx: Tx, bookingIds: readonly string[], now: Date, why: 'hold-expired' | 'booking-cancelled' = 'hold-expired'): Promise<string[]> {
  if (bookingIds.length === 0) return [];
  const rows = await tx
    .update(payments)
    .set({ status: 'refunding', failureReason: why, updatedAt: now })
    .where(and(inArray(payments.bookingId, [...bookingIds]), inArray(payments.status, ['authorized', 'captured'])))
    .returning({ id: payments.id });
  return rows.map((r) => r.id);
}

/**
 * Releases expired holds (and marks any money they took for refund). Claims up to `limit` with FOR UPDATE SKIP LOCKED, so several
 * nodes sweeping at once take disjoint batches and never wait on a booking being confirmed.
 * @example const { expired } = await sweepExpiredHolds(db, clock)
 */
export async function sweepExpiredHolds(db: Db, clock: Clock, limit = 100): Promise<{ expired: string[]; inventory: InventoryChange[]; refunds: string[] }> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const claimed = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.status, 'held'), lt(bookings.holdExpiresAt, now)))
      .orderBy(asc(bookings.holdExpiresAt))
      .limit(limit)
      .for('no key update', { skipLocked: true });
    if (claimed.length === 0) return { expired: [], inventory: [], refunds: [] };
    const ids = claimed.map((b) => b.id);
    const segments = await tx.select().from(bookingSegments).where(inArray(bookingSegments.bookingId, ids));

    // One update per flight and cabin with the batch's total, in the same lock order as holds.
    const totals = new Map<string, { flightId: string; cabin: string; seats: number }>();
    for (const seg of segments) {
      const key = `${seg.flightId}\u0000${seg.cabin}`;
      const entry = totals.get(key) ?? { flightId: seg.flightId, cabin: seg.cabin, seats: 0 };
      entry.seats += seg.seats;
      totals.set(key, entry);
    }
    const ordered = [...totals.values()].sort((a, b) => (a.flightId === b.flightId ? a.cabin.localeCompare(b.cabin) : a.flightId < b.flightId ? -1 : 1));
    const inventory: InventoryChange[] = [];
    for (const t of ordered) {
      if (t.seats === 0) continue;
      const [row] = await tx
        .update(flightInventory)
        .set({
          available: sql`${flightInventory.available} + ${t.seats}`,
          held: sql`${flightInventory.held} - ${t.seats}`,
          version: sql`${flightInventory.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(flightInventory.flightId, t.flightId), eq(flightInventory.cabin, t.cabin)))
        .returning({ flightId: flightInventory.flightId, cabin: flightInventory.cabin, available: flightInventory.available, held: flightInventory.held, sold: flightInventory.sold, version: flightInventory.version });
      if (row) inventory.push(row);
    }
    await tx.update(bookings).set({ status: 'expired' }).where(inArray(bookings.id, ids));
    const refunds = await refundPaymentsOf(tx, ids, now);
    return { expired: ids, inventory, refunds };
  });
}

/**
 * A traveller gives up a hold before paying: seats go back at once.
 * @example await cancelHold(db, bookingId, userId)
 */
export async function cancelHold(db: Db, clock: Clock, bookingId: string, userId: string): Promise<{ inventory: InventoryChange[]; refunds: string[] }> {
  return db.transaction(async (tx) => {
    const [booking] = await tx
      .select()
      .from(bookings)
      .where(and(eq(bookings.id, bookingId), eq(bookings.userId, userId)))
      .for('no key update');
    if (!booking) throw new AppError('not_found', 'Booking not found');
    if (booking.status !== 'held') throw new AppError('conflict', 'Only a booking awaiting payment can be cancelled.');
    const inventory = await releaseSeats(tx, bookingId);
    await tx.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, bookingId));
    return { inventory, refunds: await refundPaymentsOf(tx, [bookingId], clock.now(), 'booking-cancelled') };
  });
}
