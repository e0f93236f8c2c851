import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { BookingView } from '../../core/booking';
import { joinStatements, q, queryRows } from '../../db/raw';
import { boardingPasses, bookingFares, bookingSegments, bookings, outbox, passengerSeats, passengers, payments, refunds } from '../../db/schema';
import { refundablePayments } from '../cancellations/refundable';
import { splitRefund } from '../cancellations/split';
import { creditRefundEntries, refundDestination } from '../credit/refunds';
import { familyByCode } from '../fares/families/lookup';
import { storedFares } from '../fares/stored';
import { fareDifferenceRefund, refundDeadline, regimeOf } from '../refunds/rule';
import { inLockOrder, moveSeats } from '../inventory/moves';
import type { BookingCatalog, InventoryChange, Tx } from './catalog';
import { releaseSeats } from './expire';
import { seatsAtConfirm } from './seats';
import { releaseSeats as releasePassengerSeats, takeSeats } from '../seats/store';
import { issueTickets } from './tickets';
import { bookingView, storedItinerary } from './views';

type BookingRow = typeof bookings.$inferSelect;
type PassengerRow = typeof passengers.$inferSelect;
type SegmentRow = typeof bookingSegments.$inferSelect;

/** Statuses of a booking that a change may still replace. */
export const CHANGEABLE_STATUSES: readonly BookingRow['status'][] = ['confirmed', 'partly_cancelled'];

/** The payment that paid what a change cost (none when nothing was due). */
interface ChangePaid {
  paymentRowId: string;
  paymentId: string;
  method: 'card' | 'upi';
  amountPaise: number;
}

export type ChangeSwap =
  | { kind: 'swapped'; booking: BookingView; inventory: InventoryChange[] }
  /** The old booking was cancelled (wholly or in part) or changed meanwhile: nothing swapped, the new booking cancelled and its seats given back. */
  | { kind: 'original-gone'; inventory: InventoryChange[] };

interface SwapInput {
  /** The new booking (held, `changedFrom` set), locked by the caller. */
  booking: BookingRow;
  pax: PassengerRow[];
  segments: SegmentRow[];
  email: string;
  paid: ChangePaid | null;
  now: Date;
  /**
   * Leg indexes both bookings fly alike (same flight and cabin, a rebooking of another leg): the
   * new booking takes over the old one's sold seats and seat numbers there, nothing moves.
   */
  carried?: readonly number[];
}

/**
 * The legs a whole trip's journey change carries over, old leg index → new: every leg of each
 * journey of the new booking on which the change holds no seats (the journeys not changed). Empty
 * for any other change.
 * @example carriedLegs(roundTrip, itsReturnChanged, segments) // Map { 0 => 0 }
 */
function carriedLegs(old: BookingRow, next: BookingRow, segments: readonly SegmentRow[]): Map<number, number> {
  const carried = new Map<number, number>();
  const before = old.journeys ?? [];
  const after = next.journeys ?? [];
  if (before.length < 2 || before.length !== after.length) return carried;
  const held = new Set(segments.map((s) => s.legIndex));
  after.forEach((journey, i) => {
    const was = before[i];
    if (!was || held.has(journey.firstLeg)) return;
    for (let k = 0; k < journey.legCount; k += 1) carried.set(was.firstLeg + k, journey.firstLeg + k);
  });
  return carried;
}

const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;

function describeFlights(row: BookingRow): string {
  return storedItinerary(row)
    .legs.map((leg) => `${leg.flightNumber} ${leg.from.code}→${leg.to.code} ${leg.departure.slice(0, 10)} ${leg.departure.slice(11, 16)}`)
    .join(', ');
}

/**
 * Swaps a change's new flight in, inside the transaction that already holds the new booking's
 * row lock (the confirmation of its payment, or the change itself when nothing is due):
 * - the old booking's row is locked next (new before old, everywhere);
 * - the old booking must still be confirmed or partly cancelled with the same passengers
 *   travelling as when the change was asked for; otherwise nothing is swapped:
 *   the new booking's held seats go back, it is cancelled, and the caller refunds its payment;
 * - seats move over both bookings' legs in lock order: the old booking's seats still travelling
 *   sold → available, the new booking's held → sold; on a carried leg (flown alike by both) the
 *   sold seats and the passengers' seat numbers pass to the new booking as they are;
 * - a whole trip's journey change moves seats only on the changed journey's legs: the other
 *   journeys' legs pass to the new booking as they are (their segments, sold seats and chosen
 *   seats; a cancelled journey's legs get no seat and no boarding pass), and the lower fare paid
 *   back compares the changed journey's fares only;
 * - the old booking becomes `changed`, its fare rows `changed`, its boarding passes void;
 * - a lower new fare the family pays back (`fareDifferenceRefund`) is refunded to the old
 *   booking's captured payments as requested refunds (split as a cancellation's, due by the
 *   regime's refund deadline), which the refund sender then sends;
 * - the new booking is confirmed: the payment captured, ticket numbers, boarding passes with
 *   seats after every seat still in use on the flight;
 * - one mail says what changed and what was paid.
 * @example const swap = await swapChange(tx, catalog, { booking, pax, segments, email, paid: null, now })
 */
export async function swapChange(tx: Tx, catalog: Pick<BookingCatalog, 'cabinLayout'>, input: SwapInput): Promise<ChangeSwap> {
  const { booking, pax, segments, email, paid, now } = input;
  const oldId = booking.changedFrom;
  if (oldId === null) throw new Error(`booking ${booking.id} is not a change`);
  const [old] = await tx.select().from(bookings).where(eq(bookings.id, oldId)).for('no key update');
  const oldPax = await tx.select().from(passengers).where(eq(passengers.bookingId, oldId));
  const travelling = oldPax.filter((p) => p.cancelledAt === null).map((p) => p.position);
  // A passenger cancelled since the change was asked for would otherwise fly again: that is a change of the booking too.
  const samePassengers = travelling.length === pax.length && pax.every((p) => travelling.includes(p.position));
  if (!old || !CHANGEABLE_STATUSES.includes(old.status) || !samePassengers) {
    const inventory = await releaseSeats(tx, booking.id);
    await tx.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, booking.id));
    return { kind: 'original-gone', inventory };
  }

  // A whole trip's journey change: the other journeys' legs are carried over, not moved.
  const carried = carriedLegs(old, booking, segments);
  // A rebooking of one leg carries the legs both bookings fly alike, at the same index.
  for (const legIndex of input.carried ?? []) carried.set(legIndex, legIndex);
  const carriedNew = new Set(carried.values());

  // The lower fare paid back, from the fares before they are marked changed (the changed legs' only).
  const travellingAt = new Set(travelling);
  const oldFares = (await storedFares(tx, old.id)).filter((f) => f.status === 'active' && travellingAt.has(f.passengerPosition) && !carried.has(f.legIndex));
  const newFares = (await tx.select({ totalPaise: bookingFares.totalPaise, legIndex: bookingFares.legIndex }).from(bookingFares).where(eq(bookingFares.bookingId, booking.id))).filter(
    (f) => !carriedNew.has(f.legIndex),
  );
  const refundPaise = fareDifferenceRefund(oldFares, newFares, (fare) => familyByCode(fare.familyCode, old.createdAt)?.refundsFareDifference ?? false);
  const dueBy = refundDeadline(regimeOf(old.createdAt), now);
  if (refundPaise > 0) {
    const refundable = await refundablePayments(tx, old.id);
    const shares = splitRefund(refundPaise, refundable);
    const written = await tx
      .insert(refunds)
      .values(
        shares.map((share) => {
          // What was paid with Safar credit goes back to it, completed at once.
          const { destination, status } = refundDestination('original', refundable.find((p) => p.id === share.paymentId)?.method);
          return { bookingId: old.id, cancellationId: null, paymentId: share.paymentId, destination, amountPaise: share.amountPaise, status, dueBy, requestedAt: now, completedAt: status === 'completed' ? now : null, availableAt: now };
        }),
      )
      .returning({ id: refunds.id, destination: refunds.destination, amountPaise: refunds.amountPaise });
    if (written.some((r) => r.destination === 'credit')) await queryRows(tx, creditRefundEntries(old.userId, old.id, written, now));
  }

  // The old booking out first; the seats move last, so their rows stay locked for as short a time as possible.
  await tx.update(boardingPasses).set({ voidedAt: now }).where(and(eq(boardingPasses.bookingId, old.id), isNull(boardingPasses.voidedAt)));
  const keptSeats = carried.size === 0 ? [] : (await tx.select().from(passengerSeats).where(and(eq(passengerSeats.bookingId, old.id), isNull(passengerSeats.releasedAt)))).filter((s) => carried.has(s.legIndex));
  await releasePassengerSeats(tx, old.id);
  const carriedSegments: SegmentRow[] = [];
  if (carried.size > 0) {
    // The journeys kept pass over whole: their segments (seats already sold; a rebooking's new booking has them already) and each passenger's seat on them.
    const segmentAt = new Set(segments.map((seg) => seg.legIndex));
    for (const seg of await tx.select().from(bookingSegments).where(eq(bookingSegments.bookingId, old.id))) {
      const legIndex = carried.get(seg.legIndex);
      if (legIndex !== undefined && !segmentAt.has(legIndex)) carriedSegments.push({ ...seg, bookingId: booking.id, legIndex });
    }
    if (carriedSegments.length > 0) await tx.insert(bookingSegments).values(carriedSegments);
    const positionOf = new Map(oldPax.map((p) => [p.id, p.position]));
    const newIdAt = new Map(pax.map((p) => [p.position, p.id]));
    await takeSeats(
      tx,
      keptSeats.flatMap((s) => {
        const passengerId = newIdAt.get(positionOf.get(s.passengerId) ?? -1);
        const legIndex = carried.get(s.legIndex);
        return passengerId === undefined || legIndex === undefined ? [] : [{ bookingId: booking.id, passengerId, legIndex, flightId: s.flightId, seat: s.seat, pricePaise: s.pricePaise, chosen: s.chosen }];
      }),
    );
  }
  await tx.update(bookingFares).set({ status: 'changed' }).where(and(eq(bookingFares.bookingId, old.id), eq(bookingFares.status, 'active')));
  await tx.update(bookings).set({ status: 'changed' }).where(eq(bookings.id, old.id));
  if (paid) {
    await tx.update(payments).set({ providerPaymentId: paid.paymentId, status: 'captured', failureReason: null, updatedAt: now }).where(eq(payments.id, paid.paymentRowId));
  }

  // The old booking's seats still sold: its passengers still travelling who occupy a seat.
  const oldSeats = oldPax.filter((p) => p.cancelledAt === null && p.type !== 'infant').length;
  const oldItinerary = storedItinerary(old);
  type Move = { flightId: string; cabin: string; seats: number; release: boolean; legIndex: number };
  const moves: Move[] = [
    ...oldItinerary.legs.map((leg, legIndex) => ({ flightId: leg.flightId, cabin: leg.cabin, seats: carried.has(legIndex) ? 0 : oldSeats, release: true, legIndex: -1 })),
    ...segments.map((seg) => ({ flightId: seg.flightId, cabin: seg.cabin, seats: carriedNew.has(seg.legIndex) ? 0 : seg.seats, release: false, legIndex: seg.legIndex })),
  ].filter((m) => m.seats > 0);
  // Lock order; on a row both bookings use, the release first (a stable sort keeps it first).
  const inventory: InventoryChange[] = [];
  const soldBefore = new Map<number, number>();
  for (const move of inLockOrder(moves)) {
    const [row] = await queryRows<InventoryChange>(
      tx,
      moveSeats({
        from: move.release ? 'sold' : 'held',
        to: move.release ? 'available' : 'sold',
        seats: q`${move.seats}::int`,
        where: q`i.flight_id = ${move.flightId} and i.cabin = ${move.cabin}`,
      }),
    );
    // A confirmed booking's seats are sold and a live hold's are held: failing here means the books are wrong, so stop.
    if (!row) throw new Error(`Inventory for ${move.flightId}/${move.cabin} does not have booking ${move.release ? old.id : booking.id}'s seats`);
    inventory.push(row);
    if (!move.release) soldBefore.set(move.legIndex, row.sold - move.seats);
  }

  // Seats released on a flight lower its sold count below seats still in use: start after the highest one in use.
  const allSegments = [...segments, ...carriedSegments];
  const flightIds = allSegments.map((s) => s.flightId);
  const inUse = await tx
    .select({ flightId: boardingPasses.flightId, sequence: boardingPasses.sequence })
    .from(boardingPasses)
    .where(and(inArray(boardingPasses.flightId, flightIds), isNull(boardingPasses.voidedAt)));
  for (const seg of allSegments) {
    const highest = Math.max(0, ...inUse.filter((p) => p.flightId === seg.flightId).map((p) => p.sequence));
    soldBefore.set(seg.legIndex, Math.max(soldBefore.get(seg.legIndex) ?? 0, highest));
  }

  // The new flight's seats: chosen on the change's hold, else a free seat each.
  const placed = await seatsAtConfirm(tx, booking.id, pax, true);
  // A journey cancelled before the change is carried with no seats: nobody is seated or given a pass on it.
  const cancelledLegs = new Set((booking.journeys ?? []).flatMap((j) => (j.cancelledAt === null ? [] : Array.from({ length: j.legCount }, (_, k) => j.firstLeg + k))));
  await takeSeats(tx, placed.fresh.filter((t) => !cancelledLegs.has(t.legIndex)));
  const issued = issueTickets(catalog, booking, pax, soldBefore, now, placed.seats);
  const tickets = issued.tickets;
  const passRows = issued.passRows.filter((r) => !cancelledLegs.has(r.legIndex));
  await queryRows(tx, q`update passengers as p set ticket_number = v.t from (values ${joinStatements(tickets.map((t) => q`(${t.id}::uuid, ${t.ticketNumber})`), ', ')}) as v(id, t) where p.id = v.id`);
  if (passRows.length > 0) await tx.insert(boardingPasses).values(passRows.map((r) => ({ ...r, bookingId: booking.id, createdAt: now })));
  const confirmed: BookingRow = { ...booking, status: 'confirmed', confirmedAt: now, paymentId: paid?.paymentId ?? null, paymentMethod: paid?.method ?? null };
  await tx
    .update(bookings)
    .set({ status: 'confirmed', confirmedAt: now, paymentId: confirmed.paymentId, paymentMethod: confirmed.paymentMethod })
    .where(eq(bookings.id, booking.id));

  const text = [
    `Your booking ${old.pnr} has been changed to a new flight.`,
    '',
    `Was: ${describeFlights(old)}`,
    `Now: ${describeFlights(booking)}`,
    `New booking reference (PNR): ${booking.pnr}`,
    `Passengers: ${tickets.map((t) => `${t.firstName} ${t.lastName} (ticket ${t.ticketNumber})`).join(', ')}`,
    paid ? `Paid for the change: ${rupees(paid.amountPaise)}` : 'Paid for the change: nothing was due',
    ...(refundPaise > 0 ? [`The lower fare is paid back: ${rupees(refundPaise)} to your original payment method by ${dueBy.toISOString().slice(0, 10)}`] : []),
    'Your old boarding passes are no longer valid; the new ones are in the app.',
  ].join('\n');
  await tx.insert(outbox).values({
    kind: 'notice-mail',
    recipient: email,
    payload: { subject: `Flight changed: ${old.pnr} is now ${booking.pnr}`, text, path: `/ticket/${booking.id}` },
    availableAt: now,
  });
  return { kind: 'swapped', booking: bookingView(confirmed, tickets), inventory };
}
