import { describe, expect, it } from 'vitest';
import { formatCountdown, formatDay, formatDuration, formatInr, localDate, localTime } from './format';

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
    expect(formatCountdown(581)).toBe('9:41');
    expect(formatCountdown(-3)).toBe('0:00');
  });
});
