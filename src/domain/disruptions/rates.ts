import { cancelProbability, lateMinutes, onTimeTarget, OTP_BASELINE } from '../tracking/delay-model';
import { dayNumber } from '../world/time';
import type { World } from '../world/world';
import { disruptionsOfDay } from './generator';

/**
 * Disruption rates per airline over a run of days, beside what the delay model's inputs imply:
 * - cancellations: the mean cancellation probability of the legs flown (0.6 %, 2.5 % on fog legs
 *   in the fog window); fog holds over 3 h add advance cancellations on fog nights;
 * - delays of 2 h or more: (1 − on-time target) × the share of late flights 2 h or more late in
 *   the lateness distribution; late inbound aircraft and fog holds add to it.
 * Foreign carriers are pooled as "foreign".
 */

export interface AirlineRates {
  airline: string;
  legs: number;
  cancelled: number;
  /** Expected cancellations from the inputs (sum of per-leg probabilities). */
  cancelledInput: number;
  /** Operated legs whose final departure delay is 2 h or more. */
  delayed2h: number;
  delayed2hInput: number;
  /** Counts by kind (every step of a delay counts once per flight). */
  byKind: Record<string, number>;
}

/** The smallest uniform whose lateness is at least `minutes` (lateMinutes is monotone in its draw). */
function quantileAt(minutes: number): number {
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    if (lateMinutes(mid, 'normal') >= minutes) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** Share of late flights (15 min or more) that are at least 2 h late in the lateness distribution (≈ 5.9 %). */
const LATE_2H_SHARE = 1 - quantileAt(120);

/**
 * Rates per airline over `days` days from `start` (UTC days of departure).
 * @example measureRates(world, '2027-05-03', 14).get('6E')
 */
export function measureRates(world: World, start: string, days: number): Map<string, AirlineRates> {
  const rows = new Map<string, AirlineRates>();
  for (let d = 0; d < days; d++) {
    for (const { flight, disruptions } of disruptionsOfDay(world, dayNumber(start) + d)) {
      const key = OTP_BASELINE[flight.carrier] !== undefined ? flight.carrier : 'foreign';
      const row = rows.get(key) ?? { airline: key, legs: 0, cancelled: 0, cancelledInput: 0, delayed2h: 0, delayed2hInput: 0, byKind: {} };
      const date = flight.departureDate;
      row.legs += 1;
      const p = cancelProbability(flight.from, flight.to, date);
      row.cancelledInput += p;
      const target = onTimeTarget(flight.carrier, date, flight.from, flight.to);
      row.delayed2hInput += (1 - p) * (1 - target) * LATE_2H_SHARE;
      const kinds = new Set(disruptions.map((x) => x.kind));
      for (const kind of kinds) row.byKind[kind] = (row.byKind[kind] ?? 0) + 1;
      if (kinds.has('cancellation')) row.cancelled += 1;
      const finalDelay = disruptions.reduce((max, x) => (x.kind === 'delay' ? Math.max(max, x.delayMinutes) : max), 0);
      if (finalDelay >= 120) row.delayed2h += 1;
      rows.set(key, row);
    }
  }
  return rows;
}
