import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { BoardingPassView } from '../../core/booking';
import type { Db } from '../../db/client';
import { boardingPasses, bookings, passengers } from '../../db/schema';
import { boardingTimeFor } from '../documents/dates';
import { isCabin } from './seats';
import { storedItinerary } from './views';

/**
 * Boarding passes as the wallet shows them: only the traveller's own, only for confirmed (or
 * partly cancelled) bookings, only passes still valid (a cancelled passenger's pass is void). `isInternational` decides the boarding lead time (45 or 60 minutes).
 * @example await listPasses(db, userId, (flightId) => world.getFlight(flightId)?.international ?? false)
 */
export async function listPasses(db: Db, userId: string, isInternational: (flightId: string) => boolean, passId?: string): Promise<(BoardingPassView & { ticketNumber: string | null; international: boolean })[]> {
  const conditions = [eq(bookings.userId, userId), inArray(bookings.status, ['confirmed', 'partly_cancelled']), isNull(boardingPasses.voidedAt)];
  if (passId) conditions.push(eq(boardingPasses.id, passId));
  const rows = await db
    .select({ pass: boardingPasses, booking: bookings, passenger: passengers })
    .from(boardingPasses)
    .innerJoin(bookings, eq(bookings.id, boardingPasses.bookingId))
    .innerJoin(passengers, eq(passengers.id, boardingPasses.passengerId))
    .where(and(...conditions))
    .orderBy(desc(bookings.createdAt), asc(boardingPasses.legIndex), asc(passengers.position));
  return rows.flatMap(({ pass, booking, passenger }) => {
    const leg = storedItinerary(booking).legs[pass.legIndex];
    if (!leg) return [];
    const international = isInternational(pass.flightId);
    const name = [passenger.title, passenger.firstName, passenger.middleName, passenger.lastName].filter(Boolean).join(' ');
    return [
      {
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
        boardingTime: boardingTimeFor(leg.departure, international),
        ticketNumber: passenger.ticketNumber,
        international,
      },
    ];
  });
}
