import { describe, expect, it } from 'vitest';
import { parseSupplierItineraryId, supplierItineraryId } from './suppliers';

describe('supplier itinerary ids', () => {
  it('makes a Duffel offer a URL-safe itinerary id and reads it back', () => {
    const id = supplierItineraryId('duffel', 'off_0000AbCdEf');
    expect(id).toBe('duffel-off_0000AbCdEf');
    expect(encodeURIComponent(id)).toBe(id);
    expect(parseSupplierItineraryId(id)).toEqual({ supplier: 'duffel', offerId: 'off_0000AbCdEf' });
  });

  it('leaves world ids unchanged', () => {
    const world = '6E2134@2026-12-24~6E501@2026-12-24:economy';
    expect(supplierItineraryId('world', world)).toBe(world);
    expect(parseSupplierItineraryId(world)).toEqual({ supplier: 'world', offerId: world });
  });

  it('refuses malformed Duffel ids', () => {
    expect(parseSupplierItineraryId('duffel-')).toBeNull();
    expect(parseSupplierItineraryId('duffel-off/../x')).toBeNull();
    expect(() => supplierItineraryId('duffel', 'off 1')).toThrow();
  });
});
