import { lazy } from 'react';
import { QuietLazy } from '../../components/quiet-lazy';
import { useSession } from '../../lib/use-session';
import { useOnline } from '../../lib/offline/connection';

// Loaded only for signed-in travellers, after the session is known.
const NoticesPanel = lazy(() => import('./notices-panel').then((m) => ({ default: m.NoticesPanel })));


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
    <QuietLazy>
      <NoticesPanel key={user.id} />
    </QuietLazy>
  );
}
