import { lazy, Suspense, useState } from 'react';

const Dialog = lazy(() => import('./flight-tracker-dialog').then((m) => ({ default: m.FlightTrackerDialogContent })));

export interface FlightTrackerDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Pre-fills the flight number and tracks it at once (e.g. "6E 2174"). */
  initialFlightNumber?: string | undefined;
  /** Local departure date (YYYY-MM-DD) of the pre-filled flight; omitted: today's or the next. */
  initialDate?: string | undefined;
}

/**
 * The Flight Tracker modal. Its code (status card, world map, Recent Searches) loads the first
 * time it opens, so pages that offer it pay nothing until then.
 * @example <FlightTrackerDialog open={open} onOpenChange={setOpen} initialFlightNumber="6E 2174" />
 */
export function FlightTrackerDialog(props: FlightTrackerDialogProps) {
  // Once opened, the dialog stays mounted so Radix can animate it closed and state survives.
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      {/* A new pre-filled flight starts a fresh dialog. */}
      <Dialog key={`${props.initialFlightNumber ?? ''}@${props.initialDate ?? ''}`} {...props} />
    </Suspense>
  );
}
