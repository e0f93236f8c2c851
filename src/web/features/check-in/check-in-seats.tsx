import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { BookingView } from '../../../core/booking';
import type { CheckInStatus } from '../../../core/check-in';
import { newIdempotencyKey } from '../booking/booking-api';
import { SeatMap } from '../seats/seat-map';
import { bookingSeatMapQuery } from '../seats/seats-api';
import type { CheckInAction, CheckInFormState } from './check-in-machine';

type Leg = CheckInStatus['legs'][number];

const EXIT_CONDITIONS =
  'Exit-row seats are for travellers aged 15 or over, without an infant on the lap, able and willing to help open the exit in an emergency, who understand the crew’s instructions in English or Hindi.';

/**
 * Seats at web check-in, per passenger checking in (infants sit on a lap): keep the seat the
 * booking holds, or choose another free seat on the seat map (the booking's map with the same
 * keyboard operation, names, legend and prices). Only seats free for the passenger can be picked:
 * paid seats are chosen at booking, where the payment screen takes them, and the map says so.
 * @example <CheckInSeats booking={booking} leg={leg} state={state} dispatch={dispatch} busy={false} />
 */
export function CheckInSeats({ booking, leg, state, dispatch, busy }: { booking: BookingView; leg: Leg; state: CheckInFormState; dispatch: (action: CheckInAction) => void; busy: boolean }) {
  const flightId = booking.itinerary.legs[leg.legIndex]?.flightId ?? '';
  const map = useQuery({ ...bookingSeatMapQuery(booking.id, flightId), enabled: flightId !== '' });
  const [pendingExit, setPendingExit] = useState<{ position: number; seat: string } | null>(null);
  const seated = state.selected.flatMap((position) => {
    const passenger = leg.passengers.find((p) => p.position === position);
    return passenger && passenger.type !== 'infant' ? [passenger] : [];
  });
  if (seated.length === 0) return null;
  const currentOf = (position: number) => map.data?.chosen[booking.passengers[position]?.id ?? ''] ?? null;
  const isExit = (seat: string) => map.data?.map.rows.some((r) => r.seats.some((s) => `${r.row}${s.letter}` === seat && s.tags.includes('exit'))) ?? false;

  const pick = (position: number, seat: string, exitConditionsAccepted = false) => {
    if (seat === currentOf(position)) {
      dispatch({ type: 'seat', position, pick: null, key: newIdempotencyKey() });
      return;
    }
    if (isExit(seat) && !exitConditionsAccepted) {
      setPendingExit({ position, seat });
      return;
    }
    setPendingExit(null);
    dispatch({ type: 'seat', position, pick: { seat, exitConditionsAccepted }, key: newIdempotencyKey() });
  };

  return (
    <fieldset disabled={busy} className="check-in-seats">
      <legend>Seats</legend>
      <p className="muted small" id={`check-in-seats-note-${leg.legIndex}`}>
        Seats at check-in cost nothing: keep your seat or choose another free one. Paid seats (front, exit-row and extra-legroom rows) are chosen when booking, where they are paid with the booking.
      </p>
      {map.isError ? <p role="alert">The seat map could not be loaded. You can still check in with the seats you have.</p> : null}
      {seated.map((p) => {
        const current = currentOf(p.position);
        const picked = state.seats[p.position]?.seat ?? null;
        const open = state.mapFor === p.position;
        const fieldError = state.fieldErrors[`passengers.${state.selected.indexOf(p.position)}.seat`];
        return (
          <div key={p.position} className="check-in-seat" data-testid={`check-in-seat-${p.position}`}>
            <p className="check-in-seat__now">
              <strong>{p.name}</strong>: {picked ? <>new seat <strong>{picked}</strong>{current ? ` (instead of ${current})` : ''}</> : current ? <>seat <strong>{current}</strong></> : 'a free seat'}
            </p>
            <div className="check-in-actions">
              <button type="button" className="btn" aria-pressed={picked === null} onClick={() => dispatch({ type: 'seat', position: p.position, pick: null, key: newIdempotencyKey() })}>
                {current ? `Keep seat ${current}` : 'Assign me a free seat'}
              </button>
              <button type="button" className="btn" aria-expanded={open} onClick={() => dispatch({ type: 'map', position: open ? null : p.position })}>
                Choose another free seat
              </button>
            </div>
            {fieldError ? (
              <p className="check-in-error" role="alert">
                {fieldError}
              </p>
            ) : null}
            {open && pendingExit?.position === p.position ? (
              <div role="group" aria-labelledby={`check-in-exit-${p.position}`} className="seat-step__exit">
                <p id={`check-in-exit-${p.position}`}>
                  <strong>Seat {pendingExit.seat} is in an exit row.</strong> {EXIT_CONDITIONS}
                </p>
                <button type="button" className="btn" onClick={() => pick(p.position, pendingExit.seat, true)}>
                  I meet these conditions: take {pendingExit.seat}
                </button>{' '}
                <button type="button" className="btn" onClick={() => setPendingExit(null)}>
                  Choose another seat
                </button>
              </div>
            ) : null}
            {open ? (
              map.data ? (
                <>
                  <SeatMap answer={map.data} selected={picked ?? current} freeOnly onPick={(seat) => pick(p.position, seat)} />
                  <button type="button" className="btn" onClick={() => dispatch({ type: 'map', position: null })}>
                    Done with the seat map
                  </button>
                </>
              ) : map.isPending ? (
                <p role="status">Loading the seat map…</p>
              ) : null
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}
