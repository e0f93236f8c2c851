import { Users } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useDialogButton } from '../../components/use-dialog-button';
import type { Itinerary, SearchQuery } from '../../../core/search';

// Everything behind the button (session check, sign-in redirect, the dialog) loads on first use.
const GroupBookingLaunch = lazy(() => import('./group-booking-launch').then((m) => ({ default: m.GroupBookingLaunch })));

/** Whether history state (set by sign-in's return) asks to reopen this card's Travel Companion. */
function reopensFor(state: unknown, itineraryId: string): boolean {
  return typeof state === 'object' && state !== null && 'companionFor' in state && state.companionFor === itineraryId;
}

interface Props {
  itinerary: Itinerary;
  query?: SearchQuery | undefined;
  className: string;
  iconSize?: number;
}

/**
 * Group Booking: opens the Travel Companion dialog for this itinerary. A group needs a signed-in
 * organiser: a signed-out visitor gets the sign-in message, goes to /login and comes back to this
 * page with the dialog open again.
 * @example <GroupBookingButton itinerary={it} query={query} className="btn btn-small btn-ghost" />
 */
export function GroupBookingButton({ itinerary, query, className, iconSize = 16 }: Props) {
  // Back from sign-in with this card's id in history state: open it again (once the session is known).
  const { open, mounted, button, show, onOpenChange } = useDialogButton(reopensFor(window.history.state, itinerary.id));
  // 0 until the first click (or the reopening); every click asks again.
  const [request, setRequest] = useState(0);

  // Only once: a reload of the page must not open it again.
  useEffect(() => {
    if (reopensFor(window.history.state, itinerary.id)) window.history.replaceState(null, '');
  }, [itinerary.id]);

  return (
    <>
      <button
        ref={button}
        type="button"
        className={className}
        aria-haspopup="dialog"
        onClick={() => {
          setRequest((n) => n + 1);
          show();
        }}
        onPointerEnter={() => void import('./group-booking-launch')}
      >
        <Users aria-hidden="true" size={iconSize} />
        Group Booking
      </button>
      {mounted ? (
        <Suspense fallback={null}>
          <GroupBookingLaunch itinerary={itinerary} query={query} request={request} open={open} onOpenChange={onOpenChange} />
        </Suspense>
      ) : null}
    </>
  );
}
