import { type DisruptionAlternative, type DisruptionCase, FREE_SWITCH_MINUTES } from '../../../core/disruptions';
import { CABIN_LABELS } from '../../../core/search-options';
import { formatDay, formatPaise, localDate, localTime } from '../../lib/format';

/**
 * A trip change's rights as the "Your trip changed" screen lists them, one row each (a title and
 * one sentence). The rule is the same for every passenger; money is the booking's:
 * - food and drink come first (from when, and what), then the hotel;
 * - then the choices in the rule's order: keep the changed flight (the protected flight named
 *   with its time), another flight free (within Safar's 24 h of the original, naming the rules'
 *   shorter minimum when there is one), a full refund of
 *   everything paid (Safar's fee, seats and add-ons included) to the original payment method;
 * - a downgrade's refund of part of the ticket price is its own row;
 * - last, compensation: the amount the airline owes and how to claim it, or why none is due.
 */
export interface RightsRow {
  key: string;
  title: string;
  detail: string;
}

/**
 * Minutes as hours and minutes: "45 min", "2 h", "3 h 30 min".
 * @example durationWords(210) // '3 h 30 min'
 */
export function durationWords(minutes: number): string {
  const m = Math.abs(minutes);
  const h = Math.floor(m / 60);
  const rest = m % 60;
  if (h === 0) return `${rest} min`;
  return rest === 0 ? `${h} h` : `${h} h ${rest} min`;
}

/** A local departure as "16:40 on Fri, 15 Jan 2027". */
function flightTimeWords(local: string): string {
  return `${localTime(local)} on ${formatDay(localDate(local))}`;
}

/**
 * A flight to move to in a few words: "6E 2136 at 16:40 on Fri, 15 Jan 2027".
 * @example flightWords(protectedFlight)
 */
export function flightWords(flight: Pick<DisruptionAlternative, 'flightNumber' | 'departure'>): string {
  return `${flight.flightNumber} at ${flightTimeWords(flight.departure)}`;
}

const TIER_WORDS = { refreshments: 'water and refreshments', snack: 'tea or coffee and a snack', meal: 'a meal' } as const;

/**
 * The rows of a trip change's rights.
 * @example rightsRows(tripCase) // [{ key: 'meals', … }, { key: 'protected', … }, { key: 'refund', title: 'Full refund of ₹6,212', … }, …]
 */
export function rightsRows(tripCase: DisruptionCase): RightsRow[] {
  const list = tripCase.entitlements.map((p) => p.entitlements);
  const first = list[0];
  if (!first) return [];
  const rows: RightsRow[] = [];

  const meals = first.facilities.find((f) => f.kind === 'meals');
  if (meals) {
    rows.push({
      key: 'meals',
      title: 'Meals and refreshments',
      detail:
        meals.fromMinutes === 0
          ? 'Free food and drink at the airport while you wait for your new flight.'
          : `Free food and drink once you have waited ${durationWords(meals.fromMinutes)} past the scheduled departure: ${TIER_WORDS[meals.tier]}.`,
    });
  }
  if (first.facilities.some((f) => f.kind === 'hotel')) rows.push({ key: 'hotel', title: 'Hotel', detail: 'A hotel room and the transfers to it, arranged by the airline.' });

  for (const option of first.options) {
    if (option.kind === 'accept') {
      if (option.what === 'protected-flight') {
        rows.push({
          key: 'protected',
          title: 'Your new flight, free',
          detail: tripCase.protectedFlight
            ? `${flightWords(tripCase.protectedFlight)} is held for you at no cost.`
            : 'No flight with seats is held for you yet: choose another flight or the refund.',
        });
      } else if (option.what === 'new-time') rows.push({ key: 'new-time', title: 'Keep the new time', detail: 'Fly at the new time; nothing to pay.' });
      else if (option.what === 'lower-cabin') rows.push({ key: 'lower-cabin', title: 'Fly in the cabin on board', detail: 'Keep this flight in the cabin the aircraft has, with part of the ticket price back.' });
    } else if (option.kind === 'another-flight') {
      rows.push({
        key: 'another',
        title: 'Another flight, free',
        detail: `Any flight on the same route with seats, leaving within ${durationWords(Math.max(FREE_SWITCH_MINUTES, option.withinMinutes))} of your original departure: no fare difference, no fee.${option.withinMinutes < FREE_SWITCH_MINUTES ? ` (The rules require ${durationWords(option.withinMinutes)}; Safar offers ${durationWords(FREE_SWITCH_MINUTES)}.)` : ''}`,
      });
    } else if (tripCase.refundPaise > 0) {
      rows.push({
        key: 'refund',
        title: `Full refund of ${formatPaise(tripCase.refundPaise)}`,
        detail: 'Everything you paid, Safar’s fee and any seats and add-ons included, back to your original payment method.',
      });
    }
  }

  const downgrade = list.find((e) => e.downgradeRefund)?.downgradeRefund;
  if (downgrade) {
    const amount = list.reduce((sum, e) => sum + (e.downgradeRefund?.amountPaise ?? 0), 0);
    rows.push({
      key: 'downgrade',
      title: `${formatPaise(amount)} back for flying ${CABIN_LABELS[downgrade.toCabin]}`,
      detail: `${downgrade.percent} % of the ticket price with taxes, refunded to your original payment method.`,
    });
  }

  if (tripCase.compensationPaise > 0) {
    rows.push({ key: 'compensation', title: `Compensation of ${formatPaise(tripCase.compensationPaise)} from the airline`, detail: tripCase.compensationLine ?? 'The airline owes you this on top of your choice.' });
  } else if (tripCase.compensationLine) {
    rows.push({ key: 'compensation', title: 'No compensation', detail: tripCase.compensationLine });
  }
  return rows;
}

/**
 * The change in a heading's few words, by kind: "cancelled", "2 h 30 min late", "new time".
 * @example changeWords(tripCase.disruption) // 'cancelled'
 */
export function changeWords(disruption: DisruptionCase['disruption']): string {
  switch (disruption.kind) {
    case 'cancellation':
      return 'cancelled';
    case 'delay':
      return `${durationWords(disruption.delayMinutes)} late`;
    case 'retiming':
      return `new time, ${durationWords(disruption.shiftMinutes)} ${disruption.shiftMinutes > 0 ? 'later' : 'earlier'}`;
    case 'aircraft-swap':
      return 'different aircraft';
    case 'gate-change':
      return 'new gate';
    case 'terminal-change':
      return 'new terminal';
    case 'denied-boarding':
      return 'denied boarding';
    case 'downgrade':
      return 'lower cabin';
  }
}
