import { CABINS, type Cabin } from '../../core/search';
import type { Db } from '../../db/client';
import { type DbTx, type Statement, fromJson, q, queryRows } from '../../db/raw';
import { autoAssign } from '../seats/assign';
import { cabinMap } from '../seats/maps';
import { EXIT_MIN_AGE, ageOn } from '../seats/price';
import { type SeatTake, aircraftOf, cabinStates } from '../seats/store';

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

/** What seating a booking's passengers needs per leg, read in one subquery (`seatFactsSql`). */
export interface LegSeatFacts {
  legIndex: number;
  flightId: string;
  cabin: string;
  sold: number | null;
  capacity: number | null;
  aircraftId: string | null;
  /** Seats Safar passengers hold on the flight: [seat, held]. */
  safar: [string, boolean][];
  /** This booking's passengers' seats on the leg: [passengerId, seat]. */
  mine: [string, string][];
}

/**
 * A column (`seat_facts`, json) with each leg's LegSeatFacts of the booking whose id is `bookingId`
 * (an SQL expression), so the confirmation reads them with the booking in the same round trip.
 */
export function seatFactsSql(bookingId: Statement): Statement {
  return q`(select coalesce(json_agg(json_build_object(
      'legIndex', s.leg_index, 'flightId', s.flight_id, 'cabin', s.cabin,
      'sold', i.sold, 'capacity', i.capacity, 'aircraftId', i.aircraft_id,
      'safar', (select coalesce(json_agg(json_build_array(x.seat, x.held)), '[]'::json) from (
          select ps.seat, (pb.status = 'held') as held from passenger_seats ps join bookings pb on pb.id = ps.booking_id
            where ps.flight_id = s.flight_id and ps.released_at is null
          union
          select bp.seat, false from boarding_passes bp
            where bp.flight_id = s.flight_id and bp.voided_at is null and bp.seat <> 'INF'
              and not exists (select 1 from passenger_seats px where px.flight_id = bp.flight_id and px.seat = bp.seat and px.released_at is null)) x),
      'mine', (select coalesce(json_agg(json_build_array(m.passenger_id, m.seat)), '[]'::json) from passenger_seats m
          where m.booking_id = s.booking_id and m.leg_index = s.leg_index and m.released_at is null))), '[]'::json)
    from booking_segments s left join flight_inventory i on i.flight_id = s.flight_id and i.cabin = s.cabin
    where s.booking_id = ${bookingId}) as seat_facts`;
}

/**
 * The seats of a confirming booking's passengers, by "passengerId|legIndex": the seats they chose,
 * and for those who chose none a free seat each (assign.ts: the party together, children beside an
 * adult, nobody in an exit row unasked). `fresh` are the assigned seats still to be written to
 * passenger_seats. The one place un-chosen passengers are seated at confirmation (check-in may take
 * this over). A leg whose aircraft has no seat map is left out (its seats come from seatForIndex).
 * `alreadySold`: the facts were read after the booking's seats moved from held to sold.
 * @example const { seats, fresh } = placeSeats(booking.id, pax, facts, false)
 */
export function placeSeats(
  bookingId: string,
  pax: readonly { id: string; type: 'adult' | 'child' | 'infant'; dob: string; cancelledAt: Date | null }[],
  legs: readonly LegSeatFacts[],
  alreadySold: boolean,
): { seats: Map<string, string>; fresh: SeatTake[] } {
  const seats = new Map<string, string>();
  const fresh: SeatTake[] = [];
  // The n-th infant sits on the n-th adult's lap (by position).
  const live = pax.filter((p) => p.cancelledAt === null);
  const withInfant = new Set(live.filter((p) => p.type === 'adult').slice(0, live.filter((p) => p.type === 'infant').length).map((p) => p.id));
  for (const leg of legs) {
    const kept = new Map(leg.mine);
    for (const [pid, seat] of kept) seats.set(`${pid}|${leg.legIndex}`, seat);
    // An adult of 15 or over without an infant on the lap may be given an exit-row seat, but only when no other seat is left (assign.ts keeps exit rows last); they confirm the conditions at check-in.
    const travelDate = leg.flightId.split('@')[1] ?? '';
    const party = pax
      .filter((p) => p.cancelledAt === null && p.type !== 'infant')
      .map((p) => ({ passengerId: p.id, type: p.type, exitEligible: p.type === 'adult' && ageOn(p.dob, travelDate) >= EXIT_MIN_AGE && !withInfant.has(p.id) }));
    if (!isCabin(leg.cabin) || party.every((p) => kept.has(p.passengerId))) continue;
    const aircraftId = aircraftOf(leg.aircraftId, leg.cabin, Number(leg.capacity ?? 0));
    const map = aircraftId ? cabinMap(aircraftId, leg.cabin) : undefined;
    if (!map) continue;
    const safar = new Map(leg.safar.map(([seat, held]) => [seat, held ? ('held' as const) : ('safar' as const)]));
    const taken = new Set(safar.keys());
    // Once this booking's seats moved to sold, they are in `sold` but not yet Safar seats: not other travellers'.
    const others = Number(leg.sold ?? 0) - (alreadySold ? party.length : 0);
    for (const [seat, state] of cabinStates(map, leg.flightId, others, safar)) if (state !== 'free') taken.add(seat);
    for (const [pid, seat] of autoAssign(map, taken, party, kept)) {
      if (kept.has(pid)) continue;
      seats.set(`${pid}|${leg.legIndex}`, seat);
      fresh.push({ bookingId, passengerId: pid, legIndex: leg.legIndex, flightId: leg.flightId, seat, pricePaise: 0, chosen: false });
    }
  }
  return { seats, fresh };
}

/**
 * placeSeats on facts read now (in the caller's transaction).
 * @example const { seats, fresh } = await seatsAtConfirm(tx, booking.id, pax, true)
 */
export async function seatsAtConfirm(
  conn: Db | DbTx,
  bookingId: string,
  pax: readonly { id: string; type: 'adult' | 'child' | 'infant'; dob: string; cancelledAt: Date | null }[],
  alreadySold: boolean,
): Promise<{ seats: Map<string, string>; fresh: SeatTake[] }> {
  const [row] = await queryRows<{ seat_facts: LegSeatFacts[] }>(conn, q`select ${seatFactsSql(q`${bookingId}`)}`);
  return placeSeats(bookingId, pax, fromJson<LegSeatFacts[]>(row?.seat_facts ?? []), alreadySold);
}
