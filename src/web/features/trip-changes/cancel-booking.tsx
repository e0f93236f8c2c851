import { lazy, useState } from 'react';
import type { BookingView } from '../../../core/booking';
import { QuietLazy } from '../../components/quiet-lazy';

// The dialog (and the quote's contract) loads only when a traveller opens it.
const CancelDialog = lazy(() => import('./cancel-dialog').then((m) => ({ default: m.CancelDialog })));

/** Can this booking be cancelled from the screens (confirmed, with somebody still travelling)? */
export function canCancel(booking: BookingView): boolean {
  return (booking.status === 'confirmed' || booking.status === 'partly_cancelled') && booking.passengers.some((p) => p.cancelledAt === null);
}

/**
 * The "Cancel booking" button and its dialog.
 * @example {canCancel(booking) && <CancelBookingButton booking={booking} />}
 */
export function CancelBookingButton({ booking, small = false }: { booking: BookingView; small?: boolean }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button
        type="button"
        className={small ? 'btn btn-small' : 'btn'}
        aria-label={small ? `Cancel booking ${booking.id}` : undefined}
        aria-haspopup="dialog"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        Cancel booking
      </button>
      {opened && (
        <QuietLazy>
          <CancelDialog booking={booking} open={open} onOpenChange={setOpen} />
        </QuietLazy>
      )}
    </>
  );
}
