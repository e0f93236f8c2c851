import { describe, expect, it } from 'vitest';
import { PNR_ALPHABET, isValidTicketNumber, newBookingId, newPnr, newTicketNumber } from './ids';
import { gateFor, seatForIndex } from './seats';

describe('booking identifiers', () => {
  it('PNRs are 6 characters without look-alikes', () => {
    for (let i = 0; i < 500; i++) expect(newPnr()).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
    expect(PNR_ALPHABET).not.toMatch(/[01OIL]/);
  });

  it("booking ids are 'BK' + the timestamp, with a suffix only on retries", () => {
    const at = new Date(1732180000000);
    expect(newBookingId(at, 0)).toBe('BK1732180000000');
    expect(newBookingId(at, 1)).toMatch(/^BK1732180000000\d{3}$/);
  });

  it('ticket numbers are 13 digits with the airline prefix and a mod-7 check digit', () => {
    expect(newTicketNumber('6E').startsWith('312')).toBe(true);
    expect(newTicketNumber('AI').startsWith('098')).toBe(true);
    for (let i = 0; i < 200; i++) expect(isValidTicketNumber(newTicketNumber('SG'))).toBe(true);
    const t = newTicketNumber('6E');
    const wrong = `${t.slice(0, 12)}${(Number(t[12]) + 1) % 10}`;
    expect(isValidTicketNumber(wrong)).toBe(false);
  });
});

describe('seats and gates', () => {
  it('numbers rows from the nose across cabins', () => {
    const layout = { business: 8, economy: 156 };
    expect(seatForIndex(layout, 'business', 0)).toBe('1A');
    expect(seatForIndex(layout, 'business', 7)).toBe('2F');
    expect(seatForIndex(layout, 'economy', 0)).toBe('3A');
    expect(seatForIndex(layout, 'economy', 6)).toBe('4A');
    const all = new Set(Array.from({ length: 156 }, (_, i) => seatForIndex(layout, 'economy', i)));
    expect(all.size).toBe(156);
  });

  it('gates are A1–A20 and stable per flight', () => {
    for (let n = 0; n < 300; n++) expect(gateFor(`6E${n}@2026-12-24`)).toMatch(/^A([1-9]|1\d|20)$/);
    expect(gateFor('AI101@2026-12-24')).toBe(gateFor('AI101@2026-12-24'));
  });
});
