import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, withAddedCity, withDate } from './stop-dates';

const day = fc.integer({ min: 0, max: 300 }).map((n) => addDays('2026-12-01', n));

describe('planner form dates', () => {
  it('adding a city makes the old last city a stop three days later and the new last city lands that day', () => {
    fc.assert(
      fc.property(fc.array(day, { minLength: 2, maxLength: 5 }), (dates) => {
        const after = withAddedCity(dates.map((date) => ({ date })), { date: '' });
        const last = dates[dates.length - 1] ?? '';
        expect(after.map((s) => s.date)).toEqual([...dates.slice(0, -1), addDays(last, 3), addDays(last, 3)]);
      }),
    );
  });

  it('changing the date the last flight leaves moves the landing date along only when it was the same day; no other date is rewritten', () => {
    fc.assert(
      fc.property(fc.array(day, { minLength: 2, maxLength: 6 }), fc.nat(), day, (dates, pick, date) => {
        const index = pick % dates.length;
        const after = withDate(dates.map((d) => ({ date: d })), index, date).map((s) => s.date);
        const lastIndex = dates.length - 1;
        after.forEach((d, i) => {
          if (i === index) expect(d).toBe(date);
          else if (i === lastIndex && index === lastIndex - 1 && dates[lastIndex] === dates[index]) expect(d).toBe(date);
          else expect(d).toBe(dates[i]);
        });
      }),
    );
  });
});
