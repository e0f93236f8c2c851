import { readStored, writeStored } from '../storage';
import { DISMISSED_KEY, isInstalled, setPwaState, takeInstallOffer } from './pwa-state';

/** Device preference, not personal data: Log Out keeps it. */
const IOS_HINT_KEY = 'iosInstallHintShown';

/**
 * Accept: shows the browser's install dialog and answers with its outcome.
 * @example const outcome = await acceptInstall() // 'accepted' | 'dismissed' | 'unavailable'
 */
export async function acceptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = takeInstallOffer();
  setPwaState({ installPrompt: false });
  if (!event) return 'unavailable';
  await event.prompt();
  const choice = await event.userChoice;
  return choice.outcome;
}

/** Later or ×: the prompt never comes back on this device. */
export function dismissInstall(): void {
  writeStored(DISMISSED_KEY, '1');
  setPwaState({ installPrompt: false });
}

/** iPhone or iPad Safari, where the browser offers no install prompt. */
function isIos(): boolean {
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
  setPwaState({ iosHint: true });
}

export function closeIosHint(): void {
  setPwaState({ iosHint: false });
}

