import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { BookingCheckIn, BookingView } from '../../core/booking';
import { type CheckInAnswer, type CheckInRequest, type CheckInStatus, CHECK_IN_MESSAGES, type TravelDocumentInput } from '../../core/check-in';
import type { Clock } from '../../core/clock';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import { joinStatements, q, queryRows } from '../../db/raw';
import { boardingPasses, bookings, checkInReminders, passengers, travelDocuments } from '../../db/schema';
import type { Tx } from '../booking/catalog';
import { type KeyedAnswer, KeyTakenError, keyInsert } from '../booking/keyed-answer';
import { listPasses } from '../booking/passes';
import { notify } from '../notifications/notify';
import { isCabin } from '../booking/seats';
import { storedItinerary } from '../booking/views';
import { buildBcbp } from '../documents/bcbp';
import { localStampLike } from '../documents/dates';
import { familyByCode } from '../fares/families/lookup';
import { maskDocumentNumber, sealDocument, validAfter } from './documents';
import { type CheckInState, type LegPassengerState, bookingCheckIn, checkInState } from './rule';
import { TRIP_MESSAGES } from '../../core/trip';
import { journeyOfLeg } from '../booking/trip';

/** Whether a leg belongs to a journey of a whole-trip booking that was cancelled alone. */
const legCancelled = (booking: { journeys: readonly { firstLeg: number; legCount: number; cancelledAt: string | null }[] | null }, legIndex: number) =>
  (booking.journeys?.[journeyOfLeg(booking.journeys, legIndex)]?.cancelledAt ?? null) !== null;

/**
 * Web check-in, built once with the app's dependencies; routes call it.
 *
 * - Only the booking's traveller can check in (anyone else's booking answers 404), only on a
 *   confirmed booking, only passengers still travelling, only inside the window (rule.ts).
 * - International legs need a passport: number, nationality, expiry after the travel date; it is
 *   sealed at rest (documents.ts) and shown masked. A passport on file is reused.
 * - The passenger keeps the seat the booking holds for them, or moves to another free seat (one
 *   that costs them nothing under the fare family; paid seats are chosen at booking, where the
 *   payment screen takes them). A seat taken meanwhile: 409 seat-taken with the map as it is now.
 * - Sequence numbers come from one counter row per flight-date, bumped by the party's size in one
 *   statement: unique per flight, gaps possible (never repeats).
 * - The pass is issued then: BCBP with seat, sequence, status 1 (checked in), source W, the fare
 *   family's baggage allowance. A passenger already checked in keeps their pass and number.
 * - The whole check-in is one transaction that first locks the booking row, as a cancellation
 *   does: a cancelled passenger is never checked in, and cancelling a checked-in one voids the pass.
 */
export interface CheckInDeps {
  db: Db;
  clock: Clock;
  international: (flightId: string) => boolean;
  /** The 32-byte key travel documents are sealed with. */
  documentsKey: () => Promise<Uint8Array>;
  /** Moves passengers to free seats in the check-in's transaction (the seat service's moveAtCheckIn). */
  moveSeats: (tx: Tx, userId: string, bookingId: string, legIndex: number, moves: readonly { index: number; passengerId: string; seat: string; exitConditionsAccepted: boolean }[]) => Promise<Map<string, string>>;
}

export interface CheckInService {
  status(userId: string, bookingId: string): Promise<CheckInStatus>;
  /**
   * Reminds travellers whose check-in window has opened (in-app, mail, Web Push when subscribed):
   * one notice per booking and leg, each passenger-leg reminded once (check_in_reminders), only
   * passengers who can check in on the web and have not. Returns the notices sent.
   */
  remind(): Promise<number>;
  /**
   * What each booking row of a list offers for check-in (bookingCheckIn in rule.ts), booking id →
   * summary or null; one query for the whole list (the passes already checked in).
   */
  summaries(views: readonly BookingView[]): Promise<Map<string, BookingCheckIn | null>>;
  checkIn(input: { userId: string; bookingId: string; request: CheckInRequest; idempotency?: KeyedAnswer<CheckInAnswer> | undefined }): Promise<CheckInAnswer>;
}

type BookingRow = typeof bookings.$inferSelect;
type PassengerRow = typeof passengers.$inferSelect;
type PassRow = typeof boardingPasses.$inferSelect;

const bookingNotFound = () => new AppError('not_found', 'Booking not found');

/** Booking is one whose passengers travel (confirmed, or some passengers cancelled). */
const travelling = (booking: BookingRow) => booking.status === 'confirmed' || booking.status === 'partly_cancelled';

/** Free baggage allowance for BCBP ("15K", "2PC") from the leg's fare family; undefined when unknown. */
function baggageOf(booking: BookingRow, legIndex: number): string | undefined {
  const code = booking.fareFamily?.split('~')[legIndex];
  const family = code ? familyByCode(code, booking.createdAt) : undefined;
  if (!family) return undefined;
  const bag = family.checkedBag;
  if (!bag || bag.pieces === 0) return '0PC';
  if (bag.pieces > 1 || bag.kg === null) return `${Math.min(bag.pieces, 9)}PC`;
  return bag.kg >= 10 && bag.kg <= 99 ? `${bag.kg}K` : `${Math.min(bag.pieces, 9)}PC`;
}

/** Each passenger's facts for the window rule: infants go with the first adults, one each. */
function stateFor(booking: BookingRow, pax: readonly PassengerRow[], passenger: PassengerRow, legIndex: number, international: boolean, now: Date): CheckInState | null {
  const leg = storedItinerary(booking).legs[legIndex];
  if (!leg) return null;
  const travellers = pax.filter((p) => p.cancelledAt === null);
  const adults = travellers.filter((p) => p.type === 'adult');
  const infants = travellers.filter((p) => p.type === 'infant').length;
  const carriers = new Set(adults.slice(0, infants).map((p) => p.id));
  return checkInState({
    airline: leg.carrier,
    market: international ? 'international' : 'domestic',
    departure: new Date(leg.departure),
    now,
    passenger: { type: passenger.type, carriesInfant: carriers.has(passenger.id), specialAssistance: false },
    adultsOnBooking: adults.length,
    partySize: travellers.length,
  });
}

/** The state in words for the ticket page and the check-in screen. */
function messageOf(state: CheckInState, departure: string): string {
  switch (state.state) {
    case 'counter':
      return state.reason;
    case 'not-open':
      return `Check-in opens ${localStampLike(state.opensAt, departure)}`;
    case 'open':
      return `Check in (closes ${localStampLike(state.closesAt, departure)})`;
    case 'closed':
      return `Web check-in closed at ${localStampLike(state.closedAt, departure)}; check in at the airport counter.`;
  }
}

const fullName = (p: PassengerRow) => [p.title, p.firstName, p.middleName, p.lastName].filter(Boolean).join(' ');

async function readBooking(db: Db | Tx, userId: string, bookingId: string, lock: boolean) {
  const query = db.select().from(bookings).where(and(eq(bookings.id, bookingId), eq(bookings.userId, userId)));
  const [booking] = lock ? await query.for('no key update') : await query;
  if (!booking) throw bookingNotFound();
  const pax = await db.select().from(passengers).where(eq(passengers.bookingId, booking.id)).orderBy(asc(passengers.position));
  const ids = pax.map((p) => p.id);
  const passes = ids.length > 0 ? await db.select().from(boardingPasses).where(and(eq(boardingPasses.bookingId, booking.id), isNull(boardingPasses.voidedAt))) : [];
  const documents = ids.length > 0 ? await db.select({ passengerId: travelDocuments.passengerId, maskedNumber: travelDocuments.maskedNumber }).from(travelDocuments).where(inArray(travelDocuments.passengerId, ids)) : [];
  return { booking, pax, passes, documents: new Map(documents.map((d) => [d.passengerId, d.maskedNumber])) };
}

/**
 * Builds the check-in service.
 * @example const checkIn = createCheckInService({ db, clock, international: (id) => world.getFlight(id)?.international ?? false, documentsKey: () => documentsKey(config) })
 */
/** Only the airline checks in a flight a remote supplier sold, and only it issues that flight's boarding passes. */
function assertSafarChecksIn(booking: { supplier: string }): void {
  if (booking.supplier !== 'world') throw new AppError('conflict', CHECK_IN_MESSAGES.withAirline, undefined, 'check-in-with-airline');
}

export function createCheckInService(deps: CheckInDeps): CheckInService {
  const { db, clock } = deps;

  return {
    async status(userId, bookingId) {
      const { booking, pax, passes, documents } = await readBooking(db, userId, bookingId, false);
      assertSafarChecksIn(booking);
      const now = clock.now();
      const legs = storedItinerary(booking).legs.map((leg, legIndex) => {
        const international = deps.international(leg.flightId);
        // Nobody travels on a journey cancelled alone (decision 0062).
        const travellers = travelling(booking) && !legCancelled(booking, legIndex) ? pax.filter((p) => p.cancelledAt === null) : [];
        const any = travellers[0] ? stateFor(booking, pax, travellers[0], legIndex, international, now) : null;
        return {
          legIndex,
          flightNumber: leg.flightNumber,
          from: leg.from.code,
          to: leg.to.code,
          departure: leg.departure,
          international,
          documentsNeeded: international,
          boardingAt: (any?.boardingAt ?? new Date(leg.departure)).toISOString(),
          gateClosesAt: (any?.gateClosesAt ?? new Date(leg.departure)).toISOString(),
          passengers: travellers.map((p) => {
            const pass = passes.find((r) => r.passengerId === p.id && r.legIndex === legIndex);
            const masked = documents.get(p.id);
            const base = { position: p.position, name: fullName(p), type: p.type, document: masked ? { maskedNumber: masked } : null };
            if (pass?.checkedInAt) {
              return { ...base, state: 'checked-in' as const, message: `Checked in: seat ${pass.seat}, sequence ${pass.sequence}`, opensAt: null, closesAt: null, seat: pass.seat, sequence: pass.sequence, passId: pass.id };
            }
            const state = stateFor(booking, pax, p, legIndex, international, now);
            if (!state) throw new Error(`Booking ${booking.id} has no leg ${legIndex}`);
            return {
              ...base,
              state: state.state,
              message: messageOf(state, leg.departure),
              opensAt: state.state === 'not-open' ? state.opensAt.toISOString() : null,
              closesAt: state.state === 'open' || state.state === 'not-open' ? state.closesAt.toISOString() : null,
              seat: null,
              sequence: null,
              passId: null,
            };
          }),
        };
      });
      return { bookingId: booking.id, legs };
    },

    async summaries(views) {
      const result = new Map<string, BookingCheckIn | null>();
      const live = views.filter((v) => v.status === 'confirmed' || v.status === 'partly_cancelled');
      for (const v of views) result.set(v.id, null);
      if (live.length === 0) return result;
      const done = await db
        .select({ passengerId: boardingPasses.passengerId, legIndex: boardingPasses.legIndex })
        .from(boardingPasses)
        .where(and(inArray(boardingPasses.bookingId, live.map((v) => v.id)), isNotNull(boardingPasses.checkedInAt), isNull(boardingPasses.voidedAt)));
      const checked = new Set(done.map((r) => `${r.passengerId}:${r.legIndex}`));
      const now = clock.now();
      for (const view of live) {
        const travellers = view.passengers.filter((p) => p.cancelledAt === null);
        const adults = travellers.filter((p) => p.type === 'Adult');
        const carriers = new Set(adults.slice(0, travellers.filter((p) => p.type === 'Infant').length).map((p) => p.id));
        const legs = view.itinerary.legs.map((leg, legIndex) => ({
          legIndex,
          passengers: travellers.map((p): LegPassengerState => {
            if (checked.has(`${p.id}:${legIndex}`)) return { state: 'checked-in' };
            return checkInState({
              airline: leg.carrier,
              market: deps.international(leg.flightId) ? 'international' : 'domestic',
              departure: new Date(leg.departure),
              now,
              passenger: { type: p.type === 'Infant' ? 'infant' : p.type === 'Child' ? 'child' : 'adult', carriesInfant: carriers.has(p.id), specialAssistance: false },
              adultsOnBooking: adults.length,
              partySize: travellers.length,
            });
          }),
        }));
        const summary = bookingCheckIn(legs);
        const departure = view.itinerary.legs[summary?.legIndex ?? 0]?.departure ?? '';
        if (!summary) continue;
        result.set(
          view.id,
          summary.state === 'open'
            ? { legIndex: summary.legIndex, state: 'open', opensAt: null, closesAt: summary.closesAt.toISOString(), message: `Check in (closes ${localStampLike(summary.closesAt, departure)})` }
            : summary.state === 'not-open'
              ? { legIndex: summary.legIndex, state: 'not-open', opensAt: summary.opensAt.toISOString(), closesAt: null, message: `Check-in opens ${localStampLike(summary.opensAt, departure)}` }
              : { legIndex: summary.legIndex, state: 'checked-in', opensAt: null, closesAt: null, message: 'Checked in' },
        );
      }
      return result;
    },

    async remind() {
      const now = clock.now();
      const day = (offset: number) => new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
      // Flights of the next few days (no window opens earlier than 48 hours ahead), not checked in, not yet reminded.
      const due = await db
        .selectDistinct({ bookingId: boardingPasses.bookingId, legIndex: boardingPasses.legIndex })
        .from(boardingPasses)
        .innerJoin(bookings, eq(bookings.id, boardingPasses.bookingId))
        .where(
          and(
            isNull(boardingPasses.checkedInAt),
            isNull(boardingPasses.voidedAt),
            inArray(bookings.status, ['confirmed', 'partly_cancelled']),
            sql`split_part(${boardingPasses.flightId}, '@', 2) between ${day(-1)} and ${day(3)}`,
            sql`not exists (select 1 from ${checkInReminders} r where r.passenger_id = ${boardingPasses.passengerId} and r.leg_index = ${boardingPasses.legIndex})`,
          ),
        )
        .limit(500);
      let sent = 0;
      for (const { bookingId, legIndex } of due) {
        const created = await db.transaction(async (tx) => {
          const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('no key update');
          const leg = booking ? storedItinerary(booking).legs[legIndex] : undefined;
          if (!booking || !leg || !travelling(booking)) return false;
          const pax = await tx.select().from(passengers).where(eq(passengers.bookingId, bookingId));
          const international = deps.international(leg.flightId);
          const states = pax.filter((p) => p.cancelledAt === null).map((p) => ({ p, state: stateFor(booking, pax, p, legIndex, international, now) }));
          const open = states.filter((x) => x.state?.state === 'open');
          if (open.length === 0) return false;
          const kept = await tx
            .insert(checkInReminders)
            .values(open.map((x) => ({ passengerId: x.p.id, legIndex, sentAt: now })))
            .onConflictDoNothing()
            .returning({ id: checkInReminders.passengerId });
          if (kept.length === 0) return false;
          const closes = open[0]?.state?.state === 'open' ? localStampLike(open[0].state.closesAt, leg.departure) : '';
          const result = await notify(tx, clock, {
            to: { userId: booking.userId },
            kind: 'general',
            title: `Check-in is open for ${leg.flightNumber}, ${leg.from.code} → ${leg.to.code}`,
            body: `Web check-in is open until ${closes}. Check in to get your boarding pass.`,
            url: `/ticket/${encodeURIComponent(booking.id)}`,
            dedupeKey: `check-in:${booking.id}:${legIndex}`,
          });
          return result.created;
        });
        if (created) sent += 1;
      }
      return sent;
    },

    async checkIn({ userId, bookingId, request, idempotency }) {
      const key = await deps.documentsKey();
      return db.transaction(async (tx) => {
        const now = clock.now();
        // The booking row first, as a cancellation locks it: the two never interleave.
        const { booking, pax, passes } = await readBooking(tx, userId, bookingId, true);
        assertSafarChecksIn(booking);
        if (!travelling(booking)) throw new AppError('conflict', CHECK_IN_MESSAGES.notConfirmed, undefined, 'not-confirmed');
        const leg = storedItinerary(booking).legs[request.legIndex];
        if (!leg) throw new AppError('validation_failed', CHECK_IN_MESSAGES.noLeg, { legIndex: CHECK_IN_MESSAGES.noLeg });
        if (legCancelled(booking, request.legIndex)) throw new AppError('conflict', TRIP_MESSAGES.journeyCancelled);
        const international = deps.international(leg.flightId);

        const fields: Record<string, string> = {};
        const chosen: { passenger: PassengerRow; pass: PassRow; document: TravelDocumentInput | null }[] = [];
        const moves: { index: number; passengerId: string; seat: string; exitConditionsAccepted: boolean }[] = [];
        const seen = new Set<number>();
        request.passengers.forEach((asked, i) => {
          const passenger = pax.find((p) => p.position === asked.position);
          if (!passenger || seen.has(asked.position)) {
            fields[`passengers.${i}.position`] = CHECK_IN_MESSAGES.unknownPassenger;
            return;
          }
          seen.add(asked.position);
          if (passenger.cancelledAt !== null) {
            fields[`passengers.${i}.position`] = CHECK_IN_MESSAGES.cancelled;
            return;
          }
          const pass = passes.find((r) => r.passengerId === passenger.id && r.legIndex === request.legIndex);
          if (!pass) throw new Error(`Passenger ${passenger.id} of booking ${booking.id} has no seat record on leg ${request.legIndex}`);
          if (pass.checkedInAt) {
            chosen.push({ passenger, pass, document: null });
            return;
          }
          const state = stateFor(booking, pax, passenger, request.legIndex, international, now);
          if (state && state.state !== 'open') {
            const reason = state.state === 'counter' ? 'check-in-at-counter' : state.state === 'closed' ? 'check-in-closed' : 'check-in-not-open';
            throw new AppError('conflict', `${passenger.firstName}: ${messageOf(state, leg.departure)}`, undefined, reason);
          }
          const document = asked.documents ?? null;
          if (international && !document) fields[`passengers.${i}.documents.passportNumber`] = CHECK_IN_MESSAGES.documentsNeeded;
          if (document && !validAfter(document.expiresOn, leg.departure)) fields[`passengers.${i}.documents.expiresOn`] = CHECK_IN_MESSAGES.expiresBeforeTravel;
          if (asked.seat && passenger.type !== 'infant' && asked.seat !== pass.seat) moves.push({ index: i, passengerId: passenger.id, seat: asked.seat, exitConditionsAccepted: asked.exitConditionsAccepted === true });
          chosen.push({ passenger, pass, document });
        });
        if (Object.keys(fields).length > 0) throw new AppError('validation_failed', 'Some check-in details need fixing', fields);

        const moved = await deps.moveSeats(tx, userId, booking.id, request.legIndex, moves);
        const fresh = chosen.filter((c) => !c.pass.checkedInAt).map((c) => ({ ...c, seat: moved.get(c.passenger.id) ?? c.pass.seat }));
        const seated = fresh.filter((c) => c.passenger.type !== 'infant');
        if (fresh.length > 0) {
          // One counter row per flight-date: the party's numbers in one statement.
          let next = 0;
          if (seated.length > 0) {
            const [row] = await queryRows<{ last: number }>(
              tx,
              q`insert into check_in_sequences (flight_id, last_sequence) values (${leg.flightId}, ${seated.length}::int)
                on conflict (flight_id) do update set last_sequence = check_in_sequences.last_sequence + excluded.last_sequence
                returning last_sequence as last`,
            );
            next = Number(row?.last ?? 0) - seated.length + 1;
          }
          const cabin = isCabin(leg.cabin) ? leg.cabin : 'economy';
          const baggage = baggageOf(booking, request.legIndex);
          const issuedOn = now.toISOString().slice(0, 10);
          const updates = fresh.map((c) => {
            // Infants share their adult's sequence number (they have none of their own).
            const sequence = c.passenger.type === 'infant' ? Math.max(next - 1, 1) : next++;
            const bcbp = buildBcbp({
              lastName: c.passenger.lastName,
              firstName: c.passenger.firstName,
              middleName: c.passenger.middleName,
              passengerType: c.passenger.type,
              issuedOn,
              checkInSource: 'W',
              legs: [
                {
                  pnr: booking.pnr,
                  from: leg.from.code,
                  to: leg.to.code,
                  carrier: leg.carrier,
                  flightNumber: leg.flightNumber,
                  date: leg.departure.slice(0, 10),
                  cabin,
                  seat: c.seat,
                  sequence,
                  ...(c.passenger.ticketNumber ? { ticketNumber: c.passenger.ticketNumber } : {}),
                  status: '1',
                  ...(baggage ? { baggage } : {}),
                },
              ],
            });
            return q`(${c.pass.id}::uuid, ${sequence}::int, ${bcbp}, ${c.seat})`;
          });
          const documents = fresh.flatMap((c) => (c.document ? [q`(${c.passenger.id}::uuid, ${sealDocument(key, c.document)}, ${maskDocumentNumber(c.document.passportNumber)}, ${now.toISOString()}::timestamptz)`] : []));
          await queryRows(
            tx,
            q`with issued as (
                update boarding_passes bp set sequence = v.sequence, bcbp = v.bcbp, seat = v.seat, checked_in_at = ${now.toISOString()}::timestamptz, check_in_source = 'W'
                from (values ${joinStatements(updates, ', ')}) as v(id, sequence, bcbp, seat)
                where bp.id = v.id and bp.checked_in_at is null and bp.voided_at is null returning 1)
              ${documents.length > 0 ? q`, sealed as (insert into travel_documents (passenger_id, sealed, masked_number, updated_at) values ${joinStatements(documents, ', ')}
                on conflict (passenger_id) do update set sealed = excluded.sealed, masked_number = excluded.masked_number, updated_at = excluded.updated_at returning 1)` : q``}
              select count(*)::int as n from issued`,
          );
        }

        const views = await listPasses(tx, userId, deps.international, { bookingId: booking.id, passengerIds: chosen.map((c) => c.passenger.id), legIndex: request.legIndex });
        const answer: CheckInAnswer = { legIndex: request.legIndex, passes: views.map(({ ticketNumber: _t, international: _i, ...view }) => view) };
        if (idempotency) {
          const [kept] = await queryRows<{ kept: number }>(tx, q`with kept as (${keyInsert(idempotency, idempotency.answer(answer), now)}) select count(*)::int as kept from kept`);
          if (Number(kept?.kept ?? 0) === 0) throw new KeyTakenError();
        }
        return answer;
      });
    },
  };
}
