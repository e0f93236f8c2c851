import { CABINS, type Cabin } from '../../core/search';
import type { Db } from '../../db/client';
import type { DbTx } from '../../db/raw';
import { autoAssign } from '../seats/assign';
import { type SeatTake, seatMapOf, seatsOfBooking, seatsTaken } from '../seats/store';

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

/**
 * The seats of a confirming booking's passengers, by "passengerId|legIndex": the seats they chose,
 * and for those who chose none a free seat each (assign.ts: the party together, children beside an
 * adult, nobody in an exit row unasked). `fresh` are the assigned seats still to be written to
 * passenger_seats. The one place un-chosen passengers are seated at confirmation (check-in may take
 * this over). A leg whose aircraft has no seat map is left out (its seats come from seatForIndex).
 * @example const { seats, fresh } = await seatsAtConfirm(db, booking.id, pax, segments)
 */
export async function seatsAtConfirm(
  conn: Db | DbTx,
  bookingId: string,
  pax: readonly { id: string; type: 'adult' | 'child' | 'infant'; cancelledAt: Date | null }[],
  segments: readonly { legIndex: number; flightId: string; cabin: string }[],
): Promise<{ seats: Map<string, string>; fresh: SeatTake[] }> {
  const seats = new Map<string, string>();
  const fresh: SeatTake[] = [];
  const mine = await seatsOfBooking(conn, bookingId);
  for (const seg of segments) {
    const kept = new Map(mine.filter((m) => m.legIndex === seg.legIndex).map((m) => [m.passengerId, m.seat]));
    for (const [pid, seat] of kept) seats.set(`${pid}|${seg.legIndex}`, seat);
    const party = pax.filter((p) => p.cancelledAt === null && p.type !== 'infant').map((p) => ({ passengerId: p.id, type: p.type, exitEligible: false }));
    if (!isCabin(seg.cabin) || party.every((p) => kept.has(p.passengerId))) continue;
    const map = await seatMapOf(conn, seg.flightId, seg.cabin).catch(() => null);
    if (!map) continue;
    const got = autoAssign(map, await seatsTaken(conn, seg.flightId), party, kept);
    for (const [pid, seat] of got) {
      if (kept.has(pid)) continue;
      seats.set(`${pid}|${seg.legIndex}`, seat);
      fresh.push({ bookingId, passengerId: pid, legIndex: seg.legIndex, flightId: seg.flightId, seat, pricePaise: 0, chosen: false });
    }
  }
  return { seats, fresh };
}
