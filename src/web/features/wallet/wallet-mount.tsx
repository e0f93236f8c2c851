import { lazy } from 'react';
import { QuietLazy } from '../../components/quiet-lazy';
import { useSession } from '../../lib/use-session';
import { useOnline } from '../../lib/offline/connection';

// The wallet's code loads only for signed-in travellers, so anonymous visitors' first page load
// does not pay for it.
const WalletLauncher = lazy(() => import('./wallet-launcher').then((m) => ({ default: m.WalletLauncher })));


/**
 * The shell's mount point for the boarding-pass wallet button.
 * @example <WalletMount /> // inside the app, once
 */
export function WalletMount() {
  const { user, status } = useSession();
  const online = useOnline();
  // Only a signed-in traveller has a wallet; offline, "signed in" is the last session this device
  // saw (Log Out wipes it together with the passes).
  if (status !== 'ready' || user === null) return null;
  return (
    <QuietLazy>
      <WalletLauncher userId={user.id} online={online} />
    </QuietLazy>
  );
}
