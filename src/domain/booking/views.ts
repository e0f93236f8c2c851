import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { type BookingStatus, type BookingView, type PassengerKind, type PassengerView, maskAadhaar } from '../../core/booking';
import type { Itinerary } from '../../core/search';
import type { PassengerType } from '../../core/search-options';
import type { Db } from '../../db/client';
import type { RefundStatus } from '../../core/fares';
import { bookings, passengers, refunds } from '../../db/schema';
import { displayStatusOf } from '../refunds/rule';
import { oneJourney } from './trip';
import type { Tx } from './catalog';

type BookingRow = typeof bookings.$inferSelect;
type PassengerRow = typeof passengers.$inferSelect;

const KIND: Record<PassengerType, PassengerKind> = { adult: 'Adult', child: 'Child', infant: 'Infant' };
const STORED_KIND: Record<PassengerKind, PassengerType> = { Adult: 'adult', Child: 'child', Infant: 'infant' };

/** Stored passenger type for a spec label. */
export const storedKind = (kind: PassengerKind): PassengerType => STORED_KIND[kind];

function passengerView(row: PassengerRow): PassengerView {
  return {
    id: row.id,
    title: row.title,
    firstName: row.firstName,
    middleName: row.middleName,
    lastName: row.lastName,
    dob: row.dob,
    type: KIND[row.type],
    mobileNo: row.mobile,
    aadhaarMasked: row.aadhaarLast4 ? maskAadhaar(row.aadhaarLast4) : null,
    ticketNumber: row.ticketNumber,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
  };
}

/** The snapshot createHold stored; it is our own write, not client input. */
export const storedItinerary = (row: BookingRow): Itinerary => row.itinerary;

/**
 * Shapes a booking row and its passengers (and its refunds' statuses, for the status shown) as the API returns them.
 * @example bookingView(row, paxRows).pnr
 */
export function bookingView(row: BookingRow, pax: PassengerRow[], refundStatuses: readonly RefundStatus[] = []): BookingView {
  const itinerary = storedItinerary(row);
  const first = itinerary.legs[0];
  const last = itinerary.legs[itinerary.legs.length - 1];
  return {
    id: row.id,
    pnr: row.pnr,
    status: row.status,
    itinerary,
    passengers: [...pax].sort((a, b) => a.position - b.position).map(passengerView),
    totalInr: row.totalInr,
    holdExpiresAt: row.holdExpiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    paymentId: row.paymentId,
    paymentMethod: row.paymentMethod === 'card' || row.paymentMethod === 'upi' ? row.paymentMethod : null,
    source: first?.from.code ?? '',
    destination: last?.to.code ?? '',
    date: first?.departure.slice(0, 10) ?? '',
    fareFamily: row.fareFamily,
    changedFrom: row.changedFrom,
    creditPaise: row.creditPaise,
    displayStatus: displayStatusOf(row.status, [...refundStatuses]),
    journeys: row.journeys ?? [oneJourney(row.pnr, itinerary, row.fareFamily, row.totalInr)],
    ...(row.supplier === 'world' ? {} : { supplier: { id: row.supplier, orderId: row.supplierOrderId, bookingReference: row.supplierBookingReference, orderState: row.supplierOrderState, seats: (row.supplierSeats ?? []).map((s) => ({ passengerId: s.passengerId, legIndex: s.legIndex, seat: s.seat, pricePaise: s.pricePaise, confirmed: s.confirmed })) } }),
  };
}

/** The statuses of the refunds of these bookings, by booking id. */
async function refundStatusesOf(db: Db | Tx, bookingIds: readonly string[]): Promise<Map<string, RefundStatus[]>> {
  const byBooking = new Map<string, RefundStatus[]>();
  if (bookingIds.length === 0) return byBooking;
  const rows = await db.select({ bookingId: refunds.bookingId, status: refunds.status }).from(refunds).where(inArray(refunds.bookingId, [...bookingIds]));
  for (const r of rows) byBooking.set(r.bookingId, [...(byBooking.get(r.bookingId) ?? []), r.status]);
  return byBooking;
}

/**
 * One booking of one user, or null (another user's booking is simply not found).
 * @example await loadBooking(db, 'BK1732180000000', userId)
 */
export async function loadBooking(db: Db | Tx, bookingId: string, userId: string): Promise<BookingView | null> {
  const [row] = await db.select().from(bookings).where(and(eq(bookings.id, bookingId), eq(bookings.userId, userId)));
  if (!row) return null;
  const pax = await db.select().from(passengers).where(eq(passengers.bookingId, row.id)).orderBy(asc(passengers.position));
  // Only a booking that was ever cancelled in part has refunds.
  const statuses = row.status === 'confirmed' || row.status === 'held' || row.status === 'expired' ? [] : ((await refundStatusesOf(db, [row.id])).get(row.id) ?? []);
  return bookingView(row, pax, statuses);
}

/**
 * A user's bookings, newest first.
 * @example (await listBookings(db, userId))[0]?.id
 */
export async function listBookings(db: Db, userId: string, options: { status?: BookingStatus } = {}): Promise<BookingView[]> {
  const where = options.status ? and(eq(bookings.userId, userId), eq(bookings.status, options.status)) : eq(bookings.userId, userId);
  const rows = await db.select().from(bookings).where(where).orderBy(desc(bookings.createdAt), desc(bookings.id));
  if (rows.length === 0) return [];
  const pax = await db
    .select()
    .from(passengers)
    .where(inArray(passengers.bookingId, rows.map((r) => r.id)));
  const statuses = await refundStatusesOf(
    db,
    rows.filter((r) => r.status !== 'confirmed' && r.status !== 'held' && r.status !== 'expired').map((r) => r.id),
  );
  return rows.map((row) => bookingView(row, pax.filter((p) => p.bookingId === row.id), statuses.get(row.id) ?? []));
}
