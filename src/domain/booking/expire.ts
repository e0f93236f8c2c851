import { and, asc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Clock } from '../../core/clock';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import { q, queryRows } from '../../db/raw';
import { bookingSegments, bookings, passengerSeats, payments } from '../../db/schema';
import { releaseSeats as releasePassengerSeats } from '../seats/store';
import { inLockOrder, moveSeats } from '../inventory/moves';
import type { InventoryChange, Tx } from './catalog';

/** Gives seats back (held → available) on these rows, one statement per row in lock order; each row's counts after. */
async function releaseRows(tx: Tx, rows: readonly { flightId: string; cabin: string; seats: number }[]): Promise<InventoryChange[]> {
  const changes: InventoryChange[] = [];
  for (const row of inLockOrder(rows)) {
    if (row.seats === 0) continue;
    const [changed] = await queryRows<InventoryChange>(
      tx,
      moveSeats({ from: 'held', to: 'available', seats: q`${row.seats}::int`, where: q`i.flight_id = ${row.flightId} and i.cabin = ${row.cabin}`, onlyIfThere: false }),
    );
    if (changed) changes.push(changed);
  }
  return changes;
}

/** Gives a booking's held seats back (held → available), legs in lock order, and the seats its passengers chose. */
export async function releaseSeats(tx: Tx, bookingId: string): Promise<InventoryChange[]> {
  await releasePassengerSeats(tx, bookingId);
  return releaseRows(tx, await tx.select().from(bookingSegments).where(eq(bookingSegments.bookingId, bookingId)));
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

    // One update per flight and cabin with the batch's total, in lock order.
    const totals = new Map<string, { flightId: string; cabin: string; seats: number }>();
    for (const seg of segments) {
      const key = `${seg.flightId}\u0000${seg.cabin}`;
      const entry = totals.get(key) ?? { flightId: seg.flightId, cabin: seg.cabin, seats: 0 };
      entry.seats += seg.seats;
      totals.set(key, entry);
    }
    const inventory = await releaseRows(tx, [...totals.values()]);
    // The seats the holds' passengers chose go back with them: unseated, and nothing charged.
    await tx.update(passengerSeats).set({ releasedAt: now }).where(and(inArray(passengerSeats.bookingId, ids), isNull(passengerSeats.releasedAt)));
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
