import type { FareFamily } from '../../core/fares';
import { baggageInWords, rulesInWords } from '../fares/families/rules';
import { familiesFor, marketOf } from '../fares/families/lookup';

/**
 * An airline's terms on a route, as Explore's route details show them, generated from its
 * fare family data (economy, the route's market, families valid for a booking made today):
 *
 * - Full service when its cheapest economy family includes a meal.
 * - Baggage: each family's checked and cabin allowance, cheapest family first.
 * - Cancellation: the cheapest family's fees by band and cutoff, and that taxes and airport
 *   charges are always refunded.
 * - Families: every family's name and its rules in words, for the details dialog.
 */

export interface FamilyRules {
  code: string;
  name: string;
  rules: string[];
}

function economyFamilies(code: string, international: boolean, bookingDate: Date): FareFamily[] {
  return familiesFor(code, marketOf(international), 'economy', bookingDate);
}

/** Whether the airline serves complimentary meals in its cheapest economy family on this kind of route. */
export function isFullService(code: string, international: boolean, bookingDate: Date): boolean {
  return economyFamilies(code, international, bookingDate)[0]?.meal === 'meal';
}

function allowance(f: FareFamily): string {
  const checked = f.checkedBag === null || f.checkedBag.pieces === 0 ? 'no checked bag' : `${baggageInWords(f.checkedBag)} checked`;
  return `${f.name}: ${checked}, ${baggageInWords(f.cabinBag)} cabin`;
}

/** Baggage by family on this kind of route. @example baggageFor('6E', false, now) // 'Saver: 15 kg checked, 7 kg cabin; Flexi Plus: …' */
export function baggageFor(code: string, international: boolean, bookingDate: Date): string {
  return economyFamilies(code, international, bookingDate).map(allowance).join('; ');
}

/** The cheapest family's cancellation terms in words, and the taxes rule. */
export function cancellationFor(code: string, international: boolean, bookingDate: Date): string {
  const cheapest = economyFamilies(code, international, bookingDate)[0];
  if (!cheapest) return '';
  const rules = rulesInWords([cheapest]);
  const cancel = rules.find((r) => r.startsWith('Cancellation')) ?? '';
  return `${cheapest.name}: ${cancel.replace(/^Cancellation(?: fee per passenger per flight)?: /, 'cancellation ')}. ${rules.at(-1) ?? ''}`;
}

/** Every economy family of the airline on this kind of route with its rules in words, cheapest first. */
export function familyRulesFor(code: string, international: boolean, bookingDate: Date, airlineName: (code: string) => string): FamilyRules[] {
  return economyFamilies(code, international, bookingDate).map((f) => ({ code: f.code, name: f.name, rules: rulesInWords([f], airlineName) }));
}
