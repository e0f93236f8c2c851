import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PlaneTakeoff } from 'lucide-react';
import { useEffect, useReducer, useRef } from 'react';
import type { BookingView } from '../../../core/booking';
import type { CheckInStatus } from '../../../core/check-in';
import { ApiError } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { newIdempotencyKey } from '../booking/booking-api';
import { registerPasses } from '../wallet/wallet-store';
import { bookingSeatMapQuery } from '../seats/seats-api';
import { checkInQuery, postCheckIn } from './check-in-api';
import { type CheckInAction, type CheckInFormState, checkInReducer, initialCheckIn, passportOf, requestOf } from './check-in-machine';
import { CheckInSeats } from './check-in-seats';
import './check-in.css';

type Leg = CheckInStatus['legs'][number];

/**
 * Web check-in on the ticket page: per leg, each passenger's state in words ("Check-in opens
 * 22 Dec 2026, 06:05", the counter or closed message, or the seat and sequence number once
 * checked in), and inside the window a Check in form (passengers, seats: keep or choose another
 * free one, passports for international legs), then the boarding passes, which also go to the wallet and its offline copy.
 * @example <CheckInPanel booking={booking} />
 */
export function CheckInPanel({ booking }: { booking: BookingView }) {
  const status = useQuery(checkInQuery(booking.id));
  const [state, dispatch] = useReducer(checkInReducer, initialCheckIn);
  const client = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = status.isSuccess;
  // Arriving from a "Check in" link (/ticket/{id}#check-in): the panel is scrolled to and its heading focused once loaded.
  useEffect(() => {
    if (loaded && window.location.hash === '#check-in') {
      heading.current?.scrollIntoView({ block: 'start' });
      heading.current?.focus();
    }
  }, [loaded]);
  if (booking.status !== 'confirmed' && booking.status !== 'partly_cancelled') return null;

  const submit = async (leg: Leg) => {
    dispatch({ type: 'submit' });
    try {
      const answer = await postCheckIn(booking.id, requestOf(state, leg.documentsNeeded), state.key);
      dispatch({ type: 'done', passes: answer.passes });
      await registerPasses(answer.passes).catch(() => {});
      await client.invalidateQueries({ queryKey: queryKeys.bookings.checkIn(booking.id) });
    } catch (error) {
      if (error instanceof ApiError && error.reason === 'seat-taken') {
        // The map as it is now: the picks someone else took meanwhile are dropped and that map reopens.
        const flightId = booking.itinerary.legs[leg.legIndex]?.flightId ?? '';
        const fresh = await client.fetchQuery({ ...bookingSeatMapQuery(booking.id, flightId), staleTime: 0 }).catch(() => null);
        const gone = Object.entries(state.seats).flatMap(([position, pick]) => (fresh?.seats.find((x) => x.seat === pick.seat)?.state === 'free' ? [] : [Number(position)]));
        dispatch({ type: 'seat-gone', message: error.message, positions: gone });
        return;
      }
      dispatch({ type: 'failed', message: error instanceof Error ? error.message : 'Check-in failed. Please try again.', fieldErrors: error instanceof ApiError ? error.fields : {} });
    }
  };

  return (
    <section id="check-in" className="ticket-section check-in no-print" aria-labelledby="check-in-title">
      <h2 id="check-in-title" ref={heading} tabIndex={-1}>
        Web check-in
      </h2>
      {status.isPending ? (
        <p role="status" className="muted">
          Loading check-in…
        </p>
      ) : status.isError ? (
        <p role="alert">Check-in could not be loaded. {status.error.message}</p>
      ) : (
        status.data.legs.map((leg) => (
          <div key={leg.legIndex} className="check-in-leg" data-testid={`check-in-leg-${leg.legIndex}`}>
            <h3>
              {leg.flightNumber} · {leg.from} → {leg.to}
            </h3>
            <ul className="check-in-list">
              {leg.passengers.map((p) => (
                <li key={p.position} data-state={p.state}>
                  <strong>{p.name}</strong> <span className="check-in-message">{p.message}</span>
                </li>
              ))}
            </ul>
            {leg.passengers.some((p) => p.state === 'open') && !(state.phase !== 'idle' && state.legIndex === leg.legIndex) ? (
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => dispatch({ type: 'open', legIndex: leg.legIndex, positions: leg.passengers.filter((p) => p.state === 'open').map((p) => p.position), key: newIdempotencyKey() })}
              >
                <PlaneTakeoff aria-hidden="true" size={18} /> Check in
              </button>
            ) : null}
            {state.phase !== 'idle' && state.legIndex === leg.legIndex ? <CheckInForm booking={booking} leg={leg} state={state} dispatch={dispatch} onSubmit={() => void submit(leg)} /> : null}
          </div>
        ))
      )}
    </section>
  );
}

function CheckInForm({ booking, leg, state, dispatch, onSubmit }: { booking: BookingView; leg: Leg; state: CheckInFormState; dispatch: (action: CheckInAction) => void; onSubmit: () => void }) {
  if (state.phase === 'done') {
    return (
      <div className="check-in-done" role="status" aria-live="polite">
        <p>
          <strong>You are checked in.</strong> Your boarding passes are in the wallet and work offline.
        </p>
        <ul className="check-in-passes">
          {state.passes.map((pass) => (
            <li key={pass.id} data-testid="check-in-pass">
              {pass.passengerName}: seat <strong>{pass.seat}</strong>, sequence <strong>{pass.sequence}</strong>, boarding {pass.boardingTime}, gate closes {pass.gateCloses}
            </li>
          ))}
        </ul>
        <button type="button" className="btn" onClick={() => dispatch({ type: 'close' })}>
          Done
        </button>
      </div>
    );
  }
  const open = leg.passengers.filter((p) => p.state === 'open');
  const busy = state.phase === 'submitting';
  const fieldError = (position: number, field: string) => {
    const index = state.selected.indexOf(position);
    return index < 0 ? undefined : state.fieldErrors[`passengers.${index}.documents.${field}`] ?? (field === 'passportNumber' ? state.fieldErrors[`passengers.${index}.position`] : undefined);
  };
  return (
    <form
      className="check-in-form"
      aria-label={`Check in for ${leg.flightNumber}`}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <fieldset disabled={busy}>
        <legend>Who is checking in</legend>
        {open.map((p) => (
          <label key={p.position} className="check-in-option">
            <input type="checkbox" checked={state.selected.includes(p.position)} onChange={() => dispatch({ type: 'toggle', position: p.position, key: newIdempotencyKey() })} /> {p.name}
          </label>
        ))}
      </fieldset>
      <CheckInSeats booking={booking} leg={leg} state={state} dispatch={dispatch} busy={busy} />
      {leg.documentsNeeded
        ? state.selected.map((position) => {
            const passenger = leg.passengers.find((p) => p.position === position);
            const passport = passportOf(state, position);
            const field = (name: 'passportNumber' | 'nationality' | 'expiresOn', label: string, type: string, hint?: string) => {
              const id = `check-in-${position}-${name}`;
              const error = fieldError(position, name);
              return (
                <div className="check-in-field">
                  <label htmlFor={id}>{label}</label>
                  <input
                    id={id}
                    type={type}
                    value={passport[name]}
                    autoComplete="off"
                    spellCheck={false}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
                    onChange={(event) => dispatch({ type: 'document', position, field: name, value: event.target.value, key: newIdempotencyKey() })}
                    required
                  />
                  {hint && !error ? (
                    <span id={`${id}-hint`} className="muted small">
                      {hint}
                    </span>
                  ) : null}
                  {error ? (
                    <span id={`${id}-error`} className="check-in-error" role="alert">
                      {error}
                    </span>
                  ) : null}
                </div>
              );
            };
            return (
              <fieldset key={position} disabled={busy} className="check-in-passport">
                <legend>Passport of {passenger?.name ?? `passenger ${position + 1}`}</legend>
                {passenger?.document ? <p className="muted small">On file: {passenger.document.maskedNumber}</p> : null}
                {field('passportNumber', 'Passport number', 'text')}
                {field('nationality', 'Nationality', 'text', '2-letter country code, e.g. IN')}
                {field('expiresOn', 'Expiry date', 'date')}
              </fieldset>
            );
          })
        : null}
      <p className="muted small">Web check-in is free.</p>
      {state.message ? (
        <p className="check-in-error" role="alert">
          {state.message}
        </p>
      ) : null}
      <div className="check-in-actions">
        <button type="submit" className="btn btn-primary" disabled={busy || state.selected.length === 0}>
          {busy ? 'Checking in…' : 'Confirm check-in'}
        </button>
        <button type="button" className="btn" onClick={() => dispatch({ type: 'close' })} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
