import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { AUTH_MESSAGES } from '../../../core/auth';
import { notify } from '../../lib/toast';
import { rememberReturnTo } from './return-to';
import { useSession } from '../../lib/use-session';

function GuardSkeleton() {
  return (
    <div className="container page" role="status" aria-busy="true" aria-label="Loading">
      <div className="skeleton skeleton-title" />
      <div className="skeleton skeleton-line" />
      <div className="skeleton skeleton-line short" />
    </div>
  );
}

/**
 * Shows its children only to a signed-in traveller. Otherwise: a toast
 * 'Please login to book flights', then /login, remembering this path and its
 * history state so signing in comes straight back here — when `returnIf` (if given)
 * accepts that state; otherwise signing in goes to /home.
 * @example export function BookPage() { return <RequireAuth><BookScreen /></RequireAuth>; }
 */
export function RequireAuth({ children, returnIf }: { children: ReactNode; returnIf?: (state: unknown) => boolean }) {
  const { user, status } = useSession();
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  // StrictMode runs effects twice; one toast and one redirect are enough.
  const redirected = useRef(false);

  useEffect(() => {
    if (status !== 'ready' || user || redirected.current) return;
    redirected.current = true;
    // Come back here after sign-in only when there is something to come back to (the booking
    // screen needs its chosen flight); otherwise sign-in lands on /home.
    const state: unknown = window.history.state;
    if (!returnIf || returnIf(state)) rememberReturnTo(search ? `${pathname}?${search}` : pathname, state);
    notify.error(AUTH_MESSAGES.loginRequired);
    navigate('/login', { replace: true });
  }, [status, user, pathname, search, navigate, returnIf]);

  if (status === 'loading') return <GuardSkeleton />;
  if (!user) return null;
  return <>{children}</>;
}
