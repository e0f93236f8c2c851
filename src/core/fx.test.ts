import { describe, expect, it } from 'vitest';
import { FX_RATES_AS_OF, canConvertToInr, toInr } from './fx';

describe('toInr', () => {
  it('keeps INR as it is, without a conversion', () => {
    expect(toInr({ amountMinor: 540_000, currency: 'INR' })).toEqual({ paise: 540_000, conversion: null });
  });

  it('converts pence at the dated table rate, rounding up to the paisa, and names the conversion', () => {
    const { paise, conversion } = toInr({ amountMinor: 22_178, currency: 'GBP' });
    expect(paise).toBe(Math.ceil(221.78 * 106.6 * 100 - 1e-6));
    expect(conversion).toEqual({ from: 'GBP', rate: 106.6, asOf: FX_RATES_AS_OF, source: expect.any(String) });
  });

  it('converts currencies without minor units (yen) by whole units', () => {
    expect(toInr({ amountMinor: 1000, currency: 'JPY' }).paise).toBe(54_750);
  });

  it('knows which currencies it cannot convert', () => {
    expect(canConvertToInr('usd')).toBe(true);
    expect(canConvertToInr('XYZ')).toBe(false);
    expect(() => toInr({ amountMinor: 1, currency: 'XYZ' })).toThrow();
  });
});
