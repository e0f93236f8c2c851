import { describe, expect, it } from 'vitest';
import { allInPerTravellerPaise, knownDays, lastKnownMonth, LastKnownFares, recordingSearches, SearchBudget } from './last-known-fares';
import fc from 'fast-check';
import { toInr } from '../../core/fx';
import { SUPPLIER_FEE_PER_PASSENGER_INR } from '../../core/suppliers';
import { perTravellerInr } from './all-in';
import type { FlightSupplier, SupplierOffer, SupplierSearch, SupplierSearchResult } from './supplier';

const oneWay = (date = '2027-01-20'): SupplierSearch => ({ slices: [{ origin: 'DEL', destination: 'BOM', departureDate: date }], passengers: [{ type: 'adult' }, { type: 'adult' }], cabin: 'economy' });
const key = { from: 'DEL', to: 'BOM', date: '2027-01-20', cabin: 'economy' as const };

function offer(amountMinor: number, currency = 'INR', passengers: SupplierOffer['passengers'] = [{ id: 'a', type: 'adult', age: null }, { id: 'b', type: 'adult', age: null }]): SupplierOffer {
  return { id: `off_${amountMinor}_${currency}`, expiresAt: '2027-01-01T00:00:00Z', total: { amountMinor, currency }, base: { amountMinor, currency }, tax: null, owner: { code: 'ZZ', name: 'Duffel Airways' }, passengers, slices: [], conditions: { refund: null, change: null } as unknown as SupplierOffer['conditions'], instantPaymentRequired: true, paymentRequiredBy: null, priceGuaranteedUntil: null, identityDocumentsRequired: false, services: [] };
}
const answer = (...offers: SupplierOffer[]): SupplierSearchResult => ({ searchId: 'orq_1', passengers: [], offers });

describe('last-known fares', () => {
  it('keeps the lowest all-in fare per traveller (Safar fee included) with when it was seen; a newer search replaces it, cheaper or not', () => {
    const fares = new LastKnownFares();
    fares.record(oneWay(), answer(offer(1_000_000), offer(800_000)), Date.parse('2026-11-27T05:00:00Z'));
    expect(fares.get(key)).toEqual({ paise: (4_000 + SUPPLIER_FEE_PER_PASSENGER_INR) * 100, seenAt: '2026-11-27T05:00:00.000Z' });
    fares.record(oneWay(), answer(offer(900_000)), Date.parse('2026-11-27T06:00:00Z'));
    expect(fares.get(key)).toEqual({ paise: (4_500 + SUPPLIER_FEE_PER_PASSENGER_INR) * 100, seenAt: '2026-11-27T06:00:00.000Z' });
    expect(fares.get({ ...key, cabin: 'business' })).toBeUndefined();
    expect(fares.get({ ...key, date: '2027-01-21' })).toBeUndefined();
  });

  it('converts another currency to INR, shares the total among every traveller as Results does, and skips an offer with no INR rate', () => {
    // ₹100 for an adult and an infant: ₹50 each, plus Safar's fee each (Results prices both the same way).
    expect(allInPerTravellerPaise(offer(10_000, 'INR', [{ id: 'a', type: 'adult', age: null }, { id: 'i', type: 'infant', age: 1 }]))).toBe((50 + SUPPLIER_FEE_PER_PASSENGER_INR) * 100);
    const fares = new LastKnownFares();
    fares.record(oneWay(), answer(offer(20_000, 'XXX'), offer(20_000, 'GBP')), 0);
    const gbp = fares.get(key);
    expect(gbp?.paise).toBeGreaterThan(10_000 * 50);
    fares.record(oneWay(), answer(offer(20_000, 'XXX')), 0);
    expect(fares.get(key)).toBeUndefined();
  });

  it('forgets a fare when a search finds nothing, ignores round trips, and keeps at most max routes', () => {
    const fares = new LastKnownFares({ max: 2 });
    fares.record(oneWay(), answer(offer(100)), 0);
    fares.record(oneWay(), answer(), 1);
    expect(fares.get(key)).toBeUndefined();
    fares.record({ ...oneWay(), slices: [...oneWay().slices, { origin: 'BOM', destination: 'DEL', departureDate: '2027-01-25' }] }, answer(offer(100)), 0);
    expect(fares.get(key)).toBeUndefined();
    for (const date of ['2027-01-20', '2027-01-21', '2027-01-22']) fares.record(oneWay(date), answer(offer(100)), 0);
    expect(fares.get(key)).toBeUndefined();
    expect(fares.get({ ...key, date: '2027-01-22' })).toBeDefined();
  });

  it('records every search made through the supplier, and passes other calls through untouched', async () => {
    const fares = new LastKnownFares();
    const calls: string[] = [];
    const api = {
      search: (s: SupplierSearch) => {
        calls.push(`search ${s.slices[0]?.departureDate ?? ''}`);
        return Promise.resolve(answer(offer(5_000)));
      },
      getOrder: (id: string) => {
        calls.push(`order ${id}`);
        return Promise.reject(new Error('gone'));
      },
    } as unknown as FlightSupplier;
    const recorded = recordingSearches(api, fares, () => Date.parse('2026-11-27T07:00:00Z'));
    await recorded.search(oneWay());
    await expect(recorded.getOrder('ord_1')).rejects.toThrow('gone');
    expect(calls).toEqual(['search 2027-01-20', 'order ord_1']);
    expect(fares.get(key)).toEqual({ paise: (25 + SUPPLIER_FEE_PER_PASSENGER_INR) * 100, seenAt: '2026-11-27T07:00:00.000Z' });
  });
});

describe('last-known fares on the wire', () => {
  it('a month and a run of days answer rupees with when each was seen; past and unseen days are nulls', () => {
    const fares = new LastKnownFares();
    fares.record(oneWay('2027-01-20'), answer(offer(1_000_000)), Date.parse('2026-11-27T05:00:00Z'));
    fares.record(oneWay('2027-01-02'), answer(offer(1_000_000)), Date.parse('2026-11-27T05:00:00Z'));
    const month = lastKnownMonth(fares, { from: 'DEL', to: 'BOM', month: '2027-01', cabin: 'economy' }, '2027-01-05');
    expect(month).toHaveLength(31);
    expect(month[19]).toEqual({ date: '2027-01-20', lowestFare: 5_000 + SUPPLIER_FEE_PER_PASSENGER_INR, seenAt: '2026-11-27T05:00:00.000Z' });
    expect(month[1]).toEqual({ date: '2027-01-02', lowestFare: null, seenAt: null });
    expect(knownDays(fares, { from: 'DEL', to: 'BOM', cabin: 'premium' }, ['2027-01-20'])).toEqual([{ date: '2027-01-20', fare: null, seenAt: null }]);
  });
});

describe('the all-in price per traveller (one rule for Results and last-known fares)', () => {
  it('never sells below what Safar owes, overcharges by less than a rupee a head, and adds the fee per traveller', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50_000_000 }), fc.constantFrom('INR', 'GBP', 'USD', 'EUR', 'JPY'), fc.integer({ min: 1, max: 9 }), (amountMinor, currency, travellers) => {
        const owed = toInr({ amountMinor, currency }).paise;
        const { fare, fee, allIn } = perTravellerInr({ amountMinor, currency }, travellers);
        expect(fee).toBe(SUPPLIER_FEE_PER_PASSENGER_INR);
        expect(allIn).toBe(fare + fee);
        expect(Number.isInteger(fare)).toBe(true);
        expect(fare * 100 * travellers).toBeGreaterThanOrEqual(owed);
        expect((fare - 1) * 100 * travellers).toBeLessThan(owed);
      }),
    );
  });
});

describe('the supplier search budget', () => {
  it('allows perMinute searches in any 60 s and one more as each leaves the window', () => {
    let now = 0;
    const budget = new SearchBudget(3, () => now);
    expect([budget.take(), budget.take(), budget.take(), budget.take()]).toEqual([true, true, true, false]);
    now = 59_999;
    expect(budget.take()).toBe(false);
    now = 60_000;
    expect(budget.take()).toBe(true);
    expect(budget.take()).toBe(true);
    expect(budget.take()).toBe(true);
    expect(budget.take()).toBe(false);
  });
});
