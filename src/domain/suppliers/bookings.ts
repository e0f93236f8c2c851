import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { type BookingView, HOLD_MINUTES, PASSENGER_MESSAGES, type Passenger, validatePassengers } from '../../core/booking';
import { AppError } from '../../core/errors';
import type { Cabin, Itinerary, SearchQuery } from '../../core/search';
import type { BookingJourney } from '../../core/trip';
import { parseSupplierItineraryId } from '../../core/suppliers';
import type { Db } from '../../db/client';
import { q, queryRows } from '../../db/raw';
import { bookings, passengers, payments, users } from '../../db/schema';
import type { Tx } from '../booking/catalog';
import type { ConfirmOutcome, PaymentNotice } from '../booking/confirm';
import { type HoldRequest, PriceChangedError, notBookable, passengerRow } from '../booking/holds';
import { KeyTakenError, keyInsert } from '../booking/keyed-answer';
import { newBookingId, newPnr } from '../booking/ids';
import { bookingView } from '../booking/views';
import { offerItinerary } from './itineraries';
import { confirmedSeats, seatServices } from './seats';
import { placeSupplierChange, reconcileSupplierChange } from './order-changes';
import { type SupplierBookingDeps, REFUSED, failOrder } from './order-failure';
import { CHANGEABLE_STATUSES } from '../booking/change-swap';
import { type OrderPassengerInput, SupplierError, type SupplierOffer, type SupplierOrder } from './supplier';

export type { SupplierBookingDeps } from './order-failure';

type BookingRow = typeof bookings.$inferSelect;
type PassengerRow = typeof passengers.$inferSelect;

/** How long a paid order may stay `ordering` before the reconciler asks the supplier what happened. */
export const SUPPLIER_ORDER_RECONCILE_AFTER_MS = 2 * 60_000;

/** The traveller's answer when the airline refused the order after payment (the payment is refunded). */
export const SUPPLIER_ORDER_FAILED = 'The airline could not confirm this booking. Your payment has been refunded.';

const SUPPLIER_CABIN: Record<string, Cabin> = { economy: 'economy', premium_economy: 'premium', business: 'business', first: 'first' };

/** The Safar query an offer answers: its first journey's airports, its travellers by type, its first flight's date and cabin. */
function queryOf(offer: SupplierOffer): SearchQuery {
  const first = offer.slices[0]?.segments[0];
  const count = (type: 'adult' | 'child' | 'infant') => offer.passengers.filter((p) => (p.type ?? (p.age === null ? 'adult' : p.age < 2 ? 'infant' : p.age < 12 ? 'child' : 'adult')) === type).length;
  return {
    from: offer.slices[0]?.origin ?? '',
    to: offer.slices[0]?.destination ?? '',
    date: first?.departing.local.slice(0, 10) ?? '',
    cabin: SUPPLIER_CABIN[first?.passengers[0]?.cabin ?? 'economy'] ?? 'economy',
    adults: count('adult'),
    children: count('child'),
    infants: count('infant'),
  };
}

/**
 * The journeys of an offer of several slices (a round trip sold as one ticket), as a whole-trip booking
 * records them: each slice's legs in the itinerary, the booking's reference for both (one ticket, never a
 * separate one), no fare family and no special return (the airline's own conditions cover the pair). The
 * pair has one price; each journey's share is the total split equally, the odd rupees on the first.
 * Null for an offer of one slice (a one-journey booking derives its journey).
 */
export function supplierJourneys(itinerary: Itinerary, pnr: string): BookingJourney[] | null {
  const counts = itinerary.supplier?.journeyLegCounts;
  if (!counts || counts.length < 2) return null;
  const share = Math.floor(itinerary.price.total.total / counts.length);
  let firstLeg = 0;
  return counts.map((legCount, index): BookingJourney => {
    const legs = itinerary.legs.slice(firstLeg, firstLeg + legCount);
    const journey: BookingJourney = {
      itineraryId: itinerary.id,
      firstLeg,
      legCount,
      pnr,
      fareFamily: null,
      totalInr: index === 0 ? itinerary.price.total.total - share * (counts.length - 1) : share,
      from: legs[0]?.from.code ?? '',
      to: legs[legs.length - 1]?.to.code ?? '',
      date: legs[0]?.departure.slice(0, 10) ?? '',
      separateTicket: false,
      cancelledAt: null,
      specialReturn: null,
    };
    firstLeg += legCount;
    return journey;
  });
}

/** A world hold's request without its fare family (the airline's own conditions apply), its hold time required. */
export type SupplierHoldRequest = Omit<HoldRequest, 'fareFamily' | 'holdMs'> & { holdMs: number };

/**
 * Holds a remote supplier's offer on Safar's side (no world inventory is touched):
 * - the offer is priced again; expired or sold out answers 409 with the supplier's sentence;
 * - a new all-in total answers 409 with the old and new totals (PriceChangedError) unless the traveller accepted it;
 * - the travellers must be the offer's (as many adults, children and infants), valid on the travel date;
 * - the hold lasts `holdMs`, never beyond the offer's expiry; the booking records the offer and what Safar owes the supplier.
 */
export async function createSupplierHold(deps: SupplierBookingDeps, request: SupplierHoldRequest): Promise<BookingView> {
  const parsed = parseSupplierItineraryId(request.itineraryId);
  if (!parsed || parsed.supplier !== deps.supplier.id) throw notBookable();
  const { api, offers } = deps.supplier;
  const known = offers.seen(parsed.offerId);
  const seen = known ? { id: known.id, total: known.total, expiresAt: known.expiresAt } : null;
  // An offer this process never saw (a restart) is priced from the supplier's own answer: the quoted total is what is compared.
  const check = await api.priceOffer(seen ?? { id: parsed.offerId, total: { amountMinor: -1, currency: '' }, expiresAt: new Date(8.64e15).toISOString() });
  if (check.outcome === 'expired') throw new SupplierError('offerExpired', 'The offer expired before it was held').toAppError();
  if (check.outcome === 'soldOut') throw new SupplierError('soldOut', 'The offer sold out before it was held').toAppError();
  const offer = check.offer;
  offers.remember(offer);
  const query = queryOf(offer);
  const itinerary = offerItinerary(deps.supplier.id, offer, query);
  if (!itinerary || !itinerary.supplier) throw notBookable();
  const newTotal = itinerary.price.total.total;
  if (newTotal !== request.quotedTotal && request.acceptPriceChange !== true) throw new PriceChangedError(request.quotedTotal, newTotal, itinerary);

  const checked = validatePassengers(request.passengers, query.date);
  if (!checked.ok) throw new AppError('validation_failed', Object.values(checked.fields)[0] ?? PASSENGER_MESSAGES.formToast, checked.fields);
  const list = orderedLikeOffer(checked.passengers);
  const counts = { adults: list.filter((p) => p.type === 'Adult').length, children: list.filter((p) => p.type === 'Child').length, infants: list.filter((p) => p.type === 'Infant').length };
  if (counts.adults !== query.adults || counts.children !== query.children || counts.infants !== query.infants) {
    const message = `This fare is for ${query.adults} adult(s), ${query.children} child(ren) and ${query.infants} infant(s). Search again for these travellers.`;
    throw new AppError('validation_failed', message, { passengers: message });
  }

  const now = deps.clock.now();
  const holdExpiresAt = new Date(Math.min(now.getTime() + (request.holdMs || HOLD_MINUTES * 60_000), Date.parse(offer.expiresAt)));
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const pnr = newPnr();
    const row: BookingRow = {
      id: newBookingId(now, attempt + 1),
      pnr,
      userId: request.userId,
      status: 'held',
      itineraryId: itinerary.id,
      cabin: query.cabin,
      itinerary,
      passengerCount: list.length,
      seatCount: list.filter((p) => p.type !== 'Infant').length,
      price: itinerary.price,
      totalInr: newTotal,
      holdExpiresAt,
      createdAt: now,
      confirmedAt: null,
      paymentId: null,
      paymentMethod: null,
      fareFamily: null,
      changedFrom: null,
      creditPaise: 0,
      journeys: supplierJourneys(itinerary, pnr),
      supplier: deps.supplier.id,
      supplierOrderId: null,
      supplierOfferId: offer.id,
      supplierTotalMinor: offer.total.amountMinor,
      supplierCurrency: offer.total.currency,
      supplierBookingReference: null,
      supplierOrderState: null,
      supplierOrderAt: null,
      supplierSeats: null,
      changeRefundPaise: 0,
    };
    const paxRows: PassengerRow[] = list.map((p, position) => ({ ...passengerRow(row.id, position, p), id: randomUUID(), ticketNumber: null }));
    const booking = bookingView(row, paxRows);
    try {
      await deps.db.transaction(async (tx) => {
        const [written] = await tx.insert(bookings).values(row).onConflictDoNothing().returning({ id: bookings.id });
        if (!written) throw new ReferenceTaken();
        if (paxRows.length > 0) await tx.insert(passengers).values(paxRows);
        if (request.idempotency) {
          const kept = await queryRows(tx, q`${keyInsert(request.idempotency, request.idempotency.answer(booking), now)}`);
          if (kept.length === 0) throw new KeyTakenError();
        }
      });
      return booking;
    } catch (error) {
      if (!(error instanceof ReferenceTaken)) throw error;
    }
  }
  throw new AppError('unavailable', 'Could not create a booking reference. Please try again.');
}

class ReferenceTaken extends Error {}

/** Adults, then children, then infants: the order the supplier's passengers were asked for. */
function orderedLikeOffer(list: Passenger[]): Passenger[] {
  const rank = { Adult: 0, Child: 1, Infant: 2 } as const;
  return [...list].sort((a, b) => rank[a.type] - rank[b.type]);
}

/**
 * Settles a payment of a remote supplier's booking: null when the order is not one (the world's path goes on).
 * - a payment on a live hold is captured and the booking becomes `confirmed` with its supplier order `ordering`, in one transaction;
 * - the order is then asked of the supplier outside it (placeSupplierOrder): ordered, refused (booking cancelled, payment refunded)
 *   or unknown (left `ordering` for the reconciler);
 * - a change booking's payment (`changed_from` set, decision 0070) confirms the airline's change offer instead
 *   (`placeSupplierChange`), only while the booking it changes may still change (else refunded, `original-changed`);
 * - a payment on a dead hold, a second payment or a wrong amount is refunded, as the world's are.
 */
export async function settleSupplierPayment(deps: SupplierBookingDeps, notice: PaymentNotice): Promise<ConfirmOutcome | null> {
  const now = deps.clock.now();
  const decided = await deps.db.transaction(async (tx): Promise<ConfirmOutcome | { kind: 'ordering'; bookingId: string } | null> => {
    const [found] = await tx
      .select({ payment: payments, booking: bookings })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .where(and(eq(payments.provider, notice.provider as typeof payments.$inferSelect.provider), eq(payments.providerOrderId, notice.orderId)))
      .for('update');
    if (!found) return null;
    const { payment, booking } = found;
    if (booking.supplier === 'world') return null;
    const expect = notice.expect;
    if (expect && (expect.bookingId !== booking.id || !('userId' in expect) || expect.userId !== booking.userId)) return { kind: 'unknown-order' };
    const view = async (row: BookingRow) => bookingView(row, await tx.select().from(passengers).where(eq(passengers.bookingId, row.id)));
    if (payment.status === 'captured' && payment.providerPaymentId === notice.paymentId) return { kind: 'already-confirmed', booking: await view(booking) };
    const refund = async (why: 'hold-expired' | 'duplicate-payment' | 'amount-mismatch' | 'original-changed'): Promise<ConfirmOutcome> => {
      await tx.update(payments).set({ status: 'refunding', providerPaymentId: notice.paymentId, failureReason: why, updatedAt: now }).where(eq(payments.id, payment.id));
      return { kind: 'refund', why, booking: await view(booking), paymentRowId: payment.id, refundRows: [payment.id], inventory: [] };
    };
    if (booking.status === 'confirmed') return refund('duplicate-payment');
    if (booking.status !== 'held' || booking.holdExpiresAt.getTime() <= now.getTime()) return refund('hold-expired');
    if (booking.changedFrom !== null) {
      // A change is paid only while the booking it changes may still be changed.
      const [original] = await tx.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, booking.changedFrom)).for('update');
      if (!original || !CHANGEABLE_STATUSES.includes(original.status)) return refund('original-changed');
    }
    const due = booking.totalInr * 100 - booking.creditPaise;
    if (payment.amountPaise !== due || (notice.amountPaise !== undefined && notice.amountPaise !== null && notice.amountPaise !== payment.amountPaise)) return refund('amount-mismatch');
    await tx.update(payments).set({ status: 'captured', providerPaymentId: notice.paymentId, updatedAt: now }).where(eq(payments.id, payment.id));
    await tx
      .update(bookings)
      .set({ status: 'confirmed', paymentId: notice.paymentId, paymentMethod: payment.method === 'credit' ? null : payment.method, supplierOrderState: 'ordering', supplierOrderAt: now })
      .where(eq(bookings.id, booking.id));
    return { kind: 'ordering', bookingId: booking.id };
  });
  // Refunds of a dead hold, a second payment or a wrong amount are sent by the caller (the checkout's settle).
  if (decided === null || decided.kind !== 'ordering') return decided;
  const outcome = (await isChange(deps.db, decided.bookingId)) ? (await placeSupplierChange(deps, decided.bookingId)).outcome : await placeSupplierOrder(deps, decided.bookingId);
  const booking = await readBooking(deps.db, decided.bookingId);
  if (outcome === 'failed') {
    const [paid] = await deps.db.select({ id: payments.id }).from(payments).where(and(eq(payments.bookingId, decided.bookingId), eq(payments.providerOrderId, notice.orderId)));
    return { kind: 'refund', why: 'supplier-refused', booking, paymentRowId: paid?.id ?? '', refundRows: [], inventory: [] };
  }
  return { kind: 'confirmed', booking, inventory: [] };
}

async function isChange(db: Db, bookingId: string): Promise<boolean> {
  const [row] = await db.select({ changedFrom: bookings.changedFrom }).from(bookings).where(eq(bookings.id, bookingId));
  return row?.changedFrom !== null && row?.changedFrom !== undefined;
}

async function readBooking(db: Db, bookingId: string): Promise<BookingView> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!row) throw new AppError('not_found', 'Booking not found');
  return bookingView(row, await db.select().from(passengers).where(eq(passengers.bookingId, bookingId)));
}

/** Safar's passenger as the supplier's: the offer's passenger id by position, gender from the title, the booker's address. */
function orderPassengers(booking: BookingRow, pax: PassengerRow[], email: string): OrderPassengerInput[] {
  const ids = booking.itinerary.supplier?.passengerIds ?? [];
  const sorted = [...pax].sort((a, b) => a.position - b.position);
  const phone = sorted.find((p) => p.mobile)?.mobile ?? null;
  const infants = sorted.filter((p) => p.type === 'infant');
  return sorted.map((p, i) => {
    const infantIndex = p.type === 'adult' ? sorted.filter((x) => x.type === 'adult').indexOf(p) : -1;
    const infant = infantIndex >= 0 ? infants[infantIndex] : undefined;
    return {
      id: ids[i] ?? '',
      title: p.title === 'Mr' ? 'mr' : p.title === 'Mrs' ? 'mrs' : 'ms',
      gender: p.title === 'Mr' ? 'm' : 'f',
      givenName: p.firstName,
      familyName: p.lastName,
      bornOn: p.dob,
      email,
      phone: phone ? `+91${phone}` : '+919000000000',
      ...(infant ? { infantPassengerId: ids[sorted.indexOf(infant)] ?? '' } : {}),
    };
  });
}

/**
 * Records the supplier's order on the booking: its id, the airline's reference, what Safar owes (the order's total: the
 * offer and its seat services), the seats as the order confirms them, and each passenger's e-ticket number.
 */
async function recordOrder(tx: Tx, booking: BookingRow, pax: PassengerRow[], order: SupplierOrder, now: Date): Promise<void> {
  const ids = booking.itinerary.supplier?.passengerIds ?? [];
  const seats = confirmedSeats(booking.supplierSeats, order, ids, pax);
  const owed = booking.supplierCurrency === null || order.total.currency === booking.supplierCurrency ? { supplierTotalMinor: order.total.amountMinor, supplierCurrency: order.total.currency } : {};
  await tx
    .update(bookings)
    .set({ supplierOrderId: order.id, supplierBookingReference: order.bookingReference, supplierOrderState: 'ordered', supplierOrderAt: now, confirmedAt: now, supplierSeats: seats.length > 0 ? seats : null, ...owed })
    .where(eq(bookings.id, booking.id));
  for (const p of pax) {
    const supplierId = ids[p.position];
    const ticket = order.tickets.find((t) => t.kind === 'eticket' && supplierId !== undefined && t.passengerIds.includes(supplierId));
    if (ticket) await tx.update(passengers).set({ ticketNumber: ticket.number }).where(eq(passengers.id, p.id));
  }
}

type OrderOutcome = 'ordered' | 'failed' | 'unknown';

/**
 * Asks the supplier for the order of a paid booking (`ordering`), outside any transaction:
 * instant payment from Safar's balance, the chosen seats as seat services, Safar's booking id in its metadata.
 * A seat gone since it was chosen is the airline refusing the order (refunded like any refusal). Ordered → recorded;
 * refused → the booking fails and is refunded; unknown (time-out, 5xx) → left for the reconciler.
 */
async function placeSupplierOrder(deps: SupplierBookingDeps, bookingId: string): Promise<OrderOutcome> {
  const [found] = await deps.db.select({ booking: bookings, email: users.email }).from(bookings).innerJoin(users, eq(users.id, bookings.userId)).where(eq(bookings.id, bookingId));
  if (!found || found.booking.supplierOrderState !== 'ordering') return found?.booking.supplierOrderState === 'ordered' ? 'ordered' : 'failed';
  const { booking, email } = found;
  const pax = await deps.db.select().from(passengers).where(eq(passengers.bookingId, bookingId));
  const fare = booking.itinerary.supplier;
  if (!fare || booking.supplierOfferId === null || booking.supplierTotalMinor === null || booking.supplierCurrency === null) {
    await failOrder(deps, bookingId, 'booking without its supplier offer');
    return 'failed';
  }
  let order: SupplierOrder;
  try {
    order = await deps.supplier.api.createOrder({
      offer: { id: booking.supplierOfferId, total: { amountMinor: booking.supplierTotalMinor, currency: booking.supplierCurrency }, expiresAt: fare.expiresAt },
      passengers: orderPassengers(booking, pax, email),
      services: seatServices(booking.supplierSeats),
      payment: 'instant',
      reference: booking.id,
    });
  } catch (error) {
    if (error instanceof SupplierError && REFUSED.has(error.kind)) {
      await failOrder(deps, bookingId, error.kind);
      return 'failed';
    }
    deps.logger.warn('supplier order outcome unknown; the reconciler will check', { bookingId, kind: error instanceof SupplierError ? error.kind : 'unknown' });
    return 'unknown';
  }
  await deps.db.transaction((tx) => recordOrder(tx, booking, pax, order, deps.clock.now()));
  return 'ordered';
}

/**
 * Paid bookings whose supplier order outcome is unknown (a time-out, a crash between payment and order):
 * each is claimed by one runner (row lock, skip locked, its check time moved on), then the supplier is asked
 * for the order made for this booking (`findOrder`): found → recorded; none → the order was never made, so the
 * booking fails and is refunded. Never a second order. A change booking (`changed_from` set) is settled by reading the
 * order again instead (`reconcileSupplierChange`).
 */
export async function reconcileSupplierOrders(deps: SupplierBookingDeps, limit = 20): Promise<{ ordered: number; failed: number; unknown: number }> {
  const now = deps.clock.now();
  const cutoff = new Date(now.getTime() - SUPPLIER_ORDER_RECONCILE_AFTER_MS);
  const claimed = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.supplierOrderState, 'ordering'), lt(bookings.supplierOrderAt, cutoff)))
      .orderBy(asc(bookings.supplierOrderAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (rows.length === 0) return [];
    await tx.update(bookings).set({ supplierOrderAt: now }).where(inArray(bookings.id, rows.map((r) => r.id)));
    return rows.map((r) => r.id);
  });
  const report = { ordered: 0, failed: 0, unknown: 0 };
  for (const id of claimed) {
    const [row] = await deps.db.select().from(bookings).where(eq(bookings.id, id));
    if (!row || row.supplierOfferId === null) continue;
    if (row.changedFrom !== null) {
      // A change of an order: the order read again says whether it happened.
      try {
        const settled = await reconcileSupplierChange(deps, row);
        report[settled === 'changed' ? 'ordered' : 'failed'] += 1;
      } catch (error) {
        report.unknown += 1;
        deps.logger.warn('supplier change still unknown', { bookingId: id, kind: error instanceof SupplierError ? error.kind : 'unknown' });
      }
      continue;
    }
    try {
      const order = await deps.supplier.api.findOrder(row.supplierOfferId, row.id);
      if (order) {
        const pax = await deps.db.select().from(passengers).where(eq(passengers.bookingId, id));
        const recorded = await deps.db.transaction(async (tx) => {
          const [still] = await tx.select({ state: bookings.supplierOrderState }).from(bookings).where(eq(bookings.id, id)).for('update');
          if (still?.state !== 'ordering') return false;
          await recordOrder(tx, row, pax, order, deps.clock.now());
          return true;
        });
        if (recorded) report.ordered += 1;
      } else {
        await failOrder(deps, id, 'no order was made');
        report.failed += 1;
      }
    } catch (error) {
      report.unknown += 1;
      deps.logger.warn('supplier order still unknown', { bookingId: id, kind: error instanceof SupplierError ? error.kind : 'unknown' });
    }
  }
  if (claimed.length > 0) deps.logger.info('supplier orders reconciled', { ...report });
  return report;
}

/** Counts paid bookings still waiting for their supplier order (tests and health). */
export async function ordersInFlight(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(bookings).where(eq(bookings.supplierOrderState, 'ordering'));
  return Number(row?.n ?? 0);
}
