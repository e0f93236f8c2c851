import { readStored, writeStored } from '../../lib/storage';

/**
 * The installable-app state the shell shows: the browser's install offer (captured from
 * `beforeinstallprompt` as early as possible), whether the bottom install prompt is due, the
 * iPhone/iPad "Add to Home Screen" hint, and a waiting new version. Tiny and dependency-free: it
 * loads with the shell, and the prompts' UI loads only when one has something to show.
 */
export const INSTALL_PROMPT_DELAY_MS = 30_000;
/** Device preferences, not personal data: Log Out keeps them. */
const DISMISSED_KEY = 'installPromptDismissed';
const IOS_HINT_KEY = 'iosInstallHintShown';

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

function set(patch: Partial<PwaState>): void {
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

export function installDismissed(): boolean {
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
      if (offer && !installDismissed() && !isInstalled()) set({ installPrompt: true });
    }, INSTALL_PROMPT_DELAY_MS);
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    set({ installPrompt: false });
  });
}

/**
 * Accept: shows the browser's install dialog and answers with its outcome.
 * @example const outcome = await acceptInstall() // 'accepted' | 'dismissed' | 'unavailable'
 */
export async function acceptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = offer;
  set({ installPrompt: false });
  if (!event) return 'unavailable';
  offer = null; // an offer can be used once
  await event.prompt();
  const choice = await event.userChoice;
  return choice.outcome;
}

/** Later or ×: the prompt never comes back on this device. */
export function dismissInstall(): void {
  writeStored(DISMISSED_KEY, '1');
  set({ installPrompt: false });
}

/** iPhone or iPad Safari, where the browser offers no install prompt. */
export function isIos(): boolean {
  const ua = navigator.userAgent;
  return /iPhone|iPad|iPod/.test(ua) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
}

/**
 * After a booking: asks the browser to keep Safar's offline data (tickets, passes) from being
 * evicted, and on iPhone/iPad shows the "Add to Home Screen" hint once.
 * @example noteBookingCompleted()
 */
export function noteBookingCompleted(): void {
  void navigator.storage?.persist?.().catch(() => false);
  if (!isIos() || isInstalled() || readStored(IOS_HINT_KEY) === '1') return;
  writeStored(IOS_HINT_KEY, '1');
  set({ iosHint: true });
}

export function closeIosHint(): void {
  set({ iosHint: false });
}

export function setUpdateWaiting(applyUpdate: () => Promise<void>): void {
  set({ applyUpdate });
}
