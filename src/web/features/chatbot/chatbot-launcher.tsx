import { MessageCircle } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import type { ChatMessage } from './chat-panel';
import './chatbot.css';

const ChatPanel = lazy(() => import('./chat-panel').then((m) => ({ default: m.ChatPanel })));

/**
 * The round help button at the bottom right. The chat starts closed; the conversation stays
 * while the traveller moves between screens.
 * @example <ChatbotLauncher />
 */
export function ChatbotLauncher() {
  const [open, setOpen] = useState(false);
  const [messages, setMessages] = useState<ChatMessage[] | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="fab chatbot-fab"
        aria-label="Help chat"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <MessageCircle aria-hidden="true" size={26} />
      </button>
      {open || messages !== null ? (
        <Suspense fallback={null}>
          <ChatPanel open={open} onCloseFocus={() => button.current?.focus()} onOpenChange={setOpen} messages={messages} onMessages={setMessages} />
        </Suspense>
      ) : null}
    </>
  );
}
