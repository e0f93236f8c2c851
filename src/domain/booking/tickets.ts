import type { Cabin } from '../../core/search';
import type { bookings, passengers } from '../../db/schema';
import { buildBcbp } from '../documents/bcbp';
import type { BookingCatalog } from './catalog';
import { newTicketNumber } from './ids';
import { INFANT_SEAT, gateFor, isCabin, seatForIndex } from './seats';
import { storedItinerary } from './views';

type PassengerRow = typeof passengers.$inferSelect;
type BookingRow = typeof bookings.$inferSelect;

export type PassRow = { passengerId: string; legIndex: number; flightId: string; seat: string; gate: string; sequence: number; bcbp: string };

/**
 * Ticket numbers for every passenger and a boarding pass per passenger and leg; each leg's seats
 * start at `soldBefore` (by leg index): after the seats sold before this booking and after the
 * highest seat a valid boarding pass holds on the flight (confirm.ts `firstSeats`). A passenger with a
 * seat in `seats` ("passengerId|legIndex", from the seat map: chosen or assigned) gets that seat.
 * @example const { tickets, passRows } = issueTickets(catalog, booking, pax, soldBefore, now)
 */
export function issueTickets(catalog: Pick<BookingCatalog, 'cabinLayout'>, booking: BookingRow, pax: PassengerRow[], soldBefore: Map<number, number>, now: Date, seats: ReadonlyMap<string, string> = new Map()) {
  const itinerary = storedItinerary(booking);
  const validating = itinerary.legs[0]?.carrier ?? 'XX';
  const tickets = pax.map((p) => ({ ...p, ticketNumber: newTicketNumber(validating) }));
  const passRows: PassRow[] = [];
  itinerary.legs.forEach((leg, legIndex) => {
    const start = soldBefore.get(legIndex) ?? 0;
    const cabin: Cabin = isCabin(leg.cabin) ? leg.cabin : 'economy';
    const layout = catalog.cabinLayout(leg.flightId) ?? { [cabin]: Math.max(start + booking.seatCount, 1) };
    let seated = 0;
    let lastAdultSequence = start + 1;
    for (const p of tickets) {
      const infant = p.type === 'infant';
      const seat = infant ? INFANT_SEAT : (seats.get(`${p.id}|${legIndex}`) ?? seatForIndex(layout, cabin, start + seated));
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
      passRows.push({ passengerId: p.id, legIndex, flightId: leg.flightId, seat, gate: gateFor(leg.flightId), sequence, bcbp });
    }
  });
  return { tickets, passRows };
}

