import { lazy, useRef, useState } from 'react';
import type { BookingView } from '../../../core/booking';
import { QuietLazy } from '../../components/quiet-lazy';
import './trip-changes.css';

// The dialog (and the quote's contract) loads only when a traveller opens it.
const CancelDialog = lazy(() => import('./cancel-dialog').then((m) => ({ default: m.CancelDialog })));

/** Can this booking (or this journey of it) be cancelled from the screens (confirmed, with somebody still travelling)? */
function canCancel(booking: BookingView, journey: number | null): boolean {
  const travelling = (booking.status === 'confirmed' || booking.status === 'partly_cancelled') && booking.passengers.some((p) => p.cancelledAt === null);
  if (journey === null) return travelling;
  const trip = booking.journeys[journey];
  // A special return that may only be cancelled whole offers no journey button (the whole booking's stays).
  return travelling && trip !== undefined && trip.cancelledAt === null && (trip.specialReturn?.cancelSeparately ?? true);
}

/**
 * The "Cancel booking" button (while the booking can be cancelled) and its dialog, which stays
 * open to show the confirmation even when nobody is left to cancel. Each opening starts afresh.
 * Focus returns to the button, or, when the whole booking is gone, to the first control of the
 * booking's card.
 * @example <CancelBookingButton booking={booking} />
 */
export function CancelBookingButton({ booking, small = false, journey = null }: { booking: BookingView; small?: boolean; journey?: number | null }) {
  const [open, setOpen] = useState(false);
  // How many times the dialog was opened: each opening is a new dialog (0: never opened, not loaded).
  const [session, setSession] = useState(0);
  const anchor = useRef<HTMLSpanElement>(null);
  const close = (next: boolean) => {
    setOpen(next);
    if (next) return;
    window.requestAnimationFrame(() => {
      const button = anchor.current?.querySelector('button');
      if (button) return;
      anchor.current?.closest('li, article, main')?.querySelector<HTMLElement>('a[href], button:not([disabled])')?.focus();
    });
  };
  return (
    <span className="cancel-anchor" ref={anchor}>
      {canCancel(booking, journey) && (
        <button
          type="button"
          className={small || journey !== null ? 'btn btn-small' : 'btn'}
          aria-label={journey !== null ? `Cancel journey ${journey + 1}` : small ? `Cancel booking ${booking.id}` : undefined}
          aria-haspopup="dialog"
          onClick={() => {
            setSession((n) => n + 1);
            setOpen(true);
          }}
        >
          {journey !== null ? 'Cancel this journey' : 'Cancel booking'}
        </button>
      )}
      {session > 0 && (
        <QuietLazy>
          <CancelDialog key={session} booking={booking} open={open} onOpenChange={close} journey={journey} />
        </QuietLazy>
      )}
    </span>
  );
}
