import { Component, lazy, type ReactNode, Suspense } from 'react';
import { useSession } from '../auth/use-session';
import { useOnline } from '../offline/use-online';

// Loaded only for signed-in travellers, after the session is known.
const NoticesPanel = lazy(() => import('./notices-panel').then((m) => ({ default: m.NoticesPanel })));

/** A chunk that cannot be fetched hides the notices, never the page. */
class QuietBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * The shell's mount point for in-app notices: what happened while the traveller was away
 * (flight changes, price drops) shows the next time they open Safar.
 * @example <NoticesMount /> // inside the app, once
 */
export function NoticesMount() {
  const { user, status } = useSession();
  const online = useOnline();
  if (!online || status !== 'ready' || !user) return null;
  return (
    <QuietBoundary>
      <Suspense fallback={null}>
        <NoticesPanel key={user.id} />
      </Suspense>
    </QuietBoundary>
  );
}
