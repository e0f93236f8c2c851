// A remote supplier's fare (an airline's own conditions, not a Safar fare family) in words, for the
// Results screen and the booking screen.
import type { FareCondition } from '../../../core/fares';
import type { SupplierFare } from '../../../core/suppliers';

/**
 * An amount in the airline's currency from its minor units ("£25.00").
 * @example supplierMoney(2500, 'GBP') // '£25.00'
 */
function supplierMoney(minor: number, currency: string): string {
  const format = new Intl.NumberFormat('en-IN', { style: 'currency', currency });
  return format.format(minor / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}

/** A change or refund condition of the airline's fare in words. */
function conditionText(what: 'Changes' | 'Refunds', condition: FareCondition | null, currency: string | null): string {
  if (!condition) return `${what}: ask the airline`;
  if (!condition.allowed) return `${what} not allowed`;
  if (condition.penaltyPaise === null || currency === null) return `${what} allowed`;
  return condition.penaltyPaise === 0 ? `${what} free` : `${what} for a fee of ${supplierMoney(condition.penaltyPaise, currency)}`;
}

/**
 * An offer's fare in words: its change and refund conditions, the bags included.
 * @example supplierFareText(itinerary.supplier) // 'Changes for a fee of £40.00 · Refunds not allowed · 1 checked bag, 1 cabin bag per traveller'
 */
export function supplierFareText(fare: SupplierFare): string {
  const bags = `${fare.baggage.checked} checked bag${fare.baggage.checked === 1 ? '' : 's'}, ${fare.baggage.carryOn} cabin bag${fare.baggage.carryOn === 1 ? '' : 's'} per traveller`;
  return [conditionText('Changes', fare.conditions.changeBeforeDeparture, fare.penaltyCurrency), conditionText('Refunds', fare.conditions.refundBeforeDeparture, fare.penaltyCurrency), bags].join(' · ');
}
