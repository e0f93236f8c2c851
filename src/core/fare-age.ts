/**
 * How long ago a last-known fare was seen, in the words the screens show: "seen just now" under a
 * minute, "seen 5 min ago" under an hour, "seen 2 h ago" under two days, then "seen 3 days ago".
 * A time in the future (clocks a little apart) counts as just now.
 * @example fareAge('2026-11-27T05:00:00Z', Date.parse('2026-11-27T07:10:00Z')) // "seen 2 h ago"
 */
export function fareAge(seenAt: string, now: number): string {
  const minutes = Math.floor((now - Date.parse(seenAt)) / 60_000);
  if (!(minutes >= 1)) return 'seen just now';
  if (minutes < 60) return `seen ${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `seen ${hours} h ago`;
  return `seen ${Math.floor(hours / 24)} days ago`;
}

/**
 * A last-known price in words for a card: "from ₹5,399 · seen 2 h ago" style parts. `seenAt` null means no
 * search has seen the fare yet ("not seen yet"); undefined means the fare is live (no age to show).
 * @example knownPriceAge('2026-11-27T05:00:00Z', Date.parse('2026-11-27T07:10:00Z')) // "seen 2 h ago"
 */
export function knownPriceAge(seenAt: string | null | undefined, now: number): string | null {
  if (seenAt === undefined) return null;
  return seenAt === null ? 'not seen yet' : fareAge(seenAt, now);
}
