import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { EXPLORE_MESSAGES } from '../../../core/explore';
import type { ExploreRoute } from '../../../core/explore-schemas';
import { notify } from '../../lib/toast';
import { useSession } from '../../lib/use-session';

/**
 * Booking from Explore: a signed-in traveller goes to /home with the route's origin, destination
 * and the date of the price the card showed (`priceDate`, when it has one) in history state (Home
 * pre-fills them and says so), so the search opens on the fare the card advertised; a visitor is told
 * 'Please login to book flights' and sent to /login, which brings them back to that pre-filled
 * Home after signing in.
 * @example const book = useBookRoute(); <button onClick={() => book(route)}>Quick Book</button>
 */
export function useBookRoute(): (route: Pick<ExploreRoute, 'name' | 'name2' | 'priceDate'>) => void {
  const { user } = useSession();
  const [, navigate] = useLocation();
  return useCallback(
    (route) => {
      const state = route.priceDate ? { from: route.name, to: route.name2, date: route.priceDate } : { from: route.name, to: route.name2 };
      if (user) {
        navigate('/home', { state });
        return;
      }
      notify.error(EXPLORE_MESSAGES.loginRequired);
      // Loaded on demand: the module brings zod, which the Explore page otherwise does not need.
      void import('../auth/return-to')
        .then(({ rememberReturnTo }) => rememberReturnTo('/home', state))
        .catch(() => {})
        .finally(() => navigate('/login'));
    },
    [user, navigate],
  );
}

/**
 * Shares a route's link: the system share sheet where the browser has one, else the link is
 * copied with 'Link copied to clipboard!'. A dismissed share sheet is not an error.
 * @example await shareRoute(route, window.location.origin)
 */
export async function shareRoute(route: Pick<ExploreRoute, 'id' | 'name' | 'name2'>, url: string): Promise<void> {
  const title = `${route.name} → ${route.name2} on Safar`;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      // Share sheet unavailable here (e.g. not allowed): fall back to the clipboard.
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    notify.success(EXPLORE_MESSAGES.linkCopied);
  } catch {
    notify.error(`Could not copy the link. Copy it from here: ${url}`);
  }
}
