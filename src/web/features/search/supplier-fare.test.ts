import { describe, expect, it } from 'vitest';
import type { SupplierFare } from '../../../core/suppliers';
import { supplierFareText } from './supplier-fare';

const FARE: SupplierFare = {
  supplier: 'duffel',
  offerId: 'off_1',
  expiresAt: '2026-11-21T07:00:00Z',
  owner: 'Duffel Airways',
  fareBrand: 'Standard',
  conditions: { changeBeforeDeparture: { allowed: true, penaltyPaise: 4000 }, refundBeforeDeparture: { allowed: false, penaltyPaise: null } },
  penaltyCurrency: 'GBP',
  baggage: { checked: 1, carryOn: 1 },
  operatedBy: [null],
  passengerIds: ['pas_1'],
  totalMinor: 30000,
  currency: 'GBP',
  conversion: null,
  fareInr: 31980,
  feeInr: 199,
};

describe('supplierFareText', () => {
  it("words the airline's conditions in its own currency, and the bags", () => {
    expect(supplierFareText(FARE)).toBe('Changes for a fee of £40.00 · Refunds not allowed · 1 checked bag, 1 cabin bag per traveller');
  });

  it('free, allowed without an amount, and unknown conditions; plural bags; a currency without decimals', () => {
    const text = supplierFareText({
      ...FARE,
      conditions: { changeBeforeDeparture: { allowed: true, penaltyPaise: 0 }, refundBeforeDeparture: null },
      baggage: { checked: 2, carryOn: 0 },
    });
    expect(text).toBe('Changes free · Refunds: ask the airline · 2 checked bags, 0 cabin bags per traveller');
    expect(supplierFareText({ ...FARE, conditions: { ...FARE.conditions, changeBeforeDeparture: { allowed: true, penaltyPaise: null } } })).toMatch(/^Changes allowed · /);
    expect(supplierFareText({ ...FARE, penaltyCurrency: 'JPY', conditions: { ...FARE.conditions, changeBeforeDeparture: { allowed: true, penaltyPaise: 5000 } } })).toMatch(/^Changes for a fee of (JP¥|¥)5,000 · /);
  });
});
