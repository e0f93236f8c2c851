import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { AssistantRefund, AssistantTrips } from '../../core/assistant-schemas';
import { PAYMENT_STATUSES, type PaymentStatus } from '../../core/booking';
import type { Db } from '../../db/client';
import { boardingPasses, bookings, payments } from '../../db/schema';
import { listBookings } from '../booking/views';
import { flightStatusAt } from '../tracking/tracker';
import type { World } from '../world/world';

/** What the chatbot calls each payment state that means money is going back. */
const REFUND_STATES: Partial<Record<PaymentStatus, AssistantRefund['state']>> = {
  refunding: 'processing',
  refunded: 'refunded',
  refund_blocked: 'on-hold',
};
const REFUND_STATUSES = PAYMENT_STATUSES.filter((s) => REFUND_STATES[s] !== undefined);

/**
 * What the chatbot may say about one traveller's own trips: the next confirmed departure
 * (PNR, flight, terminal, boarding passes) and the state of any refunds. Reads only rows of
 * `userId`; nothing of anyone else's can appear. The next trip carries its live status from the
 * tracker's model.
 * @example await assistantTrips(db, world, userId, clock.now())
 */
export async function assistantTrips(db: Db, world: World, userId: string, now: Date): Promise<AssistantTrips> {
  const confirmed = await listBookings(db, userId, { status: 'confirmed' });
  const upcoming = confirmed
    .map((booking) => ({ booking, leg: booking.itinerary.legs[0] }))
    .filter((x) => x.leg !== undefined && Date.parse(x.leg.departure) > now.getTime())
    .sort((a, b) => Date.parse(a.leg?.departure ?? '') - Date.parse(b.leg?.departure ?? ''));
  const next = upcoming[0];
  let nextTrip: AssistantTrips['nextTrip'] = null;
  if (next?.leg) {
    const { booking, leg } = next;
    const last = booking.itinerary.legs[booking.itinerary.legs.length - 1] ?? leg;
    const [passes] = await db.select({ n: count() }).from(boardingPasses).where(eq(boardingPasses.bookingId, booking.id));
    const flight = world.getFlight(leg.flightId);
    const status = flight ? flightStatusAt(world, flight, now) : null;
    nextTrip = {
      bookingId: booking.id,
      pnr: booking.pnr,
      fromCode: leg.from.code,
      fromCity: leg.from.city,
      toCode: last.to.code,
      toCity: last.to.city,
      flightNumber: leg.flightNumber,
      flightId: leg.flightId,
      airline: leg.carrierName,
      departure: leg.departure,
      departureTerminal: leg.from.terminal,
      passengerCount: booking.passengers.length,
      boardingPasses: passes?.n ?? 0,
      live: status
        ? { status: status.status, delay: status.delay, estimatedDeparture: status.actualDeparture, gate: status.gate, terminal: status.terminal }
        : null,
    };
  }
  const refundRows = await db
    .select({
      bookingId: bookings.id,
      pnr: bookings.pnr,
      itinerary: bookings.itinerary,
      amountPaise: payments.amountPaise,
      status: payments.status,
      method: payments.method,
      updatedAt: payments.updatedAt,
    })
    .from(payments)
    .innerJoin(bookings, eq(payments.bookingId, bookings.id))
    .where(and(eq(bookings.userId, userId), inArray(payments.status, REFUND_STATUSES)))
    .orderBy(desc(payments.updatedAt));
  const allBookings = new Map((await listBookings(db, userId)).map((b) => [b.id, b]));
  const refunds = refundRows.map((row): AssistantRefund => {
    const view = allBookings.get(row.bookingId);
    return {
      bookingId: row.bookingId,
      pnr: row.pnr,
      fromCode: view?.source ?? '',
      toCode: view?.destination ?? '',
      amountInr: Math.round(row.amountPaise / 100),
      state: REFUND_STATES[row.status] ?? 'processing',
      updatedAt: row.updatedAt.toISOString(),
      method: row.method,
    };
  });
  return { nextTrip, confirmedCount: confirmed.length, refunds };
}
