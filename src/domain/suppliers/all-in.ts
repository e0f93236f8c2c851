import { type FxConversion, toInr } from '../../core/fx';
import { SUPPLIER_FEE_PER_PASSENGER_INR } from '../../core/suppliers';
import type { Money } from './supplier';

/** What each traveller pays Safar for a supplier's total, in rupees. */
export interface PerTravellerPrice {
  /** The supplier's part: its total converted to rupees, shared equally, rounded up to the rupee. */
  fare: number;
  /** Safar's fee per passenger (SUPPLIER_FEE_PER_PASSENGER_INR). */
  fee: number;
  /** fare + fee: the all-in price Results shows per traveller. */
  allIn: number;
  /** How the total became rupees; null when the supplier answered in INR. */
  conversion: FxConversion | null;
}

/**
 * The one rule for a supplier's price per traveller, used by Results, bookings and last-known fares:
 * the total converted to paise (src/core/fx.ts, rounded up), shared equally among every traveller the offer
 * is for (infants included, as Results shares it) and rounded up to the rupee, plus Safar's fee per passenger.
 * Throws for a currency the rate table lacks (check `canConvertToInr` first).
 * @example perTravellerInr({ amountMinor: 1_000_050, currency: 'INR' }, 2) // { fare: 5001, fee: 199, allIn: 5200, conversion: null }
 */
export function perTravellerInr(total: Money, travellers: number): PerTravellerPrice {
  const { paise, conversion } = toInr(total);
  const fare = Math.ceil(paise / Math.max(1, travellers) / 100);
  return { fare, fee: SUPPLIER_FEE_PER_PASSENGER_INR, allIn: fare + SUPPLIER_FEE_PER_PASSENGER_INR, conversion };
}
