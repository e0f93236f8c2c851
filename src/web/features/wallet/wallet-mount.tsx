import { lazy, Suspense } from 'react';
import { useOnline } from '../offline/use-online';
import { useSession } from '../auth/use-session';

// The wallet's code loads only for signed-in travellers (or offline, to read cached passes),
// so anonymous visitors' first page load does not pay for it.
const WalletLauncher = lazy(() => import('./wallet-launcher').then((m) => ({ default: m.WalletLauncher })));

/**
 * The shell's mount point for the boarding-pass wallet button.
 * @example <WalletMount /> // inside the app, once
 */
export function WalletMount() {
  const { user, status } = useSession();
  const online = useOnline();
  // Offline the session cannot be checked; passes cached on this device are still shown.
  if (online && (status !== 'ready' || !user)) return null;
  return (
    <Suspense fallback={null}>
      <WalletLauncher userId={user?.id ?? null} online={online} />
    </Suspense>
  );
}
