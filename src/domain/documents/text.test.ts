import { describe, expect, it } from 'vitest';
import { boardingTimeFor, formatDuration, formatInstantIst, formatLocalDate, formatLocalTime } from './dates';
import { boardingPassFileName, ticketFileName } from './file-names';
import { foldToAscii, formatInr, pdfSafe } from './text';

describe('document text', () => {
  it('folds accents and special Latin letters to ASCII and drops the rest', () => {
    expect(foldToAscii('Zoë Łukasz-Müller')).toBe('Zoe Lukasz-Muller');
    expect(foldToAscii('Straße Ærø')).toBe('Strasse AEro');
    expect(foldToAscii('राम Ram')).toBe(' Ram');
  });

  it('makes text drawable with the standard PDF fonts', () => {
    expect(pdfSafe('₹4,500 · DEL → BOM – “ok”')).toBe('INR 4,500 - DEL -> BOM - "ok"');
  });

  it('formats rupees with Indian grouping', () => {
    expect(formatInr(12345)).toBe('INR 12,345');
    expect(formatInr(1234567)).toBe('INR 12,34,567');
    expect(formatInr(0)).toBe('INR 0');
  });
});

describe('document dates', () => {
  it('reads local times as written, whatever the server time zone', () => {
    expect(formatLocalDate('2026-12-24T06:05:00+05:30')).toBe('Thu, 24 Dec 2026');
    expect(formatLocalTime('2026-12-24T23:55:00-08:00')).toBe('23:55');
    expect(() => formatLocalTime('24/12/2026')).toThrow(/local date-time/);
  });

  it('formats durations like the results list', () => {
    expect(formatDuration(135)).toBe('2h 15m');
    expect(formatDuration(45)).toBe('45m');
    expect(formatDuration(605)).toBe('10h 5m');
  });

  it('starts boarding 45 minutes before a domestic and 60 before an international departure', () => {
    expect(boardingTimeFor('2026-12-24T06:05:00+05:30', false)).toBe('05:20');
    expect(boardingTimeFor('2026-12-24T06:05:00+05:30', true)).toBe('05:05');
    expect(boardingTimeFor('2026-12-24T00:30:00+05:30', true)).toBe('23:30');
  });

  it('prints instants in India Standard Time', () => {
    expect(formatInstantIst('2026-11-21T06:30:00Z')).toBe('21 Nov 2026, 12:00 IST');
    expect(formatInstantIst(new Date('2026-11-21T20:00:00Z'))).toBe('22 Nov 2026, 01:30 IST');
    expect(() => formatInstantIst('not a date')).toThrow();
  });
});

describe('document file names', () => {
  it('keeps the wallet stem boarding-pass-{flightNumber} and only safe characters', () => {
    expect(boardingPassFileName('6E 2134')).toBe('boarding-pass-6E2134.pdf');
    expect(boardingPassFileName('../"x"')).toBe('boarding-pass-X.pdf');
    expect(ticketFileName('k7qx2m')).toBe('safar-ticket-K7QX2M.pdf');
  });
});
