import { Component, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';

// The button's code loads once the page is idle, so no page's first load pays for it; the
// conversation, its matcher and the search index load only when the chat is opened.
const ChatbotLauncher = lazy(() => import('./chatbot-launcher').then((m) => ({ default: m.ChatbotLauncher })));

/** A chunk that cannot be fetched (offline before it was cached) hides the chat, never the page. */
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
 * The shell's mount point for the help chatbot's round button (bottom right, every screen).
 * @example <ChatbotMount /> // inside the app, once
 */
export function ChatbotMount() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 200));
    const cancelIdle = window.cancelIdleCallback ?? window.clearTimeout;
    const id = idle(() => setReady(true));
    return () => cancelIdle(id);
  }, []);
  if (!ready) return null;
  return (
    <QuietBoundary>
      <Suspense fallback={null}>
        <ChatbotLauncher />
      </Suspense>
    </QuietBoundary>
  );
}
