import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { AUTH_MESSAGES } from '../../../core/auth';
import { notify } from '../../lib/toast';
import { rememberReturnTo } from './return-to';
import { useSession } from './use-session';

function GuardSkeleton() {
  return (
    <div className="container page" aria-busy="true" aria-label="Loading">
      <div className="skeleton skeleton-title" />
      <div className="skeleton skeleton-line" />
      <div className="skeleton skeleton-line short" />
    </div>
  );
}

/**
 * Shows its children only to a signed-in traveller. Otherwise: the spec's toast
 * 'Please login to book flights', then /login, remembering this path and its
 * history state so signing in comes straight back here.
 * @example export function BookPage() { return <RequireAuth><BookScreen /></RequireAuth>; }
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, status } = useSession();
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  // StrictMode runs effects twice; one toast and one redirect are enough.
  const redirected = useRef(false);

  useEffect(() => {
    if (status !== 'ready' || user || redirected.current) return;
    redirected.current = true;
    rememberReturnTo(search ? `${pathname}?${search}` : pathname, window.history.state);
    notify.error(AUTH_MESSAGES.loginRequired);
    navigate('/login', { replace: true });
  }, [status, user, pathname, search, navigate]);

  if (status === 'loading') return <GuardSkeleton />;
  if (!user) return null;
  return <>{children}</>;
}
