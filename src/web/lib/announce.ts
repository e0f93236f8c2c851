/**
 * One polite and one assertive live region for the whole app, rendered by the shell before any
 * message is put in them (a region created together with its text is often not read out).
 * Screens call `announce()`; the shell's <LiveAnnouncer> subscribes.
 */
export type Politeness = 'polite' | 'assertive';

type Listener = (message: string, politeness: Politeness) => void;
const listeners = new Set<Listener>();

export function onAnnounce(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Speaks `message` through the app's live region ("assertive" for errors that block the traveller). */
export function announce(message: string, politeness: Politeness = 'polite'): void {
  listeners.forEach((listener) => listener(message, politeness));
}
