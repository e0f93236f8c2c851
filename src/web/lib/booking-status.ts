import type { BookingView } from '../../core/booking';
import type { DisplayStatus } from '../../core/fares';

/**
 * The one place a booking's status becomes words for the traveller: Confirmed, Partly cancelled,
 * Cancelled, Changed, Refund pending, Refunded, Expired, and "Awaiting payment" for a seat hold.
 * The server decides the status a traveller sees (`displayStatus`); a booking without one (an
 * older offline copy) is read from its stored status. A refund's progress on a cancelled or
 * partly cancelled booking is shown with what happened to the booking ("Partly cancelled ·
 * Refund pending"), so neither fact hides the other.
 */

const FROM_STORED: Record<BookingView['status'], DisplayStatus> = {
  held: 'Held',
  confirmed: 'Confirmed',
  expired: 'Expired',
  cancelled: 'Cancelled',
  partly_cancelled: 'Partly cancelled',
  changed: 'Changed',
};

/** The words shown for each status a traveller sees; a hold reads "Awaiting payment". */
const LABELS: Record<DisplayStatus, string> = {
  Held: 'Awaiting payment',
  Confirmed: 'Confirmed',
  'Partly cancelled': 'Partly cancelled',
  Cancelled: 'Cancelled',
  Changed: 'Changed',
  'Refund pending': 'Refund pending',
  Refunded: 'Refunded',
  Expired: 'Expired',
};

/** The status a traveller sees for a booking. */
function displayStatusOf(booking: Pick<BookingView, 'status'> & { displayStatus?: DisplayStatus | undefined }): DisplayStatus {
  return booking.displayStatus ?? FROM_STORED[booking.status];
}

/**
 * The status label and a class-name tone ("is-partly-cancelled") for a booking.
 * @example bookingStatus({ status: 'partly_cancelled', displayStatus: 'Refund pending' }) // { label: 'Partly cancelled · Refund pending', tone: 'is-refund-pending' }
 */
export function bookingStatus(booking: Pick<BookingView, 'status'> & { displayStatus?: DisplayStatus | undefined }): { label: string; tone: string } {
  const status = displayStatusOf(booking);
  const stored = FROM_STORED[booking.status];
  const refund = status === 'Refund pending' || status === 'Refunded';
  const label = refund && (stored === 'Partly cancelled' || stored === 'Cancelled') ? `${stored} · ${LABELS[status]}` : LABELS[status];
  return { label, tone: `is-${status.toLowerCase().replace(/\s+/g, '-')}` };
}
