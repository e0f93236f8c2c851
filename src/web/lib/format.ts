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
 * Paise as rupees with Indian digit grouping, always in INR; paise shown only when there are any.
 * @example formatPaise(890000) // "₹8,900"; formatPaise(44550) // "₹445.50"
 */
export function formatPaise(paise: number): string {
  const whole = paise % 100 === 0;
  return `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 })}`;
}

/**
 * Seconds left as m:ss, for the seat-hold countdown.
 * @example formatCountdown(581) // "9:41"
 */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * Calendar days from one airport-local date-time to another, each read in its own airport's local
 * date: 1 for an arrival after midnight, −1 when crossing the date line westward.
 * @example dayOffset('2026-12-24T22:25:00+05:30', '2026-12-25T00:45:00+05:30') // 1
 */
export function dayOffset(fromIso: string, toIso: string): number {
  const from = Date.parse(`${localDate(fromIso)}T00:00:00Z`);
  const to = Date.parse(`${localDate(toIso)}T00:00:00Z`);
  if (Number.isNaN(from) || Number.isNaN(to)) return 0;
  return Math.round((to - from) / 86_400_000);
}

/**
 * The day mark travellers read beside an arrival time: "+1", "+2", "-1", or "" on the same day.
 * @example dayOffsetLabel('2026-12-24T22:25:00+05:30', '2026-12-25T00:45:00+05:30') // "+1"
 */
export function dayOffsetLabel(fromIso: string, toIso: string): string {
  const days = dayOffset(fromIso, toIso);
  return days === 0 ? '' : days > 0 ? `+${days}` : `-${-days}`;
}

/**
 * An arrival's local time with its day mark against the departure, as plain text.
 * @example arrivalTime('2026-12-24T22:25:00+05:30', '2026-12-25T00:45:00+05:30') // "00:45 +1"
 */
export function arrivalTime(departureIso: string, arrivalIso: string): string {
  const mark = dayOffsetLabel(departureIso, arrivalIso);
  return mark ? `${localTime(arrivalIso)} ${mark}` : localTime(arrivalIso);
}
