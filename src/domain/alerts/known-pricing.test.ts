import { describe, expect, it } from 'vitest';
import type { SearchQuery } from '../../core/search';
import { SUPPLIER_FEE_PER_PASSENGER_INR } from '../../core/suppliers';
import { LastKnownFares, recordingSearches, SearchBudget } from '../suppliers/last-known-fares';
import type { FlightSupplier, SupplierOffer, SupplierSearch, SupplierSearchResult } from '../suppliers/supplier';
import { ALERT_FARE_MAX_AGE_MS, ALERT_REFRESH_AFTER_MS, type KnownFareSource, priceRouteKnown, type RefreshCounts } from './known-pricing';
import type { AlertRoute } from './pricing';

const T0 = Date.parse('2026-12-01T06:00:00Z');

function offer(amountMinor: number, travellers: number): SupplierOffer {
  const passengers = Array.from({ length: travellers }, (_, i) => ({ id: `pas_${i}`, type: 'adult' as const, age: null }));
  return { id: `off_${amountMinor}`, expiresAt: '2027-01-01T00:00:00Z', total: { amountMinor, currency: 'INR' }, base: { amountMinor, currency: 'INR' }, tax: null, owner: { code: 'ZZ', name: 'Duffel Airways' }, passengers, slices: [], conditions: {} as SupplierOffer['conditions'], instantPaymentRequired: true, paymentRequiredBy: null, priceGuaranteedUntil: null, identityDocumentsRequired: false, services: [] };
}

/** A supplier answering ₹`rupees` a head (`rupees` may change between calls), and the searches it was asked. */
function supplierAt(perMinute: number) {
  let now = T0;
  let rupees = 5_000;
  const asked: string[] = [];
  const fares = new LastKnownFares();
  const budget = new SearchBudget(perMinute, () => now);
  const api = {
    search: (s: SupplierSearch): Promise<SupplierSearchResult> => {
      const slice = s.slices[0];
      asked.push(`${slice?.origin ?? ''}-${slice?.destination ?? ''}@${slice?.departureDate ?? ''}`);
      if (rupees < 0) return Promise.reject(new Error('rate limited'));
      return Promise.resolve({ searchId: 'orq', passengers: [], offers: [offer(rupees * 100 * s.passengers.length, s.passengers.length)] });
    },
  } as unknown as FlightSupplier;
  const supplier = recordingSearches(api, fares, () => now, budget);
  const search = (q: SearchQuery) =>
    supplier.search({ slices: [{ origin: q.from, destination: q.to, departureDate: q.date }], passengers: Array.from({ length: q.adults + q.children + q.infants }, () => ({ type: 'adult' as const })), cabin: 'economy' });
  const source: KnownFareSource = { fares, budget, search };
  return {
    source,
    asked,
    search,
    at: () => new Date(now),
    advance: (ms: number) => (now += ms),
    price: (value: number) => (rupees = value),
  };
}

const alert = (over: Partial<AlertRoute> = {}): AlertRoute => ({ from: 'DEL', to: 'BOM', cabin: 'economy', dateFrom: '2026-12-15', dateTo: '2026-12-15', returnDate: null, adults: 1, children: 0, infants: 0, ...over });
const counts = (): RefreshCounts => ({ refreshed: 0, skipped: 0 });
const oneAdult = { from: 'DEL', to: 'BOM', cabin: 'economy' as const, adults: 1, children: 0, infants: 0 };

describe('an alert priced from last-known fares', () => {
  it('searches unknown days while the budget allows, skips the rest, and prices the party all-in', async () => {
    const w = supplierAt(2);
    const c = counts();
    const dates = ['2026-12-15', '2026-12-16', '2026-12-17'];
    const price = await priceRouteKnown(w.source, alert({ dateTo: '2026-12-17', adults: 2 }), dates, w.at(), c);
    expect(c).toEqual({ refreshed: 2, skipped: 1 });
    expect(w.asked).toEqual(['DEL-BOM@2026-12-15', 'DEL-BOM@2026-12-16']);
    expect(price).toEqual({ total: 2 * (5_000 + SUPPLIER_FEE_PER_PASSENGER_INR), adultFare: 5_000 + SUPPLIER_FEE_PER_PASSENGER_INR, seenAt: w.at().toISOString() });
  });

  it('uses a fare under 30 min old without asking; an older one is searched again when the budget allows', async () => {
    const w = supplierAt(1);
    await w.search({ ...oneAdult, date: '2026-12-15' });
    w.advance(ALERT_REFRESH_AFTER_MS - 1);
    w.price(4_000);
    const c = counts();
    expect((await priceRouteKnown(w.source, alert(), ['2026-12-15'], w.at(), c)).total).toBe(5_000 + SUPPLIER_FEE_PER_PASSENGER_INR);
    expect(c).toEqual({ refreshed: 0, skipped: 0 });
    w.advance(1);
    expect((await priceRouteKnown(w.source, alert(), ['2026-12-15'], w.at(), c)).total).toBe(4_000 + SUPPLIER_FEE_PER_PASSENGER_INR);
    expect(c).toEqual({ refreshed: 1, skipped: 0 });
  });

  it('a fare 6 h old is no price when the budget is spent or the supplier refuses; just under 6 h it still is', async () => {
    const w = supplierAt(1);
    await w.search({ ...oneAdult, date: '2026-12-15' });
    w.advance(ALERT_FARE_MAX_AGE_MS - 1);
    await w.search({ ...oneAdult, from: 'LHR', to: 'JFK', date: '2026-12-15' });
    const c = counts();
    expect((await priceRouteKnown(w.source, alert(), ['2026-12-15'], w.at(), c)).total).toBe(5_000 + SUPPLIER_FEE_PER_PASSENGER_INR);
    expect(c).toEqual({ refreshed: 0, skipped: 1 });
    w.advance(1);
    expect(await priceRouteKnown(w.source, alert(), ['2026-12-15'], w.at(), c)).toEqual({ total: null, adultFare: null, seenAt: null });
    w.advance(60_000);
    w.price(-1);
    expect(await priceRouteKnown(w.source, alert(), ['2026-12-15'], w.at(), c)).toEqual({ total: null, adultFare: null, seenAt: null });
    expect(c).toEqual({ refreshed: 1, skipped: 2 });
  });

  it('a round trip is its two one-ways, dated by the older fare; no return fare is no price', async () => {
    const w = supplierAt(10);
    await w.search({ ...oneAdult, date: '2026-12-15' });
    w.advance(60_000);
    w.price(3_000);
    await w.search({ ...oneAdult, from: 'BOM', to: 'DEL', date: '2026-12-20' });
    const c = counts();
    const price = await priceRouteKnown(w.source, alert({ returnDate: '2026-12-20' }), ['2026-12-15'], w.at(), c);
    expect(price).toEqual({ total: 5_000 + 3_000 + 2 * SUPPLIER_FEE_PER_PASSENGER_INR, adultFare: null, seenAt: new Date(T0).toISOString() });
    expect(c).toEqual({ refreshed: 0, skipped: 0 });
    expect(await priceRouteKnown(w.source, alert({ returnDate: '2026-12-20' }), [], w.at(), c)).toEqual({ total: null, adultFare: null, seenAt: null });
  });
});
