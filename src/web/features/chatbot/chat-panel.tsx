import * as Dialog from '@radix-ui/react-dialog';
import { Bot, Send, X } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { pickDeals } from '../../../core/explore';
import { useSession } from '../../lib/use-session';
import { fetchAssistantTrips, fetchCatalogue } from '../explore/explore-api';
import { type AnswerContext, type BotLink, QUICK_QUESTIONS, WELCOME, replyFor } from './answers';
import { type Intent, classify } from './intents';

export interface ChatMessage {
  id: number;
  from: 'bot' | 'user';
  text: string;
  links: BotLink[];
}

interface Props {
  open: boolean;
  /** Returns focus to where the chat was opened from (the round button). */
  onCloseFocus(): void;
  onOpenChange(open: boolean): void;
  messages: ChatMessage[] | null;
  onMessages(messages: ChatMessage[]): void;
}

const PERSONAL: ReadonlySet<Intent> = new Set(['track', 'refund', 'checkin', 'ticket', 'my-trip']);

let nextId = 1;
const welcome = (): ChatMessage => ({ id: nextId++, from: 'bot', text: WELCOME, links: [] });

/** Loads only what the answer needs: the traveller's own trips, or today's best saving. */
async function contextFor(intent: Intent, signedIn: boolean): Promise<AnswerContext> {
  const context: AnswerContext = { signedIn, trips: null, bestSavingPercent: null };
  if (signedIn && PERSONAL.has(intent)) context.trips = await fetchAssistantTrips().catch(() => null);
  if (intent === 'deals') {
    const catalogue = await fetchCatalogue().catch(() => null);
    context.bestSavingPercent = catalogue ? (pickDeals(catalogue.routes, 1)[0]?.savingPercent ?? null) : null;
  }
  return context;
}

/**
 * The chat window: welcome message, five quick questions while only the welcome shows, the
 * conversation (announced politely to screen readers) and a message box that sends with Enter
 * or the send button and ignores empty messages.
 */
export function ChatPanel({ open, onCloseFocus, onOpenChange, messages, onMessages }: Props) {
  const { user } = useSession();
  const [draft, setDraft] = useState('');
  const [thinking, setThinking] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const log = useRef<HTMLDivElement>(null);
  const list = messages ?? [];

  useEffect(() => {
    if (messages === null) onMessages([welcome()]);
  }, [messages, onMessages]);

  useEffect(() => {
    log.current?.scrollTo({ top: log.current.scrollHeight });
  }, [list.length, open]);

  const ask = async (text: string) => {
    const question = text.trim();
    if (!question || thinking) return;
    const withQuestion = [...list, { id: nextId++, from: 'user' as const, text: question, links: [] }];
    onMessages(withQuestion);
    setDraft('');
    setThinking(true);
    try {
      const intent = classify(question);
      const reply = replyFor(intent, await contextFor(intent, user !== null));
      onMessages([...withQuestion, { id: nextId++, from: 'bot', ...reply }]);
    } finally {
      setThinking(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void ask(draft);
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Content
          className="chatbot-panel"
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            input.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onCloseFocus();
          }}
          onInteractOutside={(event) => event.preventDefault()}
        >
          <div className="chatbot-head">
            <Bot aria-hidden="true" size={22} />
            <Dialog.Title className="chatbot-title">Safar Assistant</Dialog.Title>
            <Dialog.Close className="icon-btn chatbot-close" aria-label="Close chat">
              <X aria-hidden="true" size={20} />
            </Dialog.Close>
          </div>
          <div className="chatbot-log" ref={log} role="log" aria-live="polite" aria-label="Conversation">
            {list.map((m) => (
              <div key={m.id} className={`chatbot-msg chatbot-msg-${m.from}`}>
                <span className="visually-hidden">{m.from === 'bot' ? 'Assistant: ' : 'You: '}</span>
                <p>{m.text}</p>
                {m.links.length > 0 ? (
                  <ul className="chatbot-links">
                    {m.links.map((link) => (
                      <li key={link.href}>
                        <Link href={link.href} onClick={() => onOpenChange(false)}>
                          {link.label}
                        </Link>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            ))}
            {thinking ? (
              <p className="chatbot-typing muted small" aria-hidden="true">
                Typing…
              </p>
            ) : null}
          </div>
          {list.length === 1 ? (
            <ul className="chatbot-quick" aria-label="Quick questions">
              {QUICK_QUESTIONS.map((q) => (
                <li key={q}>
                  <button type="button" className="chatbot-quick-btn" onClick={() => void ask(q)}>
                    {q}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <form className="chatbot-form" onSubmit={submit}>
            <label htmlFor="chatbot-input" className="visually-hidden">
              Type your message
            </label>
            <input
              id="chatbot-input"
              ref={input}
              className="chatbot-input"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              placeholder="Type your message..."
              autoComplete="off"
              maxLength={500}
            />
            <button type="submit" className="btn btn-primary chatbot-send" aria-label="Send message">
              <Send aria-hidden="true" size={18} />
            </button>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
