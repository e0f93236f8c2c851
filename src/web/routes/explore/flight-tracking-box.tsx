import { Radar } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { EXPLORE_MESSAGES } from '../../../core/explore';
import { FlightTrackerDialog } from '../../features/tracker';
import { notify } from '../../lib/toast';

/**
 * Explore's "Flight Tracking" section under the hero: a flight-number box that opens the Flight
 * Tracker with that flight. `?track=6E2134` (the chatbot's links) opens it on arrival.
 */
export function FlightTrackingBox({ initialNumber }: { initialNumber: string | null }) {
  const [number, setNumber] = useState(initialNumber?.toUpperCase() ?? '');
  const [error, setError] = useState<string | null>(null);
  const [tracked, setTracked] = useState<string | null>(initialNumber?.toUpperCase() ?? null);
  const section = useRef<HTMLElement>(null);

  // A link to #flight-tracking lands here.
  useEffect(() => {
    if (window.location.hash === '#flight-tracking') section.current?.scrollIntoView({ block: 'center' });
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = number.trim().toUpperCase();
    if (!typed) {
      setError(EXPLORE_MESSAGES.flightNumberRequired);
      notify.error(EXPLORE_MESSAGES.flightNumberRequired);
      return;
    }
    setError(null);
    setNumber(typed);
    setTracked(typed);
  };

  return (
    <section ref={section} id="flight-tracking" className="card tracking-box" aria-labelledby="tracking-title">
      <div className="tracking-head">
        <Radar aria-hidden="true" size={22} className="tracking-icon" />
        <div>
          <h2 id="tracking-title">Flight Tracking</h2>
          <p className="muted small">Live status, gate and where the aircraft is: enter a flight number, e.g. 6E 2134 or AI 101.</p>
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
        <button type="submit" className="btn btn-primary" aria-haspopup="dialog">
          Track Flight
        </button>
      </form>
      {error ? (
        <p id="tracking-error" className="field-error small">
          {error}
        </p>
      ) : null}
      <FlightTrackerDialog open={tracked !== null} onOpenChange={(open) => !open && setTracked(null)} initialFlightNumber={tracked ?? undefined} />
    </section>
  );
}
