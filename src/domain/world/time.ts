/**
 * Time-zone helpers. The schedule keeps times as UTC minutes; local times exist only at
 * the edges (pattern definition and display), converted with the airport's IANA zone so
 * European and US daylight saving is right.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
/** Per zone: UTC hour → offset minutes (numeric keys: this sits on the hot path). */
const offsetCaches = new Map<string, Map<number, number>>();

function formatterFor(tz: string): Intl.DateTimeFormat {
  let formatter = formatters.get(tz);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(tz, formatter);
  }
  return formatter;
}

/**
 * UTC offset in minutes of `tz` at the instant `utcMs` (e.g. 330 for Asia/Kolkata).
 * Cached per zone and UTC hour: offsets only change on the hour.
 * @example offsetMinutesAt('Europe/London', Date.UTC(2026, 6, 1)) // 60
 */
export function offsetMinutesAt(tz: string, utcMs: number): number {
  const hour = Math.floor(utcMs / 3_600_000);
  let cache = offsetCaches.get(tz);
  if (!cache) {
    cache = new Map();
    offsetCaches.set(tz, cache);
  }
  const cached = cache.get(hour);
  if (cached !== undefined) return cached;
  const parts = formatterFor(tz).formatToParts(new Date(hour * 3_600_000));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  const offset = Math.round((asUtc - hour * 3_600_000) / MINUTE_MS);
  if (cache.size > 100_000) cache.clear();
  cache.set(hour, offset);
  return offset;
}

/** Day number (days since 1970-01-01) of an ISO date. @example dayNumber('1970-01-02') // 1 */
export function dayNumber(isoDate: string): number {
  return Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);
}

/** ISO date of a day number. @example isoDate(1) // '1970-01-02' */
export function isoDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Weekday of a day number, Monday = 0 … Sunday = 6 (the SSIM mask's bit order). */
export function weekdayOf(day: number): number {
  // 1970-01-01 was a Thursday (3).
  return (((day + 3) % 7) + 7) % 7;
}

/**
 * UTC minutes since the epoch of a local wall-clock time in `tz`.
 * Times that fall in a spring-forward gap move forward by the gap, like airlines do.
 * @example localToUtcMinutes('Asia/Kolkata', dayNumber('2026-12-24'), 6 * 60) // 2026-12-24T00:30Z in minutes
 */
export function localToUtcMinutes(tz: string, day: number, localMinutes: number): number {
  const wall = day * 1440 + localMinutes;
  const guess = wall - offsetMinutesAt(tz, wall * MINUTE_MS);
  const offset = offsetMinutesAt(tz, guess * MINUTE_MS);
  return wall - offset;
}

/**
 * Local ISO date-time with UTC offset for an instant, e.g. "2026-12-24T06:05:00+05:30".
 * @example formatLocal(utcMinutes, 'Asia/Kolkata')
 */
export function formatLocal(utcMinutes: number, tz: string): string {
  const offset = offsetMinutesAt(tz, utcMinutes * MINUTE_MS);
  const local = new Date((utcMinutes + offset) * MINUTE_MS).toISOString().slice(0, 16);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${local}:00${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** Local day number of an instant in `tz`. */
export function localDayOf(utcMinutes: number, tz: string): number {
  return Math.floor((utcMinutes + offsetMinutesAt(tz, utcMinutes * MINUTE_MS)) / 1440);
}

/** Today's date in India (the server's business day). @example indiaToday(new Date('2026-11-21T20:00Z')) // '2026-11-22' */
export function indiaToday(now: Date): string {
  return isoDate(Math.floor((now.getTime() / MINUTE_MS + 330) / 1440));
}
