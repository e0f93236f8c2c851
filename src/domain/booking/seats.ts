import { CABINS, type Cabin } from '../../core/search';

/**
 * Seat and gate assignment. Seats are handed out in order of sale inside the confirming
 * transaction, which holds the flight's inventory row lock, so two confirmations on the
 * same flight and cabin can never pick the same index (and a unique index backs it up).
 */

/** Seat letters per row, front cabins first. */
const LETTERS: Record<Cabin, readonly string[]> = {
  first: ['A', 'D', 'G', 'K'],
  business: ['A', 'C', 'D', 'F'],
  premium: ['A', 'B', 'C', 'D', 'E', 'F'],
  economy: ['A', 'B', 'C', 'D', 'E', 'F'],
};

/** Cabins in cabin order from the nose (CABINS lists them economy first). */
const FRONT_TO_BACK: readonly Cabin[] = ['first', 'business', 'premium', 'economy'];

/**
 * The seat for the `index`-th passenger sold in a cabin (0-based), rows numbered from the nose
 * across cabins of the aircraft's layout.
 * @example seatForIndex({ business: 8, economy: 156 }, 'economy', 0) // '3A'
 */
export function seatForIndex(layout: Partial<Record<Cabin, number>>, cabin: Cabin, index: number): string {
  let row = 1;
  for (const c of FRONT_TO_BACK) {
    if (c === cabin) break;
    const capacity = layout[c] ?? 0;
    row += Math.ceil(capacity / LETTERS[c].length);
  }
  const letters = LETTERS[cabin];
  return `${row + Math.floor(index / letters.length)}${letters[index % letters.length] ?? 'A'}`;
}

/**
 * The departure gate of a flight, A1–A20, stable for the flight (every passenger gets the same).
 * @example gateFor('6E2134@2026-12-24') // 'A7'
 */
export function gateFor(flightId: string): string {
  let hash = 2166136261;
  for (const ch of flightId) hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619) >>> 0;
  return `A${(hash % 20) + 1}`;
}

/** Seat shown and encoded for an infant on a lap (IATA convention). */
export const INFANT_SEAT = 'INF';

export const isCabin = (value: string): value is Cabin => (CABINS as readonly string[]).includes(value);
