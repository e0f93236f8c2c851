import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { BookingView } from '../../../core/booking';
import { announce } from '../../lib/announce';
import { focusHeading, keyboardFocusWithin, lastInputModality } from '../../lib/focus';
import { notify } from '../../lib/toast';

/** Pause before the success toast, then before going to the profile. */
const TOAST_DELAY_MS = 1000;
const PROFILE_DELAY_MS = 1500;

/**
 * "Booking confirmed": focus on its heading, the confirmation spoken through the app's live
 * region (which exists before the text arrives), and — just after a payment (`fresh`) — the
 * success toast after 1 s and the profile 1.5 s later. The move to the profile waits for nobody
 * who uses the keyboard or a screen reader (focus is inside this screen): they stay, with View
 * Ticket next. Anyone else sees the countdown and a Stay on this page button.
 * @example <BookingConfirmed booking={done} fresh />
 */
export function BookingConfirmed({ booking, fresh }: { booking: BookingView; fresh: boolean }) {
  const [, navigate] = useLocation();
  const screen = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const stay = useRef(!fresh);
  // Seconds until the profile opens; null once the traveller stays (or nothing is scheduled).
  const [leavingIn, setLeavingIn] = useState<number | null>(fresh ? Math.ceil((TOAST_DELAY_MS + PROFILE_DELAY_MS) / 1000) : null);
  const staying = leavingIn === null;

  useEffect(() => {
    focusHeading(heading.current);
    announce(`Booking confirmed. Your PNR is ${booking.pnr}.`);
  }, [booking.pnr]);

  useEffect(() => {
    if (!fresh) return;
    const timers: number[] = [];
    timers.push(
      window.setTimeout(() => {
        notify.success(`Booking confirmed! Your PNR is ${booking.pnr}`);
        timers.push(
          window.setTimeout(() => {
            // A keyboard or screen-reader traveller is still reading this screen: never pull them away.
            if (stay.current || keyboardFocusWithin(screen.current) || lastInputModality() === 'keyboard') return setLeavingIn(null);
            navigate('/profile');
          }, PROFILE_DELAY_MS),
        );
      }, TOAST_DELAY_MS),
    );
    const tick = window.setInterval(() => setLeavingIn((s) => (s === null ? null : Math.max(0, s - 1))), 1000);
    timers.push(tick);
    return () => {
      timers.forEach((t) => window.clearTimeout(t));
      window.clearInterval(tick);
    };
  }, [fresh, booking.pnr, navigate]);

  const keyboard = lastInputModality() === 'keyboard';
  const ticketHref = `/ticket/${encodeURIComponent(booking.id)}`;
  return (
    <div className="container page" ref={screen}>
      <div className="card pay-done">
        <h1 ref={heading} tabIndex={-1}>
          Booking confirmed
        </h1>
        <p>
          Your PNR is <strong className="pay-pnr">{booking.pnr}</strong>. Booking ID {booking.id}.
        </p>
        {fresh ? <p className="muted small">Your printable ticket opened in a new tab.</p> : null}
        <div className="pay-done-actions">
          <a href={ticketHref} target="_blank" rel="noopener" className="btn btn-primary">
            View Ticket (opens in new tab)
          </a>
          <Link href="/profile" className="btn">
            Go to Profile
          </Link>
        </div>
        {!staying && !keyboard ? (
          <p className="pay-leaving small" aria-live="off">
            Opening your profile in {leavingIn} s.{' '}
            <button
              type="button"
              className="btn btn-small"
              onClick={() => {
                stay.current = true;
                setLeavingIn(null);
              }}
            >
              Stay on this page
            </button>
          </p>
        ) : null}
      </div>
    </div>
  );
}
