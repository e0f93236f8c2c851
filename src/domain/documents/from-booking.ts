import type { BookingView } from '../../core/booking';
import { AppError } from '../../core/errors';
import type { TicketPdfData } from './ticket-pdf';

/**
 * Builds the e-ticket's data from the booking API's `BookingView`, so the endpoint only adds
 * what the view lacks. The printed total is what was charged (`totalInr`); taxes and fees are
 * the rest after the base fare, so the three printed amounts always add up.
 * Throws 409 when the booking is not confirmed (a ticket says "Status Confirmed"); a partly
 * cancelled booking's ticket lists only the passengers still travelling.
 * @example
 * const pdf = await renderTicketPdf(ticketPdfDataFromBooking(booking, { contactEmail: user.email, bcbp: passes[0]?.bcbp }));
 */
export function ticketPdfDataFromBooking(booking: BookingView, extras: { contactEmail?: string | null; bcbp?: string | null } = {}): TicketPdfData {
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
    passengers: booking.passengers.filter((p) => p.cancelledAt === null),
    fare: { baseFare, taxesAndFees: booking.totalInr - baseFare, total: booking.totalInr },
    payment: { id: booking.paymentId ?? '-', method: booking.paymentMethod ?? '-' },
    contactEmail: extras.contactEmail ?? null,
    bcbp: extras.bcbp ?? null,
  };
}
