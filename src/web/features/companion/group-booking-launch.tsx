import { lazy, Suspense, useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import type { Itinerary, SearchQuery } from '../../../core/search';
import { useSession } from '../../lib/use-session';

const CompanionDialog = lazy(() => import('./companion-dialog').then((m) => ({ default: m.CompanionDialog })));

interface Props {
  itinerary: Itinerary;
  query?: SearchQuery | undefined;
  /** Bumped by every click on the button; 0 when reopened after sign-in. */
  request: number;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * What Group Booking does once asked: a signed-out visitor gets the sign-in message and goes to
 * /login (coming back to this page with the dialog open); a signed-in organiser gets the Travel
 * Companion dialog.
 */
export function GroupBookingLaunch({ itinerary, query, request, open, onOpenChange }: Props) {
  const { user, status } = useSession();
  const [, navigate] = useLocation();
  const handled = useRef(-1);

  useEffect(() => {
    // Only a click sends a visitor to sign in (a reopening after sign-in has request 0).
    if (request === 0 || status !== 'ready' || user || handled.current === request) return;
    handled.current = request;
    const current: unknown = window.history.state;
    const path = `${window.location.pathname}${window.location.search}`;
    // This history state reopens the card's dialog when sign-in brings the traveller back.
    const state = { ...(typeof current === 'object' ? current : {}), companionFor: itinerary.id };
    void import('./sign-in-first').then((m) => m.signInFirst(path, state, navigate));
  }, [request, status, user, itinerary.id, navigate]);

  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <CompanionDialog open={open} onOpenChange={onOpenChange} itinerary={itinerary} query={query} organiserEmail={user.email} />
    </Suspense>
  );
}
