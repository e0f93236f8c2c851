/**
 * Date and time wording for documents. Flight times are printed in the airport's local time,
 * which our ISO strings already carry ("2026-12-24T06:05:00+05:30"), so they are read as
 * written and never converted through the server's time zone.
 */

const LOCAL_ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function parts(iso: string): { y: number; m: number; d: number; hh: number; mm: number } {
  const match = LOCAL_ISO.exec(iso);
  if (!match) throw new Error(`Expected a local date-time like 2026-12-24T06:05:00+05:30, got "${iso}"`);
  const [, y, m, d, hh, mm] = match.map(Number);
  return { y: y ?? 0, m: m ?? 1, d: d ?? 1, hh: hh ?? 0, mm: mm ?? 0 };
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Local calendar date as printed on tickets.
 * @example formatLocalDate('2026-12-24T06:05:00+05:30') // 'Thu, 24 Dec 2026'
 */
export function formatLocalDate(iso: string): string {
  const { y, m, d } = parts(iso);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return `${WEEKDAYS[weekday] ?? ''}, ${d} ${MONTHS[m - 1] ?? ''} ${y}`;
}

/**
 * Local 24-hour clock time.
 * @example formatLocalTime('2026-12-24T06:05:00+05:30') // '06:05'
 */
export function formatLocalTime(iso: string): string {
  const { hh, mm } = parts(iso);
  return `${pad(hh)}:${pad(mm)}`;
}

/**
 * @example formatDuration(135) // '2h 15m'
 */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes % 60);
  return h === 0 ? `${m}m` : `${h}h ${m}m`;
}

/** Minutes before departure that boarding starts: 45 domestic, 60 international. */
const BOARDING_LEAD_MINUTES = { domestic: 45, international: 60 } as const;

/**
 * Boarding time in local time: departure minus 45 minutes, or 60 for international flights.
 * @example boardingTimeFor('2026-12-24T00:30:00+05:30', true) // '23:30' (the evening before)
 */
export function boardingTimeFor(departure: string, international: boolean): string {
  const { hh, mm } = parts(departure);
  const lead = international ? BOARDING_LEAD_MINUTES.international : BOARDING_LEAD_MINUTES.domestic;
  const total = (((hh * 60 + mm - lead) % 1440) + 1440) % 1440;
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}

const IST = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * An instant (e.g. when a booking was made) in India Standard Time.
 * @example formatInstantIst('2026-11-21T06:30:00Z') // '21 Nov 2026, 12:00 IST'
 */
export function formatInstantIst(instant: string | Date): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) throw new Error(`Not a valid instant: ${String(instant)}`);
  const p = Object.fromEntries(IST.formatToParts(date).map((part) => [part.type, part.value]));
  return `${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute} IST`;
}

/**
 * The local clock time `minutes` before a local date-time (boarding, gate closing), in the same zone.
 * @example localTimeBefore('2026-12-24T06:05:00+05:30', 25) // '05:40'
 */
export function localTimeBefore(departure: string, minutes: number): string {
  const { hh, mm } = parts(departure);
  const total = (((hh * 60 + mm - minutes) % 1440) + 1440) % 1440;
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}

/**
 * An instant as a local date and time in the zone of a local date-time ("+05:30"), for "Check-in opens …".
 * @example localStampLike(new Date('2026-12-22T00:35:00Z'), '2026-12-24T06:05:00+05:30') // '22 Dec 2026, 06:05'
 */
export function localStampLike(instant: Date, like: string): string {
  const match = /([+-])(\d{2}):(\d{2})$/.exec(like);
  const offset = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  const local = new Date(instant.getTime() + offset * 60_000);
  return `${local.getUTCDate()} ${MONTHS[local.getUTCMonth()] ?? ''} ${local.getUTCFullYear()}, ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}
