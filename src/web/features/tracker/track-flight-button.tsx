import { Radar } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useDialogButton } from '../../components/use-dialog-button';

// The Flight Tracker's code (status card, world map, Recent Searches) loads on the first click.
const FlightTrackerDialog = lazy(() => import('./index').then((m) => ({ default: m.FlightTrackerDialog })));

/**
 * A result card's "Track Flight" button: opens the Flight Tracker pre-filled with the flight.
 * @example <TrackFlightButton flightNumber="6E 2174" date="2026-12-24" />
 */
export function TrackFlightButton({ flightNumber, date, className = 'btn btn-small btn-ghost' }: { flightNumber: string; date?: string | undefined; className?: string }) {
  const { open, mounted, button, show, onOpenChange } = useDialogButton();
  return (
    <>
      <button ref={button} type="button" className={className} aria-haspopup="dialog" onClick={show}>
        <Radar aria-hidden="true" size={16} />
        Track Flight
      </button>
      {mounted ? (
        <Suspense fallback={null}>
          <FlightTrackerDialog open={open} onOpenChange={onOpenChange} initialFlightNumber={flightNumber} initialDate={date} />
        </Suspense>
      ) : null}
    </>
  );
}
