import { randomUUID } from 'node:crypto';
import type { Clock } from '../../core/clock';
import { AppError } from '../../core/errors';
import type { FareFamily, PassengerLegFare, RefundQuote } from '../../core/fares';
import {
  type CancellationAnswer,
  type CancellationQuoteAnswer,
  type CancellationRequest,
  TRIP_CHANGE_MESSAGES,
  TRIP_CHANGE_REASONS,
} from '../../core/trip-changes';
import type { Db } from '../../db/client';
import { type Statement, fromJson, q, queryRows, rawText } from '../../db/raw';
import { bookingRaw, passengerRaw, segmentRaw } from '../../db/rows';
import type { bookingSegments, bookings, cancellations, passengers, refunds } from '../../db/schema';
import type { InventoryChange, Tx } from '../booking/catalog';
import { type KeyedAnswer, KeyTakenError, keyInsert } from '../booking/keyed-answer';
import { bookingView } from '../booking/views';
import { type SeatMove, chainedMoves, inLockOrder } from '../inventory/moves';
import { refundQuote } from '../refunds/rule';
import { familyByCode } from '../fares/families/lookup';
import { storedFares } from '../fares/stored';
import type { CancellationMailPayload } from './mail';
import { type Claimed, LEASE_SECONDS } from './refund-sender';
import { type RefundablePayment, refundablePaymentsFrom, refundablePaymentsJson } from './refundable';
import { splitRefund } from './split';
import { creditRefundEntries, refundDestination } from '../credit/refunds';
import { type BookingJourney, TRIP_MESSAGES } from '../../core/trip';
import { getAirline } from '../world/airlines';
import { cancellationView, refundView } from './views';
import { type FreeChangeWindow, freeChangeWindowSql, windowFrom, windowOpen } from '../disruptions/free-changes';

type BookingRow = typeof bookings.$inferSelect;
type PassengerRow = typeof passengers.$inferSelect;
type CancellationRow = typeof cancellations.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;

/**
 * Cancelling some or all passengers of a confirmed booking.
 *
 * - Only a confirmed or partly cancelled booking can be cancelled, and only passengers still travelling.
 * - An infant never stays without an adult: the infants left travelling are at most the adults left.
 * - The refund is the refund rule's quote for the cancelled passengers' legs at the moment of
 *   confirming; when it differs from the one the traveller saw, nothing happens (409 refund-changed
 *   with the new quote).
 * - Confirming is one transaction that first locks the booking row, then the inventory rows in
 *   lock order: the seats of the cancelled passengers who hold one (not infants on a lap) go back
 *   to sale on every leg, their fares and boarding passes stop being valid, the cancellation and
 *   its refunds (one per payment, Safar credit spent first then largest payment first, never more
 *   than a payment's amount less what was refunded from it before) and the cancellation mail are
 *   written, and the caller's Idempotency-Key is recorded with the answer.
 * - The refund goes back to the original payment method unless the traveller chose Safar credit;
 *   what was paid with Safar credit always goes back to it. Refunds to credit are completed at
 *   once and added to the traveller's credit ledger in the same transaction, once per refund.
 * - One journey of a whole-trip booking (decision 0062) can be cancelled alone, for every
 *   passenger still travelling, by its own legs' fare rules: only its legs' fares are refunded,
 *   only its legs' seats go back and only its legs' boarding passes are voided; the passengers
 *   travel on on the other journeys. A special return whose fare forbids it says so (409). The
 *   booking is partly cancelled, or cancelled once every journey is.
 * - A booking inside its disruption window (a disruption move made it, until its flight leaves:
 *   domain/disruptions/free-changes.ts) is cancelled under the airline-cancelled rule: everything
 *   paid comes back.
 */

/** Flight facts the rule needs that a stored itinerary does not carry. */
export interface FlightFacts {
  international(flightId: string): boolean;
}

const bookingNotFound = () => new AppError('not_found', 'Booking not found');
const notCancellable = () => new AppError('conflict', TRIP_CHANGE_MESSAGES.notCancellable);
const invalidPassengers = (message: string) => new AppError('validation_failed', message, { passengers: message });

/** The 409 of a refund that changed since the traveller saw it; carries the new quote. */
export class RefundChangedError extends AppError {
  readonly quote: CancellationQuoteAnswer;
  override readonly reason: (typeof TRIP_CHANGE_REASONS)['refundChanged' | 'quoteExpired'];
  constructor(quote: CancellationQuoteAnswer, reason: (typeof TRIP_CHANGE_REASONS)['refundChanged' | 'quoteExpired'] = TRIP_CHANGE_REASONS.refundChanged, message: string = TRIP_CHANGE_MESSAGES.refundChanged) {
    super('conflict', message, undefined, reason);
    this.quote = quote;
    this.reason = reason;
  }
}

/**
 * The positions to cancel, checked: passengers of the booking still travelling, and never an
 * infant left without an adult. Omitted: every passenger still travelling.
 */
function chosenPositions(pax: readonly PassengerRow[], asked: readonly number[] | undefined): number[] {
  const active = pax.filter((p) => p.cancelledAt === null);
  const positions = asked === undefined ? active.map((p) => p.position) : [...new Set(asked)].sort((a, b) => a - b);
  if (positions.length === 0) throw invalidPassengers(asked === undefined ? TRIP_CHANGE_MESSAGES.notCancellable : TRIP_CHANGE_MESSAGES.choosePassengers);
  if (!positions.every((n) => active.some((p) => p.position === n))) throw invalidPassengers(TRIP_CHANGE_MESSAGES.unknownPassenger);
  const staying = active.filter((p) => !positions.includes(p.position));
  const adults = staying.filter((p) => p.type === 'adult').length;
  const infants = staying.filter((p) => p.type === 'infant').length;
  if (infants > adults) throw invalidPassengers(TRIP_CHANGE_MESSAGES.infantAlone);
  return positions;
}

const cancellable = (booking: BookingRow) => booking.status === 'confirmed' || booking.status === 'partly_cancelled';

/** The legs of a journey: [first, end). */
type LegRange = { first: number; end: number };
const inRange = (range: LegRange | null, legIndex: number) => range === null || (legIndex >= range.first && legIndex < range.end);

/**
 * The journey to cancel alone, checked: a journey of this whole-trip booking not cancelled yet,
 * whose fare allows cancelling it alone; undefined: none (the passengers' whole trip).
 */
function chosenJourney(booking: BookingRow, index: number | undefined): { index: number; journey: BookingJourney; legs: LegRange } | null {
  if (index === undefined) return null;
  const journey = booking.journeys?.[index];
  if (!journey || (booking.journeys?.length ?? 0) < 2) throw new AppError('validation_failed', TRIP_CHANGE_MESSAGES.unknownJourney, { journey: TRIP_CHANGE_MESSAGES.unknownJourney });
  if (journey.cancelledAt !== null) throw new AppError('validation_failed', TRIP_MESSAGES.journeyCancelled, { journey: TRIP_MESSAGES.journeyCancelled });
  if (journey.specialReturn && !journey.specialReturn.cancelSeparately) {
    throw new AppError('conflict', TRIP_MESSAGES.cancelTogether(getAirline(journey.specialReturn.airline)?.name ?? journey.specialReturn.airline));
  }
  return { index, journey, legs: { first: journey.firstLeg, end: journey.firstLeg + journey.legCount } };
}

/** A journey is cancelled for every passenger still travelling: the positions asked must be all of them (omitted: all). */
function journeyPositions(pax: readonly PassengerRow[], asked: readonly number[] | undefined): number[] {
  const active = pax.filter((p) => p.cancelledAt === null).map((p) => p.position);
  if (active.length === 0) throw notCancellable();
  if (asked !== undefined && [...new Set(asked)].sort((a, b) => a - b).join(',') !== active.join(',')) throw invalidPassengers(TRIP_CHANGE_MESSAGES.wholeJourney);
  return active;
}

/** The family of each leg: the one its fares were sold with, else the booking's option for that leg. */
function legFamily(booking: BookingRow, fares: readonly PassengerLegFare[], legIndex: number): FareFamily {
  const code = fares.find((f) => f.legIndex === legIndex)?.familyCode ?? booking.fareFamily?.split('~')[legIndex] ?? '';
  const family = familyByCode(code, booking.createdAt);
  if (!family) throw new Error(`No fare family ${code} for booking ${booking.id}`);
  return family;
}

/** The refund rule's quote for these passengers' active fares now (on one journey's legs when given; a voluntary cancellation unless the airline cancelled). */
function quoteFor(
  booking: BookingRow,
  allFares: readonly PassengerLegFare[],
  positions: readonly number[],
  facts: FlightFacts,
  now: Date,
  reason: CancelReason = 'voluntary',
  range: LegRange | null = null,
): { quote: RefundQuote; fares: PassengerLegFare[] } {
  const fares = allFares.filter((f) => f.status === 'active' && positions.includes(f.passengerPosition) && inRange(range, f.legIndex));
  const legs = booking.itinerary.legs.map((leg, legIndex) => ({
    legIndex,
    departureUtc: new Date(leg.departure),
    international: facts.international(leg.flightId),
    family: legFamily(booking, allFares, legIndex),
  }));
  return { quote: refundQuote({ bookedAt: booking.createdAt, legs, fares, now, reason }), fares };
}

/**
 * What cancelling these passengers (default: everyone still travelling) would refund now.
 * Answers after departure and inside the cutoff too: then only taxes and airport charges come back.
 * @example const { quote } = await cancellationQuote(db, clock, facts, userId, 'BK1732180000000', [1])
 */
export async function cancellationQuote(
  db: Db,
  clock: Clock,
  facts: FlightFacts,
  userId: string,
  bookingId: string,
  positions?: readonly number[],
  { reason = 'voluntary', journey }: QuoteOptions = {},
): Promise<CancellationQuoteAnswer> {
  // One statement: the booking (only the traveller's own) with its passengers and stored fares.
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    q`select ${rawText(bookingRaw.columns)}, ${passengersJson(q`b.id`)} as facts_pax, ${faresJson(q`b.id`)} as facts_fares, ${freeChangeWindowSql(q`${bookingId}`)} as facts_window
      from bookings b where b.id = ${bookingId} and b.user_id = ${userId}::uuid`,
  );
  if (!row) throw bookingNotFound();
  const booking = bookingRaw.fromRaw(row);
  // A remote supplier's booking is quoted by its supplier (supplier.ts), never by the world's fare rules.
  if (!cancellable(booking) || booking.supplier !== 'world') throw notCancellable();
  const pax = fromJson<Record<string, unknown>[]>(row.facts_pax ?? []).map(passengerRaw.fromJson);
  const fares = await faresOrDerived(db, bookingId, row.facts_fares);
  const trip = chosenJourney(booking, journey);
  const chosen = trip ? journeyPositions(pax, positions) : chosenPositions(pax, positions);
  const now = clock.now();
  const { quote } = quoteFor(booking, fares, chosen, facts, now, reasonIn(windowFrom(row.facts_window), now, reason), trip?.legs ?? null);
  return { passengers: chosen, quote, creditOffered: true };
}

/** Why passengers are cancelled: the traveller's choice, or the airline changed the flight (the disruption centre: everything back). */
type CancelReason = 'voluntary' | 'airlineCancelled';

/** The reason a cancellation is made under: the airline's inside the booking's disruption window, else the one asked for. */
const reasonIn = (window: FreeChangeWindow | null, now: Date, asked: CancelReason): CancelReason => (windowOpen(window, now) ? 'airlineCancelled' : asked);

/** How a cancellation is quoted: why (the airline cancelling refunds everything), and one journey of a whole trip. */
export interface QuoteOptions {
  reason?: CancelReason;
  journey?: number | undefined;
}

export interface CancelRequest extends CancellationRequest {
  /** Default `voluntary`. */
  reason?: CancelReason | undefined;
  /**
   * Runs inside the cancelling transaction after every write, with the answer: a caller's own
   * record of the same outcome (the disruption case). Throwing rolls the whole cancellation back.
   */
  within?: ((tx: Tx, answer: CancellationAnswer) => Promise<void>) | undefined;
  userId: string;
  bookingId: string;
  /** The caller's Idempotency-Key, recorded with its answer by the cancelling transaction. */
  idempotency?: KeyedAnswer<CancellationAnswer> | undefined;
  /**
   * The caller sends the refunds right after the commit (`sendLeasedRefunds` with `leased`): they
   * are written already leased to it (attempt 1, the lease running), so that send claims nothing.
   * Otherwise they are written requested and due now, for `sendCancellationRefunds` or the refund job.
   */
  leaseRefunds?: boolean | undefined;
  /**
   * The refund already priced by a remote supplier's quote (supplier.ts), used instead of the
   * fare-family rule; the supplier confirmed the cancellation before this transaction.
   */
  priced?: { quote: RefundQuote; /** The booking's fares when it stores none (derived from its price by the supplier path). */ fares: PassengerLegFare[] } | undefined;
}

export interface CancelOutcome {
  answer: CancellationAnswer;
  inventory: InventoryChange[];
  /** Refund rows to send now. */
  refundIds: string[];
  /** With `leaseRefunds`: the same rows, leased to the caller, with the payments they go back to. */
  leased: Claimed[];
}

/** A booking's passengers as one json array, in position order (`passengerRaw`'s keys). */
const passengersJson = (bookingId: Statement) =>
  q`(select coalesce(json_agg(${rawText(passengerRaw.json)} order by x.position), '[]'::json) from passengers x where x.booking_id = ${bookingId})`;

/** A booking's stored fares as one json array of `PassengerLegFare`s, by passenger and leg. */
const faresJson = (bookingId: Statement) =>
  q`(select coalesce(json_agg(json_build_object('passengerPosition', f.passenger_position, 'passengerType', f.passenger_type, 'legIndex', f.leg_index,
          'familyCode', f.family_code, 'lines', f.lines, 'totalPaise', f.total_paise, 'status', f.status) order by f.passenger_position, f.leg_index), '[]'::json)
        from booking_fares f where f.booking_id = ${bookingId})`;

/**
 * Everything a cancellation reads about a booking, in one statement (one snapshot): its
 * passengers, stored fares, segments, the traveller's address, and the payments (of this booking
 * and the bookings a change replaced) refunds can go back to, with what was refunded from each before.
 */
function bookingFacts(bookingId: string): Statement {
  return q`select
      ${passengersJson(q`${bookingId}`)} as pax,
      ${faresJson(q`${bookingId}`)} as fares,
      (select coalesce(json_agg(${rawText(segmentRaw.json)}), '[]'::json) from booking_segments s where s.booking_id = ${bookingId}) as segments,
      (select u.email from bookings b join users u on u.id = b.user_id where b.id = ${bookingId}) as email,
      ${refundablePaymentsJson(bookingId)} as payments,
      ${freeChangeWindowSql(q`${bookingId}`)} as free_change_window`;
}

interface BookingFacts {
  pax: PassengerRow[];
  fares: PassengerLegFare[];
  /** True when the fares are the stored rows; false when derived for a booking made before fare families (no rows yet). */
  faresStored: boolean;
  segments: (typeof bookingSegments.$inferSelect)[];
  email: string | null;
  payments: RefundablePayment[];
  window: FreeChangeWindow | null;
}

/** The stored fares read as json; a booking made before fare families has none and gets them derived (`storedFares`). */
async function faresOrDerived(db: Db | Tx, bookingId: string, json: unknown, derived?: PassengerLegFare[]): Promise<PassengerLegFare[]> {
  const stored = fromJson<PassengerLegFare[]>(json ?? []);
  return stored.length > 0 ? stored : (derived ?? storedFares(db, bookingId));
}

/** Reads `bookingFacts`'s row (see `faresOrDerived` for bookings without stored fares). */
async function readFacts(db: Db | Tx, bookingId: string, row: Record<string, unknown> | undefined, derived?: PassengerLegFare[]): Promise<BookingFacts> {
  const list = (value: unknown) => fromJson<Record<string, unknown>[]>(value ?? []);
  const faresStored = fromJson<unknown[]>(row?.fares ?? []).length > 0;
  return {
    pax: list(row?.pax).map(passengerRaw.fromJson),
    fares: await faresOrDerived(db, bookingId, row?.fares, derived),
    faresStored,
    segments: list(row?.segments).map(segmentRaw.fromJson),
    email: typeof row?.email === 'string' ? row.email : null,
    payments: refundablePaymentsFrom(row?.payments),
    window: windowFrom(row?.free_change_window),
  };
}

const methodLabel = (method: string | null) => (method === 'upi' ? 'UPI' : method === 'card' ? 'Card' : 'Safar credit');

/**
 * Cancels passengers of a confirmed booking (see the rules above). Throws RefundChangedError when
 * the refund is not the one quoted, KeyTakenError when the Idempotency-Key was already recorded.
 * @example const { answer } = await cancelPassengers(db, clock, facts, { userId, bookingId, passengers: [1], destination: 'original', quotedRefundPaise: 512300 })
 */
export async function cancelPassengers(db: Db, clock: Clock, facts: FlightFacts, request: CancelRequest): Promise<CancelOutcome> {
  return db.transaction(async (tx) => {
    const now = clock.now();
    // Round trip 1 (after BEGIN), two statements sent together: the booking row locked (before any
    // inventory row, as every path that changes a booking), then what the cancellation is decided
    // on. The server runs them in order and the read takes its snapshot once the lock is held.
    const lockStatement = queryRows<Record<string, unknown>>(
      tx,
      q`select ${rawText(bookingRaw.columns)} from bookings b where b.id = ${request.bookingId} and b.user_id = ${request.userId}::uuid for no key update`,
    );
    const factsStatement = queryRows<Record<string, unknown>>(tx, bookingFacts(request.bookingId));
    // Both settle before anything is thrown, so no statement is left running when the transaction ends.
    const [lockedRows, factRows] = await Promise.allSettled([lockStatement, factsStatement]);
    if (lockedRows.status === 'rejected') throw lockedRows.reason;
    if (factRows.status === 'rejected') throw factRows.reason;
    const [locked] = lockedRows.value;
    if (!locked) throw bookingNotFound();
    const booking = bookingRaw.fromRaw(locked);
    if (!cancellable(booking)) throw notCancellable();
    const { pax, fares: allFares, faresStored, segments, email, payments, window } = await readFacts(tx, booking.id, factRows.value[0], request.priced?.fares);
    const trip = chosenJourney(booking, request.journey);
    const positions = trip ? journeyPositions(pax, request.passengers) : chosenPositions(pax, request.passengers);
    const reason = reasonIn(window, now, request.reason ?? 'voluntary');
    if (booking.supplier !== 'world' && !request.priced) throw notCancellable();
    const { quote, fares } = request.priced
      ? { quote: request.priced.quote, fares: allFares.filter((f) => f.status === 'active' && positions.includes(f.passengerPosition)) }
      : quoteFor(booking, allFares, positions, facts, now, reason, trip?.legs ?? null);
    if (quote.refundPaise !== request.quotedRefundPaise) throw new RefundChangedError({ passengers: positions, quote, creditOffered: true });

    // Travelling on: a journey cancelled alone leaves its passengers on the other journeys.
    const leaving = pax.filter((p) => positions.includes(p.position));
    const cancelled = trip ? [] : leaving;
    const seats = leaving.filter((p) => p.type !== 'infant').length;
    const journeysAfter = trip ? (booking.journeys ?? []).map((j, i) => (i === trip.index ? { ...j, cancelledAt: now.toISOString() } : j)) : booking.journeys;
    const everyone = trip ? (journeysAfter ?? []).every((j) => j.cancelledAt !== null) : pax.every((p) => p.cancelledAt !== null || positions.includes(p.position));
    const status = everyone ? ('cancelled' as const) : ('partly_cancelled' as const);
    // Seats go back on the legs still holding some (a journey cancelled before holds none), of this journey only when one is cancelled.
    const freed = segments.filter((s) => s.seats > 0 && inRange(trip?.legs ?? null, s.legIndex));
    const shares = splitRefund(quote.refundPaise, payments);
    const paymentOf = (id: string | null) => payments.find((p) => p.id === id);
    const methodOf = (r: Pick<RefundRow, 'paymentId' | 'destination'>) => (r.destination === 'credit' ? methodLabel('credit') : methodLabel(paymentOf(r.paymentId)?.method ?? null));

    // The rows written, with their ids drawn here, so the answer (and the key's copy of it) is known before the write.
    const cancellation: CancellationRow = {
      id: randomUUID(),
      bookingId: booking.id,
      userId: booking.userId,
      reason,
      passengerPositions: positions,
      quote,
      refundPaise: quote.refundPaise,
      retainedPaise: quote.retainedPaise,
      destination: request.destination,
      createdAt: now,
    };
    const leasing = request.leaseRefunds === true;
    const refundRows: RefundRow[] = shares.map((share) => {
      // Safar credit (chosen, or what was paid with credit) is completed at once: no gateway.
      const { destination, status: refundStatus } = refundDestination(request.destination, paymentOf(share.paymentId)?.method);
      const leased = leasing && refundStatus === 'requested';
      return {
        id: randomUUID(),
        bookingId: booking.id,
        cancellationId: cancellation.id,
        paymentId: share.paymentId,
        destination,
        amountPaise: share.amountPaise,
        status: refundStatus,
        providerRefundId: null,
        attempts: leased ? 1 : 0,
        lastError: null,
        dueBy: new Date(quote.refundDeadline),
        requestedAt: now,
        sentAt: null,
        completedAt: refundStatus === 'completed' ? now : null,
        availableAt: leased ? new Date(now.getTime() + LEASE_SECONDS * 1000) : now,
      };
    });
    const mail: CancellationMailPayload = {
      bookingId: booking.id,
      pnr: booking.pnr,
      cancellationId: cancellation.id,
      passengers: leaving.map((p) => ({ position: p.position, name: [p.title, p.firstName, p.middleName, p.lastName].filter(Boolean).join(' ') })),
      legs: booking.itinerary.legs
        .map((leg, legIndex) => ({ legIndex, flightNumber: leg.flightNumber, from: leg.from.code, to: leg.to.code, departure: leg.departure }))
        .filter((leg) => inRange(trip?.legs ?? null, leg.legIndex)),
      quote,
      methodLabels: [...new Set(refundRows.filter((r) => r.destination === 'original').map(methodOf))],
      creditPaise: refundRows.filter((r) => r.destination === 'credit').reduce((n, r) => n + r.amountPaise, 0),
    };
    // A journey cancelled alone keeps its passengers (and their seats on the other journeys).
    const after: BookingRow = { ...booking, status, seatCount: trip ? booking.seatCount : booking.seatCount - seats, journeys: journeysAfter };
    const paxAfter = pax.map((p) => (cancelled.includes(p) ? { ...p, cancelledAt: now } : p));
    const answer: CancellationAnswer = {
      booking: bookingView(after, paxAfter, refundRows.map((r) => r.status)),
      cancellation: cancellationView(cancellation),
      refunds: refundRows.map((r) => refundView(r, methodOf(r))),
    };

    // Round trip 3: every write in one statement. Seats go back leg by leg in lock order.
    const at = q`${now.toISOString()}::timestamptz`;
    const ids = `{${cancelled.map((p) => p.id).join(',')}}`;
    const leavingIds = `{${leaving.map((p) => p.id).join(',')}}`;
    const first = trip?.legs.first ?? 0;
    const end = trip?.legs.end ?? booking.itinerary.legs.length;
    const moving =
      seats > 0 && freed.length > 0
        ? chainedMoves(
            inLockOrder(freed).map((seg): SeatMove => ({ from: 'sold', to: 'available', seats: q`${seats}::int`, where: q`i.flight_id = ${seg.flightId} and i.cabin = ${seg.cabin}`, onlyIfThere: false })),
          )
        : null;
    // Stored fares: the cancelled passengers' active rows change status. Derived ones (a booking
    // made before fare families) are written now, the cancelled ones as cancelled.
    const fareRows = faresStored ? [] : allFares.map((f) => ({ ...f, status: fares.includes(f) ? 'cancelled' : f.status }));
    const keyed = request.idempotency;
    const [written] = await queryRows<{ inventory: unknown; kept: number }>(
      tx,
      q`with ${moving ? q`${moving.steps},` : q``}
        seg as (update booking_segments set seats = seats - ${seats}::int where booking_id = ${booking.id} and ${seats}::int > 0 and seats > 0
                  and leg_index >= ${first}::int and leg_index < ${end}::int returning 1),
        pax as (update passengers set cancelled_at = ${at} where id = any(${ids}::uuid[]) returning 1),
        fares as (${
          faresStored
            ? q`update booking_fares set status = 'cancelled' where booking_id = ${booking.id} and status = 'active' and passenger_position = any(${`{${positions.join(',')}}`}::int[])
                  and leg_index >= ${first}::int and leg_index < ${end}::int returning 1`
            : q`insert into booking_fares (booking_id, passenger_position, leg_index, passenger_type, family_code, lines, total_paise, status)
          select ${booking.id}, r."passengerPosition", r."legIndex", r."passengerType", r."familyCode", r.lines, r."totalPaise", r.status
          from jsonb_to_recordset(${JSON.stringify(fareRows)}::jsonb) as r("passengerPosition" int, "legIndex" int, "passengerType" text, "familyCode" text, lines jsonb, "totalPaise" int, status text)
          on conflict (booking_id, passenger_position, leg_index) do update set status = excluded.status returning 1`
        }),
        passes as (update boarding_passes set voided_at = ${at} where passenger_id = any(${leavingIds}::uuid[]) and voided_at is null
                     and leg_index >= ${first}::int and leg_index < ${end}::int returning 1),
        unseated as (update passenger_seats set released_at = ${at} where passenger_id = any(${leavingIds}::uuid[]) and released_at is null
                       and leg_index >= ${first}::int and leg_index < ${end}::int returning 1),
        booked as (update bookings set status = ${status}, seat_count = ${after.seatCount}::int, journeys = ${after.journeys ? JSON.stringify(after.journeys) : null}::jsonb
                     where id = ${booking.id} returning 1),
        cancelled as (
          insert into cancellations (id, booking_id, user_id, reason, passenger_positions, quote, refund_paise, retained_paise, destination, created_at)
          values (${cancellation.id}::uuid, ${booking.id}, ${booking.userId}::uuid, ${reason}, ${JSON.stringify(positions)}::jsonb, ${JSON.stringify(quote)}::jsonb,
            ${quote.refundPaise}::int, ${quote.retainedPaise}::int, ${request.destination}, ${at}) returning id),
        refunded as (
          insert into refunds (id, booking_id, cancellation_id, payment_id, destination, amount_paise, status, attempts, due_by, requested_at, completed_at, available_at)
          select r.id, ${booking.id}, (select id from cancelled), r.payment, r.destination, r.amount, r.status, r.attempts, ${quote.refundDeadline}::timestamptz, ${at},
            r.completed::timestamptz, r.available::timestamptz
          from jsonb_to_recordset(${JSON.stringify(
            refundRows.map((r) => ({ id: r.id, payment: r.paymentId, destination: r.destination, amount: r.amountPaise, status: r.status, attempts: r.attempts, completed: r.completedAt, available: r.availableAt })),
          )}::jsonb)
            as r(id uuid, payment uuid, destination text, amount int, status text, attempts int, completed text, available text)
          returning 1),
        credited as (${creditRefundEntries(booking.userId, booking.id, refundRows, now)}),
        mail as (
          insert into outbox (kind, recipient, payload, available_at)
          select 'booking-cancelled', ${email ?? ''}, ${JSON.stringify(mail)}::jsonb, ${at} where ${email !== null} returning 1)
        ${keyed ? q`, kept as (${keyInsert(keyed, keyed.answer(answer), now)})` : q``}
      select ${moving ? q`(select coalesce(json_agg(t), '[]'::json) from (${moving.moved}) t)` : q`'[]'::json`} as inventory,
        ${keyed ? q`(select count(*) from kept)::int` : q`1`} as kept`,
    );
    if (keyed && Number(written?.kept ?? 0) === 0) throw new KeyTakenError();
    const inventory = fromJson<InventoryChange[]>(written?.inventory ?? []);
    if (moving && inventory.length !== freed.length) throw new Error(`Inventory rows missing for booking ${booking.id}`);
    if (request.within) await request.within(tx, answer);
    // Only refunds to the original payment method go through the provider; refunds to credit are completed.
    const sending = refundRows.filter((r) => r.destination === 'original');
    const leased: Claimed[] = leasing
      ? sending.map((r) => ({
          id: r.id,
          amount_paise: r.amountPaise,
          attempts: r.attempts,
          provider: paymentOf(r.paymentId)?.provider ?? null,
          provider_payment_id: paymentOf(r.paymentId)?.providerPaymentId ?? null,
          provider_refund_id: null,
        }))
      : [];
    return { answer, inventory, refundIds: sending.map((r) => r.id), leased };
  });
}
