import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings, outbox, passengers, refunds, users } from '../../db/schema';
import type { Tx } from '../booking/catalog';
import { refundablePayments } from '../cancellations/refundable';
import { splitRecentFirst } from '../cancellations/split';
import { refundDestination } from '../credit/refunds';
import { refundDeadline, regimeOf } from '../refunds/rule';
import { type SupplierBookingDeps, REFUSED, failOrder } from './order-failure';
import { SupplierError, type SupplierOrder } from './supplier';

/**
 * A change of a remote supplier's booking to another flight, once the traveller has paid what it
 * costs (or nothing was due): the held change booking (`changed_from` names the booking changed,
 * `supplier_offer_id` the airline's change offer, `supplier_total_minor` what Safar owes the
 * supplier after it) is `confirmed` with its supplier order `ordering`, and then:
 * - the change offer is confirmed with the supplier for the change total the traveller agreed to
 *   (new total − old total), outside any transaction;
 * - confirmed → in one transaction the old booking becomes `changed` and the change booking's
 *   order `ordered`, with the same supplier order and booking reference and each passenger's
 *   e-ticket as the order now lists it (the old number when the airline issued none); money the
 *   airline pays back to the original payment (`change_refund_paise`) is refunded in that same
 *   transaction, on the change booking's refund tracker: the booking's captured payments (and
 *   those of the bookings it was changed from), most recent first, none giving back more than
 *   was paid on it less what was refunded from it before; the refund path sends it;
 * - refused (expired, sold out, no longer changeable…) → the change booking is cancelled and
 *   every payment on it refunded; the old booking stays as it was;
 * - unknown (a time-out, a 500) → left `ordering`; the supplier-order job reads the order again
 *   after a while (`reconcileSupplierChange`): its flights are the new ones → recorded as
 *   confirmed; otherwise the change never happened → failed and refunded. Never confirmed twice.
 */

type BookingRow = typeof bookings.$inferSelect;

export type ChangeOutcome = 'changed' | 'failed' | 'unknown';

/** The change total the traveller agreed to: what Safar owes the supplier after the change less before it. */
async function agreedTotal(db: Db, change: BookingRow): Promise<{ old: BookingRow; amountMinor: number; currency: string } | null> {
  if (change.changedFrom === null || change.supplierTotalMinor === null || change.supplierCurrency === null) return null;
  const [old] = await db.select().from(bookings).where(eq(bookings.id, change.changedFrom));
  if (!old || old.supplierTotalMinor === null || old.supplierCurrency !== change.supplierCurrency) return null;
  return { old, amountMinor: change.supplierTotalMinor - old.supplierTotalMinor, currency: change.supplierCurrency };
}

/**
 * Records a confirmed change: the old booking `changed`, the change booking's order `ordered` with
 * the order's e-tickets. False when the change booking is no longer waiting for it (recorded already).
 */
async function recordChange(tx: Tx, change: BookingRow, order: SupplierOrder | null, now: Date): Promise<boolean> {
  const [still] = await tx.select().from(bookings).where(eq(bookings.id, change.id)).for('update');
  if (still?.supplierOrderState !== 'ordering') return false;
  if (change.changedFrom !== null) {
    // The old booking is replaced whatever happened to it meanwhile on Safar's side: the airline has changed the order.
    await tx
      .update(bookings)
      .set({ status: 'changed' })
      .where(eq(bookings.id, change.changedFrom));
  }
  await tx
    .update(bookings)
    .set({ supplierOrderState: 'ordered', supplierOrderAt: now, confirmedAt: now, supplierBookingReference: order?.bookingReference ?? change.supplierBookingReference })
    .where(eq(bookings.id, change.id));
  if (change.changeRefundPaise > 0) await refundMoneyBack(tx, change, now);
  await mailChange(tx, change, order?.bookingReference ?? change.supplierBookingReference, now);
  if (order) {
    const ids = change.itinerary.supplier?.passengerIds ?? [];
    const pax = await tx.select().from(passengers).where(eq(passengers.bookingId, change.id));
    for (const p of pax) {
      const supplierId = ids[p.position];
      const ticket = order.tickets.find((t) => t.kind === 'eticket' && supplierId !== undefined && t.passengerIds.includes(supplierId));
      if (ticket && ticket.number !== p.ticketNumber) await tx.update(passengers).set({ ticketNumber: ticket.number }).where(eq(passengers.id, p.id));
    }
  }
  return true;
}

/** The airline's money back on a change, as refund rows to the original payments (see above); sent by the refund path. */
async function refundMoneyBack(tx: Tx, change: BookingRow, now: Date): Promise<void> {
  const paid = await refundablePayments(tx, change.id);
  const dueBy = refundDeadline(regimeOf(change.createdAt), now);
  const shares = splitRecentFirst(change.changeRefundPaise, paid);
  await tx.insert(refunds).values(
    shares.map((share) => {
      // Money back goes to the payment it came from; a share of Safar credit spent goes back to the credit.
      const { destination, status } = refundDestination('original', paid.find((p) => p.id === share.paymentId)?.method);
      return { bookingId: change.id, cancellationId: null, paymentId: share.paymentId, destination, amountPaise: share.amountPaise, status, dueBy, requestedAt: now, completedAt: status === 'completed' ? now : null, availableAt: now };
    }),
  );
}

const flightsOf = (row: BookingRow) => row.itinerary.legs.map((leg) => `${leg.flightNumber} ${leg.from.code}→${leg.to.code} ${leg.departure.slice(0, 10)} ${leg.departure.slice(11, 16)}`).join(', ');

/** One mail to the traveller: the flights before and after, the airline's reference, what the change cost. */
async function mailChange(tx: Tx, change: BookingRow, reference: string | null, now: Date): Promise<void> {
  const [found] = await tx.select({ email: users.email }).from(users).where(eq(users.id, change.userId));
  const [old] = change.changedFrom === null ? [] : await tx.select().from(bookings).where(eq(bookings.id, change.changedFrom));
  if (!found || !old) return;
  const paidPaise = change.totalInr * 100 - change.creditPaise;
  const text = [
    `Your booking ${old.id} has been changed to a new flight with the airline.`,
    '',
    `Was: ${flightsOf(old)}`,
    `Now: ${flightsOf(change)}`,
    `Airline booking reference: ${reference ?? 'to follow'} (unchanged)`,
    paidPaise > 0 ? `Paid for the change: ₹${(paidPaise / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 })}` : 'Paid for the change: nothing was due',
    ...(change.changeRefundPaise > 0 ? [`The airline pays back ₹${(change.changeRefundPaise / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 })} to your original payment: follow it on the booking's refunds.`] : []),
  ].join('\n');
  await tx.insert(outbox).values({ kind: 'notice-mail', recipient: found.email, payload: { subject: `Flight changed: ${reference ?? old.id}`, text, path: `/ticket/${change.id}` }, availableAt: now });
}

/** The order as the supplier lists it now, or null when it cannot say (its tickets are then the old ones). */
async function orderNow(deps: SupplierBookingDeps, orderId: string): Promise<SupplierOrder | null> {
  try {
    return await deps.supplier.api.getOrder(orderId);
  } catch {
    return null;
  }
}

/**
 * Confirms the change offer of a paid (or free) change booking with the supplier and records the
 * outcome (see above). `expired` tells the caller the offer was gone, so it can offer a fresh quote.
 */
export async function placeSupplierChange(deps: SupplierBookingDeps, bookingId: string): Promise<{ outcome: ChangeOutcome; refused: SupplierError | null }> {
  const [change] = await deps.db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!change || change.supplierOrderState !== 'ordering') return { outcome: change?.supplierOrderState === 'ordered' ? 'changed' : 'failed', refused: null };
  const agreed = await agreedTotal(deps.db, change);
  if (!agreed || change.supplierOfferId === null || change.supplierOrderId === null) {
    await failOrder(deps, bookingId, 'change booking without its change offer');
    return { outcome: 'failed', refused: null };
  }
  try {
    await deps.supplier.api.confirmChange(change.supplierOfferId, { amountMinor: agreed.amountMinor, currency: agreed.currency });
  } catch (error) {
    if (error instanceof SupplierError && REFUSED.has(error.kind)) {
      await failOrder(deps, bookingId, `change ${error.kind}`);
      return { outcome: 'failed', refused: error };
    }
    deps.logger.warn('supplier change outcome unknown; the reconciler will check', { bookingId, kind: error instanceof SupplierError ? error.kind : 'unknown' });
    return { outcome: 'unknown', refused: null };
  }
  const order = await orderNow(deps, change.supplierOrderId);
  await deps.db.transaction((tx) => recordChange(tx, change, order, deps.clock.now()));
  return { outcome: 'changed', refused: null };
}

/** Whether the order flies the change booking's flights now (each leg's origin and departure instant among its segments). */
function ordersNewFlights(order: SupplierOrder, change: BookingRow): boolean {
  const segments = order.slices.flatMap((s) => s.segments);
  return change.itinerary.legs.every((leg) => segments.some((seg) => seg.origin.code === leg.from.code && Date.parse(seg.departing.utc) === Date.parse(leg.departure)));
}

/**
 * A change booking whose outcome is unknown: the order read again decides (its flights are the new
 * ones → recorded; not → failed and refunded). Throws when the supplier cannot say now (the next run asks again).
 */
export async function reconcileSupplierChange(deps: SupplierBookingDeps, change: BookingRow): Promise<'changed' | 'failed'> {
  if (change.supplierOrderId === null) {
    await failOrder(deps, change.id, 'change booking without its order');
    return 'failed';
  }
  const order = await deps.supplier.api.getOrder(change.supplierOrderId);
  if (order.status !== 'cancelled' && ordersNewFlights(order, change)) {
    await deps.db.transaction((tx) => recordChange(tx, change, order, deps.clock.now()));
    return 'changed';
  }
  await failOrder(deps, change.id, 'the change was not made');
  return 'failed';
}
