import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, TriangleAlert } from 'lucide-react';
import { type RefObject, useEffect, useReducer, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { DisruptionAlternative, DisruptionAnswer, DisruptionCase } from '../../../core/disruptions';
import { useDocumentTitle } from '../../components/page-title';
import { RequireAuth } from '../../features/auth/require-auth';
import { bookingQuery, newIdempotencyKey } from '../../features/booking/booking-api';
import { alternativesQuery, disruptionQuery, keepTrip, rebookFlight, refundTrip, soldOutOf } from '../../features/disruptions/disruptions-api';
import { changeWords, flightWords, rightsRows } from '../../features/disruptions/rights';
import { canAct, initialTripChanged, isDecided, type TripChangedAction, tripChangedReducer } from '../../features/disruptions/trip-changed-machine';
import { RefundTracker } from '../../features/trip-changes/refund-tracker';
import { ApiError } from '../../lib/api';
import { announce } from '../../lib/announce';
import { formatDay, formatDuration, formatPaise, localDate, localTime } from '../../lib/format';
import { useOnline } from '../../lib/offline/connection';
import { NeedsConnection } from '../../lib/offline/needs-connection';
import { queryKeys } from '../../lib/query-keys';
import { QueryScope } from '../../lib/query-scope';
import '../../features/trip-changes/trip-changes.css';
import './trip-changed.css';

/** Alternatives shown at first, and added by each "Show more flights". */
const PAGE = 6;

/**
 * "Your trip changed" (/ticket/:bookingId/changed, signed-in only): for each change the airline
 * made to the booking, what changed and why, the old and new times, the rights with amounts,
 * compensation and how to claim it, the deadline and what Safar does if the traveller does nothing,
 * and the actions: Rebook (the protected flight pre-selected, or another free flight), Refund (after
 * a confirm step showing the full amount) or Keep.
 * @example <Route path="/ticket/:bookingId/changed" component={TripChangedPage} />
 */
export function TripChangedPage({ params }: { params: { bookingId: string } }) {
  useDocumentTitle('Your trip changed');
  return (
    <RequireAuth>
      <QueryScope>
        <TripChangedScreen bookingId={params.bookingId} />
      </QueryScope>
    </RequireAuth>
  );
}

function TripChangedScreen({ bookingId }: { bookingId: string }) {
  const answer = useQuery(disruptionQuery(bookingId));
  const ticketHref = `/ticket/${encodeURIComponent(bookingId)}`;
  if (answer.isPending) {
    return (
      <div className="container page" role="status" aria-busy="true" aria-label="Loading your trip changes">
        <div className="skeleton skeleton-title" />
        <div className="skeleton skeleton-line" />
      </div>
    );
  }
  if (answer.isError) {
    return (
      <div className="container page">
        <div className="card tc-empty" role="alert">
          <h1>Your trip changed</h1>
          <p>{answer.error instanceof ApiError && answer.error.status === 404 ? 'We could not find this booking.' : answer.error.message}</p>
          {answer.error instanceof ApiError && answer.error.status === 404 ? null : (
            <button type="button" className="btn" onClick={() => void answer.refetch()}>
              Try again
            </button>
          )}
          <Link href="/profile" className="btn btn-primary">
            Go to Profile
          </Link>
        </div>
      </div>
    );
  }
  const { cases } = answer.data;
  return (
    <div className="container page tc-page">
      <Link href={ticketHref} className="btn btn-ghost tc-back">
        <ArrowLeft aria-hidden="true" size={18} /> Back to ticket
      </Link>
      <h1>Your trip changed</h1>
      {cases.length === 0 ? (
        <div className="card tc-empty">
          <p>Nothing has changed on this booking: your flights are as you booked them.</p>
          <Link href={ticketHref} className="btn btn-primary">
            Open your ticket
          </Link>
        </div>
      ) : (
        cases.map((tripCase) => <CaseSection key={tripCase.id} bookingId={bookingId} tripCase={tripCase} />)
      )}
    </div>
  );
}

/** Local "10:00 → 12:10" with the date. */
function TimesWords({ departure, arrival }: { departure: string; arrival: string }) {
  return (
    <>
      <span className="tc-clock">
        {localTime(departure)} → {localTime(arrival)}
      </span>{' '}
      <span className="tc-day">{formatDay(localDate(departure))}</span>
    </>
  );
}

/** The button word for keeping the changed flight, by what the rule calls keeping it. */
function keepLabel(tripCase: DisruptionCase): string {
  const accept = tripCase.entitlements[0]?.entitlements.options.find((o) => o.kind === 'accept');
  if (accept?.kind !== 'accept') return 'Keep my booking';
  if (accept.what === 'protected-flight') return tripCase.protectedFlight ? `Keep the ${localTime(tripCase.protectedFlight.departure)} flight` : 'Keep the new flight';
  if (accept.what === 'new-time') return 'Keep the new time';
  return accept.what === 'lower-cabin' ? 'Keep this flight' : 'Keep my booking';
}

const ACTION_WORDS: Record<TripChangedAction, string> = { rebook: 'The rebooking', refund: 'The refund', keep: 'Keeping the flight' };

function CaseSection({ bookingId, tripCase }: { bookingId: string; tripCase: DisruptionCase }) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const [state, dispatch] = useReducer(tripChangedReducer, tripCase.actions.includes('rebook') ? (tripCase.protectedFlight?.flightId ?? null) : null, initialTripChanged);
  // The next option a sold-out answer named, which may not be in the list yet.
  const [offered, setOffered] = useState<DisruptionAlternative | null>(null);
  // The flight the traveller chose to move to, named once the rebooking went through.
  const [movedTo, setMovedTo] = useState<DisruptionAlternative | null>(null);
  const [shown, setShown] = useState(PAGE);
  const key = useRef<{ for: string; key: string } | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const confirmRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);
  const refundRef = useRef<HTMLButtonElement>(null);
  const d = tripCase.disruption;
  const canRebook = tripCase.actions.includes('rebook');
  const canRefund = tripCase.actions.includes('refund');
  const canKeep = tripCase.actions.includes('accept');
  const alternatives = useQuery({ ...alternativesQuery(bookingId, tripCase.id), enabled: canRebook && state.listOpen });
  const flights = alternatives.data?.alternatives ?? [];
  const selected = [tripCase.protectedFlight, offered, ...flights].find((f) => f && f.flightId === state.selectedFlightId) ?? null;
  const soldOutId = state.phase.name === 'soldOut' ? state.phase.soldOutFlightId : null;
  const decided = isDecided(state) || (tripCase.state !== 'open' && tripCase.state !== 'information');
  const titleId = `tc-title-${tripCase.id}`;
  const phase = state.phase.name;

  useEffect(() => {
    if (phase === 'confirmRefund') confirmRef.current?.focus();
    else if (phase === 'rebooked' || phase === 'refunded' || phase === 'kept') outcomeRef.current?.focus();
    else if (phase === 'soldOut' || phase === 'failed') alertRef.current?.focus();
  }, [phase]);

  // The settled case from the answer replaces the open one; every other answer about bookings is
  // fetched again (a changed or cancelled booking may no longer list its trip changes).
  const settled = (answered: DisruptionCase) => {
    const own = queryKeys.bookings.disruption(bookingId);
    queryClient.setQueryData<DisruptionAnswer>(own, (old) => (old ? { ...old, cases: old.cases.map((c) => (c.id === answered.id ? answered : c)) } : old));
    void queryClient.invalidateQueries({ queryKey: queryKeys.bookings.all, predicate: (query) => query.queryKey.length !== own.length || own.some((part, i) => query.queryKey[i] !== part) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.profileStats });
    void queryClient.invalidateQueries({ queryKey: queryKeys.disruptionSummary });
  };
  const idempotencyKey = (signature: string) => {
    if (key.current?.for !== signature) key.current = { for: signature, key: newIdempotencyKey() };
    return key.current.key;
  };
  const fail = (error: unknown) => {
    const message = error instanceof ApiError ? error.message : 'Something went wrong. Please try again.';
    dispatch({ type: 'failed', message });
    announce(message, 'assertive');
  };

  const rebook = () => {
    const flightId = state.selectedFlightId;
    if (!flightId) return;
    setMovedTo(selected);
    dispatch({ type: 'rebook' });
    rebookFlight(bookingId, tripCase.id, flightId, idempotencyKey(`rebook|${flightId}`)).then(
      (answer) => {
        queryClient.setQueryData(queryKeys.bookings.one(answer.booking.id), answer.booking);
        dispatch({ type: 'rebooked', bookingId: answer.booking.id });
        announce(`Rebooked. Your new ticket is ${answer.booking.pnr}.`);
        settled(answer.case);
      },
      (error: unknown) => {
        const soldOut = soldOutOf(error);
        if (!soldOut) return fail(error);
        setOffered(soldOut.next);
        dispatch({ type: 'soldOut', message: soldOut.message, next: soldOut.next?.flightId ?? null });
        announce(soldOut.next ? `${soldOut.message} Next: ${flightWords(soldOut.next)}.` : soldOut.message, 'assertive');
        void queryClient.invalidateQueries({ queryKey: queryKeys.bookings.disruptionAlternatives(bookingId, tripCase.id) });
      },
    );
  };
  const refund = () => {
    dispatch({ type: 'confirmRefund' });
    refundTrip(bookingId, tripCase.id, idempotencyKey('refund')).then(
      (answer) => {
        queryClient.setQueryData(queryKeys.bookings.one(answer.booking.id), answer.booking);
        dispatch({ type: 'refunded' });
        announce(`Refund of ${formatPaise(tripCase.refundPaise)} started.`);
        settled(answer.case);
      },
      fail,
    );
  };
  const keep = () => {
    dispatch({ type: 'keep' });
    keepTrip(bookingId, tripCase.id).then((answer) => {
      dispatch({ type: 'kept' });
      announce('Kept. Your booking stays as it is now.');
      settled(answer.case);
    }, fail);
  };

  const rows = rightsRows(tripCase);
  const busy = phase === 'sending';
  const disabled = !canAct(state) || !online;

  return (
    <section className="card tc-case" aria-labelledby={titleId} data-testid="trip-change">
      <h2 id={titleId} className="tc-title">
        <TriangleAlert aria-hidden="true" size={20} /> {d.flightNumber} {tripCase.fromCity} → {tripCase.toCity}: {changeWords(d)}
      </h2>
      <p className="tc-what">{tripCase.whatChanged}</p>

      <dl className="tc-times">
        <div>
          <dt>You booked</dt>
          <dd>
            {d.kind === 'cancellation' || d.kind === 'delay' || d.kind === 'retiming' ? (
              <s>
                <TimesWords departure={d.scheduled.departure} arrival={d.scheduled.arrival} />
              </s>
            ) : (
              <TimesWords departure={d.scheduled.departure} arrival={d.scheduled.arrival} />
            )}
          </dd>
        </div>
        {d.kind === 'delay' || d.kind === 'retiming' ? (
          <div>
            <dt>{d.kind === 'delay' ? 'Expected now' : 'New time'}</dt>
            <dd>
              <strong>
                <TimesWords departure={d.expected.departure} arrival={d.expected.arrival} />
              </strong>
            </dd>
          </div>
        ) : d.kind === 'cancellation' ? (
          <div>
            <dt>Now</dt>
            <dd>
              <strong>Cancelled</strong>
              {tripCase.protectedFlight ? (
                <>
                  {' '}
                  · held for you: {tripCase.protectedFlight.flightNumber}{' '}
                  <TimesWords departure={tripCase.protectedFlight.departure} arrival={tripCase.protectedFlight.arrival} />
                </>
              ) : null}
            </dd>
          </div>
        ) : null}
      </dl>

      {tripCase.state === 'information' ? (
        <p className="tc-info">Nothing to choose: this is for your information.</p>
      ) : decided ? (
        // Settled: the choices are gone; what the airline owes stays the traveller's to claim.
        rows
          .filter((row) => row.key === 'compensation')
          .map((row) => (
            <div key={row.key} className="tc-right tc-right-compensation tc-settled-compensation">
              <strong>{row.title}</strong>
              <span>{row.detail}</span>
            </div>
          ))
      ) : (
        <>
          <h3 className="tc-subtitle">Your rights</h3>
          <p className="tc-rights-line">
            <strong>{tripCase.rightsLine}</strong>
          </p>
          <ul className="tc-rights">
            {rows.map((row) => (
              <li key={row.key} className={`tc-right tc-right-${row.key}`}>
                <strong>{row.title}</strong>
                <span>{row.detail}</span>
              </li>
            ))}
          </ul>
          {tripCase.missedLegs.length > 0 ? <p className="tc-info">Your connecting flight on this booking is protected too: it moves with you.</p> : null}
          {tripCase.deadlineLine ? <p className="tc-deadline">{tripCase.deadlineLine}</p> : null}
        </>
      )}

      {decided ? (
        <Outcome bookingId={bookingId} tripCase={tripCase} phase={state.phase} movedTo={phase === 'rebooked' ? movedTo : null} outcomeRef={outcomeRef} />
      ) : tripCase.state === 'open' && tripCase.actions.length === 0 ? (
        <p className="tc-info">The time to choose has passed: Safar is settling this change as described above.</p>
      ) : tripCase.actions.length > 0 ? (
        <div className="tc-actions-area">
          <h3 className="tc-subtitle">What would you like to do?</h3>
          {!online && <NeedsConnection />}
          {state.phase.name === 'soldOut' || state.phase.name === 'failed' ? (
            <p className="bk-error tc-alert" role="alert" tabIndex={-1} ref={alertRef}>
              {state.phase.name === 'failed' ? `${ACTION_WORDS[state.phase.action]} did not go through. ` : ''}
              {state.phase.message}
              {state.phase.name === 'soldOut' && selected ? ` The next free flight is ${flightWords(selected)}.` : ''}
            </p>
          ) : null}

          {state.phase.name === 'confirmRefund' ? (
            <div className="tc-confirm" role="group" aria-labelledby={`${titleId}-confirm`}>
              <h4 id={`${titleId}-confirm`} tabIndex={-1} ref={confirmRef}>
                Refund {formatPaise(tripCase.refundPaise)} in full?
              </h4>
              <p>
                Your booking is cancelled and <strong>{formatPaise(tripCase.refundPaise)}</strong> (everything you paid, Safar’s fee and any seats and add-ons included) goes back to your original payment
                method. Nothing is deducted.
                {tripCase.compensationPaise > 0 ? ` The ${formatPaise(tripCase.compensationPaise)} compensation is the airline’s to pay you either way.` : ''}
              </p>
              <div className="tc-buttons">
                <button type="button" className="btn btn-primary" onClick={refund} disabled={!online}>
                  Confirm refund of {formatPaise(tripCase.refundPaise)}
                </button>
                <button
                  type="button"
                  className="btn"
                  onClick={() => {
                    dispatch({ type: 'back' });
                    // Back where the traveller came from: the Refund button.
                    window.requestAnimationFrame(() => refundRef.current?.focus());
                  }}
                >
                  Back
                </button>
              </div>
            </div>
          ) : (
            <>
              {canRebook ? (
                <div className="tc-rebook">
                  {selected ? (
                    <p className="tc-selected">
                      Selected: <strong>{flightWords(selected)}</strong>, arriving {localTime(selected.arrival)}
                      {selected.protected ? ' (the flight held for you)' : ''}.
                    </p>
                  ) : (
                    <p className="tc-selected">Choose a flight from the list below.</p>
                  )}
                  <div className="tc-buttons">
                    <button type="button" className="btn btn-primary" onClick={rebook} disabled={disabled || !selected} aria-busy={busy && state.phase.name === 'sending' && state.phase.action === 'rebook'}>
                      {selected ? `Rebook on ${selected.flightNumber} at ${localTime(selected.departure)}` : 'Rebook'}
                    </button>
                    {/* It stays where it is once the list is open (focus stays on it); pressed again, it takes the traveller to the chosen flight. */}
                    <button
                      type="button"
                      className="btn"
                      aria-expanded={state.listOpen}
                      aria-controls={state.listOpen ? `${titleId}-flights` : undefined}
                      onClick={() => {
                        if (state.listOpen) listRef.current?.querySelector<HTMLInputElement>('input:checked, input')?.focus();
                        else dispatch({ type: 'openList' });
                      }}
                      disabled={disabled}
                    >
                      Choose another flight
                    </button>
                  </div>
                </div>
              ) : null}
              <div className="tc-buttons">
                {canRefund ? (
                  <button type="button" className="btn" ref={refundRef} onClick={() => dispatch({ type: 'refund' })} disabled={disabled}>
                    Refund {formatPaise(tripCase.refundPaise)}
                  </button>
                ) : null}
                {canKeep ? (
                  <button type="button" className="btn" onClick={keep} disabled={disabled} aria-busy={busy && state.phase.name === 'sending' && state.phase.action === 'keep'}>
                    {keepLabel(tripCase)}
                  </button>
                ) : null}
              </div>
              {busy ? (
                <p role="status" className="muted">
                  Working on it…
                </p>
              ) : null}

              {canRebook && state.listOpen ? (
                <fieldset className="tc-flights" id={`${titleId}-flights`} disabled={disabled}>
                  <legend>Free flights on this route</legend>
                  {alternatives.isPending ? (
                    <div role="status" aria-label="Loading flights">
                      <div className="skeleton skeleton-line" />
                      <div className="skeleton skeleton-line" />
                    </div>
                  ) : alternatives.isError ? (
                    <div role="alert">
                      <p>{alternatives.error.message}</p>
                      <button type="button" className="btn" onClick={() => void alternatives.refetch()}>
                        Try again
                      </button>
                    </div>
                  ) : flights.length === 0 ? (
                    <p>No other flight on this route has seats within the time allowed. You can take the full refund.</p>
                  ) : (
                    <ul className="tc-flight-list" ref={listRef}>
                      {flights.slice(0, shown).map((flight) => (
                        <li key={flight.flightId}>
                          <label className="tc-flight" data-testid="trip-change-flight">
                            <input
                              type="radio"
                              name={`${titleId}-flight`}
                              value={flight.flightId}
                              checked={state.selectedFlightId === flight.flightId}
                              disabled={flight.flightId === soldOutId}
                              onChange={() => dispatch({ type: 'select', flightId: flight.flightId })}
                            />
                            <span className="tc-flight-main">
                              <strong>
                                {flight.flightNumber} · {localTime(flight.departure)} → {localTime(flight.arrival)}
                              </strong>
                              <span className="muted small">
                                {formatDay(localDate(flight.departure))} · {formatDuration(flight.durationMinutes)} · {flight.carrierName} · {flight.seatsLeft} seat{flight.seatsLeft === 1 ? '' : 's'} left
                                {flight.flightId === soldOutId ? ' · sold out' : ''}
                              </span>
                            </span>
                            {flight.protected ? <span className="tc-badge">Held for you</span> : null}
                          </label>
                        </li>
                      ))}
                    </ul>
                  )}
                  {flights.length > shown ? (
                    <button
                      type="button"
                      className="btn tc-more"
                      onClick={() => {
                        const first = shown;
                        setShown((n) => n + PAGE);
                        window.requestAnimationFrame(() => listRef.current?.querySelectorAll<HTMLInputElement>('input')[first]?.focus());
                      }}
                    >
                      Show {Math.min(PAGE, flights.length - shown)} more flights ({flights.length - shown} left)
                    </button>
                  ) : null}
                </fieldset>
              ) : null}
            </>
          )}
        </div>
      ) : null}
    </section>
  );
}

/** What happened to the case: the traveller's choice or Safar's default, with the new ticket or the refund tracker. */
function Outcome({
  bookingId,
  tripCase,
  phase,
  movedTo,
  outcomeRef,
}: {
  bookingId: string;
  tripCase: DisruptionCase;
  phase: ReturnType<typeof initialTripChanged>['phase'];
  movedTo: DisruptionAlternative | null;
  outcomeRef: RefObject<HTMLDivElement | null>;
}) {
  const outcome = phase.name === 'rebooked' || phase.name === 'refunded' || phase.name === 'kept' ? phase.name : (tripCase.decision?.outcome ?? null);
  const newBookingId = phase.name === 'rebooked' ? phase.bookingId : (tripCase.decision?.newBookingId ?? null);
  const bySafar = tripCase.decision?.by === 'safar' && phase.name !== 'rebooked' && phase.name !== 'refunded' && phase.name !== 'kept';
  const booking = useQuery({ ...bookingQuery(bookingId), enabled: outcome === 'refunded' });
  return (
    <div className="tc-outcome" role="status" tabIndex={-1} ref={outcomeRef} data-testid="trip-change-outcome">
      {outcome === 'rebooked' ? (
        <>
          <p>
            <strong>{bySafar ? 'Safar moved you to the flight held for you.' : movedTo ? `You are rebooked on ${flightWords(movedTo)}.` : 'You are rebooked.'}</strong> Your new ticket is
            issued; nothing to pay.
          </p>
          {newBookingId ? (
            <Link href={`/ticket/${encodeURIComponent(newBookingId)}`} className="btn btn-primary">
              Open your new ticket
            </Link>
          ) : null}
        </>
      ) : outcome === 'refunded' ? (
        <>
          <p>
            <strong>{bySafar ? 'Nobody answered by the deadline, so Safar refunded you in full.' : 'You took the full refund.'}</strong> It goes back to your original payment method.
          </p>
          {booking.data ? <RefundTracker booking={booking.data} /> : null}
        </>
      ) : outcome === 'kept' ? (
        <p>
          <strong>{bySafar ? 'Nobody answered by the deadline, so Safar kept your booking as the airline changed it.' : 'You kept your booking as the airline changed it.'}</strong>{' '}
          {tripCase.deadline?.action === 'keep-protected-flight' ? 'You can still change flight free until departure.' : ''}
        </p>
      ) : (
        <p>This change is settled.</p>
      )}
    </div>
  );
}
