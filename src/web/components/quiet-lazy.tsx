import { Component, type ReactNode, Suspense } from 'react';

/** A chunk that cannot be fetched (offline before it was cached) shows the fallback, never breaks the page. */
class QuietBoundary extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * A lazily loaded piece of the shell (wallet, notices, chatbot): the fallback (nothing unless
 * given) while it loads, and `failed` (the fallback unless given) if its code cannot be fetched.
 * @example <QuietLazy><WalletLauncher /></QuietLazy>
 */
export function QuietLazy({ children, fallback = null, failed = fallback }: { children: ReactNode; fallback?: ReactNode; failed?: ReactNode }) {
  return (
    <QuietBoundary fallback={failed}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </QuietBoundary>
  );
}
