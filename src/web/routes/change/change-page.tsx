import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useReducer, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { BookingView } from '../../../core/booking';
import { journeyItinerary } from '../../../core/trip';
import { TRIP_CHANGE_MESSAGES } from '../../../core/trip-changes';
import { useDocumentTitle } from '../../components/page-title';
import { RequireAuth } from '../../features/auth/require-auth';
import { bookingQuery, newIdempotencyKey } from '../../features/booking/booking-api';
import { changeReducer, initialChange, isSending } from '../../features/trip-changes/change-machine';
import { ChangeOptionCard } from '../../features/trip-changes/change-option-card';
import { changeFlight, changeOptionsQuery, dueChangeOf } from '../../features/trip-changes/trip-changes-api';
import { ApiError } from '../../lib/api';
import { announce } from '../../lib/announce';
import { formatDay, formatPaise, localTime } from '../../lib/format';
import { useOnline } from '../../lib/offline/connection';
import { NeedsConnection } from '../../lib/offline/needs-connection';
import { queryKeys } from '../../lib/query-keys';
import { QueryScope } from '../../lib/query-scope';
import '../../features/booking/forms.css';
import './change.css';

/** Today's local calendar date (YYYY-MM-DD): the earliest date a flight may change to. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Flights shown at first, and added by each "Show more flights". */
const PAGE = 8;

/** The journey a whole trip's change names (`?journey=1`, 0-based), or null. */
function journeyParam(search: string): number | null {
  const value = new URLSearchParams(search).get('journey');
  return value !== null && /^\d$/.test(value) ? Number(value) : null;
}

/**
 * Change flight (/ticket/:bookingId/change, signed-in only): a date, the flights on the same route
 * that day with what changing costs (change fee + fare difference = due), and the change itself;
 * what is due is paid on the payment screen, otherwise the new ticket opens. A whole trip changes
 * one journey (`?journey=n`): its route, its date, its fare rules; the other journeys stay.
 * @example <Route path="/ticket/:bookingId/change" component={ChangePage} />
 */
export function ChangePage({ params }: { params: { bookingId: string } }) {
  useDocumentTitle('Change flight');
  const journey = journeyParam(useSearch());
  return (
    <RequireAuth>
      <QueryScope>
        <ChangeScreen bookingId={params.bookingId} journey={journey} />
      </QueryScope>
    </RequireAuth>
  );
}

function ChangeScreen({ bookingId, journey }: { bookingId: string; journey: number | null }) {
  const booking = useQuery(bookingQuery(bookingId));
  if (booking.isPending) {
    return (
      <div className="container page" role="status" aria-busy="true" aria-label="Loading your booking">
        <div className="skeleton skeleton-title" />
        <div className="skeleton skeleton-line" />
      </div>
    );
  }
  if (booking.isError) {
    return (
      <div className="container page">
        <div className="card change-empty" role="alert">
          <h1>Change flight</h1>
          <p>{booking.error instanceof ApiError && booking.error.status === 404 ? 'We could not find this booking.' : booking.error.message}</p>
          <Link href="/profile" className="btn btn-primary">
            Go to Profile
          </Link>
        </div>
      </div>
    );
  }
  return <ChangeForm booking={booking.data} journey={booking.data.journeys.length > 1 ? journey : null} />;
}

function ChangeForm({ booking, journey }: { booking: BookingView; journey: number | null }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const online = useOnline();
  // A whole trip's journey: its own legs, route and date.
  const trip = journey === null ? undefined : booking.journeys[journey];
  const current = trip && journey !== null ? journeyItinerary(booking.itinerary, trip, journey) : booking.itinerary;
  const route = trip ? { from: trip.from, to: trip.to, date: trip.date } : { from: booking.source, to: booking.destination, date: booking.date };
  const [state, dispatch] = useReducer(changeReducer, route.date, initialChange);
  const [typed, setTyped] = useState(route.date);
  const [dateError, setDateError] = useState<string | null>(null);
  // Flights shown of the date's list (the busiest routes fly dozens a day): a page at a time.
  const [shown, setShown] = useState(PAGE);
  const listRef = useRef<HTMLUListElement>(null);
  // A partly cancelled booking still has passengers travelling: they may change flight too.
  const changeable = booking.status === 'confirmed' || booking.status === 'partly_cancelled';
  const options = useQuery({ ...changeOptionsQuery(booking.id, state.date, journey), enabled: changeable });
  // The server's word on the date (a day past the schedule, say) belongs to the date field too.
  const serverDateError = options.error instanceof ApiError ? (options.error.fields.date ?? null) : null;
  const shownDateError = dateError ?? serverDateError;
  const key = useRef<{ for: string; key: string } | null>(null);
  const dateRef = useRef<HTMLInputElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const phase = state.phase;
  /** The amount due stayed but the money paid back moved: the notice compares the money back. */
  const moneyBackMoved = phase.name === 'dueChanged' && phase.oldDuePaise === phase.newDuePaise && phase.oldRefundPaise !== phase.newRefundPaise;
  const ticketHref = `/ticket/${encodeURIComponent(booking.id)}`;
  const first = current.legs[0];
  const travelling = booking.passengers.filter((p) => p.cancelledAt === null).length;

  useEffect(() => {
    if (options.data) announce(`${options.data.options.length} flight${options.data.options.length === 1 ? '' : 's'} on ${formatDay(options.data.date)}`);
  }, [options.data]);
  useEffect(() => {
    if (phase.name === 'dueChanged') noticeRef.current?.focus();
  }, [phase.name]);

  const send = (itineraryId: string, quotedDuePaise: number, quotedRefundPaise: number) => {
    const signature = `${itineraryId}|${quotedDuePaise}|${quotedRefundPaise}`;
    if (key.current?.for !== signature) key.current = { for: signature, key: newIdempotencyKey() };
    void changeFlight(booking.id, { itineraryId, quotedDuePaise, quotedRefundPaise, ...(journey === null ? {} : { journey }) }, key.current.key).then(
      (answer) => {
        dispatch({ type: 'changed', answer });
        queryClient.setQueryData(queryKeys.bookings.one(answer.booking.id), answer.booking);
        void queryClient.invalidateQueries({ queryKey: queryKeys.bookings.all });
        if (answer.booking.status === 'held') {
          announce(`Flight held. ${formatPaise(answer.quote.duePaise)} due for this change.`);
          navigate('/payment', { state: { bookingId: answer.booking.id } });
        } else {
          announce('Flight changed.');
          void queryClient.invalidateQueries({ queryKey: queryKeys.profileStats });
          navigate(`/ticket/${encodeURIComponent(answer.booking.id)}`);
        }
      },
      async (error: unknown) => {
        const moved = dueChangeOf(error);
        if (moved !== undefined) {
          const fresh = moved ?? (await queryClient.fetchQuery({ ...changeOptionsQuery(booking.id, state.date, journey), staleTime: 0 }).then((a) => a.options.find((o) => o.itinerary.id === itineraryId)?.quote ?? null, () => null));
          if (fresh) {
            dispatch({ type: 'dueChanged', newDuePaise: fresh.duePaise, newRefundPaise: fresh.refundPaise });
            announce(
              fresh.duePaise === quotedDuePaise
                ? `The money paid back has changed: was ${formatPaise(quotedRefundPaise)}, now ${formatPaise(fresh.refundPaise)}.`
                : `The amount due has changed: was ${formatPaise(quotedDuePaise)}, now ${formatPaise(fresh.duePaise)}.`,
              'assertive',
            );
            return;
          }
        }
        const message = error instanceof ApiError ? error.message : 'The change failed. Please try again.';
        dispatch({ type: 'failed', message });
        announce(message, 'assertive');
      },
    );
  };

  if (!changeable) {
    return (
      <div className="container page">
        <div className="card change-empty">
          <h1>Change flight</h1>
          <p>Only a confirmed or partly cancelled booking can be changed. This booking cannot be changed.</p>
          <Link href={ticketHref} className="btn btn-primary">
            Back to ticket
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="container page change-page">
      <Link href={ticketHref} className="btn btn-ghost change-back">
        <ArrowLeft aria-hidden="true" size={18} /> Back to ticket
      </Link>
      <h1>Change flight</h1>
      {trip && journey !== null ? (
        <p className="change-journey">
          Journey {journey + 1} of {booking.journeys.length}: the other journeys stay as booked.
        </p>
      ) : null}
      <p className="change-now">
        Now booked: <strong>{current.legs.map((l) => l.flightNumber).join(', ')}</strong> {route.from} → {route.to},{' '}
        {formatDay(route.date)}
        {first ? ` at ${localTime(first.departure)}` : ''} · {travelling} passenger{travelling === 1 ? '' : 's'}. The new flight keeps the cabin and fare family.
      </p>

      <form
        className="card change-date"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!/^\d{4}-\d{2}-\d{2}$/.test(typed) || typed < today()) {
            setDateError(TRIP_CHANGE_MESSAGES.changeDateRequired);
            announce(TRIP_CHANGE_MESSAGES.changeDateRequired, 'assertive');
            dateRef.current?.focus();
            return;
          }
          setDateError(null);
          setShown(PAGE);
          dispatch({ type: 'date', date: typed });
        }}
      >
        <div className="bk-field">
          <label htmlFor="change-date">New travel date</label>
          <input
            ref={dateRef}
            id="change-date"
            type="date"
            min={today()}
            value={typed}
            aria-invalid={shownDateError ? true : undefined}
            aria-describedby={shownDateError ? 'change-date-error' : undefined}
            disabled={isSending(state)}
            onChange={(event) => {
              setTyped(event.target.value);
              setDateError(null);
            }}
          />
          {shownDateError && (
            <p id="change-date-error" className="bk-error">
              {shownDateError}
            </p>
          )}
        </div>
        <button type="submit" className="btn" disabled={isSending(state)}>
          Show flights
        </button>
      </form>

      {!online && <NeedsConnection />}

      {phase.name === 'dueChanged' && (
        <div className="card change-notice" role="alert" tabIndex={-1} ref={noticeRef}>
          <p>{moneyBackMoved ? TRIP_CHANGE_MESSAGES.moneyBackChanged : TRIP_CHANGE_MESSAGES.dueChanged}</p>
          <dl className="change-compare">
            <div>
              <dt>Before</dt>
              <dd>
                <s>{formatPaise(moneyBackMoved ? phase.oldRefundPaise : phase.oldDuePaise)}</s>
              </dd>
            </div>
            <div>
              <dt>Now</dt>
              <dd>
                <strong>{formatPaise(moneyBackMoved ? phase.newRefundPaise : phase.newDuePaise)}</strong>
              </dd>
            </div>
          </dl>
          <div className="change-notice-actions">
            <button type="button" className="btn" onClick={() => dispatch({ type: 'back' })}>
              Choose another flight
            </button>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                dispatch({ type: 'accept' });
                send(phase.itineraryId, phase.newDuePaise, phase.newRefundPaise);
              }}
            >
              {moneyBackMoved ? `Continue with ${formatPaise(phase.newRefundPaise)} back` : `Continue with ${formatPaise(phase.newDuePaise)}`}
            </button>
          </div>
        </div>
      )}
      {phase.name === 'failed' && (
        <p className="bk-error change-failed" role="alert">
          {phase.message}
        </p>
      )}

      <section className="change-options" aria-labelledby="change-options-title" aria-busy={options.isFetching}>
        <h2 id="change-options-title">Flights on {formatDay(state.date)}</h2>
        {options.isPending ? (
          <div role="status" aria-label="Loading flights">
            <div className="skeleton change-skeleton" />
            <div className="skeleton change-skeleton" />
          </div>
        ) : options.isError && serverDateError ? (
          <p role="alert">{serverDateError}</p>
        ) : options.isError ? (
          <div role="alert">
            <p>{options.error.message}</p>
            <button type="button" className="btn" onClick={() => void options.refetch()}>
              Try again
            </button>
          </div>
        ) : options.data.options.length === 0 ? (
          <p>No flights on this route that day. Try another date.</p>
        ) : (
          <ul className="change-list" ref={listRef}>
            {options.data.options.slice(0, shown).map((option) => (
              <ChangeOptionCard
                key={option.itinerary.id}
                option={option}
                journey={journey}
                disabled={isSending(state) || phase.name === 'dueChanged' || !online}
                busy={phase.name === 'sending' && phase.itineraryId === option.itinerary.id}
                onChoose={() => {
                  dispatch({ type: 'choose', itineraryId: option.itinerary.id, quotedDuePaise: option.quote.duePaise, quotedRefundPaise: option.quote.refundPaise });
                  send(option.itinerary.id, option.quote.duePaise, option.quote.refundPaise);
                }}
              />
            ))}
          </ul>
        )}
        {options.data && options.data.options.length > shown && (
          <button
            type="button"
            className="btn change-more"
            onClick={() => {
              const first = shown;
              setShown((n) => n + PAGE);
              // The first flight just shown takes focus, so the traveller goes on from where the list grew.
              window.requestAnimationFrame(() => listRef.current?.querySelectorAll<HTMLButtonElement>('li button')[first]?.focus());
            }}
          >
            Show {Math.min(PAGE, options.data.options.length - shown)} more flights ({options.data.options.length - shown} left)
          </button>
        )}
      </section>
    </div>
  );
}
