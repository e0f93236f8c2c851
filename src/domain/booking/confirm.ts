import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { BookingView } from '../../core/booking';
import type { Clock } from '../../core/clock';
import type { Cabin } from '../../core/search';
import type { Db } from '../../db/client';
import { boardingPasses, bookingSegments, bookings, flightInventory, outbox, passengers, payments, users } from '../../db/schema';
import { buildBcbp } from '../documents/bcbp';
import type { BookingCatalog, InventoryChange, Tx } from './catalog';
import { newTicketNumber } from './ids';
import { refundPaymentsOf, releaseSeats } from './expire';
import { INFANT_SEAT, gateFor, isCabin, seatForIndex } from './seats';
import { bookingView, storedItinerary } from './views';

/**
 * Turning a paid hold into a confirmed booking. Everything happens in one transaction that
 * first locks the booking row, so the browser callback, the webhook, the reconciler and their
 * duplicates serialise on it: the first confirms, the rest find it confirmed with the same
 * payment and return it. A payment that arrives for a dead hold is recorded and marked for refund.
 *
 * A booking may be paid by several orders (shares): each verified payment on a live hold is
 * captured, and the booking is confirmed by the payment that brings the captured sum to its
 * total. Until then the outcome is `share-captured` and the booking stays held.
 */

export interface PaymentNotice {
  provider: string;
  orderId: string;
  paymentId: string;
  /** Amount the provider says it captured (webhooks); checked against our order. */
  amountPaise?: number | null;
  /** Booking and traveller the request is about (browser callback); anything else is unknown. */
  expect?: { bookingId: string; userId: string };
}

export type ConfirmOutcome =
  | { kind: 'confirmed'; booking: BookingView; inventory: InventoryChange[] }
  | { kind: 'already-confirmed'; booking: BookingView }
  | { kind: 'share-captured'; booking: BookingView; paidPaise: number; duePaise: number }
  | {
      kind: 'refund';
      why: 'hold-expired' | 'duplicate-payment' | 'amount-mismatch';
      booking: BookingView;
      /** This payment's row. */
      paymentRowId: string;
      /** Every row marked for refund by this outcome (other captured shares of a dead hold too). */
      refundRows: string[];
      inventory: InventoryChange[];
    }
  | { kind: 'unknown-order' };

/** Sum of the captured payments of a booking, in paise. */
async function capturedPaise(tx: Tx, bookingId: string): Promise<number> {
  const [row] = await tx
    .select({ paid: sql<string | number | null>`sum(${payments.amountPaise})` })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), inArray(payments.status, ['captured'])));
  return Number(row?.paid ?? 0);
}

const byFlightCabin = <T extends { flightId: string; cabin: string }>(a: T, b: T) =>
  a.flightId === b.flightId ? a.cabin.localeCompare(b.cabin) : a.flightId < b.flightId ? -1 : 1;

/**
 * Records a verified payment against its order and confirms the booking if its hold is live.
 * Idempotent: the same payment again returns `already-confirmed`.
 * @example const outcome = await confirmPayment(db, clock, catalog, { provider: 'sandbox', orderId, paymentId })
 */
export async function confirmPayment(db: Db, clock: Clock, catalog: Pick<BookingCatalog, 'cabinLayout'>, notice: PaymentNotice): Promise<ConfirmOutcome> {
  return db.transaction(async (tx) => {
    // One round trip: the order's payment row and its booking, the booking row locked. Every path
    // that changes a booking or its seats takes this lock before inventory rows, so the order of
    // locks is the same everywhere.
    const [found] = await tx
      .select({ payment: payments, booking: bookings, email: users.email })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .innerJoin(users, eq(users.id, bookings.userId))
      .where(and(eq(payments.provider, notice.provider), eq(payments.providerOrderId, notice.orderId)))
      .for('no key update', { of: bookings });
    if (!found) return { kind: 'unknown-order' as const };
    const { payment, booking, email } = found;
    // The browser callback names its booking and traveller: an order of another booking (or
    // another traveller's booking) is simply not found.
    if (notice.expect && (booking.id !== notice.expect.bookingId || booking.userId !== notice.expect.userId)) return { kind: 'unknown-order' as const };
    const now = clock.now();
    const pax = await tx.select().from(passengers).where(eq(passengers.bookingId, booking.id)).orderBy(asc(passengers.position));

    if (booking.status === 'confirmed' && (booking.paymentId === notice.paymentId || (payment.status === 'captured' && payment.providerPaymentId === notice.paymentId))) {
      return { kind: 'already-confirmed' as const, booking: bookingView(booking, pax) };
    }
    const totalPaise = booking.totalInr * 100;
    if (booking.status === 'held' && payment.status === 'captured' && payment.providerPaymentId === notice.paymentId) {
      // This share was already counted; the booking waits for the others.
      const paidPaise = await capturedPaise(tx, booking.id);
      return { kind: 'share-captured' as const, booking: bookingView(booking, pax), paidPaise, duePaise: Math.max(0, totalPaise - paidPaise) };
    }

    const markForRefund = async (why: 'hold-expired' | 'duplicate-payment' | 'amount-mismatch', inventory: InventoryChange[], others: string[] = []) => {
      // 'refunding' until the provider accepts the refund; the sweeper job retries it.
      let rowId = payment.id;
      if (payment.status === 'captured' && payment.providerPaymentId !== notice.paymentId) {
        // A second capture on an order that already paid (gateways forbid it, but money must
        // never go unrecorded): keep the first payment's row and record this one beside it.
        const [extra] = await tx
          .insert(payments)
          .values({
            bookingId: booking.id,
            provider: payment.provider,
            method: payment.method,
            providerOrderId: `${payment.providerOrderId}:${notice.paymentId}`,
            providerPaymentId: notice.paymentId,
            amountPaise: notice.amountPaise ?? payment.amountPaise,
            status: 'refunding',
            failureReason: why,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing()
          .returning({ id: payments.id });
        rowId = extra?.id ?? payment.id;
      } else {
        await tx
          .update(payments)
          .set({ providerPaymentId: notice.paymentId, status: 'refunding', failureReason: why, updatedAt: now })
          .where(eq(payments.id, payment.id));
      }
      const [after] = await tx.select().from(bookings).where(eq(bookings.id, booking.id));
      return { kind: 'refund' as const, why, booking: bookingView(after ?? booking, pax), paymentRowId: rowId, refundRows: [...new Set([rowId, ...others])], inventory };
    };

    if (payment.status === 'refunding' || payment.status === 'refunded') {
      // This exact payment was already judged unusable; answer the same way again.
      if (payment.providerPaymentId === notice.paymentId) {
        const why = payment.failureReason === 'duplicate-payment' || payment.failureReason === 'amount-mismatch' ? payment.failureReason : 'hold-expired';
        return { kind: 'refund' as const, why, booking: bookingView(booking, pax), paymentRowId: payment.id, refundRows: [payment.id], inventory: [] };
      }
    }

    if (notice.amountPaise != null && notice.amountPaise !== payment.amountPaise) return markForRefund('amount-mismatch', []);
    if (booking.status === 'confirmed') return markForRefund('duplicate-payment', []);
    if (booking.status !== 'held' || booking.holdExpiresAt.getTime() <= now.getTime()) {
      let inventory: InventoryChange[] = [];
      let others: string[] = [];
      if (booking.status === 'held') {
        inventory = await releaseSeats(tx, booking.id);
        await tx.update(bookings).set({ status: 'expired' }).where(eq(bookings.id, booking.id));
        // Shares other payers already paid go back too.
        others = await refundPaymentsOf(tx, [booking.id], now);
      }
      return markForRefund('hold-expired', inventory, others);
    }

    if (payment.amountPaise < totalPaise) {
      // One share of several: count it, and confirm only once the shares cover the total.
      await tx.update(payments).set({ providerPaymentId: notice.paymentId, status: 'captured', failureReason: null, updatedAt: now }).where(eq(payments.id, payment.id));
      const paidPaise = await capturedPaise(tx, booking.id);
      if (paidPaise < totalPaise) return { kind: 'share-captured' as const, booking: bookingView(booking, pax), paidPaise, duePaise: totalPaise - paidPaise };
    }

    // Live hold: held → sold on every leg. RETURNING gives the count sold before us, which is
    // where this booking's seat numbers start (we hold the row lock, so nobody else moves it).
    const segments = (await tx.select().from(bookingSegments).where(eq(bookingSegments.bookingId, booking.id))).sort(byFlightCabin);
    const inventory: InventoryChange[] = [];
    const soldBefore = new Map<number, number>();
    for (const seg of segments) {
      const [row] = await tx
        .update(flightInventory)
        .set({
          held: sql`${flightInventory.held} - ${seg.seats}`,
          sold: sql`${flightInventory.sold} + ${seg.seats}`,
          version: sql`${flightInventory.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(flightInventory.flightId, seg.flightId), eq(flightInventory.cabin, seg.cabin), sql`${flightInventory.held} >= ${seg.seats}`))
        .returning({ flightId: flightInventory.flightId, cabin: flightInventory.cabin, available: flightInventory.available, held: flightInventory.held, sold: flightInventory.sold });
      // A live hold always has its seats held; failing here means the books are wrong, so stop.
      if (!row) throw new Error(`Inventory for ${seg.flightId}/${seg.cabin} does not hold booking ${booking.id}'s seats`);
      inventory.push(row);
      soldBefore.set(seg.legIndex, row.sold - seg.seats);
    }

    await tx
      .update(payments)
      .set({ providerPaymentId: notice.paymentId, status: 'captured', updatedAt: now })
      .where(eq(payments.id, payment.id));

    const itinerary = storedItinerary(booking);
    const validating = itinerary.legs[0]?.carrier ?? 'XX';
    const tickets = pax.map((p) => ({ ...p, ticketNumber: newTicketNumber(validating) }));
    // One statement for every passenger's ticket number.
    await tx.execute(
      sql`update passengers as p set ticket_number = v.t from (values ${sql.join(
        tickets.map((t) => sql`(${t.id}::uuid, ${t.ticketNumber})`),
        sql`, `,
      )}) as v(id, t) where p.id = v.id`,
    );

    const passRows: (typeof boardingPasses.$inferInsert)[] = [];
    itinerary.legs.forEach((leg, legIndex) => {
      const start = soldBefore.get(legIndex) ?? 0;
      const cabin: Cabin = isCabin(leg.cabin) ? leg.cabin : 'economy';
      const layout = catalog.cabinLayout(leg.flightId) ?? { [cabin]: Math.max(start + booking.seatCount, 1) };
      let seated = 0;
      let lastAdultSequence = start + 1;
      for (const p of tickets) {
        const infant = p.type === 'infant';
        const seat = infant ? INFANT_SEAT : seatForIndex(layout, cabin, start + seated);
        const sequence = infant ? lastAdultSequence : start + seated + 1;
        if (!infant) {
          if (p.type === 'adult') lastAdultSequence = sequence;
          seated += 1;
        }
        const bcbp = buildBcbp({
          lastName: p.lastName,
          firstName: p.firstName,
          middleName: p.middleName,
          passengerType: infant ? 'infant' : p.type === 'child' ? 'child' : 'adult',
          issuedOn: now.toISOString().slice(0, 10),
          legs: [
            {
              pnr: booking.pnr,
              from: leg.from.code,
              to: leg.to.code,
              carrier: leg.carrier,
              flightNumber: leg.flightNumber,
              date: leg.departure.slice(0, 10),
              cabin,
              seat,
              sequence,
              ticketNumber: p.ticketNumber,
            },
          ],
        });
        passRows.push({ bookingId: booking.id, passengerId: p.id, legIndex, flightId: leg.flightId, seat, gate: gateFor(leg.flightId), sequence, bcbp, createdAt: now });
      }
    });
    if (passRows.length > 0) await tx.insert(boardingPasses).values(passRows);

    const [confirmed] = await tx
      .update(bookings)
      .set({ status: 'confirmed', confirmedAt: now, paymentId: notice.paymentId, paymentMethod: payment.method === 'upi' ? 'upi' : 'card' })
      .where(eq(bookings.id, booking.id))
      .returning();
    // Written in the same transaction: the mail goes out if and only if the booking is confirmed.
    await tx.insert(outbox).values({ kind: 'booking-confirmed', recipient: email, payload: { bookingId: booking.id, pnr: booking.pnr }, availableAt: now });
    return { kind: 'confirmed' as const, booking: bookingView(confirmed ?? booking, tickets), inventory };
  });
}
