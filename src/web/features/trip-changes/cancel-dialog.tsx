import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useRef } from 'react';
import type { BookingView } from '../../../core/booking';
import { TRIP_CHANGE_MESSAGES } from '../../../core/trip-changes';
import { useLiveRegion } from '../../components/live-region';
import { Modal } from '../../components/modal';
import { ApiError } from '../../lib/api';
import { announce } from '../../lib/announce';
import { formatDate, formatPaise } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';
import { newIdempotencyKey } from '../booking/booking-api';
import { refreshPasses } from '../wallet/wallet-store';
import { cancelReducer, chosenPositions, initialCancel, isLocked } from './cancel-machine';
import { paymentMethodLabel, passengerName, travellingPositions } from './passenger-names';
import { RefundQuoteView } from './refund-quote-view';
import { cancellationQuoteQuery, cancelPassengers, refundChangeOf } from './trip-changes-api';

interface Props {
  booking: BookingView;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** One journey of a whole-trip booking (0-based) to cancel alone; null: the booking or some passengers. */
  journey?: number | null;
}

/**
 * Cancelling a confirmed booking, whole or some passengers: the choice, the refund quote per
 * passenger and leg, where the refund goes, and Confirm. A refund that moved since the quote is
 * shown beside the old one before the traveller confirms again.
 * @example <CancelDialog booking={booking} open={open} onOpenChange={setOpen} />
 */
export function CancelDialog({ booking, open, onOpenChange, journey = null }: Props) {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(cancelReducer, travellingPositions(booking), initialCancel);
  const { region, say } = useLiveRegion('polite');
  const alert = useLiveRegion('assertive');
  const chosen = chosenPositions(state);
  const quote = useQuery({ ...cancellationQuoteQuery(booking.id, chosen, journey), enabled: open && chosen.length > 0 && state.phase.name !== 'done', placeholderData: keepPreviousData });
  // One key per choice: a retry of the same confirm is the same request; another choice is another.
  const key = useRef<{ for: string; key: string } | null>(null);
  const choiceRef = useRef<HTMLFieldSetElement>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);
  // The quote of the passengers chosen now (the last choice's stays cached while the next one loads, never shown for it).
  const answer = quote.data && quote.data.passengers.join(',') === chosen.join(',') ? quote.data : null;
  const phase = state.phase;
  // A journey of a whole trip is cancelled for everyone still travelling: no choice of passengers.
  const several = state.travelling.length > 1 && journey === null;
  const trip = journey === null ? null : booking.journeys[journey];
  const only = several ? undefined : booking.passengers[state.travelling[0] ?? -1];

  useEffect(() => {
    if (answer && open) say(`Refund ${formatPaise(answer.quote.refundPaise)} for ${answer.passengers.length} passenger${answer.passengers.length === 1 ? '' : 's'}`);
  }, [answer, open, say]);
  useEffect(() => {
    if (phase.name === 'done') doneRef.current?.focus();
  }, [phase.name]);

  const confirm = () => {
    if (chosen.length === 0) {
      dispatch({ type: 'confirm', quotedRefundPaise: 0 });
      alert.say(TRIP_CHANGE_MESSAGES.choosePassengers);
      choiceRef.current?.querySelector('input')?.focus();
      return;
    }
    // Nothing is confirmed before the traveller has seen the refund of this choice.
    const current = answer;
    if (!current) return;
    const quotedRefundPaise = phase.name === 'refundChanged' ? phase.newRefundPaise : current.quote.refundPaise;
    const signature = `${chosen.join(',')}|${state.destination}|${quotedRefundPaise}`;
    if (key.current?.for !== signature) key.current = { for: signature, key: newIdempotencyKey() };
    dispatch({ type: 'confirm', quotedRefundPaise });
    void cancelPassengers(booking.id, { passengers: chosen, destination: state.destination, quotedRefundPaise, ...(journey === null ? {} : { journey }) }, key.current.key).then(
      (done) => {
        dispatch({ type: 'cancelled', answer: done });
        announce(`Cancellation confirmed. ${formatPaise(done.cancellation.refundPaise)} will be refunded.`);
        queryClient.setQueryData(queryKeys.bookings.one(booking.id), done.booking);
        void queryClient.invalidateQueries({ queryKey: queryKeys.bookings.all });
        void queryClient.invalidateQueries({ queryKey: queryKeys.profileStats });
        void queryClient.invalidateQueries({ queryKey: queryKeys.account.credit });
        // Cancelled passengers' boarding passes leave the wallet and its offline copy.
        void refreshPasses().catch(() => {});
      },
      async (error: unknown) => {
        const moved = refundChangeOf(error);
        if (moved !== undefined) {
          const fresh = moved ?? (await queryClient.fetchQuery({ ...cancellationQuoteQuery(booking.id, chosen), staleTime: 0 }).catch(() => null));
          if (fresh && fresh.quote.refundPaise === quotedRefundPaise && error instanceof ApiError) {
            // The airline's quote expired but the refund is the same: the fresh quote is shown, the traveller confirms again.
            queryClient.setQueryData(cancellationQuoteQuery(booking.id, chosen).queryKey, fresh);
            dispatch({ type: 'failed', message: error.message });
            alert.say(error.message);
            return;
          }
          if (fresh) {
            queryClient.setQueryData(cancellationQuoteQuery(booking.id, chosen).queryKey, fresh);
            dispatch({ type: 'refundChanged', newRefundPaise: fresh.quote.refundPaise });
            alert.say(`The refund has changed: was ${formatPaise(quotedRefundPaise)}, now ${formatPaise(fresh.quote.refundPaise)}.`);
            return;
          }
        }
        const message = error instanceof ApiError ? (error.fields.passengers ?? error.message) : 'Cancellation failed. Please try again.';
        dispatch({ type: 'failed', message });
        alert.say(message);
      },
    );
  };

  const locked = isLocked(state);
  const methodLabel = paymentMethodLabel(booking);
  const refunded = phase.name === 'done' ? phase.answer.refunds : [];
  const toCredit = refunded.filter((r) => r.destination === 'credit').reduce((n, r) => n + r.amountPaise, 0);
  const toOriginal = refunded.filter((r) => r.destination === 'original').reduce((n, r) => n + r.amountPaise, 0);
  const firstOriginal = refunded.find((r) => r.destination === 'original');
  const choiceErrorId = `cancel-choice-error-${booking.id}`;
  const quoteError = quote.isError ? (quote.error instanceof ApiError ? (quote.error.fields.passengers ?? quote.error.message) : quote.error.message) : null;

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next && phase.name === 'sending') return;
        onOpenChange(next);
      }}
      dismissible={phase.name !== 'sending'}
      title={trip && journey !== null ? `Cancel journey ${journey + 1} of booking ${booking.pnr}` : `Cancel booking ${booking.pnr}`}
      description={trip ? `${trip.from} → ${trip.to} · ${formatDate(trip.date)} · the other journeys stay booked` : `${booking.source} → ${booking.destination} · ${formatDate(booking.date)}`}
      className="cancel-dialog"
    >
      {region}
      {alert.region}
      {phase.name === 'done' ? (
        <div className="cancel-done">
          <h3 ref={doneRef} tabIndex={-1}>
            Cancellation confirmed
          </h3>
          {toCredit > 0 && <p>{formatPaise(toCredit)} was added to your Safar credit. You can use it on a later booking; your profile shows the balance.</p>}
          {toOriginal > 0 && (
            <p>
              {formatPaise(toOriginal)} goes back to your original payment method ({methodLabel})
              {firstOriginal ? `, by ${formatDate(firstOriginal.dueBy)} at the latest.` : '.'}
            </p>
          )}
          {toCredit + toOriginal === 0 && <p>Nothing is refundable on this cancellation.</p>}
          <p>Follow the refund on the ticket page. Cancelled passengers’ boarding passes are no longer valid.</p>
          <div className="modal-actions">
            <button type="button" className="btn btn-primary" onClick={() => onOpenChange(false)}>
              Done
            </button>
          </div>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            confirm();
          }}
        >
          {several && (
            <fieldset className="cancel-fieldset" ref={choiceRef} aria-describedby={state.choiceError ? choiceErrorId : undefined}>
              <legend>What to cancel</legend>
              <label className="cancel-option">
                <input type="radio" name="cancel-scope" checked={state.scope === 'whole'} disabled={locked} onChange={() => dispatch({ type: 'scope', scope: 'whole' })} />
                Cancel whole booking ({state.travelling.length} passengers)
              </label>
              <label className="cancel-option">
                <input type="radio" name="cancel-scope" checked={state.scope === 'some'} disabled={locked} onChange={() => dispatch({ type: 'scope', scope: 'some' })} />
                Cancel some passengers
              </label>
              {state.scope === 'some' && (
                <fieldset className="cancel-passengers">
                  <legend>Passengers to cancel</legend>
                  {state.travelling.map((position) => {
                    const p = booking.passengers[position];
                    if (!p) return null;
                    return (
                      <label key={p.id} className="cancel-option">
                        <input
                          type="checkbox"
                          checked={state.ticked.includes(position)}
                          disabled={locked}
                          aria-invalid={state.choiceError ? true : undefined}
                          onChange={() => dispatch({ type: 'toggle', position })}
                        />
                        {passengerName(p)} <span className="muted">({p.type})</span>
                      </label>
                    );
                  })}
                </fieldset>
              )}
              {state.choiceError && (
                <p id={choiceErrorId} className="trip-error cancel-error">
                  {state.choiceError}
                </p>
              )}
            </fieldset>
          )}
          {!several && only && (
            <p>
              Cancelling <strong>{passengerName(only)}</strong> ({only.type}).
            </p>
          )}

          <section className="cancel-quote" aria-labelledby={`cancel-quote-title-${booking.id}`} aria-busy={quote.isFetching}>
            <h3 id={`cancel-quote-title-${booking.id}`}>Your refund</h3>
            {chosen.length === 0 ? (
              <p className="muted">Choose the passengers to cancel to see what comes back.</p>
            ) : quoteError ? (
              <p className="trip-error" role="alert">
                {quoteError}
              </p>
            ) : answer ? (
              <RefundQuoteView booking={booking} quote={answer.quote} headingLevel={4} />
            ) : (
              <div role="status" aria-label="Working out your refund">
                <div className="skeleton skeleton-line" />
                <div className="skeleton skeleton-line short" />
              </div>
            )}
          </section>

          {phase.name === 'refundChanged' && (
            <div className="cancel-changed" role="alert">
              <p>The refund has changed since you looked. Please review the new amount.</p>
              <dl className="cancel-compare">
                <div>
                  <dt>Before</dt>
                  <dd>
                    <s>{formatPaise(phase.oldRefundPaise)}</s>
                  </dd>
                </div>
                <div>
                  <dt>Now</dt>
                  <dd>
                    <strong>{formatPaise(phase.newRefundPaise)}</strong>
                  </dd>
                </div>
              </dl>
            </div>
          )}

          <fieldset className="cancel-fieldset">
            <legend>Where the refund goes</legend>
            <label className="cancel-option">
              <input type="radio" name="cancel-destination" checked={state.destination === 'original'} disabled={locked} onChange={() => dispatch({ type: 'destination', destination: 'original' })} />
              Original payment method ({methodLabel})
            </label>
            {answer?.creditOffered && (
              <label className="cancel-option">
                <input type="radio" name="cancel-destination" checked={state.destination === 'credit'} disabled={locked} onChange={() => dispatch({ type: 'destination', destination: 'credit' })} />
                Safar credit (added now, to use on a later booking)
              </label>
            )}
          </fieldset>

          {phase.name === 'failed' && (
            <p className="trip-error" role="alert">
              {phase.message}
            </p>
          )}

          <div className="modal-actions">
            <button type="button" className="btn" disabled={phase.name === 'sending'} onClick={() => onOpenChange(false)}>
              Keep booking
            </button>
            <button type="submit" className="btn btn-danger" disabled={phase.name === 'sending' || (chosen.length > 0 && !answer)}>
              {phase.name === 'sending'
                ? 'Cancelling…'
                : phase.name === 'refundChanged'
                  ? `Confirm with refund ${formatPaise(phase.newRefundPaise)}`
                  : 'Confirm cancellation'}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
