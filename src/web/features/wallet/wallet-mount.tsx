import { Component, lazy, type ReactNode, Suspense } from 'react';
import { useSession } from '../auth/use-session';
import { useOnline } from '../offline/use-online';

// The wallet's code loads only for signed-in travellers, so anonymous visitors' first page load
// does not pay for it.
const WalletLauncher = lazy(() => import('./wallet-launcher').then((m) => ({ default: m.WalletLauncher })));

/** A chunk that cannot be fetched (offline before it was cached) hides the wallet, never the page. */
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
    <QuietBoundary>
      <Suspense fallback={null}>
        <WalletLauncher userId={user.id} online={online} />
      </Suspense>
    </QuietBoundary>
  );
}
