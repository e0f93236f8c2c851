import { readStored } from '../storage';

/**
 * The installable-app state the shell shows: the browser's install offer (captured from
 * `beforeinstallprompt` as early as possible), whether the bottom install prompt is due, the
 * iPhone/iPad "Add to Home Screen" hint, and a waiting new version. Tiny and dependency-free: it
 * loads with the shell; what the traveller does with a prompt (pwa-actions.ts) and the prompts'
 * UI load only when one has something to show.
 */
const INSTALL_PROMPT_DELAY_MS = 30_000;
/** Device preference, not personal data: Log Out keeps it. */
export const DISMISSED_KEY = 'installPromptDismissed';

export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

export interface PwaState {
  /** The bottom install prompt is showing. */
  installPrompt: boolean;
  /** The iPhone/iPad hint is showing. */
  iosHint: boolean;
  /** A new version is installed and waiting: calling this activates it and reloads. */
  applyUpdate: (() => Promise<void>) | null;
}

let state: PwaState = { installPrompt: false, iosHint: false, applyUpdate: null };
let offer: BeforeInstallPromptEvent | null = null;
let timer: number | undefined;
const listeners = new Set<() => void>();

export function setPwaState(patch: Partial<PwaState>): void {
  state = { ...state, ...patch };
  listeners.forEach((listener) => listener());
}

export function subscribePwa(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getPwaState(): PwaState {
  return state;
}

/** Running as an installed app (standalone window, or iOS home-screen app). */
export function isInstalled(): boolean {
  const nav = navigator as Navigator & { standalone?: boolean };
  return nav.standalone === true || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

function installDismissed(): boolean {
  return readStored(DISMISSED_KEY) === '1';
}

/**
 * Starts listening for the browser's install offer. The prompt appears 30 s after the offer,
 * unless Safar is already installed or the traveller dismissed the prompt before.
 * @example watchInstallOffer() // once, at start-up
 */
export function watchInstallOffer(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offer = event as BeforeInstallPromptEvent;
    if (installDismissed() || isInstalled() || timer !== undefined) return;
    timer = window.setTimeout(() => {
      if (offer && !installDismissed() && !isInstalled()) setPwaState({ installPrompt: true });
    }, INSTALL_PROMPT_DELAY_MS);
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    setPwaState({ installPrompt: false });
  });
}

/** Hands over the browser's install offer (it can be used once). */
export function takeInstallOffer(): BeforeInstallPromptEvent | null {
  const event = offer;
  offer = null;
  return event;
}

export function setUpdateWaiting(applyUpdate: () => Promise<void>): void {
  setPwaState({ applyUpdate });
}
