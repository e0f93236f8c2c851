import { describe, expect, it } from 'vitest';
import type { PassengerLegFare } from '../../core/fares';
import { AppError } from '../../core/errors';
import type { CancellationQuote } from '../suppliers/supplier';
import { shareCapped, supplierRefundQuote, type SupplierQuoteInput } from './supplier-quote';

/** One passenger-leg: the supplier's part (base + taxes, in INR at booking) and Safar's fee. */
function fare(position: number, basePaise: number, taxPaise: number, safarFeePaise: number): PassengerLegFare {
  const lines: PassengerLegFare['lines'] = [
    { code: 'base', kind: 'fare', label: 'Base fare', paise: basePaise },
    { code: 'foreign', kind: 'tax', label: 'Foreign taxes and charges', paise: taxPaise },
  ];
  if (safarFeePaise > 0) lines.push({ code: 'safarFee', kind: 'safarFee', label: 'Safar fee', paise: safarFeePaise });
  return { passengerPosition: position, passengerType: 'adult', legIndex: 0, familyCode: 'duffel', lines, totalPaise: basePaise + taxPaise + safarFeePaise, status: 'active' };
}

const quote = (refundMinor: number | null, refundTo: CancellationQuote['refundTo'] = 'originalPayment'): CancellationQuote => ({
  id: 'ore_1',
  orderId: 'ord_1',
  refund: refundMinor === null ? null : { amountMinor: refundMinor, currency: 'GBP' },
  refundTo,
  expiresAt: '2027-01-10T08:15:00Z',
  confirmedAt: null,
  credits: [],
});

// £200.00 at ₹106.60 = ₹21,320.00: the traveller paid that for the supplier's part plus Safar's ₹299 fee.
const base = (over: Partial<SupplierQuoteInput> = {}): SupplierQuoteInput => ({
  bookedAt: new Date('2026-12-01T06:00:00Z'),
  firstDepartureUtc: new Date('2027-02-01T10:00:00Z'),
  international: true,
  fares: [fare(0, 1_800_000, 332_000, 29_900)],
  supplier: 'duffel',
  airline: 'Duffel Airways',
  total: { amountMinor: 20_000, currency: 'GBP' },
  quote: quote(16_000),
  now: new Date('2027-01-10T08:00:00Z'),
  reason: 'voluntary',
  ...over,
});

describe('supplierRefundQuote', () => {
  it("passes on the supplier's refund converted to INR, the airline keeps the rest, Safar keeps its fee", () => {
    const q = supplierRefundQuote(base());
    // £160.00 × 106.60 = ₹17,056.00
    expect(q.supplier?.airlineRefundPaise).toBe(1_705_600);
    expect(q.airlineFeePaise).toBe(2_132_000 - 1_705_600);
    expect(q.safarFeeKeptPaise).toBe(29_900);
    expect(q.refundPaise).toBe(1_705_600);
    expect(q.refundPaise + q.retainedPaise).toBe(q.paidPaise);
    expect(q.supplier).toMatchObject({ quoteId: 'ore_1', refundMinor: 16_000, totalMinor: 20_000, currency: 'GBP', safarCoversPaise: 0, conversion: { from: 'GBP', rate: 106.6 } });
    expect(q.lines[0]?.rule).toBe('schedule');
    expect(q.lines[0]?.explanation).toContain("Duffel Airways's cancellation terms: it refunds £160.00 of £200.00 at ₹106.60 per GBP");
    expect(q.lines[0]?.explanation).toContain('Safar fee ₹299 kept');
  });

  it('a full supplier refund gives back every rupee paid for it, whatever the rounding', () => {
    const q = supplierRefundQuote(base({ quote: quote(20_000), fares: [fare(0, 1_800_001, 332_000, 29_900)] }));
    expect(q.supplier?.airlineRefundPaise).toBe(2_132_001);
    expect(q.airlineFeePaise).toBe(0);
    expect(q.refundPaise).toBe(2_132_001);
  });

  it("inside Safar's free window everything comes back and Safar pays what the airline keeps", () => {
    const q = supplierRefundQuote(base({ bookedAt: new Date('2027-01-09T08:00:00Z') }));
    expect(q.freeWindowApplies).toBe(true);
    expect(q.refundPaise).toBe(q.paidPaise);
    expect(q.retainedPaise).toBe(0);
    expect(q.supplier?.safarCoversPaise).toBe(2_132_000 - 1_705_600);
    expect(q.refundPaise).toBe((q.supplier?.airlineRefundPaise ?? 0) + 29_900 + (q.supplier?.safarCoversPaise ?? 0));
  });

  it('the airline cancelled: everything back, Safar fee included', () => {
    const q = supplierRefundQuote(base({ reason: 'airlineCancelled' }));
    expect(q.lines[0]?.rule).toBe('airlineCancelled');
    expect(q.refundPaise).toBe(q.paidPaise);
  });

  it('a refund to airline credits gives back no money for the fare; Safar does not keep its fee then', () => {
    const q = supplierRefundQuote(base({ quote: quote(16_000, 'airlineCredits') }));
    expect(q.supplier?.airlineRefundPaise).toBe(0);
    expect(q.safarFeeKeptPaise).toBe(0);
    expect(q.refundPaise).toBe(29_900);
    expect(q.lines[0]?.explanation).toContain('airline credit');
  });

  it('no amount from the airline: no online cancellation (409)', () => {
    expect(() => supplierRefundQuote(base({ quote: quote(null) }))).toThrow(AppError);
  });

  it('shares the fees over passengers so every line balances and the lines add up', () => {
    const q = supplierRefundQuote(base({ fares: [fare(0, 900_001, 166_000, 29_900), fare(1, 899_999, 166_000, 0)] }));
    for (const line of q.lines) expect(line.refundPaise + line.retainedPaise).toBe(line.paidPaise);
    expect(q.lines.reduce((n, l) => n + l.refundPaise, 0)).toBe(q.refundPaise);
    expect(q.lines.reduce((n, l) => n + l.airlineFeePaise, 0)).toBe(q.airlineFeePaise);
    expect(q.lines[1]?.safarFeeKeptPaise).toBe(0);
  });
});

describe('shareCapped', () => {
  it('adds up exactly and never gives a share more than its weight', () => {
    expect(shareCapped(10, [3, 3, 4])).toEqual([3, 3, 4]);
    expect(shareCapped(7, [1, 1, 1, 10])).toEqual([1, 0, 0, 6]);
    const shares = shareCapped(5, [2, 2, 2]);
    expect(shares.reduce((n, s) => n + s, 0)).toBe(5);
    expect(shares.every((s) => s <= 2)).toBe(true);
    expect(() => shareCapped(7, [3, 3])).toThrow();
  });
});
