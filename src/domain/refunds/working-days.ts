/**
 * Working days in India, for refund deadlines.
 *
 * - A working day is Monday to Friday, India date (IST, UTC+5:30).
 * - The national holidays are not working days: Republic Day (26 Jan), Independence Day (15 Aug)
 *   and Gandhi Jayanti (2 Oct), every year. The other gazetted holidays move with the calendars
 *   each year and are not listed, so a deadline may fall a day or two before the official one
 *   (never after it).
 * - Counting starts the day after the day of the event: the event's own day never counts.
 */

const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/** Month and day of the national holidays. */
export const NATIONAL_HOLIDAYS = ['01-26', '08-15', '10-02'] as const;

/** India date (YYYY-MM-DD) of an instant. */
export function indiaDateOf(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** Whether an India date (YYYY-MM-DD) is a working day. */
export function isWorkingDay(indiaDate: string): boolean {
  const weekday = new Date(`${indiaDate}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !(NATIONAL_HOLIDAYS as readonly string[]).includes(indiaDate.slice(5));
}

/**
 * The end (23:59:59.999 IST) of the `count`-th working day after the India day of `from`.
 * @example endOfWorkingDaysAfter(new Date('2026-11-27T10:00:00Z'), 1) // 2026-11-30T18:29:59.999Z (Friday → Monday)
 */
export function endOfWorkingDaysAfter(from: Date, count: number): Date {
  let day = Date.parse(`${indiaDateOf(from)}T00:00:00Z`);
  let counted = 0;
  while (counted < count) {
    day += DAY_MS;
    if (isWorkingDay(new Date(day).toISOString().slice(0, 10))) counted += 1;
  }
  return new Date(day + DAY_MS - IST_OFFSET_MS - 1);
}
