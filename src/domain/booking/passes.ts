import { type SQL, and, asc, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { BoardingPassView } from '../../core/booking';
import type { Db } from '../../db/client';
import { boardingPasses, bookings, passengers } from '../../db/schema';
import { windowFor } from '../check-in/windows';
import { localTimeBefore } from '../documents/dates';
import type { Tx } from './catalog';
import { isCabin } from './seats';
import { storedItinerary } from './views';

type PassRow = typeof boardingPasses.$inferSelect;
type BookingRow = typeof bookings.$inferSelect;
type PassengerRow = typeof passengers.$inferSelect;

export type PassWithTicket = BoardingPassView & { ticketNumber: string | null; international: boolean };

/**
 * A pass as the wallet shows it, or null when the booking has no such leg. Boarding and gate-closing
 * times are the operating airline's for the market (check-in/windows.ts), in the departure's local time.
 */
function passView(booking: BookingRow, passenger: PassengerRow, pass: PassRow, international: boolean): PassWithTicket | null {
  const leg = storedItinerary(booking).legs[pass.legIndex];
  if (!leg) return null;
  const window = windowFor(leg.carrier, international ? 'international' : 'domestic');
  const name = [passenger.title, passenger.firstName, passenger.middleName, passenger.lastName].filter(Boolean).join(' ');
  return {
    id: pass.id,
    bookingId: booking.id,
    pnr: booking.pnr,
    passengerName: name,
    airline: leg.carrierName,
    flightNumber: leg.flightNumber,
    from: leg.from,
    to: leg.to,
    departure: leg.departure,
    arrival: leg.arrival,
    date: leg.departure.slice(0, 10),
    time: leg.departure.slice(11, 16),
    gate: pass.gate,
    seat: pass.seat,
    cabin: isCabin(leg.cabin) ? leg.cabin : 'economy',
    sequence: pass.sequence,
    bcbp: pass.bcbp,
    boardingTime: localTimeBefore(leg.departure, window.boarding),
    gateCloses: localTimeBefore(leg.departure, window.gateCloses),
    ticketNumber: passenger.ticketNumber,
    international,
  };
}

/**
 * Boarding passes as the wallet shows them: only the traveller's own, only for confirmed (or
 * partly cancelled) bookings, only passengers who checked in (a pass exists from check-in on;
 * passes issued before web check-in count as checked in), only passes still valid (a cancelled
 * passenger's pass is void). `isInternational` decides the market of the airline's boarding times.
 * @example await listPasses(db, userId, (flightId) => world.getFlight(flightId)?.international ?? false)
 */
export async function listPasses(db: Db | Tx, userId: string, isInternational: (flightId: string) => boolean, filter: { passId?: string; bookingId?: string; passengerIds?: readonly string[]; legIndex?: number } = {}): Promise<PassWithTicket[]> {
  const conditions: SQL[] = [eq(bookings.userId, userId), inArray(bookings.status, ['confirmed', 'partly_cancelled']), isNull(boardingPasses.voidedAt), isNotNull(boardingPasses.checkedInAt)];
  if (filter.passId) conditions.push(eq(boardingPasses.id, filter.passId));
  if (filter.bookingId) conditions.push(eq(boardingPasses.bookingId, filter.bookingId));
  if (filter.passengerIds) conditions.push(inArray(boardingPasses.passengerId, [...filter.passengerIds]));
  if (filter.legIndex !== undefined) conditions.push(eq(boardingPasses.legIndex, filter.legIndex));
  const rows = await db
    .select({ pass: boardingPasses, booking: bookings, passenger: passengers })
    .from(boardingPasses)
    .innerJoin(bookings, eq(bookings.id, boardingPasses.bookingId))
    .innerJoin(passengers, eq(passengers.id, boardingPasses.passengerId))
    .where(and(...conditions))
    .orderBy(desc(bookings.createdAt), asc(boardingPasses.legIndex), asc(passengers.position));
  return rows.flatMap(({ pass, booking, passenger }) => {
    const view = passView(booking, passenger, pass, isInternational(pass.flightId));
    return view ? [view] : [];
  });
}
