import { lazy, useEffect, useState } from 'react';
import { QuietLazy } from '../../components/quiet-lazy';

// The button's code loads once the page is idle, so no page's first load pays for it; the
// conversation, its matcher and the search index load only when the chat is opened.
const ChatbotLauncher = lazy(() => import('./chatbot-launcher').then((m) => ({ default: m.ChatbotLauncher })));


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
    <QuietLazy>
      <ChatbotLauncher />
    </QuietLazy>
  );
}
