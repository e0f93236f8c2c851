import { Radar } from 'lucide-react';
import { useState } from 'react';
import { FlightTrackerDialog } from './index';

/**
 * A result card's "Track Flight" button: opens the Flight Tracker pre-filled with the flight.
 * @example <TrackFlightButton flightNumber="6E 2174" date="2026-12-24" />
 */
export function TrackFlightButton({ flightNumber, date, className = 'btn btn-small btn-ghost' }: { flightNumber: string; date?: string | undefined; className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <Radar aria-hidden="true" size={16} />
        Track Flight
      </button>
      <FlightTrackerDialog open={open} onOpenChange={setOpen} initialFlightNumber={flightNumber} initialDate={date} />
    </>
  );
}
