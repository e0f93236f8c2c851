import { Component, lazy, type ReactNode, Suspense } from 'react';
import { readStored } from '../../lib/storage';
import { useSession } from '../auth/use-session';
import { useOnline } from '../offline/use-online';

// The wallet's code loads only for signed-in travellers (or offline, to read cached passes),
// so anonymous visitors' first page load does not pay for it.
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

function hasCachedPasses(): boolean {
  const raw = readStored('boardingPasses');
  return raw !== null && raw !== '[]' && raw.startsWith('[');
}

/**
 * The shell's mount point for the boarding-pass wallet button.
 * @example <WalletMount /> // inside the app, once
 */
export function WalletMount() {
  const { user, status } = useSession();
  const online = useOnline();
  const show = online ? status === 'ready' && user !== null : user !== null || hasCachedPasses();
  if (!show) return null;
  return (
    <QuietBoundary>
      <Suspense fallback={null}>
        <WalletLauncher userId={user?.id ?? null} online={online} />
      </Suspense>
    </QuietBoundary>
  );
}
