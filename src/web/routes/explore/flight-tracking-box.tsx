import { useQuery } from '@tanstack/react-query';
import { Plane, Radar } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { FLIGHT_NUMBER_REQUIRED, type FlightLookup } from '../../../core/explore-schemas';
import { formatDay, localTime } from '../../features/booking/format';
import { fetchScheduledFlights } from '../../features/explore/explore-api';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';

/**
 * Explore's "Flight Tracking" section under the hero: a flight-number box that finds the
 * flight's next departures in the schedule.
 */
export function FlightTrackingBox({ initialNumber }: { initialNumber: string | null }) {
  const [number, setNumber] = useState(initialNumber?.toUpperCase() ?? '');
  const [error, setError] = useState<string | null>(null);
  const [asked, setAsked] = useState<string | null>(initialNumber?.toUpperCase() ?? null);
  const section = useRef<HTMLElement>(null);
  const lookup = useQuery({ queryKey: ['explore', 'flight', asked], queryFn: () => fetchScheduledFlights(asked ?? ''), enabled: asked !== null, retry: false });
  const result: FlightLookup | undefined = lookup.data;

  useEffect(() => {
    if (lookup.error) notify.error(lookup.error instanceof ApiError ? lookup.error.message : 'Could not look up the flight. Please try again.');
  }, [lookup.error]);

  // A link to #flight-tracking (the chatbot's) lands here.
  useEffect(() => {
    if (window.location.hash === '#flight-tracking') section.current?.scrollIntoView({ block: 'center' });
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = number.trim().toUpperCase();
    if (!typed) {
      setError(FLIGHT_NUMBER_REQUIRED);
      notify.error(FLIGHT_NUMBER_REQUIRED);
      return;
    }
    setError(null);
    setNumber(typed);
    if (typed === asked) void lookup.refetch();
    else setAsked(typed);
  };
  const busy = lookup.isFetching;

  return (
    <section ref={section} id="flight-tracking" className="card tracking-box" aria-labelledby="tracking-title">
      <div className="tracking-head">
        <Radar aria-hidden="true" size={22} className="tracking-icon" />
        <div>
          <h2 id="tracking-title">Flight Tracking</h2>
          <p className="muted small">Enter a flight number, e.g. 6E 2134 or AI 101.</p>
        </div>
      </div>
      <form className="tracking-form" onSubmit={submit} noValidate>
        <label className="visually-hidden" htmlFor="tracking-number">
          Flight number
        </label>
        <input
          id="tracking-number"
          className="tracking-input"
          value={number}
          onChange={(event) => setNumber(event.target.value)}
          placeholder="Flight number"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'tracking-error' : undefined}
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Track Flight
        </button>
      </form>
      {error ? (
        <p id="tracking-error" className="field-error small">
          {error}
        </p>
      ) : null}
      <div aria-live="polite">
        {result ? (
          result.flights.length === 0 ? (
            <p className="muted tracking-none">No flight {result.number} is scheduled in the next week. Check the number on your ticket.</p>
          ) : (
            <ul className="tracking-results">
              {result.flights.map((f) => (
                <li key={f.flightId} className="tracking-flight">
                  <span className="tracking-flight-number">
                    <Plane aria-hidden="true" size={16} /> {f.flightNumber} · {f.airline}
                  </span>
                  <span>
                    {f.fromCity} ({f.fromCode}) {localTime(f.departure)}
                    {f.fromTerminal ? `, Terminal ${f.fromTerminal}` : ''} → {f.toCity} ({f.toCode}) {localTime(f.arrival)}
                    {f.toTerminal ? `, Terminal ${f.toTerminal}` : ''}
                  </span>
                  <span className="muted small">
                    {formatDay(f.departure.slice(0, 10))} · {f.aircraft} · scheduled times
                  </span>
                </li>
              ))}
            </ul>
          )
        ) : null}
      </div>
    </section>
  );
}
