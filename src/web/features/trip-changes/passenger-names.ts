import type { BookingView, PassengerView } from '../../../core/booking';

/** A passenger's full name as the ticket prints it. */
export function passengerName(p: Pick<PassengerView, 'title' | 'firstName' | 'middleName' | 'lastName'>): string {
  return [p.title, p.firstName, p.middleName, p.lastName].filter(Boolean).join(' ');
}

/** "DEL → BOM" for one leg of a booking. */
export function legLabel(booking: BookingView, legIndex: number): string {
  const leg = booking.itinerary.legs[legIndex];
  return leg ? `${leg.from.code} → ${leg.to.code}` : `Flight ${legIndex + 1}`;
}

/** Positions of the passengers who still travel (not cancelled). */
export function travellingPositions(booking: BookingView): number[] {
  return booking.passengers.flatMap((p, i) => (p.cancelledAt === null ? [i] : []));
}

/** How the traveller paid, as refunds name it. */
export function paymentMethodLabel(booking: BookingView): string {
  return booking.paymentMethod === 'upi' ? 'UPI' : booking.paymentMethod === 'card' ? 'Card' : 'Safar credit';
}
