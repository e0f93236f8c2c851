/** localStorage that never throws (private mode, quota, disabled storage). */
export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the choice lasts for this visit only.
  }
}

export function removeStored(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to remove.
  }
}

/**
 * The personal-data rule for browser storage: every key that holds something about a traveller
 * (bookings, passes, alerts and their tokens, favourites, recent searches, trip plans, the cached
 * session) starts with `safar:`, and Log Out removes every such key. Device preferences that
 * belong to nobody (theme, currency, the dismissed install prompt) use plain keys and survive.
 * @example writeStored(personalKey('tracker:recent'), JSON.stringify(entries)) // 'safar:tracker:recent'
 */
const PERSONAL_KEY_PREFIX = 'safar:';

export function personalKey(name: string): string {
  return `${PERSONAL_KEY_PREFIX}${name}`;
}

/** Personal keys written by earlier versions (unprefixed names) that predate the prefix rule. */
const LEGACY_PERSONAL_KEYS = [
  'auth',
  'boardingPasses',
  'boardingPassesOwner',
  'offlineBookings',
  'offlineSearches',
  'priceAlerts',
  'flightTrackingHistory',
  'sharedItinerary',
  'userBookings',
  'bookingHistory',
] as const;

/** Whether a localStorage/sessionStorage key holds personal data (see PERSONAL_KEY_PREFIX). */
function isPersonalKey(key: string): boolean {
  return key.startsWith(PERSONAL_KEY_PREFIX) || (LEGACY_PERSONAL_KEYS as readonly string[]).includes(key);
}

/** Removes every personal key from localStorage and sessionStorage; device preferences stay. */
export function removePersonalStored(): void {
  for (const area of ['localStorage', 'sessionStorage'] as const) {
    try {
      const store = window[area];
      const keys = Array.from({ length: store.length }, (_, i) => store.key(i)).filter((k): k is string => k !== null);
      keys.filter(isPersonalKey).forEach((key) => store.removeItem(key));
    } catch {
      // Storage unavailable: nothing was written there either.
    }
  }
}
