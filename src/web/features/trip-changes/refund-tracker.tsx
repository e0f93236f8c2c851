import { useQuery } from '@tanstack/react-query';
import type { BookingView } from '../../../core/booking';
import type { RefundView } from '../../../core/trip-changes';
import { formatDate, formatPaise } from '../../lib/format';
import { refundsQuery } from './trip-changes-api';
import './refund-tracker.css';

/** Does a booking have refunds to follow (somebody on it was cancelled)? */
export function hasRefunds(booking: BookingView): boolean {
  return booking.status === 'cancelled' || booking.status === 'partly_cancelled' || booking.passengers.some((p) => p.cancelledAt !== null);
}

const STEPS = [
  { status: 'requested', label: 'Requested', at: (r: RefundView) => r.requestedAt },
  { status: 'sent', label: 'Sent', at: (r: RefundView) => r.sentAt },
  { status: 'completed', label: 'Completed', at: (r: RefundView) => r.completedAt },
] as const;

const STATUS_WORDS: Record<RefundView['status'], string> = { requested: 'Requested', sent: 'Sent', completed: 'Completed' };

function stepIndex(refund: RefundView): number {
  return STEPS.findIndex((step) => step.status === refund.status);
}

/**
 * The refund tracker of a booking: each refund's amount, method and progress requested → sent →
 * completed with dates, and the legal deadline for the money to arrive. `onlyWhenAny`: nothing at
 * all until a refund is found.
 * @example {hasRefunds(booking) && <RefundTracker booking={booking} />}
 */
export function RefundTracker({ booking, onlyWhenAny = false }: { booking: BookingView; /** Shows nothing until a refund is found (a booking that may have one, such as a change the airline paid back). */ onlyWhenAny?: boolean }) {
  const refunds = useQuery(refundsQuery(booking.id));
  const titleId = `refunds-title-${booking.id}`;
  if (onlyWhenAny && (refunds.isPending || refunds.isError || refunds.data.refunds.length === 0)) return null;
  return (
    <section className="ticket-section refund-tracker" aria-labelledby={titleId}>
      <h2 id={titleId}>Refunds</h2>
      {refunds.isPending ? (
        <div role="status" aria-label="Loading your refunds">
          <div className="skeleton skeleton-line" />
        </div>
      ) : refunds.isError ? (
        <p role="alert">
          We could not load your refunds. {refunds.error.message}{' '}
          <button type="button" className="btn btn-small" onClick={() => void refunds.refetch()}>
            Try again
          </button>
        </p>
      ) : refunds.data.refunds.length === 0 ? (
        <p className="muted">No refunds on this booking.</p>
      ) : (
        <ul className="refund-list">
          {refunds.data.refunds.map((refund) => {
            const current = stepIndex(refund);
            return (
              <li key={refund.id} className="refund-item" data-testid="refund-item">
                <div className="refund-item-head">
                  <strong className="refund-amount">{formatPaise(refund.amountPaise)}</strong>
                  <span>to {refund.methodLabel}</span>
                  <span className={`refund-status is-${refund.status}`}>{STATUS_WORDS[refund.status]}</span>
                </div>
                <ol className="refund-steps" aria-label={`Refund of ${formatPaise(refund.amountPaise)}: progress`}>
                  {STEPS.map((step, i) => {
                    const at = step.at(refund);
                    const state = i < current ? 'is-done' : i === current ? (refund.status === 'completed' ? 'is-done' : 'is-current') : 'is-next';
                    return (
                      <li key={step.status} className={`refund-step ${state}`} aria-current={i === current ? 'step' : undefined}>
                        <span className="refund-step-dot" aria-hidden="true" />
                        <span className="refund-step-label">{step.label}</span>
                        <span className="refund-step-date">{at ? formatDate(at) : i > current ? 'Not yet' : ''}</span>
                      </li>
                    );
                  })}
                </ol>
                <p className="refund-due">Due by {formatDate(refund.dueBy)}</p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/**
 * One line per refund for the profile's booking list: amount, method, where it is, the deadline.
 * @example {hasRefunds(booking) && <RefundStatusLine booking={booking} />}
 */
export function RefundStatusLine({ booking }: { booking: BookingView }) {
  const refunds = useQuery(refundsQuery(booking.id));
  if (!refunds.data || refunds.data.refunds.length === 0) return null;
  return (
    <ul className="refund-compact" aria-label={`Refunds for booking ${booking.id}`}>
      {refunds.data.refunds.map((refund) => (
        <li key={refund.id}>
          Refund {formatPaise(refund.amountPaise)} to {refund.methodLabel}: {STATUS_WORDS[refund.status].toLowerCase()}
          {refund.status === 'completed' && refund.completedAt ? ` ${formatDate(refund.completedAt)}` : ''}, due by {formatDate(refund.dueBy)}
        </li>
      ))}
    </ul>
  );
}
