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
