import type { Clock } from '../../core/clock';
import { AppError } from '../../core/errors';
import type { FareLine } from '../../core/fares';
import type { Cabin } from '../../core/search-options';
import type { SeatChoice, SeatMap, SeatMapAnswer } from '../../core/seats';
import type { Db } from '../../db/client';
import { type DbTx, q, queryRows } from '../../db/raw';
import { CHECK_IN_SEAT_PAID } from '../../core/check-in';
import { familyByCode } from '../fares/families/lookup';
import type { World } from '../world/world';
import { adjacent, hasSeat } from './assign';
import { cabinMap } from './maps';
import { type SeatBase, ageOn, priceFor, seatPrices, seatRefusal } from './price';
import { cabinSoldAndSafar, cabinStates, safarSeats, seatsOfBooking, takeSeats } from './store';

/** A seat just taken: 409 with the leg's seat map as it is now, so the screen redraws it. */
export class SeatGoneError extends AppError {
  constructor(
    message: string,
    readonly seatMap: SeatMapAnswer,
  ) {
    super('conflict', message, undefined, 'seat-taken');
  }
}

export interface SeatSelectionAnswer {
  bookingId: string;
  /** The booking's all-in total with its seats, in rupees. */
  totalInr: number;
  /** What the booking's seats cost in all, in paise. */
  seatsPaise: number;
  seats: { passengerPosition: number; legIndex: number; seat: string; pricePaise: number }[];
}

interface BookingFacts {
  id: string;
  userId: string;
  status: string;
  holdExpiresAt: Date;
  totalInr: number;
  createdAt: Date;
  pax: { id: string; position: number; type: 'adult' | 'child' | 'infant'; dob: string; cancelled: boolean }[];
  legs: { legIndex: number; flightId: string; cabin: Cabin; carrier: string; date: string; familyCode: string | null }[];
}

async function bookingFacts(conn: Db | DbTx, bookingId: string, userId: string, lock: boolean): Promise<BookingFacts | null> {
  const [row] = await queryRows<{ id: string; user_id: string; status: string; hold_expires_at: string; total_inr: number; created_at: string; itinerary: { legs: { flightId: string; carrier: string; departure: string }[] }; fare_family: string | null; pax: { id: string; position: number; type: string; dob: string; cancelled_at: string | null }[]; segs: { leg_index: number; flight_id: string; cabin: string }[] }>(
    conn,
    q`select b.id, b.user_id, b.status, b.hold_expires_at, b.total_inr, b.created_at, b.itinerary, b.fare_family,
        (select coalesce(json_agg(json_build_object('id', p.id, 'position', p.position, 'type', p.type, 'dob', p.dob, 'cancelled_at', p.cancelled_at) order by p.position), '[]'::json) from passengers p where p.booking_id = b.id) as pax,
        (select coalesce(json_agg(json_build_object('leg_index', s.leg_index, 'flight_id', s.flight_id, 'cabin', s.cabin) order by s.leg_index), '[]'::json) from booking_segments s where s.booking_id = b.id) as segs
      from bookings b where b.id = ${bookingId} and b.user_id = ${userId}::uuid ${lock ? q`for no key update` : q``}`,
  );
  if (!row) return null;
  const families = row.fare_family?.split('~') ?? [];
  return {
    id: row.id,
    userId: row.user_id,
    status: row.status,
    holdExpiresAt: new Date(row.hold_expires_at),
    totalInr: Number(row.total_inr),
    createdAt: new Date(row.created_at),
    pax: row.pax.map((p) => ({ id: p.id, position: Number(p.position), type: p.type === 'child' ? 'child' : p.type === 'infant' ? 'infant' : 'adult', dob: p.dob, cancelled: p.cancelled_at !== null })),
    legs: row.segs.flatMap((s) => {
      const cabin = cabinOf(s.cabin);
      const leg = row.itinerary.legs[Number(s.leg_index)];
      return cabin && leg ? [{ legIndex: Number(s.leg_index), flightId: s.flight_id, cabin, carrier: leg.carrier, date: leg.departure.slice(0, 10), familyCode: families[Number(s.leg_index)] ?? null }] : [];
    }),
  };
}

const cabinOf = (value: string): Cabin | undefined => (['economy', 'premium', 'business', 'first'] as const).find((c) => c === value);

/** Which adult holds which infant on the lap: the n-th infant the n-th adult (by position). */
function adultsWithInfant(pax: BookingFacts['pax']): Set<string> {
  const adults = pax.filter((p) => p.type === 'adult' && !p.cancelled);
  const infants = pax.filter((p) => p.type === 'infant' && !p.cancelled).length;
  return new Set(adults.slice(0, infants).map((p) => p.id));
}

/**
 * Seat maps and seat choices: the one place seat states, prices and choices are decided. Routes,
 * the booking confirmation and check-in call it.
 * @example const seats = createSeatService({ db, clock, world, freeShare: 0.75 })
 */
export function createSeatService(deps: { db: Db; clock: Clock; world: World; freeShare: number }) {
  const { db, clock, world, freeShare } = deps;
  // Seat prices depend only on the cabin map, the airline and freeShare: made once per aircraft type, cabin and airline.
  const PRICES = new Map<string, Map<string, SeatBase>>();
  const pricesOf = (map: SeatMap, aircraftId: string, carrier: string): Map<string, SeatBase> => {
    const key = `${aircraftId}|${map.cabin}|${carrier}`;
    let prices = PRICES.get(key);
    if (!prices) {
      prices = seatPrices(map, carrier, freeShare);
      PRICES.set(key, prices);
    }
    return prices;
  };

  /** The map, states and prices of one cabin of a flight (for a booking's party when given one). */
  async function answer(conn: Db | DbTx, flightId: string, cabin: Cabin, party?: { facts: BookingFacts; legIndex: number }): Promise<SeatMapAnswer> {
    const flight = world.getFlight(flightId);
    const map = flight ? cabinMap(flight.aircraftId, cabin) : undefined;
    if (!flight || !map) throw new AppError('not_found', flight ? `This flight has no ${cabin} cabin.` : 'No such flight.');
    const { sold, safar } = await cabinSoldAndSafar(conn, flightId, cabin);
    const states = cabinStates(map, flightId, sold, safar);
    const prices = pricesOf(map, flight.aircraftId, flight.carrier);
    const leg = party?.facts.legs.find((l) => l.legIndex === party.legIndex);
    const inclusion = leg?.familyCode ? (familyByCode(leg.familyCode, party?.facts.createdAt ?? clock.now())?.seat ?? 'paid') : 'paid';
    const chosen: Record<string, string> = {};
    if (party) for (const s of await seatsOfBooking(conn, party.facts.id)) if (s.legIndex === party.legIndex) chosen[s.passengerId] = s.seat;
    const seats = [...states].map(([seat, state]) => {
      const base = prices.get(seat) ?? { zone: 'standard' as const, pricePaise: 0 };
      return { seat, state, zone: base.zone, pricePaise: priceFor(base, { type: 'adult', inclusion, nextToOwnAdult: false }) };
    });
    return { flightId, cabin, airline: flight.carrier, map, seats, free: seats.filter((s) => s.state === 'free').length, chosen };
  }

  /**
   * GET /api/flights/{flightId}/seat-map: public; with a booking id of the signed-in traveller, its
   * chosen seats and prices for its fare family.
   */
  async function seatMap(flightId: string, cabin: Cabin, booking?: { userId: string | undefined; bookingId: string }): Promise<SeatMapAnswer> {
    if (!booking) return answer(db, flightId, cabin);
    const facts = booking.userId ? await bookingFacts(db, booking.bookingId, booking.userId, false) : null;
    const leg = facts?.legs.find((l) => l.flightId === flightId);
    if (!facts || !leg) throw new AppError('not_found', 'Booking not found');
    return answer(db, flightId, leg.cabin, { facts, legIndex: leg.legIndex });
  }

  /**
   * Seats chosen on a held booking (PUT /api/bookings/{id}/seats), in the caller's transaction:
   * each choice is checked (the seat exists in the leg's cabin, is free or already this
   * passenger's, and the passenger may sit there), the passenger's previous seat on that leg is
   * given back, the new one taken (the unique index refuses a seat given meanwhile), and every
   * seat of the booking re-priced (a child beside its adult sits free), the fare lines and the
   * booking's total with them.
   */
  async function choose(tx: DbTx, userId: string, bookingId: string, choices: readonly SeatChoice[]): Promise<SeatSelectionAnswer> {
    const facts = await bookingFacts(tx, bookingId, userId, true);
    if (!facts) throw new AppError('not_found', 'Booking not found');
    if (facts.status !== 'held' || facts.holdExpiresAt.getTime() <= clock.now().getTime()) throw new AppError('conflict', 'Seats can be chosen on a held booking before payment; this hold is no longer open.', undefined, 'not-held');
    const withInfant = adultsWithInfant(facts.pax);
    const fields: Record<string, string> = {};
    const takes: { passengerId: string; legIndex: number; flightId: string; seat: string }[] = [];
    const drops: { passengerId: string; legIndex: number }[] = [];
    const maps = new Map<number, SeatMap>();
    for (const [i, choice] of choices.entries()) {
      const pax = facts.pax.find((p) => p.position === choice.passengerPosition && !p.cancelled);
      const leg = facts.legs.find((l) => l.legIndex === choice.legIndex);
      if (!pax) {
        fields[`choices.${i}.passengerPosition`] = 'No such passenger on this booking.';
        continue;
      }
      if (!leg) {
        fields[`choices.${i}.legIndex`] = 'No such flight on this booking.';
        continue;
      }
      if (choice.seat === null) {
        drops.push({ passengerId: pax.id, legIndex: leg.legIndex });
        continue;
      }
      const flight = world.getFlight(leg.flightId);
      const map = flight ? cabinMap(flight.aircraftId, leg.cabin) : undefined;
      if (!map || !hasSeat(map, choice.seat)) {
        fields[`choices.${i}.seat`] = `There is no seat ${choice.seat} in this cabin.`;
        continue;
      }
      maps.set(leg.legIndex, map);
      const seat = map.rows.flatMap((r) => r.seats.filter((s) => `${r.row}${s.letter}` === choice.seat))[0];
      const refusal = seat ? seatRefusal(seat, { type: pax.type, age: ageOn(pax.dob, leg.date), withInfant: withInfant.has(pax.id), exitConditionsAccepted: choice.exitConditionsAccepted === true }) : null;
      if (refusal) {
        fields[`choices.${i}.seat`] = `${choice.seat}: ${refusal}`;
        continue;
      }
      if (takes.some((t) => t.legIndex === leg.legIndex && t.seat === choice.seat)) {
        fields[`choices.${i}.seat`] = `Seat ${choice.seat} is chosen twice.`;
        continue;
      }
      takes.push({ passengerId: pax.id, legIndex: leg.legIndex, flightId: leg.flightId, seat: choice.seat });
    }
    if (Object.keys(fields).length > 0) throw new AppError('validation_failed', Object.values(fields)[0] ?? 'Check the seats chosen.', fields);

    const mine = await seatsOfBooking(tx, bookingId);
    // A seat is free for this booking when its state is free, or one of this booking's passengers holds it now.
    for (const t of takes) {
      const map = maps.get(t.legIndex);
      if (!map) continue;
      const leg = facts.legs.find((l) => l.legIndex === t.legIndex);
      const [inventory] = await queryRows<{ sold: number }>(tx, q`select sold from flight_inventory where flight_id = ${t.flightId} and cabin = ${leg?.cabin ?? 'economy'}`);
      const states = cabinStates(map, t.flightId, Number(inventory?.sold ?? 0), await safarSeats(tx, t.flightId));
      const ours = mine.some((m) => m.legIndex === t.legIndex && m.seat === t.seat);
      if (states.get(t.seat) !== 'free' && !ours) throw new SeatGoneError(`Seat ${t.seat} was just taken by someone else. The seat map is refreshed: please pick another seat.`, await answer(tx, t.flightId, leg?.cabin ?? 'economy', { facts, legIndex: t.legIndex }));
    }
    // Give back the seats these passengers had on these legs (and any seat now wanted by another of the booking's passengers), then take the new ones.
    const moving = [...drops, ...takes];
    const release = mine.filter((m) => moving.some((x) => x.passengerId === m.passengerId && x.legIndex === m.legIndex) || takes.some((t) => t.legIndex === m.legIndex && t.seat === m.seat));
    if (release.length > 0) {
      await queryRows(tx, q`update passenger_seats set released_at = ${clock.now().toISOString()}::timestamptz where booking_id = ${bookingId} and released_at is null and (passenger_id, leg_index) in (${joinPairs(release)}) returning 1`);
    }
    try {
      await takeSeats(tx, takes.map((t) => ({ bookingId, passengerId: t.passengerId, legIndex: t.legIndex, flightId: t.flightId, seat: t.seat, pricePaise: 0 })));
    } catch (error) {
      const leg = facts.legs.find((l) => l.legIndex === takes[0]?.legIndex);
      if (error instanceof AppError && error.reason === 'seat-taken' && leg) throw new SeatGoneError(error.message, await answer(db, leg.flightId, leg.cabin, { facts, legIndex: leg.legIndex }));
      throw error;
    }
    return reprice(tx, facts);
  }

  /**
   * Seats changed at web check-in (a confirmed booking, in the check-in's transaction):
   * - only a free seat may be taken at check-in: one that costs this passenger nothing under the
   *   leg's fare family (paid seats are chosen at booking, where the payment screen takes them);
   * - the seat must exist in the leg's cabin, be free (or be this booking's), and be allowed for
   *   the passenger (exit rows: 15 or over, no infant on the lap, conditions accepted);
   * - the passenger's previous seat is given back, the new one taken; the unique index refuses a
   *   seat given meanwhile (409 seat-taken with the map as it is now).
   * Returns passenger id → new seat. Field errors are keyed `passengers.{i}.seat`.
   */
  async function moveAtCheckIn(tx: DbTx, userId: string, bookingId: string, legIndex: number, moves: readonly { index: number; passengerId: string; seat: string; exitConditionsAccepted: boolean }[]): Promise<Map<string, string>> {
    const moved = new Map<string, string>();
    if (moves.length === 0) return moved;
    const facts = await bookingFacts(tx, bookingId, userId, false);
    const leg = facts?.legs.find((l) => l.legIndex === legIndex);
    if (!facts || !leg) throw new AppError('not_found', 'Booking not found');
    const flight = world.getFlight(leg.flightId);
    const map = flight ? cabinMap(flight.aircraftId, leg.cabin) : undefined;
    if (!flight || !map) throw new AppError('not_found', `No seat map for the ${leg.cabin} cabin of this flight.`);
    const prices = seatPrices(map, flight.carrier, freeShare);
    const inclusion = leg.familyCode ? (familyByCode(leg.familyCode, facts.createdAt)?.seat ?? 'paid') : 'paid';
    const withInfant = adultsWithInfant(facts.pax);
    const mine = (await seatsOfBooking(tx, bookingId)).filter((m) => m.legIndex === legIndex);
    const [inventory] = await queryRows<{ sold: number }>(tx, q`select sold from flight_inventory where flight_id = ${leg.flightId} and cabin = ${leg.cabin}`);
    const states = cabinStates(map, leg.flightId, Number(inventory?.sold ?? 0), await safarSeats(tx, leg.flightId));
    const fields: Record<string, string> = {};
    const takes: typeof moves[number][] = [];
    let gone: string | undefined;
    for (const move of moves) {
      const pax = facts.pax.find((p) => p.id === move.passengerId);
      if (!pax || pax.type === 'infant') continue;
      if (mine.some((m) => m.passengerId === pax.id && m.seat === move.seat)) continue;
      const seat = map.rows.flatMap((r) => r.seats.filter((s) => `${r.row}${s.letter}` === move.seat))[0];
      if (!seat) {
        fields[`passengers.${move.index}.seat`] = `There is no seat ${move.seat} in this cabin.`;
        continue;
      }
      if (states.get(move.seat) !== 'free' && !mine.some((m) => m.seat === move.seat)) {
        gone ??= move.seat;
        continue;
      }
      const refusal = seatRefusal(seat, { type: pax.type, age: ageOn(pax.dob, leg.date), withInfant: withInfant.has(pax.id), exitConditionsAccepted: move.exitConditionsAccepted });
      if (refusal) {
        fields[`passengers.${move.index}.seat`] = `${move.seat}: ${refusal}`;
        continue;
      }
      if (priceFor(prices.get(move.seat) ?? { zone: 'standard', pricePaise: 0 }, { type: pax.type, inclusion, nextToOwnAdult: false }) > 0) {
        fields[`passengers.${move.index}.seat`] = CHECK_IN_SEAT_PAID(move.seat);
        continue;
      }
      if (takes.some((t) => t.seat === move.seat)) {
        fields[`passengers.${move.index}.seat`] = `Seat ${move.seat} is chosen twice.`;
        continue;
      }
      takes.push(move);
    }
    // A seat another passenger of the booking holds is free for this one only when that passenger moves too.
    for (const t of takes) {
      const holder = mine.find((m) => m.seat === t.seat && m.passengerId !== t.passengerId);
      if (holder && !takes.some((x) => x.passengerId === holder.passengerId)) fields[`passengers.${t.index}.seat`] = `Seat ${t.seat} is another passenger's on this booking.`;
    }
    if (gone) throw new SeatGoneError(`Seat ${gone} was just taken by someone else. The seat map is refreshed: please pick another seat.`, await answer(tx, leg.flightId, leg.cabin, { facts, legIndex }));
    if (Object.keys(fields).length > 0) throw new AppError('validation_failed', Object.values(fields)[0] ?? 'Check the seats chosen.', fields);
    if (takes.length === 0) return moved;
    const release = mine.filter((m) => takes.some((t) => t.passengerId === m.passengerId || t.seat === m.seat));
    if (release.length > 0) {
      await queryRows(tx, q`update passenger_seats set released_at = ${clock.now().toISOString()}::timestamptz where booking_id = ${bookingId} and released_at is null and (passenger_id, leg_index) in (${joinPairs(release)}) returning 1`);
    }
    try {
      await takeSeats(tx, takes.map((t) => ({ bookingId, passengerId: t.passengerId, legIndex, flightId: leg.flightId, seat: t.seat, pricePaise: 0 })));
    } catch (error) {
      if (error instanceof AppError && error.reason === 'seat-taken') throw new SeatGoneError(error.message, await answer(db, leg.flightId, leg.cabin, { facts, legIndex }));
      throw error;
    }
    for (const t of takes) moved.set(t.passengerId, t.seat);
    return moved;
  }

  /** Prices every active seat of a booking, writes them with the fare lines and the booking total. */
  async function reprice(tx: DbTx, facts: BookingFacts): Promise<SeatSelectionAnswer> {
    const seats = await seatsOfBooking(tx, facts.id);
    const priced: SeatSelectionAnswer['seats'] = [];
    for (const leg of facts.legs) {
      const flight = world.getFlight(leg.flightId);
      const map = flight ? cabinMap(flight.aircraftId, leg.cabin) : undefined;
      if (!flight || !map) continue;
      const prices = seatPrices(map, flight.carrier, freeShare);
      const inclusion = leg.familyCode ? (familyByCode(leg.familyCode, facts.createdAt)?.seat ?? 'paid') : 'paid';
      const onLeg = seats.filter((s) => s.legIndex === leg.legIndex);
      for (const s of onLeg) {
        const pax = facts.pax.find((p) => p.id === s.passengerId);
        if (!pax || pax.type === 'infant') continue;
        const nextToOwnAdult = pax.type === 'child' && onLeg.some((o) => facts.pax.find((p) => p.id === o.passengerId)?.type === 'adult' && adjacent(map, s.seat, o.seat));
        const pricePaise = s.chosen ? priceFor(prices.get(s.seat) ?? { zone: 'standard', pricePaise: 0 }, { type: pax.type, inclusion, nextToOwnAdult }) : 0;
        priced.push({ passengerPosition: pax.position, legIndex: leg.legIndex, seat: s.seat, pricePaise });
      }
    }
    const before = await queryRows<{ passenger_position: number; leg_index: number; lines: FareLine[] }>(tx, q`select passenger_position, leg_index, lines from booking_fares where booking_id = ${facts.id}`);
    const oldSeatPaise = before.reduce((sum, r) => sum + r.lines.filter((l) => l.code === 'seat').reduce((s, l) => s + l.paise, 0), 0);
    for (const row of before) {
      const p = priced.find((x) => x.passengerPosition === Number(row.passenger_position) && x.legIndex === Number(row.leg_index));
      const lines = row.lines.filter((l) => l.code !== 'seat');
      if (p && p.pricePaise > 0) lines.push({ code: 'seat', kind: 'addon', label: `Seat ${p.seat}`, paise: p.pricePaise });
      const total = lines.reduce((s, l) => s + l.paise, 0);
      await queryRows(tx, q`update booking_fares set lines = ${JSON.stringify(lines)}::jsonb, total_paise = ${total}::int where booking_id = ${facts.id} and passenger_position = ${row.passenger_position}::int and leg_index = ${row.leg_index}::int returning 1`);
    }
    // Seats are priced in whole ₹50, so the rupee total stays whole. Only priced seats with a fare row are charged.
    const seatsPaise = priced.filter((p) => before.some((r) => Number(r.passenger_position) === p.passengerPosition && Number(r.leg_index) === p.legIndex)).reduce((s, p) => s + p.pricePaise, 0);
    const totalInr = facts.totalInr + Math.round((seatsPaise - oldSeatPaise) / 100);
    for (const p of priced) await queryRows(tx, q`update passenger_seats set price_paise = ${p.pricePaise}::int from passengers x where x.id = passenger_seats.passenger_id and x.booking_id = ${facts.id} and x.position = ${p.passengerPosition}::int and passenger_seats.leg_index = ${p.legIndex}::int and passenger_seats.released_at is null returning 1`);
    if (totalInr !== facts.totalInr) await queryRows(tx, q`update bookings set total_inr = ${totalInr}::int where id = ${facts.id} returning 1`);
    return { bookingId: facts.id, totalInr, seatsPaise, seats: priced };
  }

  return { seatMap, choose, moveAtCheckIn };
}

export type SeatService = ReturnType<typeof createSeatService>;

function joinPairs(list: readonly { passengerId: string; legIndex: number }[]) {
  return list.map((m) => q`(${m.passengerId}::uuid, ${m.legIndex}::int)`).reduce((acc, part, i) => (i === 0 ? part : q`${acc}, ${part}`));
}
