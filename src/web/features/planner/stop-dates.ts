/**
 * The planner form's dates (every date it asks for is honoured, decision 0062):
 *
 * - Each city's date is the day the traveller flies on from it; the last city's date is the day
 *   the last flight lands, so it starts equal to the date the last flight leaves.
 * - Adding a city makes the old last city a stop three days later, and the new last city lands that day.
 * - Changing the date of the city the last flight leaves from moves the landing date along when it
 *   was the same day (it is never rewritten otherwise: a date the last flight cannot land on is
 *   refused by the planner on that field).
 */
export interface DatedStop {
  date: string;
}

/** A YYYY-MM-DD date `days` later (empty stays empty). */
export function addDays(date: string, days: number): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The stops after a new last city is added (`fresh` is the new stop, its date set here).
 * @example withAddedCity([{ date: '2026-12-10' }, { date: '2026-12-10' }], { date: '' }).map((s) => s.date) // ['2026-12-10', '2026-12-13', '2026-12-13']
 */
export function withAddedCity<T extends DatedStop>(stops: readonly T[], fresh: T): T[] {
  const last = stops[stops.length - 1];
  if (!last) return [...stops, fresh];
  const later = addDays(last.date, 3);
  return [...stops.slice(0, -1), { ...last, date: later }, { ...fresh, date: later }];
}

/**
 * The stops after stop `index`'s date changed.
 * @example withDate([{ date: 'a' }, { date: '2026-12-10' }, { date: '2026-12-10' }], 1, '2026-12-12').map((s) => s.date) // ['a', '2026-12-12', '2026-12-12']
 */
export function withDate<T extends DatedStop>(stops: readonly T[], index: number, date: string): T[] {
  const lastIndex = stops.length - 1;
  const before = stops[index]?.date;
  return stops.map((s, i) => {
    if (i === index) return { ...s, date };
    if (i === lastIndex && index === lastIndex - 1 && s.date === before) return { ...s, date };
    return s;
  });
}
