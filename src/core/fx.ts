/**
 * Converting a supplier's price to INR, the only currency Safar charges in.
 *
 * The rates are a shipped table, dated and sourced: the Reserve Bank of India's reference rates
 * (FBIL), as published for the date below. A supplier answering in a currency not in the table
 * cannot be sold (the caller refuses the offer). Every conversion names its rate and date so the
 * traveller sees what was used.
 */

/** The date the table's rates were published. */
export const FX_RATES_AS_OF = '2026-11-20';
/** Where the rates come from, named wherever a conversion is shown. */
export const FX_RATES_SOURCE = 'RBI reference rate (FBIL)';

/** Rupees per one unit of each currency. */
const INR_PER_UNIT: Record<string, number> = {
  INR: 1,
  USD: 84.4,
  EUR: 89.05,
  GBP: 106.6,
  JPY: 0.5475,
  AED: 22.98,
  SGD: 62.9,
  CAD: 60.35,
  AUD: 54.9,
  CHF: 95.3,
};

/** ISO 4217 currencies whose minor unit is not a hundredth. */
const MINOR_DIGITS: Record<string, number> = { JPY: 0, KRW: 0 };

export interface FxConversion {
  /** The supplier's currency (ISO 4217). */
  from: string;
  /** Rupees per one unit of `from`. */
  rate: number;
  /** The date of the rate (YYYY-MM-DD). */
  asOf: string;
  source: string;
}

/** Currencies the table converts. */
export function canConvertToInr(currency: string): boolean {
  return INR_PER_UNIT[currency.toUpperCase()] !== undefined;
}

/**
 * An amount in minor units of a currency as whole paise:
 * - INR is unchanged and has no conversion;
 * - other currencies convert at the table's rate, rounded up to the next paisa (Safar never sells below what it owes);
 * - a currency outside the table throws (check `canConvertToInr` first).
 */
export function toInr(money: { amountMinor: number; currency: string }): { paise: number; conversion: FxConversion | null } {
  const currency = money.currency.toUpperCase();
  if (currency === 'INR') return { paise: money.amountMinor, conversion: null };
  const rate = INR_PER_UNIT[currency];
  if (rate === undefined) throw new Error(`No INR rate for ${currency}`);
  const digits = MINOR_DIGITS[currency] ?? 2;
  // minor → units → rupees → paise; computed over integers where possible to keep rounding honest.
  const paise = Math.ceil(Number(((money.amountMinor * rate * 100) / 10 ** digits).toFixed(6)));
  return { paise, conversion: { from: currency, rate, asOf: FX_RATES_AS_OF, source: FX_RATES_SOURCE } };
}
