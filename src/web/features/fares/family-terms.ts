import type { Baggage, FamilyOption, FareCondition, Fee, FeeSchedule, MealInclusion, SeatInclusion } from '../../../core/fares';
import { formatPaise } from '../../lib/format';

/**
 * Short words for what a fare family includes, for the side-by-side comparison of families.
 * The full rules in words come from the server with each option (`FamilyOption.rules`); these are
 * the one-line cells next to them:
 * - a checked bag of 0 pieces (or none) reads "No checked bag"; one piece reads its weight; more
 *   pieces read "2 pieces, 23 kg each" (the weight is per piece).
 * - a connection whose legs include different amounts lists each distinct one once, in leg order.
 * - change and cancel read the conditions now (supplier style: allowed, penalty per passenger over
 *   all legs); when the supplier gave no penalty, the fee of the band furthest from departure.
 * - a cancellation not allowed (or whose fare is kept even furthest from departure) still returns
 *   taxes, and says so; a change fee never hides the fare difference, which is always extra.
 */

export function baggageText(bag: Baggage | null): string {
  if (!bag || bag.pieces === 0) return 'No checked bag';
  if (bag.kg === null) return bag.pieces === 1 ? '1 piece' : `${bag.pieces} pieces`;
  return bag.pieces === 1 ? `${bag.kg} kg` : `${bag.pieces} pieces, ${bag.kg} kg each`;
}

const SEAT_TEXT: Record<SeatInclusion, string> = {
  paid: 'Paid choice (a seat is assigned free at check-in)',
  standardFree: 'Standard seats free',
  allFree: 'All seats free',
};

const MEAL_TEXT: Record<MealInclusion, string> = {
  none: 'Food to buy on board',
  snack: 'Snack included',
  meal: 'Meal included',
};

/** One value per leg, each distinct value once, in leg order. */
function distinct(values: string[]): string {
  return [...new Set(values)].join(' · ');
}

export function checkedBagText(option: FamilyOption): string {
  return distinct(option.legs.map((leg) => baggageText(leg.family.checkedBag)));
}

export function cabinBagText(option: FamilyOption): string {
  return distinct(option.legs.map((leg) => baggageText(leg.family.cabinBag)));
}

export function seatText(option: FamilyOption): string {
  return distinct(option.legs.map((leg) => SEAT_TEXT[leg.family.seat]));
}

export function mealText(option: FamilyOption): string {
  return distinct(option.legs.map((leg) => MEAL_TEXT[leg.family.meal]));
}

/**
 * A fee in words.
 * @example feeText({ kind: 'amount', paise: 399900 }) // "₹3,999"
 */
export function feeText(fee: Fee): string {
  if (fee.kind === 'amount') return formatPaise(fee.paise);
  if (fee.kind === 'percentOfBase') return `${fee.percent}% of the base fare`;
  return 'base fare and fuel charge kept';
}

/** The band furthest from departure (no upper end, else the latest start). */
function earliestBand(schedule: FeeSchedule) {
  return [...schedule.bands].sort((a, b) => (b.toHoursBefore ?? Infinity) - (a.toHoursBefore ?? Infinity) || b.fromHoursBefore - a.fromHoursBefore)[0];
}

type Condition = { kind: 'closed' } | { kind: 'free' } | { kind: 'fee'; fee: string };

/** A condition now, from the fee schedules when the supplier gave none: amounts add up over the legs. */
function conditionOf(condition: FareCondition | null, schedules: FeeSchedule[]): Condition {
  if (condition && (!condition.allowed || condition.penaltyPaise !== null)) {
    if (!condition.allowed) return { kind: 'closed' };
    return condition.penaltyPaise ? { kind: 'fee', fee: formatPaise(condition.penaltyPaise) } : { kind: 'free' };
  }
  if (schedules.some((s) => !s.allowed)) return { kind: 'closed' };
  const fees = schedules.map(earliestBand).map((band) => band?.fee ?? { kind: 'amount' as const, paise: 0 });
  if (fees.some((fee) => fee.kind === 'forfeit')) return { kind: 'closed' };
  if (fees.every((fee) => fee.kind === 'amount')) {
    const paise = fees.reduce((sum, fee) => sum + (fee.kind === 'amount' ? fee.paise : 0), 0);
    return paise === 0 ? { kind: 'free' } : { kind: 'fee', fee: formatPaise(paise) };
  }
  return { kind: 'fee', fee: distinct(fees.map(feeText)) };
}

/**
 * Change in one line: "Not allowed", "Free (fare difference extra)", "Fee ₹2,999 + fare difference".
 * @example changeText(option) // "Fee ₹2,999 + fare difference"
 */
export function changeText(option: FamilyOption): string {
  const c = conditionOf(
    option.conditions.changeBeforeDeparture,
    option.legs.map((leg) => leg.family.change),
  );
  if (c.kind === 'closed') return 'Not allowed';
  return c.kind === 'free' ? 'Free (fare difference extra)' : `Fee ${c.fee} + fare difference`;
}

/**
 * Cancellation in one line: "Free", "Fee ₹3,999", "Fare not refundable (taxes refunded)".
 * @example cancelText(option) // "Fee ₹3,999"
 */
export function cancelText(option: FamilyOption): string {
  const c = conditionOf(
    option.conditions.refundBeforeDeparture,
    option.legs.map((leg) => leg.family.cancel),
  );
  if (c.kind === 'closed') return 'Fare not refundable (taxes refunded)';
  return c.kind === 'free' ? 'Free' : `Fee ${c.fee}`;
}
