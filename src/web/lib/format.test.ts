import { describe, expect, it } from 'vitest';
import { arrivalTime, dayOffset, dayOffsetLabel, formatCountdown, formatDate, formatDay, formatDuration, formatInr, formatPaise, localDate, localTime } from './format';

describe('booking display helpers', () => {
  it('reads airport-local time and date from the offset string, whatever the browser zone', () => {
    expect(localTime('2026-12-24T06:05:00+05:30')).toBe('06:05');
    expect(localDate('2026-12-24T23:40:00+05:30')).toBe('2026-12-24');
    expect(localTime('2026-12-24T23:40:00-08:00')).toBe('23:40');
  });

  it('formats days, durations, rupees and the hold countdown', () => {
    expect(formatDay('2026-12-24')).toBe('Thu, 24 Dec 2026');
    expect(formatDay('not-a-date')).toBe('not-a-date');
    expect(formatDuration(135)).toBe('2h 15m');
    expect(formatDuration(120)).toBe('2h');
    expect(formatDuration(45)).toBe('45m');
    expect(formatInr(123456)).toBe('₹1,23,456');
    expect(formatPaise(890000)).toBe('₹8,900');
    expect(formatPaise(44550)).toBe('₹445.50');
    expect(formatPaise(12345607)).toBe('₹1,23,456.07');
    expect(formatCountdown(581)).toBe('9:41');
    expect(formatCountdown(-3)).toBe('0:00');
  });

  it('formats paise as rupees (paise only when there are any) and dates without the weekday', () => {
    expect(formatPaise(300000)).toBe('₹3,000');
    expect(formatPaise(123456789)).toBe('₹12,34,567.89');
    expect(formatPaise(5)).toBe('₹0.05');
    expect(formatPaise(-150050)).toBe('−₹1,500.50');
    expect(formatDate('2026-12-15')).toBe('15 Dec 2026');
    expect(formatDate('2026-12-15T10:00:00.000Z')).toBe('15 Dec 2026');
  });

  it('marks an arrival on a later (or earlier) local day: +1, +2, -1, nothing on the same day', () => {
    expect(arrivalTime('2026-12-24T22:25:00+05:30', '2026-12-25T00:45:00+05:30')).toBe('00:45 +1');
    expect(arrivalTime('2026-12-24T06:05:00+05:30', '2026-12-24T08:15:00+05:30')).toBe('08:15');
    expect(dayOffsetLabel('2026-12-31T23:10:00+05:30', '2027-01-02T06:00:00-05:00')).toBe('+2');
    // Each end in its own airport's date: Tokyo 10:00 on the 25th lands in Los Angeles 03:00 the same 25th… or the 24th.
    expect(dayOffsetLabel('2026-12-25T10:00:00+09:00', '2026-12-24T18:00:00-08:00')).toBe('-1');
    expect(dayOffset('2026-02-28T23:00:00+05:30', '2026-03-01T01:00:00+05:30')).toBe(1);
    expect(dayOffset('2028-02-28T23:00:00+05:30', '2028-03-01T01:00:00+05:30')).toBe(2);
  });
});
