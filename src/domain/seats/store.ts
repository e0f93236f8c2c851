import { CABINS, type Cabin } from '../../core/search-options';
import type { SeatMap, SeatState } from '../../core/seats';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import type { DbTx } from '../../db/raw';
import { joinStatements, q, queryRows } from '../../db/raw';
import { AIRCRAFT } from '../world/airlines';
import { cabinMap, seatCodes } from './maps';
import { cachedFillOrder, seatStates } from './occupancy';

type Conn = Db | DbTx;

/** A seat was given to another passenger a moment ago (the unique index refused it): 409, reason `seat-taken`. */
export class SeatTakenError extends AppError {
  constructor(readonly seat?: string) {
    super('conflict', seat ? `Seat ${seat} was just taken by someone else. The seat map is refreshed: please pick another seat.` : 'That seat was just taken by someone else. Please pick another seat.', undefined, 'seat-taken');
  }
}

/**
 * The aircraft type of a cabin's inventory row; rows made before seat maps have none, and get the
 * first type whose cabin has that capacity (the seat count is what the row was made from).
 */
export function aircraftOf(aircraftId: string | null, cabin: Cabin, capacity: number): string | undefined {
  if (aircraftId && cabinMap(aircraftId, cabin)) return aircraftId;
  return Object.values(AIRCRAFT).find((a) => a.layout[cabin] === capacity)?.id;
}

interface CabinRow {
  cabin: Cabin;
  aircraftId: string | undefined;
  sold: number;
}

async function cabinRows(conn: Conn, flightId: string): Promise<CabinRow[]> {
  const rows = await queryRows<{ cabin: string; aircraft_id: string | null; capacity: number; sold: number }>(conn, q`select cabin, aircraft_id, capacity, sold from flight_inventory where flight_id = ${flightId}`);
  return rows.flatMap((r) => {
    const cabin = CABINS.find((c) => c === r.cabin);
    return cabin ? [{ cabin, aircraftId: aircraftOf(r.aircraft_id, cabin, Number(r.capacity)), sold: Number(r.sold) }] : [];
  });
}

/**
 * Seats Safar passengers occupy on a flight: active passenger_seats rows (`held` while their booking
 * is a hold, `safar` once bought) and seats of valid boarding passes issued before seat maps.
 */
export async function safarSeats(conn: Conn, flightId: string): Promise<Map<string, 'held' | 'safar'>> {
  const rows = await queryRows<{ seat: string; held: boolean }>(
    conn,
    q`select ps.seat, (b.status = 'held') as held from passenger_seats ps join bookings b on b.id = ps.booking_id
        where ps.flight_id = ${flightId} and ps.released_at is null
      union
      select bp.seat, false as held from boarding_passes bp
        where bp.flight_id = ${flightId} and bp.voided_at is null and bp.seat <> 'INF'
          and not exists (select 1 from passenger_seats ps where ps.flight_id = bp.flight_id and ps.seat = bp.seat and ps.released_at is null)`,
  );
  return new Map(rows.map((r) => [r.seat, r.held ? 'held' : 'safar']));
}

/**
 * Each seat's state in one cabin of a flight-date. The other travellers are the cabin's sold seats
 * less the Safar passengers' bought seats in it (Safar's sales count in the inventory's sold too).
 */
export function cabinStates(map: SeatMap, flightId: string, sold: number, safar: ReadonlyMap<string, 'held' | 'safar'>): Map<string, SeatState> {
  const inCabin = codesOf(map);
  let safarSold = 0;
  const mine = new Map<string, 'held' | 'safar'>();
  for (const [seat, state] of safar) {
    if (!inCabin.has(seat)) continue;
    mine.set(seat, state);
    if (state === 'safar') safarSold += 1;
  }
  const others = Math.max(0, sold - safarSold);
  // The other travellers take the first seats of the fill order that no Safar passenger holds.
  return seatStates(map, cachedFillOrder(map, flightId, others + mine.size), others, mine);
}

/** A cabin map's seat codes as a set, made once per map (maps are fixed data). */
const CODES = new WeakMap<SeatMap, ReadonlySet<string>>();
function codesOf(map: SeatMap): ReadonlySet<string> {
  let codes = CODES.get(map);
  if (!codes) {
    codes = new Set(seatCodes(map));
    CODES.set(map, codes);
  }
  return codes;
}

/**
 * A cabin's sold count and the Safar passengers' seats on its flight, in one statement (the seat
 * map's reads): the same rows as the inventory's `sold` and safarSeats.
 * @example const { sold, safar } = await cabinSoldAndSafar(db, '6E2134@2026-12-24', 'economy')
 */
export async function cabinSoldAndSafar(conn: Conn, flightId: string, cabin: Cabin): Promise<{ sold: number; safar: Map<string, 'held' | 'safar'> }> {
  const rows = await queryRows<{ seat: string | null; held: boolean | null; sold: number | null }>(
    conn,
    q`select null::text as seat, null::boolean as held, sold from flight_inventory where flight_id = ${flightId} and cabin = ${cabin}
      union all
      select ps.seat, (b.status = 'held') as held, null::int as sold from passenger_seats ps join bookings b on b.id = ps.booking_id
        where ps.flight_id = ${flightId} and ps.released_at is null
      union all
      select bp.seat, false as held, null::int as sold from boarding_passes bp
        where bp.flight_id = ${flightId} and bp.voided_at is null and bp.seat <> 'INF'
          and not exists (select 1 from passenger_seats ps where ps.flight_id = bp.flight_id and ps.seat = bp.seat and ps.released_at is null)`,
  );
  let sold = 0;
  const safar = new Map<string, 'held' | 'safar'>();
  for (const r of rows) {
    if (r.seat === null) sold = Number(r.sold ?? 0);
    else if (!safar.has(r.seat)) safar.set(r.seat, r.held ? 'held' : 'safar');
  }
  return { sold, safar };
}

/**
 * Seats of a flight nobody else may be given: other travellers' (and the airline's blocked seats)
 * and Safar passengers' (held and bought), across the flight's cabins.
 * @example const taken = await seatsTaken(tx, '6E2134@2026-12-24')
 */
export async function seatsTaken(tx: Conn, flightId: string): Promise<Set<string>> {
  const [rows, safar] = await Promise.all([cabinRows(tx, flightId), safarSeats(tx, flightId)]);
  const taken = new Set<string>(safar.keys());
  for (const row of rows) {
    const map = row.aircraftId ? cabinMap(row.aircraftId, row.cabin) : undefined;
    if (!map) continue;
    for (const [seat, state] of cabinStates(map, flightId, row.sold, safar)) if (state !== 'free') taken.add(seat);
  }
  return taken;
}

/**
 * The seat map of a flight's cabin (the aircraft type its inventory row was made from).
 * @example const map = await seatMapOf(tx, '6E2134@2026-12-24', 'economy')
 */
export async function seatMapOf(conn: Conn, flightId: string, cabin: Cabin): Promise<SeatMap> {
  const row = (await cabinRows(conn, flightId)).find((r) => r.cabin === cabin);
  const map = row?.aircraftId ? cabinMap(row.aircraftId, cabin) : undefined;
  if (!map) throw new AppError('not_found', `No seat map for the ${cabin} cabin of this flight.`);
  return map;
}

/** A unique-index violation of passenger_seats' seats, however the driver wraps it. */
function seatIndexViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth += 1) {
    const code: unknown = Reflect.get(e, 'code');
    if (code === '23505' && e.message.includes('passenger_seats_seat')) return true;
    const constraint: unknown = Reflect.get(e, 'constraint_name') ?? Reflect.get(e, 'constraint');
    if (code === '23505' && constraint === 'passenger_seats_seat') return true;
  }
  return false;
}

export interface SeatTake {
  bookingId: string;
  passengerId: string;
  legIndex: number;
  flightId: string;
  seat: string;
  pricePaise: number;
  /** Chosen by the traveller (default) or assigned by Safar. */
  chosen?: boolean;
}

/**
 * Gives these seats to these passengers (the cabin is the booking's segment's). In a savepoint, so a
 * seat just taken by someone else throws SeatTakenError and leaves the caller's transaction usable.
 * @example await takeSeats(tx, [{ bookingId, passengerId, legIndex: 0, flightId, seat: '12A', pricePaise: 45000 }])
 */
export async function takeSeats(tx: DbTx, rows: readonly SeatTake[]): Promise<void> {
  if (rows.length === 0) return;
  const values = joinStatements(
    rows.map((r) => q`(${r.bookingId}, ${r.passengerId}::uuid, ${r.legIndex}::int, ${r.flightId}, ${r.seat}, ${r.pricePaise}::int, ${r.chosen ?? true}::boolean)`),
    ', ',
  );
  try {
    await tx.transaction(async (sp) => {
      await queryRows(
        sp,
        q`insert into passenger_seats (booking_id, passenger_id, leg_index, flight_id, cabin, seat, price_paise, chosen)
          select v.booking_id, v.passenger_id, v.leg_index, v.flight_id, s.cabin, v.seat, v.price_paise, v.chosen
          from (values ${values}) as v(booking_id, passenger_id, leg_index, flight_id, seat, price_paise, chosen)
          join booking_segments s on s.booking_id = v.booking_id and s.leg_index = v.leg_index`,
      );
    });
  } catch (error) {
    if (seatIndexViolation(error)) throw new SeatTakenError(rows.length === 1 ? rows[0]?.seat : undefined);
    throw error;
  }
}

/** The seat a passenger holds on a leg, or null. @example await seatOf(tx, passengerId, 0) // '12A' */
export async function seatOf(tx: Conn, passengerId: string, legIndex: number): Promise<string | null> {
  const [row] = await queryRows<{ seat: string }>(tx, q`select seat from passenger_seats where passenger_id = ${passengerId}::uuid and leg_index = ${legIndex}::int and released_at is null`);
  return row?.seat ?? null;
}

/** Active seats of a booking: passenger id and leg → seat and price. */
export async function seatsOfBooking(conn: Conn, bookingId: string): Promise<{ passengerId: string; legIndex: number; seat: string; pricePaise: number; chosen: boolean }[]> {
  const rows = await queryRows<{ passenger_id: string; leg_index: number; seat: string; price_paise: number; chosen: boolean }>(
    conn,
    q`select passenger_id, leg_index, seat, price_paise, chosen from passenger_seats where booking_id = ${bookingId} and released_at is null`,
  );
  return rows.map((r) => ({ passengerId: r.passenger_id, legIndex: Number(r.leg_index), seat: r.seat, pricePaise: Number(r.price_paise), chosen: r.chosen }));
}

/**
 * Gives back a booking's seats (all, or these passengers'): the rows stay, marked released.
 * @example await releaseSeats(tx, 'BK123')
 */
export async function releaseSeats(tx: Conn, bookingId: string, passengerIds?: readonly string[]): Promise<void> {
  const only = passengerIds ? q` and passenger_id = any(${`{${passengerIds.join(',')}}`}::uuid[])` : q``;
  await queryRows(tx, q`update passenger_seats set released_at = now() where booking_id = ${bookingId} and released_at is null${only} returning 1`);
}
