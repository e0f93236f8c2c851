import { Component, type ReactNode, Suspense } from 'react';

/** A chunk that cannot be fetched (offline before it was cached) hides its piece, never the page. */
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
 * A lazily loaded piece of the shell (wallet, notices, chatbot): nothing while it loads, and
 * nothing if its code cannot be fetched.
 * @example <QuietLazy><WalletLauncher /></QuietLazy>
 */
export function QuietLazy({ children }: { children: ReactNode }) {
  return (
    <QuietBoundary>
      <Suspense fallback={null}>{children}</Suspense>
    </QuietBoundary>
  );
}
