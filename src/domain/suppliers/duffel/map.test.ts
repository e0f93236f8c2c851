import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { durationMinutes, fromMinor, localTime, toMinor } from './map';

describe('toMinor / fromMinor', () => {
  it('"221.78" GBP is 22178; "1000" JPY is 1000; "1.234" KWD is 1234; "-12.5" EUR is -1250', () => {
    expect(toMinor('221.78', 'GBP')).toBe(22178);
    expect(toMinor('1000', 'JPY')).toBe(1000);
    expect(toMinor('1.234', 'KWD')).toBe(1234);
    expect(toMinor('-12.5', 'EUR')).toBe(-1250);
    expect(toMinor('0.00', 'INR')).toBe(0);
    expect(toMinor('-0.00', 'INR')).toBe(0);
  });

  it('refuses more decimals than the currency has, and what is not an amount', () => {
    expect(() => toMinor('1.234', 'GBP')).toThrow(/Too many decimals/);
    expect(() => toMinor('1.5', 'JPY')).toThrow(/Too many decimals/);
    expect(() => toMinor('1e3', 'GBP')).toThrow(/Not an amount/);
    expect(toMinor('1.230', 'GBP')).toBe(123);
  });

  it('round-trips every amount exactly, in every exponent', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.constantFrom('GBP', 'INR', 'JPY', 'KWD', 'USD'), (amountMinor, currency) => {
        expect(toMinor(fromMinor({ amountMinor, currency }), currency)).toBe(amountMinor);
      }),
    );
  });
});

describe('localTime', () => {
  it('gives the airport offset at that local time, summer time included', () => {
    expect(localTime('2027-01-15T06:00:00', 'Asia/Kolkata')).toEqual({ local: '2027-01-15T06:00:00', offset: '+05:30', utc: '2027-01-15T00:30:00.000Z' });
    expect(localTime('2027-07-15T12:00:00', 'Europe/London').offset).toBe('+01:00');
    expect(localTime('2027-01-15T12:00:00', 'Europe/London').offset).toBe('+00:00');
    expect(localTime('2027-01-15T12:00', 'America/New_York')).toMatchObject({ local: '2027-01-15T12:00:00', offset: '-05:00', utc: '2027-01-15T17:00:00.000Z' });
    expect(localTime('2027-03-01T09:00:00', 'Asia/Kathmandu').offset).toBe('+05:45');
  });

  it('the instant is the local time minus the offset, and the instant the local time was read from', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.parse('2026-01-01'), max: Date.parse('2030-01-01') }), fc.constantFrom('Asia/Kolkata', 'Europe/London', 'America/New_York', 'Australia/Sydney', 'Asia/Dubai'), (ms, zone) => {
        const local = new Intl.DateTimeFormat('sv-SE', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(new Date(ms)).replace(' ', 'T');
        const time = localTime(local, zone);
        const sign = time.offset.startsWith('-') ? -1 : 1;
        const minutes = sign * (Number(time.offset.slice(1, 3)) * 60 + Number(time.offset.slice(4, 6)));
        expect(Date.parse(time.utc)).toBe(Date.parse(`${local}Z`) - minutes * 60_000);
        // The instant is the one the local time was read from; only the repeated hour of a clock change back may name the other one.
        const diff = Date.parse(time.utc) - Math.floor(ms / 1000) * 1000;
        expect(zone === 'Asia/Kolkata' || zone === 'Asia/Dubai' ? [0] : [0, 3_600_000, -3_600_000]).toContain(diff);
      }),
    );
  });
});

describe('durationMinutes', () => {
  it('reads ISO 8601 durations', () => {
    expect(durationMinutes('PT2H10M')).toBe(130);
    expect(durationMinutes('P1DT2H')).toBe(1560);
    expect(durationMinutes('PT45M')).toBe(45);
    expect(durationMinutes(null)).toBeNull();
    expect(durationMinutes('two hours')).toBeNull();
  });
});
