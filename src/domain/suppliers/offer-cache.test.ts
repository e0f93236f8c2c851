import { describe, expect, it } from 'vitest';
import { OfferCache } from './offer-cache';
import type { SupplierOffer, SupplierSearchResult } from './supplier';

const offer = (id: string, expiresAt: string) => ({ id, expiresAt, total: { amountMinor: 100, currency: 'GBP' } }) as unknown as SupplierOffer;
const result = (...offers: SupplierOffer[]): SupplierSearchResult => ({ searchId: 'orq_1', passengers: [], offers });

describe('OfferCache', () => {
  it('answers a repeat search within its time to live, and never after its first offer expired', () => {
    let now = Date.parse('2026-11-21T06:30:00Z');
    const cache = new OfferCache({ searchTtlMs: 60_000, now: () => now });
    cache.put('DEL-BOM', result(offer('off_a', '2026-11-21T06:30:30Z'), offer('off_b', '2026-11-21T07:00:00Z')));
    expect(cache.search('DEL-BOM')?.result.offers).toHaveLength(2);
    now += 31_000;
    expect(cache.search('DEL-BOM')).toBeUndefined();
    expect(cache.offer('off_a')).toBeUndefined();
    expect(cache.seen('off_a')?.id).toBe('off_a');
    expect(cache.offer('off_b')?.id).toBe('off_b');
  });

  it('keeps at most maxSearches answers, their offers leaving with them', () => {
    const cache = new OfferCache({ maxSearches: 1, now: () => Date.parse('2026-11-21T06:30:00Z') });
    cache.put('one', result(offer('off_1', '2026-11-21T07:00:00Z')));
    cache.put('two', result(offer('off_2', '2026-11-21T07:00:00Z')));
    expect(cache.search('one')).toBeUndefined();
    expect(cache.seen('off_1')).toBeUndefined();
    expect(cache.offer('off_2')?.id).toBe('off_2');
  });
});
