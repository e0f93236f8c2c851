import { Users } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { Itinerary, SearchQuery } from '../../../core/search';
import { useSession } from '../auth/use-session';

const CompanionDialog = lazy(() => import('./companion-dialog'));

/** History state that reopens a card's Travel Companion after sign-in. */
interface CompanionReturnState {
  companionFor: string;
}

function reopensFor(state: unknown, itineraryId: string): boolean {
  return typeof state === 'object' && state !== null && 'companionFor' in state && (state as CompanionReturnState).companionFor === itineraryId;
}

interface Props {
  itinerary: Itinerary;
  query?: SearchQuery | undefined;
  className: string;
  iconSize?: number;
}

/**
 * Group Booking: opens the Travel Companion dialog for this itinerary (its code loads on first
 * open). A group needs a signed-in organiser: a signed-out visitor gets the sign-in message, goes
 * to /login and comes back to this page with the dialog open again.
 * @example <GroupBookingButton itinerary={it} query={query} className="btn btn-small btn-ghost" />
 */
export function GroupBookingButton({ itinerary, query, className, iconSize = 16 }: Props) {
  const { user, status } = useSession();
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  // Back from sign-in with this card's id in history state: open it again (once the session is known).
  const [open, setOpen] = useState(() => reopensFor(window.history.state, itinerary.id));
  const [loaded, setLoaded] = useState(open);
  const button = useRef<HTMLButtonElement>(null);

  // Only once: a reload of the page must not open it again.
  useEffect(() => {
    if (reopensFor(window.history.state, itinerary.id)) window.history.replaceState(null, '');
  }, [itinerary.id]);

  const start = () => {
    if (status === 'ready' && !user) {
      const state: CompanionReturnState = { companionFor: itinerary.id };
      const current: unknown = window.history.state;
      const path = search ? `${pathname}?${search}` : pathname;
      void import('./sign-in-first').then((m) => m.signInFirst(path, { ...(typeof current === 'object' ? current : {}), ...state }, navigate));
      return;
    }
    setLoaded(true);
    setOpen(true);
  };

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    // Back to the button that opened it, after the dialog has let go of focus.
    if (!next) window.setTimeout(() => button.current?.focus(), 0);
  };

  return (
    <>
      <button ref={button} type="button" className={className} aria-haspopup="dialog" onClick={start} onPointerEnter={() => void import('./companion-dialog')}>
        <Users aria-hidden="true" size={iconSize} />
        Group Booking
      </button>
      {loaded && user ? (
        <Suspense fallback={null}>
          <CompanionDialog open={open} onOpenChange={onOpenChange} itinerary={itinerary} query={query} organiserEmail={user.email} />
        </Suspense>
      ) : null}
    </>
  );
}
