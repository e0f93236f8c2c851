import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { BookingView } from '../../core/booking';
import type { Clock } from '../../core/clock';
import { AppError } from '../../core/errors';
import type { FareFamily, PassengerLegFare, RefundQuote } from '../../core/fares';
import {
  type CancellationAnswer,
  type CancellationQuoteAnswer,
  type CancellationRequest,
  TRIP_CHANGE_MESSAGES,
  TRIP_CHANGE_REASONS,
} from '../../core/trip-changes';
import type { Db } from '../../db/client';
import { q, queryRows } from '../../db/raw';
import { boardingPasses, bookingFares, bookingSegments, bookings, cancellations, outbox, passengers, refunds, users } from '../../db/schema';
import type { InventoryChange } from '../booking/catalog';
import { type KeyedAnswer, KeyTakenError, keyInsert } from '../booking/keyed-answer';
import { bookingView } from '../booking/views';
import { inLockOrder, moveSeats } from '../inventory/moves';
import { refundQuote } from '../refunds/rule';
import { familyByCode } from '../fares/families/lookup';
import { storedFares } from '../fares/stored';
import type { CancellationMailPayload } from './mail';
import { refundablePayments } from './refundable';
import { splitRefund } from './split';
import { cancellationView, refundView } from './views';

type BookingRow = typeof bookings.$inferSelect;
type PassengerRow = typeof passengers.$inferSelect;

/**
 * Cancelling some or all passengers of a confirmed booking.
 *
 * - Only a confirmed or partly cancelled booking can be cancelled, and only passengers still travelling.
 * - An infant never stays without an adult: the infants left travelling are at most the adults left.
 * - The refund is the refund rule's quote for the cancelled passengers' legs at the moment of
 *   confirming; when it differs from the one the traveller saw, nothing happens (409 refund-changed
 *   with the new quote).
 * - Confirming is one transaction that first locks the booking row, then the inventory rows in
 *   lock order: the seats of the cancelled passengers who hold one (not infants on a lap) go back
 *   to sale on every leg, their fares and boarding passes stop being valid, the cancellation and
 *   its refunds (one per payment, largest payment first, never more than a payment's amount less
 *   what was refunded from it before) and the cancellation mail are written, and the caller's
 *   Idempotency-Key is recorded with the answer.
 */

/** Flight facts the rule needs that a stored itinerary does not carry. */
export interface FlightFacts {
  international(flightId: string): boolean;
}

const bookingNotFound = () => new AppError('not_found', 'Booking not found');
const notCancellable = () => new AppError('conflict', TRIP_CHANGE_MESSAGES.notCancellable);
const invalidPassengers = (message: string) => new AppError('validation_failed', message, { passengers: message });

/** The 409 of a refund that changed since the traveller saw it; carries the new quote. */
export class RefundChangedError extends AppError {
  readonly quote: CancellationQuoteAnswer;
  constructor(quote: CancellationQuoteAnswer) {
    super('conflict', TRIP_CHANGE_MESSAGES.refundChanged, undefined, TRIP_CHANGE_REASONS.refundChanged);
    this.quote = quote;
  }
}

/**
 * The positions to cancel, checked: passengers of the booking still travelling, and never an
 * infant left without an adult. Omitted: every passenger still travelling.
 */
function chosenPositions(pax: readonly PassengerRow[], asked: readonly number[] | undefined): number[] {
  const active = pax.filter((p) => p.cancelledAt === null);
  const positions = asked === undefined ? active.map((p) => p.position) : [...new Set(asked)].sort((a, b) => a - b);
  if (positions.length === 0) throw invalidPassengers(asked === undefined ? TRIP_CHANGE_MESSAGES.notCancellable : TRIP_CHANGE_MESSAGES.choosePassengers);
  if (!positions.every((n) => active.some((p) => p.position === n))) throw invalidPassengers(TRIP_CHANGE_MESSAGES.unknownPassenger);
  const staying = active.filter((p) => !positions.includes(p.position));
  const adults = staying.filter((p) => p.type === 'adult').length;
  const infants = staying.filter((p) => p.type === 'infant').length;
  if (infants > adults) throw invalidPassengers(TRIP_CHANGE_MESSAGES.infantAlone);
  return positions;
}

const cancellable = (booking: BookingRow) => booking.status === 'confirmed' || booking.status === 'partly_cancelled';

/** The family of each leg: the one its fares were sold with, else the booking's option for that leg. */
function legFamily(booking: BookingRow, fares: readonly PassengerLegFare[], legIndex: number): FareFamily {
  const code = fares.find((f) => f.legIndex === legIndex)?.familyCode ?? booking.fareFamily?.split('~')[legIndex] ?? '';
  const family = familyByCode(code, booking.createdAt);
  if (!family) throw new Error(`No fare family ${code} for booking ${booking.id}`);
  return family;
}

/** The refund rule's quote for these passengers' active fares now. */
function quoteFor(booking: BookingRow, allFares: readonly PassengerLegFare[], positions: readonly number[], facts: FlightFacts, now: Date): { quote: RefundQuote; fares: PassengerLegFare[] } {
  const fares = allFares.filter((f) => f.status === 'active' && positions.includes(f.passengerPosition));
  const legs = booking.itinerary.legs.map((leg, legIndex) => ({
    legIndex,
    departureUtc: new Date(leg.departure),
    international: facts.international(leg.flightId),
    family: legFamily(booking, allFares, legIndex),
  }));
  return { quote: refundQuote({ bookedAt: booking.createdAt, legs, fares, now, reason: 'voluntary' }), fares };
}

/**
 * What cancelling these passengers (default: everyone still travelling) would refund now.
 * Answers after departure and inside the cutoff too: then only taxes and airport charges come back.
 * @example const { quote } = await cancellationQuote(db, clock, facts, userId, 'BK1732180000000', [1])
 */
export async function cancellationQuote(db: Db, clock: Clock, facts: FlightFacts, userId: string, bookingId: string, positions?: readonly number[]): Promise<CancellationQuoteAnswer> {
  const [booking] = await db.select().from(bookings).where(and(eq(bookings.id, bookingId), eq(bookings.userId, userId)));
  if (!booking) throw bookingNotFound();
  if (!cancellable(booking)) throw notCancellable();
  const pax = await db.select().from(passengers).where(eq(passengers.bookingId, bookingId)).orderBy(asc(passengers.position));
  const chosen = chosenPositions(pax, positions);
  const { quote } = quoteFor(booking, await storedFares(db, bookingId), chosen, facts, clock.now());
  return { passengers: chosen, quote, creditOffered: false };
}

export interface CancelRequest extends CancellationRequest {
  userId: string;
  bookingId: string;
  /** The caller's Idempotency-Key, recorded with its answer by the cancelling transaction. */
  idempotency?: KeyedAnswer<CancellationAnswer> | undefined;
}

export interface CancelOutcome {
  answer: CancellationAnswer;
  inventory: InventoryChange[];
  /** Refund rows to send now. */
  refundIds: string[];
}

const methodLabel = (method: string | null) => (method === 'upi' ? 'UPI' : method === 'card' ? 'Card' : 'Safar credit');

/**
 * Cancels passengers of a confirmed booking (see the rules above). Throws RefundChangedError when
 * the refund is not the one quoted, KeyTakenError when the Idempotency-Key was already recorded.
 * @example const { answer } = await cancelPassengers(db, clock, facts, { userId, bookingId, passengers: [1], destination: 'original', quotedRefundPaise: 512300 })
 */
export async function cancelPassengers(db: Db, clock: Clock, facts: FlightFacts, request: CancelRequest): Promise<CancelOutcome> {
  if (request.destination !== 'original') {
    throw new AppError('validation_failed', 'Refunds go back to the original payment method.', { destination: 'Safar credit is not offered: refunds go back to the original payment method' });
  }
  return db.transaction(async (tx) => {
    const now = clock.now();
    const [booking] = await tx
      .select()
      .from(bookings)
      .where(and(eq(bookings.id, request.bookingId), eq(bookings.userId, request.userId)))
      .for('no key update');
    if (!booking) throw bookingNotFound();
    if (!cancellable(booking)) throw notCancellable();
    const pax = await tx.select().from(passengers).where(eq(passengers.bookingId, booking.id)).orderBy(asc(passengers.position));
    const positions = chosenPositions(pax, request.passengers);
    const allFares = await storedFares(tx, booking.id);
    const { quote, fares } = quoteFor(booking, allFares, positions, facts, now);
    if (quote.refundPaise !== request.quotedRefundPaise) throw new RefundChangedError({ passengers: positions, quote, creditOffered: false });

    const cancelled = pax.filter((p) => positions.includes(p.position));
    const seats = cancelled.filter((p) => p.type !== 'infant').length;
    const allGone = pax.every((p) => p.cancelledAt !== null || positions.includes(p.position));

    // Seats back to sale, leg by leg in lock order (the booking row is locked first, above).
    const inventory: InventoryChange[] = [];
    if (seats > 0) {
      const segments = await tx.select().from(bookingSegments).where(eq(bookingSegments.bookingId, booking.id));
      for (const seg of inLockOrder(segments)) {
        const [row] = await queryRows<InventoryChange>(
          tx,
          moveSeats({ from: 'sold', to: 'available', seats: q`${seats}::int`, where: q`i.flight_id = ${seg.flightId} and i.cabin = ${seg.cabin}`, onlyIfThere: false }),
        );
        if (!row) throw new Error(`Inventory row ${seg.flightId}/${seg.cabin} missing for booking ${booking.id}`);
        inventory.push(row);
      }
      await tx
        .update(bookingSegments)
        .set({ seats: sql`${bookingSegments.seats} - ${seats}` })
        .where(eq(bookingSegments.bookingId, booking.id));
    }

    const ids = cancelled.map((p) => p.id);
    await tx.update(passengers).set({ cancelledAt: now }).where(inArray(passengers.id, ids));
    // The fares as stored (derived ones written now), the cancelled passengers' marked cancelled.
    await tx
      .insert(bookingFares)
      .values(
        allFares.map((f) => ({
          bookingId: booking.id,
          passengerPosition: f.passengerPosition,
          legIndex: f.legIndex,
          passengerType: f.passengerType,
          familyCode: f.familyCode,
          lines: f.lines,
          totalPaise: f.totalPaise,
          status: fares.includes(f) ? ('cancelled' as const) : f.status,
        })),
      )
      .onConflictDoUpdate({ target: [bookingFares.bookingId, bookingFares.passengerPosition, bookingFares.legIndex], set: { status: sql`excluded.status` } });
    await tx.update(boardingPasses).set({ voidedAt: now }).where(and(inArray(boardingPasses.passengerId, ids), isNull(boardingPasses.voidedAt)));
    const status = allGone ? ('cancelled' as const) : ('partly_cancelled' as const);
    await tx
      .update(bookings)
      .set({ status, seatCount: sql`${bookings.seatCount} - ${seats}` })
      .where(eq(bookings.id, booking.id));

    const [cancellation] = await tx
      .insert(cancellations)
      .values({
        bookingId: booking.id,
        userId: booking.userId,
        reason: 'voluntary',
        passengerPositions: positions,
        quote,
        refundPaise: quote.refundPaise,
        retainedPaise: quote.retainedPaise,
        destination: 'original',
        createdAt: now,
      })
      .returning();
    if (!cancellation) throw new Error('cancellation not written');

    const payments = await refundablePayments(tx, booking.id);
    const shares = splitRefund(quote.refundPaise, payments);
    const dueBy = new Date(quote.refundDeadline);
    const refundRows =
      shares.length === 0
        ? []
        : await tx
            .insert(refunds)
            .values(
              shares.map((s) => ({
                bookingId: booking.id,
                cancellationId: cancellation.id,
                paymentId: s.paymentId,
                destination: 'original' as const,
                amountPaise: s.amountPaise,
                status: 'requested' as const,
                dueBy,
                requestedAt: now,
                availableAt: now,
              })),
            )
            .returning();
    const methodOf = (paymentId: string | null) => methodLabel(payments.find((p) => p.id === paymentId)?.method ?? null);

    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, booking.userId));
    const mail: CancellationMailPayload = {
      bookingId: booking.id,
      pnr: booking.pnr,
      cancellationId: cancellation.id,
      passengers: cancelled.map((p) => ({ position: p.position, name: [p.title, p.firstName, p.middleName, p.lastName].filter(Boolean).join(' ') })),
      legs: booking.itinerary.legs.map((leg, legIndex) => ({ legIndex, flightNumber: leg.flightNumber, from: leg.from.code, to: leg.to.code, departure: leg.departure })),
      quote,
      methodLabels: [...new Set(refundRows.map((r) => methodOf(r.paymentId)))],
    };
    if (user) await tx.insert(outbox).values({ kind: 'booking-cancelled', recipient: user.email, payload: mail, availableAt: now });

    const after: BookingRow = { ...booking, status, seatCount: booking.seatCount - seats };
    const paxAfter = pax.map((p) => (positions.includes(p.position) ? { ...p, cancelledAt: now } : p));
    const view: BookingView = bookingView(after, paxAfter, refundRows.map((r) => r.status));
    const answer: CancellationAnswer = {
      booking: view,
      cancellation: cancellationView(cancellation),
      refunds: refundRows.map((r) => refundView(r, methodOf(r.paymentId))),
    };
    const keyed = request.idempotency;
    if (keyed && (await queryRows(tx, keyInsert(keyed, keyed.answer(answer), now))).length === 0) throw new KeyTakenError();
    return { answer, inventory, refundIds: refundRows.map((r) => r.id) };
  });
}
