import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, RATES, convertFromInr, formatMoney } from './currency';

describe('currency', () => {
  it('has a fixed rate from INR for each of the 8 currencies', () => {
    expect(RATES).toEqual({ INR: 1, USD: 0.012, EUR: 0.011, GBP: 0.0095, JPY: 1.8, AED: 0.044, SGD: 0.016, CAD: 0.016 });
    expect(CURRENCIES).toHaveLength(8);
  });

  it('groups INR the Indian way', () => {
    expect(formatMoney(123456)).toBe('₹1,23,456');
    expect(formatMoney(12345678)).toBe('₹1,23,45,678');
    expect(formatMoney(999.5)).toBe('₹999.50');
  });

  it('shows JPY with no decimals and others with two', () => {
    expect(formatMoney(10000, 'JPY')).toBe('¥18,000');
    expect(formatMoney(10000, 'USD')).toBe('$120.00');
    expect(formatMoney(10000, 'EUR')).toBe('€110.00');
    expect(formatMoney(10000, 'GBP')).toBe('£95.00');
  });

  it('converts without drifting more than half a minor unit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.constantFrom(...CURRENCIES), (amount, currency) => {
        const minor = currency === 'JPY' ? 1 : 0.01;
        expect(Math.abs(convertFromInr(amount, currency) - amount * RATES[currency])).toBeLessThanOrEqual(minor / 2 + 1e-9);
      }),
    );
  });
});
