import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { BookingView } from '../../../core/booking';
import { ApiError } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { newIdempotencyKey } from '../booking/booking-api';
import { SeatMap } from './seat-map';
import { bookingSeatMapQuery, chooseSeat } from './seats-api';

const EXIT_CONDITIONS =
  'Exit-row seats are for travellers aged 15 or over, without an infant on the lap, able and willing to help open the exit in an emergency, who understand the crew’s instructions in English or Hindi.';

/** Words of the step that differ when an airline sells the seats through a remote supplier (Duffel). */
const WORDS = {
  world: {
    intro: 'Choosing is optional: without a choice, a seat is assigned free at check-in (held for you from payment; at check-in you may move to another free seat). You may instead choose seats now; some front, exit-row and extra-legroom seats cost extra.',
    skip: 'Skip, assign me a free seat',
    skipped: 'Fine: free seats will be assigned when you pay.',
    without: 'free seat at confirmation',
  },
  supplier: {
    intro: 'Choosing is optional: without a choice, the airline assigns your seat at check-in, at no cost. You may instead choose from the airline’s seat map now; seats the airline charges for show their price, added to your total.',
    skip: 'Skip, the airline assigns my seat',
    skipped: 'Fine: the airline assigns your seat at check-in, at no cost.',
    without: 'airline assigns at check-in',
  },
} as const;

/**
 * The optional seat step of a held booking (before payment): skipping is as prominent as choosing,
 * nothing is pre-selected, and a passenger without a chosen seat gets a free one at confirmation
 * (on a remote supplier's booking: the airline assigns it at check-in, at no cost).
 * Choosing opens the seat map for one passenger and flight; an exit-row seat asks to confirm its
 * conditions first. A seat taken meanwhile says so and redraws the map. A seat map that cannot be
 * had says so, and the traveller pays without seats.
 */
export function SeatStep({ booking }: { booking: BookingView }) {
  const [open, setOpen] = useState(false);
  const [skipped, setSkipped] = useState(false);
  const words = WORDS[booking.supplier ? 'supplier' : 'world'];
  // Focus follows the step: into the chooser when it opens (its passenger choice), back to Choose seats when done.
  const chooseButton = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) chooseButton.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return (
    <section className="card seat-step" aria-labelledby="seat-step-title">
      <h2 id="seat-step-title">Seats (optional)</h2>
      <p>{words.intro}</p>
      {!open ? (
        <div className="seat-step__choice">
          <button ref={chooseButton} type="button" className="btn" onClick={() => setOpen(true)}>
            Choose seats
          </button>
          <button type="button" className="btn" aria-pressed={skipped} onClick={() => setSkipped(true)}>
            {words.skip}
          </button>
          {skipped ? <p role="status">{words.skipped}</p> : null}
        </div>
      ) : (
        <SeatChooser booking={booking} onDone={() => setOpen(false)} />
      )}
    </section>
  );
}

function SeatChooser({ booking, onDone }: { booking: BookingView; onDone: () => void }) {
  const legs = booking.itinerary.legs;
  const seated = booking.passengers.map((p, position) => ({ p, position })).filter(({ p }) => p.type !== 'Infant');
  const [legIndex, setLegIndex] = useState(0);
  const [position, setPosition] = useState(seated[0]?.position ?? 0);
  const [pendingExit, setPendingExit] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const client = useQueryClient();
  const leg = legs[legIndex];
  const map = useQuery({ ...bookingSeatMapQuery(booking.id, leg?.flightId ?? ''), enabled: leg !== undefined });
  const passengerId = booking.passengers[position]?.id ?? '';
  const words = WORDS[booking.supplier ? 'supplier' : 'world'];
  const conversion = map.data?.supplier?.conversion;
  const firstPassenger = useRef<HTMLInputElement>(null);
  useEffect(() => firstPassenger.current?.focus(), []);
  const selected = map.data?.chosen[passengerId] ?? null;

  const pick = async (seat: string, exitConditionsAccepted = false) => {
    const isExit = map.data?.map.rows.some((r) => r.seats.some((s) => `${r.row}${s.letter}` === seat && s.tags.includes('exit')));
    if (isExit && !exitConditionsAccepted) {
      setPendingExit(seat);
      return;
    }
    setPendingExit(null);
    try {
      const answer = await chooseSeat(booking.id, { passengerPosition: position, legIndex, seat, exitConditionsAccepted }, newIdempotencyKey());
      setMessage(`Seat ${seat} chosen. Total now ₹${answer.totalInr.toLocaleString('en-IN')}.`);
    } catch (error) {
      setMessage(error instanceof ApiError ? (Object.values(error.fields)[0] ?? error.message) : 'The seat could not be chosen. Please try again.');
    }
    await Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.bookings.seatMap(booking.id, leg?.flightId ?? '') }),
      client.invalidateQueries({ queryKey: queryKeys.bookings.one(booking.id), exact: true }),
      client.invalidateQueries({ queryKey: queryKeys.bookings.fare(booking.id) }),
    ]);
  };

  return (
    <div className="seat-step__chooser">
      {legs.length > 1 ? (
        <label>
          Flight{' '}
          <select value={legIndex} onChange={(e) => setLegIndex(Number(e.target.value))}>
            {legs.map((l, i) => (
              <option key={l.flightId} value={i}>
                {l.flightNumber} {l.from.code}→{l.to.code}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <fieldset>
        <legend>Passenger</legend>
        {seated.map(({ p, position: pos }) => (
          <label key={p.id} className="seat-step__pax">
            <input ref={pos === position ? firstPassenger : undefined} type="radio" name="seat-pax" checked={pos === position} onChange={() => setPosition(pos)} /> {p.firstName} {p.lastName}
            {map.data?.chosen[p.id] ? ` — seat ${map.data.chosen[p.id]}` : ` — ${words.without}`}
          </label>
        ))}
      </fieldset>
      {message ? <p role="status">{message}</p> : null}
      {pendingExit ? (
        <div role="group" aria-labelledby="exit-title" className="seat-step__exit">
          <p id="exit-title">
            <strong>Seat {pendingExit} is in an exit row.</strong> {EXIT_CONDITIONS}
          </p>
          <button type="button" className="btn" onClick={() => void pick(pendingExit, true)}>
            I meet these conditions: take {pendingExit}
          </button>{' '}
          <button type="button" className="btn" onClick={() => setPendingExit(null)}>
            Choose another seat
          </button>
        </div>
      ) : null}
      {conversion ? (
        <p className="muted small" data-testid="seat-conversion">
          Seat prices are the airline’s in {conversion.from}, converted at ₹{conversion.rate} per {conversion.from} ({conversion.source}, {conversion.asOf}) and rounded up to the rupee per seat.
        </p>
      ) : null}
      {map.data ? (
        <SeatMap answer={map.data} selected={selected} onPick={(seat) => void pick(seat)} />
      ) : map.isError ? (
        <p role="alert">
          {!booking.supplier
            ? 'The seat map could not be loaded.'
            : map.error instanceof ApiError && map.error.reason === 'no-seat-map'
              ? map.error.message
              : `${map.error instanceof ApiError && map.error.status !== 500 ? map.error.message : 'The airline’s seat map could not be loaded.'} You can pay without choosing: the airline assigns seats at check-in, at no cost.`}
        </p>
      ) : (
        <p role="status">Loading the seat map…</p>
      )}
      <button type="button" className="btn" onClick={onDone}>
        Done with seats
      </button>
    </div>
  );
}
