import { lazy } from 'react';
import { QuietLazy } from '../../components/quiet-lazy';

// The conversation, its matcher and the search index load only when the chat is opened.
const ChatbotLauncher = lazy(() => import('./chatbot-launcher').then((m) => ({ default: m.ChatbotLauncher })));

/**
 * The shell's mount point for the help chatbot's round button (bottom right, every screen); the
 * shell mounts it once the page is idle.
 * @example <ChatbotMount /> // inside the app, once
 */
export function ChatbotMount() {
  return (
    <QuietLazy>
      <ChatbotLauncher />
    </QuietLazy>
  );
}
