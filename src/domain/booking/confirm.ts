import { and, eq, inArray, sql } from 'drizzle-orm';
import type { BookingView, PaymentMethod } from '../../core/booking';
import type { Clock } from '../../core/clock';
import type { Db } from '../../db/client';
import { type Statement, joinStatements, fromJson, q, queryRows, rawText } from '../../db/raw';
import { bookingRaw, passengerRaw, paymentRaw, segmentRaw } from '../../db/rows';
import { bookings, type passengers, payments } from '../../db/schema';
import { type SeatMove, chainedMoves, inLockOrder, lockOrderSql, moveSeats } from '../inventory/moves';
import type { BookingCatalog, InventoryChange, Tx } from './catalog';
import { confirmColumnsOf, confirmsOnly, confirmsOnlySql } from './confirm-rule';
import { abortReason } from './holds';
import { type KeyedAnswer, KeyTakenError, keyInsert } from './keyed-answer';
import { refundPaymentsOf, releaseSeats } from './expire';
import { swapChange } from './change-swap';
import { type PassRow, issueTickets } from './tickets';
import { type LegSeatFacts, placeSeats, seatFactsSql, seatsAtConfirm } from './seats';
import { type SeatTake, SeatTakenError, takeSeats } from '../seats/store';
import { bookingView } from './views';

type PassengerRow = typeof passengers.$inferSelect;
type BookingRow = typeof bookings.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/**
 * What the confirmation reads in one round trip: the order's payment row, its booking with the
 * traveller's address, and the booking's passengers and segments as json.
 */
const LOCKING_READ_COLUMNS = rawText(`${paymentRaw.columns}, ${bookingRaw.columns}, u.email,
  (select coalesce(json_agg(${passengerRaw.json} order by x.position), '[]'::json) from passengers x where x.booking_id = b.id) as pax,
  (select coalesce(json_agg(${segmentRaw.json}), '[]'::json) from booking_segments s where s.booking_id = b.id) as segments`);

/** A row read with LOCKING_READ_COLUMNS: the payment, the booking, the traveller's address, the passengers and segments. */
function readFound(found: Record<string, unknown>) {
  const rows = (value: unknown): Record<string, unknown>[] => fromJson<Record<string, unknown>[]>(value);
  return {
    payment: paymentRaw.fromRaw(found),
    booking: bookingRaw.fromRaw(found),
    email: String(found.email),
    pax: rows(found.pax).map(passengerRaw.fromJson),
    segments: inLockOrder(rows(found.segments).map(segmentRaw.fromJson)),
  };
}

/** The rule's facts in a row read with LOCKING_READ_COLUMNS, aliased `f`. */
const FOUND = confirmColumnsOf('f.id', 'f.', 'f.p_');

/** Legs an itinerary may have (parseItineraryId): the locking read moves up to this many legs' seats itself. */
const MAX_LEGS = 3;

/**
 * The confirmation's first statement: locks the booking row (before any inventory row, as every
 * path that changes a booking or its seats does) and reads the order's payment, the booking, its
 * passengers and segments. When the payment can only confirm the booking (a live hold, an open
 * order for the whole total, the booking and traveller the caller named, the amount the provider
 * reported) it also moves the seats from held to sold, leg by leg in (flightId, cabin) order, each
 * leg only once the previous one moved, so rows are locked in the order holds lock them. `took`
 * says whether it did; `moved` returns the legs' counts after the move.
 */
function lockingRead(notice: PaymentNotice, now: Date) {
  const legs = Array.from({ length: MAX_LEGS }, (_, n) => n);
  const moving = chainedMoves(
    legs.map(
      (n): SeatMove => ({
        from: 'held',
        to: 'sold',
        seats: q`seg.seats`,
        using: q`seg`,
        where: q`seg.n = ${n}::int and i.flight_id = seg.flight_id and i.cabin = seg.cabin`,
        returning: q`seg.leg_index as "legIndex"`,
      }),
    ),
  );
  return q`with found as (
      select ${LOCKING_READ_COLUMNS}
      from payments p join bookings b on b.id = p.booking_id join users u on u.id = b.user_id
      where p.provider = ${notice.provider} and p.provider_order_id = ${notice.orderId}
      for no key update of b),
    go as (
      select f.id from found f
      where ${confirmsOnlySql(FOUND, notice, now)} and json_array_length(f.segments) between 1 and ${MAX_LEGS}::int),
    seg as (
      select s.leg_index, s.flight_id, s.cabin, s.seats, (row_number() over (order by ${lockOrderSql('s')}) - 1)::int as n
      from booking_segments s where s.booking_id = (select id from go)),
    ${moving.steps}
    select f.*, exists (select 1 from go) as took,
      (select coalesce(json_agg(t), '[]'::json) from (${moving.moved}) t) as moved
    from found f`;
}

/**
 * Turning a paid hold into a confirmed booking. Every write happens in one transaction (the usual
 * case: one statement) that first locks the booking row, so the browser callback, the webhook,
 * the reconciler and their duplicates serialise on it: the first confirms, the rest find it
 * confirmed with the same payment and return it. A payment that arrives for a dead hold is
 * recorded and marked for refund.
 *
 * A booking may be paid by several orders (shares): each verified payment on a live hold is
 * captured, and the booking is confirmed by the payment that brings the captured sum to its
 * total. Until then the outcome is `share-captured` and the booking stays held.
 */

export interface PaymentNotice {
  provider: string;
  orderId: string;
  paymentId: string;
  /** Amount the provider says it captured (webhooks); checked against our order. */
  amountPaise?: number | null;
  /**
   * Booking and traveller the request is about (browser callback), or booking and share (a group
   * member paying their share of the organiser's booking); anything else is unknown.
   */
  expect?: { bookingId: string; userId: string } | { bookingId: string; shareKey: string };
}

export type ConfirmOutcome =
  | { kind: 'confirmed'; booking: BookingView; inventory: InventoryChange[] }
  | { kind: 'already-confirmed'; booking: BookingView }
  | { kind: 'share-captured'; booking: BookingView; paidPaise: number; duePaise: number }
  | {
      kind: 'refund';
      /**
       * `original-changed`: the payment was for a change whose original booking was cancelled or changed meanwhile;
       * `supplier-refused`: a remote supplier refused the order after payment (the booking failed, its payment is being refunded).
       */
      why: 'hold-expired' | 'duplicate-payment' | 'amount-mismatch' | 'original-changed' | 'supplier-refused';
      booking: BookingView;
      /** This payment's row. */
      paymentRowId: string;
      /** Every row marked for refund by this outcome (other captured shares of a dead hold too). */
      refundRows: string[];
      inventory: InventoryChange[];
    }
  | { kind: 'unknown-order' };

/** The booking's payment method as its confirming payment says: none when Safar credit paid it all. */
const paidWith = (payment: PaymentRow): PaymentMethod | null => (payment.method === 'credit' ? null : payment.method);

/** Sum of the captured payments of a booking, in paise. */
async function capturedPaise(tx: Tx, bookingId: string): Promise<number> {
  const [row] = await tx
    .select({ paid: sql<string | number | null>`sum(${payments.amountPaise})` })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), inArray(payments.status, ['captured'])));
  return Number(row?.paid ?? 0);
}

/**
 * Where each leg's new seat numbers start: after the seats sold before this booking, and after
 * the highest seat a valid boarding pass holds on the flight. Seats a cancellation gave back
 * leave gaps below that (their passes are void), so counting sold seats alone could hand out a
 * seat someone still holds.
 */
function firstSeats(segments: readonly { legIndex: number; flightId: string }[], sold: ReadonlyMap<number, number>, lastSeat: ReadonlyMap<string, number>): Map<number, number> {
  const first = new Map<number, number>();
  for (const seg of segments) first.set(seg.legIndex, Math.max(sold.get(seg.legIndex) ?? 0, lastSeat.get(seg.flightId) ?? 0));
  return first;
}

/** The highest seat sequence of a valid (not void) seated boarding pass, per flight of these. */
async function lastSeatsOf(tx: Tx, flightIds: readonly string[]): Promise<Map<string, number>> {
  const rows = await queryRows<{ flight_id: string; last: number | string | null }>(
    tx,
    q`select flight_id, max(sequence) as last from boarding_passes
      where flight_id = any(${`{${flightIds.map((f) => `"${f}"`).join(',')}}`}::text[]) and seat <> 'INF' and voided_at is null group by flight_id`,
  );
  return new Map(rows.map((r) => [r.flight_id, Number(r.last ?? 0)]));
}

/** The unique indexes that refuse a seat given twice: valid boarding passes', and active passenger seats'. */
const SEAT_INDEXES = ['boarding_passes_seat', 'passenger_seats_seat'];

/** A unique-index violation of the boarding passes' or passenger seats' seats (a seat handed out twice), however the driver wraps it. */
function seatTaken(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth += 1) {
    const constraint = driverField(e, 'constraint_name') ?? '';
    if (driverField(e, 'code') === '23505' && SEAT_INDEXES.some((name) => constraint === name || e.message.includes(name))) return true;
  }
  return false;
}

/** A string field a database driver sets on its errors (`code`, `constraint_name`); undefined when absent or not a string. */
function driverField(error: Error, name: string): string | undefined {
  const value: unknown = Reflect.get(error, name);
  return typeof value === 'string' ? value : undefined;
}

/**
 * Every write of a confirmation, as CTE steps: the payment captured, ticket numbers, boarding
 * passes, the booking confirmed, the confirmation mail queued (the mail goes out if and only if
 * the booking is confirmed) and the caller's Idempotency-Key with its answer. With `when`, each
 * step runs only if that condition holds.
 */
function confirmationSteps(c: ConfirmationWrite, when: Statement = q`true`): Statement {
  const { notice, payment, booking, email, tickets, passRows, paymentMethod, now, keyed, confirmed, fresh } = c;
  const at = q`${now.toISOString()}::timestamptz`;
  return q`captured as (
        update payments set provider_payment_id = ${notice.paymentId}, status = 'captured', updated_at = ${at}
        where id = ${payment.id}::uuid and ${when} returning 1),
      ticketed as (
        update passengers as p set ticket_number = v.t
        from (values ${joinStatements(tickets.map((t) => q`(${t.id}::uuid, ${t.ticketNumber})`), ', ')}) as v(id, t) where p.id = v.id and ${when} returning 1),
      passes as (
        insert into boarding_passes (booking_id, passenger_id, leg_index, flight_id, seat, gate, sequence, bcbp, created_at)
        select * from (values ${joinStatements(
          passRows.map((r) => q`(${booking.id}, ${r.passengerId}::uuid, ${r.legIndex}::int, ${r.flightId}, ${r.seat}, ${r.gate}, ${r.sequence}::int, ${r.bcbp}, ${at})`),
          ', ',
        )}) as v where ${when} returning 1),
      ${
        fresh.length > 0
          ? q`seated as (
        insert into passenger_seats (booking_id, passenger_id, leg_index, flight_id, cabin, seat, price_paise, chosen, created_at)
        select ${booking.id}, v.p, v.l, v.f, s.cabin, v.s, 0, false, ${at}
        from (values ${joinStatements(fresh.map((r) => q`(${r.passengerId}::uuid, ${r.legIndex}::int, ${r.flightId}, ${r.seat})`), ', ')}) as v(p, l, f, s)
        join booking_segments s on s.booking_id = ${booking.id} and s.leg_index = v.l
        where ${when} returning 1),`
          : q``
      }
      booked as (
        update bookings set status = 'confirmed', confirmed_at = ${at}, payment_id = ${notice.paymentId}, payment_method = ${paymentMethod}
        where id = ${booking.id} and ${when} returning 1),
      mail as (
        insert into outbox (kind, recipient, payload, available_at)
        select 'booking-confirmed', ${email}, ${JSON.stringify({ bookingId: booking.id, pnr: booking.pnr })}::jsonb, ${at} where ${when} returning 1)
      ${keyed ? q`, kept as (${keyInsert(keyed, keyed.answer(confirmed), now, when)})` : q``}`;
}

interface ConfirmationWrite {
  notice: PaymentNotice;
  payment: PaymentRow;
  booking: BookingRow;
  email: string;
  tickets: PassengerRow[];
  passRows: PassRow[];
  /** Null when Safar credit paid the whole booking. */
  paymentMethod: PaymentMethod | null;
  now: Date;
  keyed: KeyedAnswer | undefined;
  confirmed: BookingView;
  /** Seats assigned to passengers who chose none, written with the confirmation. */
  fresh: readonly SeatTake[];
}

/** The confirmation's writes in one statement inside the transaction that holds the booking's lock. */
function confirmationWrites(c: ConfirmationWrite): Statement {
  return q`with ${confirmationSteps(c)}
    select ${c.keyed ? q`(select count(*) from kept)::int` : q`1`} as kept`;
}

/** The browser callback names its booking and traveller: an order of another booking (or another traveller's booking) is simply not found. */
function named(booking: BookingRow, payment: PaymentRow, notice: PaymentNotice): boolean {
  const expect = notice.expect;
  return !expect || (booking.id === expect.bookingId && ('userId' in expect ? booking.userId === expect.userId : payment.shareKey === expect.shareKey));
}

/**
 * The booking was confirmed once: it may since be partly or wholly cancelled, or changed to
 * another flight, and its payment still paid for it (a late webhook of that payment is not money
 * to give back: a cancellation refunds what the refund rule says, nothing more).
 */
const wasConfirmed = (booking: BookingRow) => booking.confirmedAt !== null && (booking.status === 'confirmed' || booking.status === 'partly_cancelled' || booking.status === 'cancelled' || booking.status === 'changed');

/** This payment already confirmed the booking. */
function alreadyConfirmed(booking: BookingRow, payment: PaymentRow, notice: PaymentNotice): boolean {
  return wasConfirmed(booking) && (booking.paymentId === notice.paymentId || (payment.status === 'captured' && payment.providerPaymentId === notice.paymentId));
}

/**
 * The usual confirmation without a transaction block: a plain read, then one statement that
 * locks the booking, checks that nothing it was decided on has changed (still a live hold, the
 * order still open, each leg's sold count still the one the seat numbers were drawn from), moves
 * the seats and writes everything, and undoes itself with `safar_abort` (migration 0011) when a
 * check fails. The statement takes the booking row lock before the legs, in (flightId, cabin)
 * order, like every path. Null when the payment is anything but the usual case, or something
 * changed in between: then the caller runs the locking transaction, which decides afresh.
 * A payment that already confirmed its booking is answered from the read (plus the caller's key).
 */
async function confirmAtOnce(db: Db, clock: Clock, catalog: Pick<BookingCatalog, 'cabinLayout'>, notice: PaymentNotice, keyed: KeyedAnswer | undefined): Promise<ConfirmOutcome | null> {
  const now = clock.now();
  const [found] = await queryRows<Record<string, unknown>>(
    db,
    q`select ${LOCKING_READ_COLUMNS},
        (select coalesce(json_agg(json_build_object('flightId', i.flight_id, 'cabin', i.cabin, 'sold', i.sold,
            'lastSeat', (select max(bp.sequence) from boarding_passes bp where bp.flight_id = i.flight_id and bp.seat <> 'INF' and bp.voided_at is null))), '[]'::json)
          from booking_segments bs join flight_inventory i on i.flight_id = bs.flight_id and i.cabin = bs.cabin where bs.booking_id = b.id) as sold,
        ${seatFactsSql(q`b.id`)}
      from payments p join bookings b on b.id = p.booking_id join users u on u.id = b.user_id
      where p.provider = ${notice.provider} and p.provider_order_id = ${notice.orderId}`,
  );
  if (!found) return null;
  const { payment, booking, email, pax, segments } = readFound(found);
  if (!named(booking, payment, notice)) return null;
  if (alreadyConfirmed(booking, payment, notice)) {
    const view = bookingView(booking, pax);
    if (keyed && (await queryRows(db, keyInsert(keyed, keyed.answer(view), now))).length === 0) throw new KeyTakenError();
    return { kind: 'already-confirmed', booking: view };
  }
  if (!confirmsOnly({ booking, payment }, notice, now)) return null;
  const sold = fromJson<{ flightId: string; cabin: string; sold: number; lastSeat: number | null }[]>(found.sold);
  const soldBefore = new Map<number, number>();
  const lastSeat = new Map<string, number>();
  for (const seg of segments) {
    const row = sold.find((r) => r.flightId === seg.flightId && r.cabin === seg.cabin);
    if (!row) return null;
    soldBefore.set(seg.legIndex, row.sold);
    lastSeat.set(seg.flightId, Number(row.lastSeat ?? 0));
  }
  const placed = placeSeats(booking.id, pax, fromJson<LegSeatFacts[]>(found.seat_facts), false);
  const { tickets, passRows } = issueTickets(catalog, booking, pax, firstSeats(segments, soldBefore, lastSeat), now, placed.seats);
  const paymentMethod = paidWith(payment);
  const confirmed = bookingView({ ...booking, status: 'confirmed', confirmedAt: now, paymentId: notice.paymentId, paymentMethod }, tickets);
  const moving = chainedMoves(
    segments.map(
      (seg, i): SeatMove => ({
        from: 'held',
        to: 'sold',
        seats: q`${seg.seats}::int`,
        where: q`i.flight_id = ${seg.flightId} and i.cabin = ${seg.cabin} and i.sold = ${soldBefore.get(seg.legIndex) ?? 0}::int${i === 0 ? q` and exists (select 1 from locked)` : q``}`,
      }),
    ),
  );
  const moved = moving.moved;
  const steps = confirmationSteps(
    { notice, payment, booking, email, tickets, passRows, paymentMethod, now, keyed, confirmed, fresh: placed.fresh },
    q`exists (select 1 from ${moving.last})`,
  );
  let result: { inventory: unknown } | undefined;
  try {
    [result] = await queryRows<{ inventory: unknown }>(
      db,
      q`with locked as (
          select b.id from bookings b join payments p on p.id = ${payment.id}::uuid and p.booking_id = b.id
          where b.id = ${booking.id} and ${confirmsOnlySql(LOCKED, notice, now)} for no key update of b),
        ${moving.steps},
        ${steps}
        select (select coalesce(json_agg(t), '[]'::json) from (${moved}) t) as inventory,
          case when (select count(*) from (${moved}) c) < ${segments.length}::int or not exists (select 1 from captured) then safar_abort(${STALE})
               ${keyed ? q`when not exists (select 1 from kept) then safar_abort(${STALE})` : q``}
               else 0 end as checked`,
    );
  } catch (error) {
    // Stale, or (seats given back by a cancellation, then sold again in between) a seat taken: decide afresh under the lock.
    if (abortReason(error) === STALE || seatTaken(error)) return null;
    throw error;
  }
  return { kind: 'confirmed', booking: confirmed, inventory: fromJson<InventoryChange[]>(result?.inventory) };
}

/**
 * Seats every seated passenger of a confirming booking under its lock: the chosen ones, and a free
 * seat each for the rest, written now. A seat chosen on another booking in between (seat choices do
 * not take the inventory lock) is refused by the unique index: then the assignment is made afresh.
 */
async function seatPassengers(tx: Tx, bookingId: string, pax: readonly PassengerRow[]): Promise<Map<string, string>> {
  for (let attempt = 0; ; attempt += 1) {
    const placed = await seatsAtConfirm(tx, bookingId, pax, true);
    try {
      await takeSeats(tx, placed.fresh);
      return placed.seats;
    } catch (error) {
      if (!(error instanceof SeatTakenError) || attempt >= 4) throw error;
    }
  }
}

/** The rule's facts in `confirmAtOnce`'s locking select (bookings `b` joined with the order's payment `p`). */
const LOCKED = confirmColumnsOf('b.id', 'b.', 'p.');

/** Why `confirmAtOnce` undid itself: something it decided on changed, so the locking transaction decides afresh. */
const STALE = 'stale';

/**
 * Records a verified payment against its order and confirms the booking if its hold is live.
 * Idempotent: the same payment again returns `already-confirmed`.
 * @example const outcome = await confirmPayment(db, clock, catalog, { provider: 'sandbox', orderId, paymentId })
 */
export async function confirmPayment(
  db: Db,
  clock: Clock,
  catalog: Pick<BookingCatalog, 'cabinLayout'>,
  notice: PaymentNotice,
  keyed?: KeyedAnswer,
  hooks: ConfirmHooks = {},
): Promise<ConfirmOutcome> {
  return (await confirmAtOnce(db, clock, catalog, notice, keyed)) ?? confirmLocked(db, clock, catalog, notice, keyed, hooks);
}

/** What other domains add to a confirmation, inside its transaction. */
export interface ConfirmHooks {
  /** The payment of the last share confirmed the booking (a group's): called once, in the confirming transaction. */
  sharesComplete?: (tx: Tx, booking: BookingRow, now: Date) => Promise<void>;
}

/** The confirmation in a transaction that first locks the booking row: every case. */
async function confirmLocked(db: Db, clock: Clock, catalog: Pick<BookingCatalog, 'cabinLayout'>, notice: PaymentNotice, keyed: KeyedAnswer | undefined, hooks: ConfirmHooks): Promise<ConfirmOutcome> {
  return db.transaction(async (tx) => {
    /** Records the caller's Idempotency-Key with this answer in this transaction (rolls back if taken). */
    const keep = async (view: BookingView) => {
      if (!keyed) return;
      if ((await queryRows(tx, keyInsert(keyed, keyed.answer(view), clock.now()))).length === 0) throw new KeyTakenError();
    };
    // One round trip: the booking row locked, the order's payment row, the booking with its passengers
    // and segments, and the seats moved when this payment can only confirm it.
    const now = clock.now();
    const [found] = await queryRows<Record<string, unknown>>(tx, lockingRead(notice, now));
    if (!found) return { kind: 'unknown-order' as const };
    const { payment, booking, email, pax, segments } = readFound(found);
    // What the payments must cover: the total less the credit a change carried over.
    const totalPaise = booking.totalInr * 100 - booking.creditPaise;
    // The statement moved the seats when the rule (confirm-rule.ts) held.
    const took = found.took === true;
    if (!named(booking, payment, notice)) return { kind: 'unknown-order' as const };

    if (alreadyConfirmed(booking, payment, notice)) {
      const view = bookingView(booking, pax);
      await keep(view);
      return { kind: 'already-confirmed' as const, booking: view };
    }
    if (booking.status === 'held' && payment.status === 'captured' && payment.providerPaymentId === notice.paymentId) {
      // This share was already counted; the booking waits for the others.
      const paidPaise = await capturedPaise(tx, booking.id);
      const view = bookingView(booking, pax);
      await keep(view);
      return { kind: 'share-captured' as const, booking: view, paidPaise, duePaise: Math.max(0, totalPaise - paidPaise) };
    }

    const markForRefund = async (why: 'hold-expired' | 'duplicate-payment' | 'amount-mismatch' | 'original-changed', inventory: InventoryChange[], others: string[] = []) => {
      // 'refunding' until the provider accepts the refund; the sweeper job retries it.
      let rowId = payment.id;
      if (payment.status === 'captured' && payment.providerPaymentId !== notice.paymentId) {
        // A second capture on an order that already paid (gateways forbid it, but money must
        // never go unrecorded): keep the first payment's row and record this one beside it.
        const [extra] = await tx
          .insert(payments)
          .values({
            bookingId: booking.id,
            provider: payment.provider,
            method: payment.method,
            providerOrderId: `${payment.providerOrderId}:${notice.paymentId}`,
            providerPaymentId: notice.paymentId,
            amountPaise: notice.amountPaise ?? payment.amountPaise,
            status: 'refunding',
            failureReason: why,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing()
          .returning({ id: payments.id });
        rowId = extra?.id ?? payment.id;
      } else {
        await tx
          .update(payments)
          .set({ providerPaymentId: notice.paymentId, status: 'refunding', failureReason: why, updatedAt: now })
          .where(eq(payments.id, payment.id));
      }
      const [after] = await tx.select().from(bookings).where(eq(bookings.id, booking.id));
      return { kind: 'refund' as const, why, booking: bookingView(after ?? booking, pax), paymentRowId: rowId, refundRows: [...new Set([rowId, ...others])], inventory };
    };

    if (payment.status === 'refunding' || payment.status === 'refunded') {
      // This exact payment was already judged unusable; answer the same way again.
      if (payment.providerPaymentId === notice.paymentId) {
        const why =
          payment.failureReason === 'duplicate-payment' || payment.failureReason === 'amount-mismatch' || payment.failureReason === 'original-changed' ? payment.failureReason : 'hold-expired';
        return { kind: 'refund' as const, why, booking: bookingView(booking, pax), paymentRowId: payment.id, refundRows: [payment.id], inventory: [] };
      }
    }

    if (notice.amountPaise != null && notice.amountPaise !== payment.amountPaise) return markForRefund('amount-mismatch', []);
    if (wasConfirmed(booking)) return markForRefund('duplicate-payment', []);
    if (booking.status !== 'held' || booking.holdExpiresAt.getTime() <= now.getTime()) {
      let inventory: InventoryChange[] = [];
      let others: string[] = [];
      if (booking.status === 'held') {
        inventory = await releaseSeats(tx, booking.id);
        await tx.update(bookings).set({ status: 'expired' }).where(eq(bookings.id, booking.id));
        // Shares other payers already paid go back too.
        others = await refundPaymentsOf(tx, [booking.id], now);
      }
      return markForRefund('hold-expired', inventory, others);
    }

    if (payment.shareKey !== null) {
      // A share is paid once: a second order of the same share (two tabs) paid as well goes back.
      const [other] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.bookingId, booking.id), eq(payments.shareKey, payment.shareKey), eq(payments.status, 'captured')))
        .limit(1);
      if (other && other.id !== payment.id) return markForRefund('duplicate-payment', []);
    }

    if (payment.amountPaise < totalPaise) {
      // One share of several: count it, and confirm only once the shares cover the total.
      await tx.update(payments).set({ providerPaymentId: notice.paymentId, status: 'captured', failureReason: null, updatedAt: now }).where(eq(payments.id, payment.id));
      const paidPaise = await capturedPaise(tx, booking.id);
      if (paidPaise < totalPaise) {
        const view = bookingView(booking, pax);
        await keep(view);
        return { kind: 'share-captured' as const, booking: view, paidPaise, duePaise: totalPaise - paidPaise };
      }
    }

    if (booking.changedFrom !== null) {
      // A change's new flight: confirming it swaps the old booking out in this transaction.
      const paymentMethod = payment.method === 'upi' ? 'upi' : 'card';
      const swap = await swapChange(tx, catalog, { booking, pax, segments, email, now, paid: { paymentRowId: payment.id, paymentId: notice.paymentId, method: paymentMethod, amountPaise: payment.amountPaise } });
      if (swap.kind === 'original-gone') return markForRefund('original-changed', swap.inventory);
      await keep(swap.booking);
      return { kind: 'confirmed' as const, booking: swap.booking, inventory: swap.inventory };
    }

    // Live hold: held → sold on every leg. RETURNING gives the count sold before us, which is
    // where this booking's seat numbers start (we hold the row lock, so nobody else moves it).
    const inventory: InventoryChange[] = [];
    const soldBefore = new Map<number, number>();
    if (took) {
      // The locking read already moved them.
      const moved = fromJson<(InventoryChange & { legIndex: number })[]>(found.moved);
      // A live hold always has its seats held; failing here means the books are wrong, so stop.
      if (moved.length !== segments.length) throw new Error(`Inventory does not hold booking ${booking.id}'s seats`);
      for (const { legIndex, ...row } of moved) {
        inventory.push(row);
        soldBefore.set(legIndex, row.sold - (segments.find((seg) => seg.legIndex === legIndex)?.seats ?? 0));
      }
    }
    for (const seg of took ? [] : segments) {
      const [row] = await queryRows<InventoryChange>(
        tx,
        moveSeats({ from: 'held', to: 'sold', seats: q`${seg.seats}::int`, where: q`i.flight_id = ${seg.flightId} and i.cabin = ${seg.cabin}` }),
      );
      // A live hold always has its seats held; failing here means the books are wrong, so stop.
      if (!row) throw new Error(`Inventory for ${seg.flightId}/${seg.cabin} does not hold booking ${booking.id}'s seats`);
      inventory.push(row);
      soldBefore.set(seg.legIndex, row.sold - seg.seats);
    }

    // Read after the seats moved: the rows' locks are ours, so every pass issued on these flights is committed and visible.
    const lastSeat = await lastSeatsOf(tx, segments.map((seg) => seg.flightId));
    const placed = await seatPassengers(tx, booking.id, pax);
    const { tickets, passRows } = issueTickets(catalog, booking, pax, firstSeats(segments, soldBefore, lastSeat), now, placed);
    const paymentMethod = paidWith(payment);
    const confirmed = bookingView({ ...booking, status: 'confirmed', confirmedAt: now, paymentId: notice.paymentId, paymentMethod }, tickets);
    const [written] = await queryRows<{ kept: number }>(tx, confirmationWrites({ notice, payment, booking, email, tickets, passRows, paymentMethod, now, keyed, confirmed, fresh: [] }));
    if (keyed && Number(written?.kept ?? 0) === 0) throw new KeyTakenError();
    // Paid share by share: the booking is a group's, whose domain tells the other members.
    if (payment.shareKey !== null) await hooks.sharesComplete?.(tx, booking, now);
    return { kind: 'confirmed' as const, booking: confirmed, inventory };
  });
}
