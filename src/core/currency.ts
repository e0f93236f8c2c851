/**
 * Currencies the traveller can display prices in. Amounts are always held and
 * charged in INR; other currencies are display conversions at fixed rates.
 */
export const CURRENCIES = ['INR', 'USD', 'EUR', 'GBP', 'JPY', 'AED', 'SGD', 'CAD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Units of the currency per 1 INR (spec section 9). */
export const RATES: Record<Currency, number> = {
  INR: 1,
  USD: 0.012,
  EUR: 0.011,
  GBP: 0.0095,
  JPY: 1.8,
  AED: 0.044,
  SGD: 0.016,
  CAD: 0.016,
};

export const CURRENCY_NAMES: Record<Currency, string> = {
  INR: 'Indian Rupee',
  USD: 'US Dollar',
  EUR: 'Euro',
  GBP: 'British Pound',
  JPY: 'Japanese Yen',
  AED: 'UAE Dirham',
  SGD: 'Singapore Dollar',
  CAD: 'Canadian Dollar',
};

export const DEFAULT_CURRENCY: Currency = 'INR';

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/** Fraction digits shown: JPY none, every other currency 2 (INR drops ".00" on whole rupees). */
function decimalsFor(currency: Currency): number {
  return currency === 'JPY' ? 0 : 2;
}

/** Converts an INR amount to the display currency, rounded to its decimals. */
export function convertFromInr(amountInr: number, currency: Currency): number {
  const factor = 10 ** decimalsFor(currency);
  return Math.round(amountInr * RATES[currency] * factor) / factor;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: Currency, minimumFractionDigits: number): Intl.NumberFormat {
  const key = `${currency}:${minimumFractionDigits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(currency === 'INR' ? 'en-IN' : 'en-US', {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits,
      maximumFractionDigits: decimalsFor(currency),
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Formats an INR amount in the display currency.
 * @example formatMoney(123456, 'INR') // "₹1,23,456"
 * @example formatMoney(123456, 'USD') // "$1,481.47"
 */
export function formatMoney(amountInr: number, currency: Currency = 'INR'): string {
  const value = convertFromInr(amountInr, currency);
  const wholeInr = currency === 'INR' && Number.isInteger(value);
  return formatterFor(currency, wholeInr ? 0 : decimalsFor(currency)).format(value);
}
