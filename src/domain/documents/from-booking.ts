import type { BookingView } from '../../core/booking';
import { AppError } from '../../core/errors';
import { type BookingFare, FARE_LINE_CODES, FARE_LINE_LABELS, TAXES_ALWAYS_REFUNDED } from '../../core/fares';
import type { TicketPdfData } from './ticket-pdf';

/**
 * The fare lines of every passenger and leg summed by line (base, YQ, each tax, GST, Safar's
 * fee), in breakdown order, whole rupees; the amounts add up to the booking's total.
 */
function summedLines(fare: BookingFare): { label: string; amount: number }[] {
  const byCode = new Map<string, number>();
  for (const row of fare.fares) for (const line of row.lines) byCode.set(line.code, (byCode.get(line.code) ?? 0) + line.paise);
  return FARE_LINE_CODES.flatMap((code) => {
    const paise = byCode.get(code);
    return paise === undefined ? [] : [{ label: FARE_LINE_LABELS[code], amount: paise / 100 }];
  });
}

/**
 * A passenger's seats on a remote supplier's booking that the airline confirmed (a choice not
 * confirmed yet is not printed), with the flight when the booking has more than one; '' when none.
 */
function supplierSeats(booking: BookingView, passengerId: string): string {
  const legs = booking.itinerary.legs;
  const seats = (booking.supplier?.seats ?? []).filter((s) => s.passengerId === passengerId && s.confirmed).sort((a, b) => a.legIndex - b.legIndex);
  return seats.map((s) => `${legs.length > 1 ? `${legs[s.legIndex]?.flightNumber ?? ''} ` : ''}${s.seat}`).join(', ');
}

/**
 * Builds the e-ticket's data from the booking API's `BookingView` and its fare (storedFares /
 * bookingFare), so the endpoint only adds what the view lacks. The printed total is what was
 * charged (`totalInr`), line by line from the stored fare; taxes and fees are the rest after
 * the base fare, so the printed amounts always add up. The fare rules are the booked family's.
 * Throws 409 when the booking is not confirmed (a ticket says "Status Confirmed"); a partly
 * cancelled booking's ticket lists only the passengers still travelling. A remote supplier's
 * booking prints each passenger's seats the airline confirmed.
 * @example
 * const pdf = await renderTicketPdf(ticketPdfDataFromBooking(booking, await bookingFare(db, booking, now), { contactEmail: user.email, bcbp: passes[0]?.bcbp }));
 */
export function ticketPdfDataFromBooking(booking: BookingView, fare: BookingFare, extras: { contactEmail?: string | null; bcbp?: string | null } = {}): TicketPdfData {
  if (booking.status !== 'confirmed' && booking.status !== 'partly_cancelled') {
    throw new AppError('conflict', 'The e-ticket is available once the booking is confirmed', undefined, 'not-confirmed');
  }
  const baseFare = booking.itinerary.price.total.baseFare;
  return {
    bookingId: booking.id,
    pnr: booking.pnr,
    bookedAt: booking.confirmedAt ?? booking.createdAt,
    legs: booking.itinerary.legs,
    layovers: booking.itinerary.layovers,
    passengers: booking.passengers.filter((p) => p.cancelledAt === null).map((p) => ({ ...p, seats: supplierSeats(booking, p.id) })),
    fare: { baseFare, taxesAndFees: booking.totalInr - baseFare, total: booking.totalInr },
    ...(fare.fares.length > 0 ? { fareLines: summedLines(fare) } : {}),
    fareFamily: fare.option ? { name: fare.option.name, rules: fare.option.rules } : { name: 'Fare', rules: [TAXES_ALWAYS_REFUNDED] },
    payment: { id: booking.paymentId ?? '-', method: booking.paymentMethod ?? (booking.paymentId ? 'Safar credit' : '-') },
    contactEmail: extras.contactEmail ?? null,
    bcbp: extras.bcbp ?? null,
    journeys: booking.journeys.map((j) => ({ pnr: j.pnr, firstLeg: j.firstLeg, legCount: j.legCount, separateTicket: j.separateTicket, cancelled: j.cancelledAt !== null })),
  };
}
