import { describe, expect, it } from 'vitest';
import type { PassengerLegFare } from '../../core/fares';
import type { ChangeOffer } from '../suppliers/supplier';
import { supplierChangeQuote } from './supplier-quote';

const fare = (position: number, paise: number): PassengerLegFare => ({
  passengerPosition: position,
  passengerType: 'adult',
  legIndex: 0,
  familyCode: 'duffel',
  lines: [{ code: 'base', kind: 'fare', label: 'Base fare', paise }],
  totalPaise: paise,
  status: 'active',
});

const offer = (changeMinor: number, penaltyMinor: number | null, refundTo: ChangeOffer['refundTo'] = null, currency = 'GBP'): ChangeOffer => ({
  id: 'oco_1',
  expiresAt: '2026-11-21T07:00:00.000Z',
  changeTotal: { amountMinor: changeMinor, currency },
  penalty: penaltyMinor === null ? null : { amountMinor: penaltyMinor, currency },
  newTotal: null,
  refundTo,
  add: [],
  remove: [],
});

describe('supplierChangeQuote', () => {
  it('a dearer flight: the change total in INR at the named rate, the penalty as the change fee, shared over the passengers; no Safar fee', () => {
    // £165.00 with £40.00 penalty, at ₹106.60 per GBP: ₹17,589 due, ₹4,264 of it the airline's fee.
    const quote = supplierChangeQuote({ supplier: 'duffel', airline: 'Duffel Airways', fares: [fare(0, 1_000_000), fare(1, 1_000_000)], offer: offer(16_500, 4_000) });
    expect(quote).toMatchObject({ duePaise: 1_758_900, changeFeePaise: 426_400, fareDifferencePaise: 1_332_500, refundPaise: 0, oldTotalPaise: 2_000_000, newTotalPaise: 3_332_500 });
    expect(quote.lines.map((l) => l.changeFeePaise)).toEqual([213_200, 213_200]);
    expect(quote.supplier).toMatchObject({ changeTotalMinor: 16_500, penaltyMinor: 4_000, currency: 'GBP', safarFeePaise: 0, conversion: { from: 'GBP', rate: 106.6 } });
    expect(quote.supplier?.terms).toBe('Duffel Airways charges £165.00 at ₹106.60 per GBP (RBI reference rate (FBIL), 2026-11-20) for this change, its £40.00 change fee included; Safar adds no fee to a change');
  });

  it('a cheaper flight paid back as a voucher: nothing due and no money back', () => {
    const quote = supplierChangeQuote({ supplier: 'duffel', airline: 'Duffel Airways', fares: [fare(0, 1_000_000)], offer: offer(-1_500, 0, 'voucher') });
    expect(quote).toMatchObject({ duePaise: 0, refundPaise: 0, fareDifferencePaise: -159_900, changeFeePaise: 0 });
    expect(quote.supplier?.terms).toMatch(/as an airline voucher in the passengers' names, not money/);
  });

  it('a cheaper flight paid back to the original payment: the money back in INR; in rupees, no conversion', () => {
    const quote = supplierChangeQuote({ supplier: 'duffel', airline: 'Duffel Airways', fares: [fare(0, 1_000_000)], offer: offer(-50_000, null, 'originalPayment', 'INR') });
    expect(quote).toMatchObject({ duePaise: 0, refundPaise: 50_000 });
    expect(quote.supplier?.conversion).toBeNull();
    expect(quote.supplier?.terms).toMatch(/pays back ₹500(\.00)? for this change: ₹500(\.00)? refunded to your original payment/);
  });

  it('money back in another currency: the refund in INR at the named rate, rounded up to the paisa, the penalty taken first', () => {
    // £15.00 back with a £5.00 penalty inside it, at ₹106.60 per GBP: ₹1,599 back to the original payment, nothing due.
    const quote = supplierChangeQuote({ supplier: 'duffel', airline: 'Duffel Airways', fares: [fare(0, 1_000_000)], offer: offer(-1_500, 500, 'originalPayment') });
    expect(quote).toMatchObject({ duePaise: 0, refundPaise: 159_900, changeFeePaise: 53_300, fareDifferencePaise: -213_200, newTotalPaise: 786_800 });
    expect(quote.supplier).toMatchObject({ refundTo: 'originalPayment', changeTotalMinor: -1_500, conversion: { from: 'GBP', rate: 106.6 } });
    expect(quote.supplier?.terms).toBe('Duffel Airways pays back £15.00 at ₹106.60 per GBP (RBI reference rate (FBIL), 2026-11-20) for this change: ₹1,599 refunded to your original payment; Safar adds no fee to a change');
  });
});
