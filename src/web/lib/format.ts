/**
 * Display helpers for itineraries. Times on the wire are airport-local with an offset
 * ("2026-12-24T06:05:00+05:30"), so the clock time and date are read from the string itself:
 * converting through the browser's time zone would show the traveller's time, not the airport's.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * The airport-local clock time of an ISO date-time with offset.
 * @example localTime('2026-12-24T06:05:00+05:30') // "06:05"
 */
export function localTime(iso: string): string {
  return iso.slice(11, 16);
}

/**
 * The airport-local calendar date of an ISO date-time with offset.
 * @example localDate('2026-12-24T23:40:00+05:30') // "2026-12-24"
 */
export function localDate(iso: string): string {
  return iso.slice(0, 10);
}

/**
 * A calendar date (YYYY-MM-DD) as travellers read it.
 * @example formatDay('2026-12-24') // "Thu, 24 Dec 2026"
 */
export function formatDay(ymd: string): string {
  const [y, m, d] = ymd.split('-').map(Number);
  if (!y || !m || !d) return ymd;
  const weekday = DAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()] ?? '';
  return `${weekday}, ${d} ${MONTHS[m - 1] ?? ''} ${y}`;
}

/**
 * Minutes as hours and minutes.
 * @example formatDuration(135) // "2h 15m"
 */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m}m`;
  return m === 0 ? `${h}h` : `${h}h ${m}m`;
}

/**
 * Whole rupees with Indian digit grouping, always in INR (what is charged).
 * @example formatInr(123456) // "₹1,23,456"
 */
export function formatInr(amount: number): string {
  return `₹${Math.round(amount).toLocaleString('en-IN')}`;
}

/**
 * Seconds left as m:ss, for the seat-hold countdown.
 * @example formatCountdown(581) // "9:41"
 */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
