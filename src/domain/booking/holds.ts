import { randomUUID } from 'node:crypto';
import {
  BOOKING_ERROR_MESSAGES,
  BOOKING_REASONS,
  type BookingView,
  HOLD_MINUTES,
  MAX_PASSENGERS,
  type Passenger,
  PASSENGER_MESSAGES,
  seatCount,
  validatePassengers,
} from '../../core/booking';
import type { Clock } from '../../core/clock';
import { AppError } from '../../core/errors';
import type { PassengerLegFare } from '../../core/fares';
import type { Itinerary, PassengerType } from '../../core/search';
import type { Db } from '../../db/client';
import { type Statement, fromJson, joinStatements, q, queryRows } from '../../db/raw';
import type { bookings, passengers } from '../../db/schema';
import type { BookingCatalog, InventoryChange, PaxCounts } from './catalog';
import { newBookingId, newPnr } from './ids';
import { type KeyedAnswer, KeyTakenError, keyInsert } from './keyed-answer';
import { type SeatMove, chainedMoves, inLockOrder } from '../inventory/moves';
import { chooseFamily, passengerLegFares } from '../fares/families/options';
import { bookingView, storedKind } from './views';
import { type BookingJourney, TRIP_MESSAGES, type TripJourneyRequest } from '../../core/trip';
import { combineJourneys, discountedFares, journeyRoute, specialReturnOf, travelOrderProblem } from './trip';

/** The 409 a changed fare answers; carries what the traveller must see before accepting. */
export class PriceChangedError extends AppError {
  readonly oldTotal: number;
  readonly newTotal: number;
  readonly itinerary: Itinerary;
  constructor(oldTotal: number, newTotal: number, itinerary: Itinerary) {
    super('conflict', BOOKING_ERROR_MESSAGES.priceChanged, undefined, BOOKING_REASONS.priceChanged);
    this.oldTotal = oldTotal;
    this.newTotal = newTotal;
    this.itinerary = itinerary;
  }
}

const soldOutError = () => new AppError('conflict', BOOKING_ERROR_MESSAGES.soldOut, undefined, BOOKING_REASONS.soldOut);

export interface HoldRequest {
  userId: string;
  itineraryId: string;
  passengers: unknown[];
  quotedTotal: number;
  acceptPriceChange?: boolean | undefined;
  /** The caller's Idempotency-Key, recorded with its answer by the holding transaction. */
  idempotency?: KeyedAnswer | undefined;
  /** How long the seats stay held (default HOLD_MINUTES); a group's hold is longer. */
  holdMs?: number | undefined;
  /** The fare family option chosen (an id from the quote's `families`); the cheapest when absent. */
  fareFamily?: string | undefined;
}

/**
 * The local departure date of an itinerary's first flight, read from its id
 * ("6E2134@2026-12-24~…:economy"); passengers' ages are checked on that day.
 */
export function travelDateOf(itineraryId: string): string | null {
  const match = /^[^@~:]+@(\d{4}-\d{2}-\d{2})/.exec(itineraryId);
  return match?.[1] ?? null;
}

/** The answer for an itinerary that cannot be booked (or quoted) any more. */
export const notBookable = () => new AppError('not_found', 'This flight is no longer available. Please search again.', { itineraryId: 'This flight is no longer available' });

function paxCounts(list: Passenger[]): PaxCounts {
  return {
    adults: list.filter((p) => p.type === 'Adult').length,
    children: list.filter((p) => p.type === 'Child').length,
    infants: list.filter((p) => p.type === 'Infant').length,
  };
}

/**
 * Creates a booking held for `holdMs` (default HOLD_MINUTES): validates passengers on the travel date,
 * re-prices from the database (the client's quotedTotal is only compared, never charged),
 * and takes seats atomically in the same transaction that writes the booking.
 * @example const { booking } = await createHold(db, clock, catalog, { userId, itineraryId, passengers, quotedTotal: 5400 })
 */
export async function createHold(db: Db, clock: Clock, catalog: BookingCatalog, request: HoldRequest): Promise<{ booking: BookingView; inventory: InventoryChange[] }> {
  const travelDate = travelDateOf(request.itineraryId);
  if (!travelDate) throw notBookable();
  const checked = validatePassengers(request.passengers, travelDate);
  if (!checked.ok) {
    throw new AppError('validation_failed', Object.values(checked.fields)[0] ?? PASSENGER_MESSAGES.formToast, checked.fields);
  }
  const list = checked.passengers;
  const now = clock.now();
  const quote = await catalog.quote(db, request.itineraryId, paxCounts(list), now);
  if (!quote) throw notBookable();
  const chosen = chooseFamily(quote.families, request.fareFamily);
  // The booking carries the chosen family's price (the cheapest family's is the itinerary's own).
  const itinerary: Itinerary = { ...quote.itinerary, price: chosen.price };
  const newTotal = chosen.option.totalInr;
  if (newTotal !== request.quotedTotal && request.acceptPriceChange !== true) throw new PriceChangedError(request.quotedTotal, newTotal, itinerary);
  const seats = seatCount(list);
  if (quote.seatsAvailable < seats) throw soldOutError();

  const holdExpiresAt = new Date(now.getTime() + (request.holdMs ?? HOLD_MINUTES * 60_000));
  return writeHold(db, catalog, now, {
    userId: request.userId,
    itinerary,
    seats,
    passengerCount: list.length,
    list,
    holdExpiresAt,
    inventoryRowsExist: quote.inventoryRowsExist,
    keyed: request.idempotency,
    fareFamily: chosen.option.id,
    fares: passengerLegFares(chosen, list.map((p): PassengerType => storedKind(p.type))),
  });
}

/** A party whose travellers give their details later (a Travel Companion group): adults only. */
export interface PartyHoldRequest {
  userId: string;
  itineraryId: string;
  adults: number;
  holdMs: number;
}

/**
 * Holds seats for `adults` travellers whose passenger rows are written later, one per
 * position, while the hold lives (setPartyPassenger); tickets are issued at confirmation over
 * the rows then present. Priced now from the database for that many adults.
 * @example const { booking } = await createPartyHold(db, clock, catalog, { userId, itineraryId, adults: 3, holdMs: 86_400_000 })
 */
export async function createPartyHold(db: Db, clock: Clock, catalog: BookingCatalog, request: PartyHoldRequest): Promise<{ booking: BookingView; inventory: InventoryChange[] }> {
  if (!Number.isSafeInteger(request.adults) || request.adults < 1 || request.adults > MAX_PASSENGERS) throw new AppError('validation_failed', PASSENGER_MESSAGES.tooMany);
  const now = clock.now();
  const quote = await catalog.quote(db, request.itineraryId, { adults: request.adults, children: 0, infants: 0 }, now);
  if (!quote) throw notBookable();
  if (quote.seatsAvailable < request.adults) throw soldOutError();
  // A party's travellers are priced as adults in the cheapest family (positions 0..n-1).
  const chosen = chooseFamily(quote.families, undefined);
  return writeHold(db, catalog, now, {
    userId: request.userId,
    itinerary: quote.itinerary,
    seats: request.adults,
    passengerCount: request.adults,
    list: [],
    holdExpiresAt: new Date(now.getTime() + request.holdMs),
    inventoryRowsExist: quote.inventoryRowsExist,
    fareFamily: chosen.option.id,
    fares: passengerLegFares(chosen, Array.from({ length: request.adults }, (): PassengerType => 'adult')),
  });
}

/** The booking id's millisecond this process last used bare, so a second booking in the same millisecond draws a suffixed id at once. */
let lastBareIdMs = 0;

/** Reasons a single hold statement gives `safar_abort` (migration 0011). */
const ABORT = { soldOut: 'sold-out', referenceTaken: 'reference-taken', keyTaken: 'key-taken' } as const;

/** The reason of a `safar_abort` error (the drivers may wrap it in a `cause`), or null for any other error. */
export function abortReason(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth += 1) {
    const match = /safar_abort:([a-z-]+)/.exec(e.message);
    if (match) return match[1] ?? null;
  }
  return null;
}

/**
 * Takes the seats and writes the held booking, its segments, the passengers given and the
 * caller's Idempotency-Key in one statement, run alone (one round trip): it checks its own
 * outcome and calls `safar_abort`, which rolls the whole statement back, when a leg lacked the
 * seats, the booking reference was taken or the key was already recorded. A leg without an
 * inventory row gets one first, at full capacity, in a statement of its own: an untouched flight
 * and a row at full capacity mean the same, so the row may stay even if the hold then fails.
 * Seats are taken leg by leg in (flightId, cabin) order, each step running only once the
 * previous leg's seats are taken, so concurrent holds lock rows in the same order and cannot
 * deadlock; PostgreSQL re-checks `available >= n` after waiting for a row lock, so this never
 * oversells. A leg without the seats is sold-out and rolls everything back.
 */
async function writeHold(
  db: Db,
  catalog: BookingCatalog,
  now: Date,
  hold: {
    userId: string;
    itinerary: Itinerary;
    seats: number;
    passengerCount: number;
    list: Passenger[];
    holdExpiresAt: Date;
    inventoryRowsExist?: boolean | undefined;
    keyed?: KeyedAnswer | undefined;
    /** The fare family option booked and its rows, one per passenger position × leg. */
    fareFamily: string;
    fares: readonly PassengerLegFare[];
    /** A whole trip's journeys; one whose `pnr` is '' gets the booking's PNR (the others' are drawn by the caller). Absent for one itinerary. */
    journeys?: readonly BookingJourney[] | undefined;
    /** The error of a leg without the seats (a trip names its journey); the plain sold-out otherwise. */
    soldOut?: (() => Promise<AppError>) | undefined;
  },
): Promise<{ booking: BookingView; inventory: InventoryChange[] }> {
  const { itinerary, seats, list, keyed } = hold;
  const cabin = itinerary.legs[0]?.cabin ?? 'economy';
  const legs = inLockOrder(itinerary.legs);
  const at = (d: Date) => q`${d.toISOString()}::timestamptz`;

  for (let attempt = 0; attempt < 8; attempt += 1) {
    const bare = attempt === 0 && now.getTime() !== lastBareIdMs;
    if (bare) lastBareIdMs = now.getTime();
    const row: typeof bookings.$inferSelect = {
      id: newBookingId(now, bare ? 0 : attempt + 1),
      pnr: newPnr(),
      userId: hold.userId,
      status: 'held',
      itineraryId: itinerary.id,
      cabin,
      itinerary,
      passengerCount: hold.passengerCount,
      seatCount: seats,
      price: itinerary.price,
      totalInr: itinerary.price.total.total,
      holdExpiresAt: hold.holdExpiresAt,
      createdAt: now,
      confirmedAt: null,
      paymentId: null,
      paymentMethod: null,
      fareFamily: hold.fareFamily,
      changedFrom: null,
      creditPaise: 0,
      // A journey without a PNR of its own (the first, and one sharing its ticket) has the booking's.
      journeys: hold.journeys ? [...hold.journeys] : null,
      supplier: 'world',
      supplierOrderId: null,
      supplierOfferId: null,
      supplierTotalMinor: null,
      supplierCurrency: null,
      supplierBookingReference: null,
      supplierOrderState: null,
      supplierOrderAt: null,
      supplierSeats: null,
      changeRefundPaise: 0,
    };
    // The world's order is the booking itself: its id is the supplier order, its PNR the airline reference.
    row.supplierOrderId = row.id;
    row.supplierBookingReference = row.pnr;
    row.journeys = row.journeys?.map((j) => (j.pnr === '' ? { ...j, pnr: row.pnr } : j)) ?? null;
    const paxRows = list.map((p, position): typeof passengers.$inferSelect => ({ ...passengerRow(row.id, position, p), id: randomUUID(), ticketNumber: null }));
    const booking = bookingView(row, paxRows);
    const taking = chainedMoves(legs.map((leg): SeatMove => ({ from: 'available', to: 'held', seats: q`${seats}::int`, where: q`i.flight_id = ${leg.flightId} and i.cabin = ${leg.cabin}` })));
    const steps: Statement[] = [taking.steps];
    const lastLeg = taking.last;
    steps.push(q`booked as (
        insert into bookings (id, pnr, user_id, status, itinerary_id, cabin, itinerary, passenger_count, seat_count, price, total_inr, hold_expires_at, created_at, fare_family, journeys,
                              supplier_order_id, supplier_booking_reference)
        select ${row.id}, ${row.pnr}, ${row.userId}::uuid, 'held', ${row.itineraryId}, ${cabin}, ${JSON.stringify(itinerary)}::jsonb, ${row.passengerCount}::int,
               ${seats}::int, ${JSON.stringify(itinerary.price)}::jsonb, ${row.totalInr}::int, ${at(row.holdExpiresAt)}, ${at(now)}, ${hold.fareFamily},
               ${row.journeys ? JSON.stringify(row.journeys) : null}::jsonb, ${row.id}, ${row.pnr}
        where exists (select 1 from ${lastLeg})
        on conflict do nothing returning id)`);
    steps.push(q`segments as (
        insert into booking_segments (booking_id, leg_index, flight_id, cabin, seats)
        select booked.id, v.leg_index, v.flight_id, v.cabin, v.seats from booked,
          (values ${joinStatements(itinerary.legs.map((leg, legIndex) => q`(${legIndex}::int, ${leg.flightId}, ${leg.cabin}, ${seats}::int)`), ', ')}) as v(leg_index, flight_id, cabin, seats)
        returning 1)`);
    if (paxRows.length > 0) {
      steps.push(q`travellers as (
        insert into passengers (id, booking_id, position, title, first_name, middle_name, last_name, dob, type, mobile, aadhaar_last4)
        select v.id, booked.id, v.position, v.title, v.first_name, v.middle_name, v.last_name, v.dob, v.type, v.mobile, v.aadhaar_last4 from booked,
          (values ${joinStatements(
            paxRows.map((p) => q`(${p.id}::uuid, ${p.position}::int, ${p.title}, ${p.firstName}, ${p.middleName}::text, ${p.lastName}, ${p.dob}, ${p.type}, ${p.mobile}::text, ${p.aadhaarLast4}::text)`),
            ', ',
          )}) as v(id, position, title, first_name, middle_name, last_name, dob, type, mobile, aadhaar_last4)
        returning 1)`);
    }
    if (hold.fares.length > 0) {
      steps.push(q`fares as (
        insert into booking_fares (booking_id, passenger_position, leg_index, passenger_type, family_code, lines, total_paise)
        select booked.id, v.position, v.leg_index, v.passenger_type, v.family_code, v.lines, v.total_paise from booked,
          (values ${joinStatements(
            hold.fares.map((f) => q`(${f.passengerPosition}::int, ${f.legIndex}::int, ${f.passengerType}, ${f.familyCode}, ${JSON.stringify(f.lines)}::jsonb, ${f.totalPaise}::int)`),
            ', ',
          )}) as v(position, leg_index, passenger_type, family_code, lines, total_paise)
        returning 1)`);
    }
    if (keyed) steps.push(q`kept as (${keyInsert(keyed, keyed.answer(booking), now, q`exists (select 1 from booked)`)})`);
    const taken = taking.moved;
    // The statement undoes itself unless every step happened (nothing to roll back by hand).
    const statement = q`with ${joinStatements(steps, ', ')}
      select (select coalesce(json_agg(t), '[]'::json) from (${taken}) t) as inventory,
             case when (select count(*) from (${taken}) c) < ${legs.length}::int then safar_abort(${ABORT.soldOut})
                  when not exists (select 1 from booked) then safar_abort(${ABORT.referenceTaken})
                  ${keyed ? q`when not exists (select 1 from kept) then safar_abort(${ABORT.keyTaken})` : q``}
                  else 0 end as checked`;
    try {
      if (attempt === 0 && hold.inventoryRowsExist !== true) await catalog.ensureInventory(db, itinerary.legs);
      const [result] = await queryRows<{ inventory: unknown }>(db, statement);
      return { booking, inventory: fromJson<InventoryChange[] | undefined>(result?.inventory) ?? [] };
    } catch (error) {
      const aborted = abortReason(error);
      if (aborted === ABORT.soldOut) throw hold.soldOut ? await hold.soldOut() : soldOutError();
      if (aborted === ABORT.keyTaken) throw new KeyTakenError();
      if (aborted !== ABORT.referenceTaken) throw error;
    }
  }
  throw new AppError('unavailable', 'Could not create a booking reference. Please try again.');
}

/**
 * The stored row of one validated passenger.
 * @example await tx.insert(passengers).values(passengerRow(bookingId, 0, passenger))
 */
export function passengerRow(bookingId: string, position: number, p: Passenger): Omit<typeof passengers.$inferSelect, 'id' | 'ticketNumber'> {
  return {
    bookingId,
    position,
    title: p.title,
    firstName: p.firstName,
    middleName: p.middleName ?? null,
    lastName: p.lastName,
    dob: p.dob,
    type: storedKind(p.type),
    mobile: p.mobileNo ?? null,
    // Aadhaar is sensitive: only the last four digits are ever stored.
    aadhaarLast4: p.aadharCard ? p.aadharCard.slice(-4) : null,
    cancelledAt: null,
  };
}

/** A whole trip's hold (decision 0062): several journeys in travel order, the passengers once. */
export interface TripHoldRequest extends Omit<HoldRequest, 'itineraryId' | 'fareFamily'> {
  journeys: readonly TripJourneyRequest[];
}

/** The 409 of a trip one of whose journeys lacks the seats: nothing was held, and it says which journey. */
const journeySoldOut = (index: number, journey: Pick<BookingJourney, 'from' | 'to'>) =>
  new AppError('conflict', TRIP_MESSAGES.journeySoldOut(index + 1, journeyRoute(journey)), { journeys: TRIP_MESSAGES.journeySoldOut(index + 1, journeyRoute(journey)) }, BOOKING_REASONS.soldOut);

/**
 * Holds a whole trip as one booking: every journey re-priced from the database for the same
 * passengers (each in its chosen fare family), checked to be in travel order, and every seat of
 * every leg taken in the one statement of `writeHold` — all or nothing. A journey without the
 * seats (found before, or by the statement under a race) holds nothing and names that journey.
 * `quotedTotal` is the trip's total; a different one answers price-changed as for one itinerary.
 * @example const { booking } = await createTripHold(db, clock, catalog, { userId, journeys: [{ itineraryId: out }, { itineraryId: back }], passengers, quotedTotal: 10800 })
 */
export async function createTripHold(db: Db, clock: Clock, catalog: BookingCatalog, request: TripHoldRequest): Promise<{ booking: BookingView; inventory: InventoryChange[] }> {
  const firstId = request.journeys[0]?.itineraryId;
  const travelDate = firstId === undefined ? null : travelDateOf(firstId);
  if (!travelDate || request.journeys.length < 2) throw new AppError('validation_failed', TRIP_MESSAGES.tooFewJourneys, { journeys: TRIP_MESSAGES.tooFewJourneys });
  const checked = validatePassengers(request.passengers, travelDate);
  if (!checked.ok) {
    throw new AppError('validation_failed', Object.values(checked.fields)[0] ?? PASSENGER_MESSAGES.formToast, checked.fields);
  }
  const list = checked.passengers;
  const now = clock.now();
  const quotes = await Promise.all(request.journeys.map((j) => catalog.quote(db, j.itineraryId, paxCounts(list), now)));
  const seats = seatCount(list);
  const types = list.map((p): PassengerType => storedKind(p.type));
  const chosen = quotes.map((quote, i) => {
    const field = `journeys.${i}`;
    if (!quote) throw new AppError('not_found', `Journey ${i + 1} is no longer available. Please search again.`, { [`${field}.itineraryId`]: 'This flight is no longer available' });
    try {
      return { quote, family: chooseFamily(quote.families, request.journeys[i]?.fareFamily) };
    } catch (error) {
      if (error instanceof AppError) throw new AppError('validation_failed', error.message, { [`${field}.fareFamily`]: error.message });
      throw error;
    }
  });
  // Each journey carries its chosen family's price (the cheapest family's is the itinerary's own).
  const priced = chosen.map(({ quote, family }) => ({ itinerary: { ...quote.itinerary, price: family.price }, fareFamily: family.option.id }));
  const problem = travelOrderProblem(priced.map((p) => p.itinerary));
  if (problem) throw new AppError('validation_failed', problem, { journeys: problem });
  // Each journey its own ticket and PNR (the first's is the booking's), unless one special return.
  const pnrs = priced.map((_, i) => (i === 0 ? '' : newPnr()));
  const oneWays = combineJourneys(priced, pnrs);
  const oneWayFares = chosen.flatMap(({ family }, i) => passengerLegFares(family, types).map((f) => ({ ...f, legIndex: f.legIndex + (oneWays.journeys[i]?.firstLeg ?? 0) })));
  // The special return the results screen showed, recomputed on the families chosen (the same rule).
  const offer = specialReturnOf(priced.map((p) => p.itinerary), paxCounts(list));
  const specialFares = offer ? discountedFares(oneWayFares, oneWays.journeys, offer) : null;
  const { itinerary, journeys, fareFamily } = offer && specialFares ? combineJourneys(priced, pnrs, offer) : oneWays;
  const fares = specialFares ?? oneWayFares;
  chosen.forEach(({ quote }, i) => {
    const journey = journeys[i];
    if (journey && quote.seatsAvailable < seats) throw journeySoldOut(i, journey);
  });
  const newTotal = itinerary.price.total.total;
  if (newTotal !== request.quotedTotal && request.acceptPriceChange !== true) throw new PriceChangedError(request.quotedTotal, newTotal, itinerary);

  /** Which journey lacked the seats when the statement found a leg short (read after it rolled back). */
  const soldOut = async (): Promise<AppError> => {
    const rows = await queryRows<{ flight_id: string; cabin: string; available: number }>(
      db,
      q`select flight_id, cabin, available from flight_inventory where flight_id = any(${`{${itinerary.legs.map((l) => l.flightId).join(',')}}`}::text[])`,
    );
    const short = (legIndex: number) => {
      const leg = itinerary.legs[legIndex];
      const row = rows.find((r) => r.flight_id === leg?.flightId && r.cabin === leg.cabin);
      return row !== undefined && Number(row.available) < seats;
    };
    const index = journeys.findIndex((j) => Array.from({ length: j.legCount }, (_, k) => j.firstLeg + k).some(short));
    const journey = journeys[index];
    return journey ? journeySoldOut(index, journey) : soldOutError();
  };

  const holdExpiresAt = new Date(now.getTime() + (request.holdMs ?? HOLD_MINUTES * 60_000));
  return writeHold(db, catalog, now, {
    userId: request.userId,
    itinerary,
    seats,
    passengerCount: list.length,
    list,
    holdExpiresAt,
    inventoryRowsExist: chosen.every(({ quote }) => quote.inventoryRowsExist === true),
    keyed: request.idempotency,
    fareFamily,
    fares,
    journeys,
    soldOut,
  });
}
