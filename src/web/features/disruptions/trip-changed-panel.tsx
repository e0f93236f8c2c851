import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { Link } from 'wouter';
import type { BookingView } from '../../../core/booking';
import { disruptionQuery, disruptionSummaryQuery } from './disruptions-api';
import './disruptions.css';

/** Can the airline's changes still touch this booking (confirmed or partly cancelled)? */
function mayChange(booking: BookingView): boolean {
  return booking.status === 'confirmed' || booking.status === 'partly_cancelled';
}

/**
 * The ticket's "Your trip changed" panel: shown while the booking has a change waiting for the
 * traveller's answer (an open case), with what changed, the rights in one line and the link to
 * the screen. Nothing shows while loading, on failure, or when nothing waits.
 * @example <TripChangedPanel booking={booking} />
 */
export function TripChangedPanel({ booking }: { booking: BookingView }) {
  const answer = useQuery({ ...disruptionQuery(booking.id), enabled: mayChange(booking) });
  const open = answer.data?.cases.find((c) => c.state === 'open');
  if (!open) return null;
  const more = (answer.data?.cases.filter((c) => c.state === 'open').length ?? 1) - 1;
  return (
    <section className="card tc-panel no-print" aria-labelledby="tc-panel-title" data-testid="trip-changed-panel">
      <h2 id="tc-panel-title">
        <TriangleAlert aria-hidden="true" size={20} /> Your trip changed
      </h2>
      <p>{open.whatChanged}</p>
      <p>
        <strong>{open.rightsLine}</strong>
      </p>
      {more > 0 ? (
        <p className="muted small">
          and {more} more change{more === 1 ? '' : 's'}
        </p>
      ) : null}
      <Link href={`/ticket/${encodeURIComponent(booking.id)}/changed`} className="btn btn-primary">
        See your options
      </Link>
    </section>
  );
}

/**
 * The profile row's badge and link when the booking has a change waiting for an answer (one
 * summary request serves every row).
 * @example <TripChangedBadge booking={booking} />
 */
export function TripChangedBadge({ booking }: { booking: BookingView }) {
  const summary = useQuery({ ...disruptionSummaryQuery(), enabled: mayChange(booking) });
  const open = summary.data?.bookings.find((b) => b.bookingId === booking.id)?.open ?? 0;
  if (!mayChange(booking) || open === 0) return null;
  return (
    <Link href={`/ticket/${encodeURIComponent(booking.id)}/changed`} className="tc-row-link" aria-label={`Your trip changed: see your options for booking ${booking.id}`}>
      <TriangleAlert aria-hidden="true" size={16} /> Trip changed: see your options
    </Link>
  );
}
