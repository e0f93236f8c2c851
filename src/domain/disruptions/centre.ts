import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { BOOKING_ERROR_MESSAGES, BOOKING_REASONS } from '../../core/booking';
import type { Clock } from '../../core/clock';
import {
  DISRUPTION_MESSAGES,
  DISRUPTION_REASONS,
  type Disruption,
  type DisruptionAcceptAnswer,
  type DisruptionAlternative,
  type DisruptionAlternativesAnswer,
  type DisruptionAnswer,
  type DisruptionCase,
  type DisruptionCaseState,
  type DisruptionDecideRequest,
  type DisruptionDecision,
  type DisruptionRebookRequest,
  type DisruptionRebookAnswer,
  type DisruptionRefundAnswer,
  type DisruptionSummaryAnswer,
} from '../../core/disruptions';
import { AppError } from '../../core/errors';
import type { PassengerLegFare } from '../../core/fares';
import type { Itinerary, Leg } from '../../core/search';
import type { Db } from '../../db/client';
import { joinStatements, q, queryRows } from '../../db/raw';
import { bookingFares, bookingSegments, bookings, disruptionCases, flightInventory, passengers, users } from '../../db/schema';
import { type BookingCatalog, type InventoryChange, type InventoryListener, type Tx, applyInventory } from '../booking/catalog';
import { CHANGEABLE_STATUSES, swapChange } from '../booking/change-swap';
import { clearDeadChange, insertBooking } from '../changes/changes';
import type { CancellationService } from '../cancellations/service';
import { inLockOrder, lockOrderSql, moveSeats } from '../inventory/moves';
import { type TravellerNotice, notify, notifyMany } from '../notifications/notify';
import { legOf } from '../search/build-itinerary';
import { formatItineraryId } from '../search/itinerary-id';
import { dayNumber, indiaToday, isoDate } from '../world/time';
import type { DatedFlight, World } from '../world/world';
import { disruptionsKnownAt } from './generator';
import { type LiveCase, boundsOf, candidateFlights, caseActions, caseState, liveCases, protectedOf } from './cases';
import { compensationWords, deadlineWords, noticeLine, noticeTitle, whatChanged } from './words';

/**
 * The disruption centre: a booking's trip changes (computed live from the generator at the
 * clock's now, merged with the stored decisions), the free alternatives, and the traveller's
 * three answers — rebook, refund, keep — plus the job's pass (notices and automatic defaults).
 *
 * - Only the booking's traveller sees or acts on it (another's booking answers 404).
 * - An answer is accepted only on an open case of a booking still travelling, before the
 *   deadline, for a choice the entitlements offer (409 otherwise, saying which).
 * - Rebooking moves the passengers still travelling to a flight of the case's alternatives
 *   through the change machinery with nothing to pay: a new booking with the old one's fares
 *   and price (its whole value carried over), seats held then sold on the new leg only (the
 *   unchanged legs keep their sold seats and seat numbers, so a full unchanged leg is no
 *   obstacle), tickets and boarding passes reissued, the old booking `changed`, its seats on the
 *   replaced leg released, its passes void, one mail.
 * - A flight that just sold out answers 409 sold-out with the next alternative that has seats.
 * - Refunding cancels every passenger still travelling under the airline-cancelled rule
 *   (everything paid comes back, Safar's fee and add-ons included) to the original payment
 *   method, through the cancellation path and its refund tracker.
 * - The case's outcome is written in the same transaction as the booking's change, and only if
 *   the case is still open (`… where state = 'open'`): of any two deciders exactly one wins; the
 *   loser's transaction rolls back whole.
 * - If nobody answers by the deadline, the job applies the default: keep the protected flight (a
 *   rebooking onto it; a full refund when none has seats), refund (a significant retiming), or
 *   keep the booking; each mailed.
 */

type BookingRow = typeof bookings.$inferSelect;
type PassengerRow = typeof passengers.$inferSelect;
type CaseRow = typeof disruptionCases.$inferSelect;

interface Logger {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
}

export interface DisruptionDeps {
  db: Db;
  clock: Clock;
  world: World;
  catalog: BookingCatalog;
  /** Search's in-memory seat view, told about the seats a rebooking moves. */
  inventory: InventoryListener;
  cancellations: CancellationService;
  logger: Logger;
}

/** The 409 of a flight that just sold out: carries the next alternative with seats, if any. */
export class SoldOutError extends AppError {
  readonly next: DisruptionAlternative | null;
  constructor(next: DisruptionAlternative | null) {
    super('conflict', next ? DISRUPTION_MESSAGES.soldOut : DISRUPTION_MESSAGES.soldOutAll, undefined, DISRUPTION_REASONS.soldOut);
    this.next = next;
  }
}

const notFound = () => new AppError('not_found', 'Booking not found');
const decided = () => new AppError('conflict', DISRUPTION_MESSAGES.decided, undefined, DISRUPTION_REASONS.decided);
const notOffered = () => new AppError('conflict', DISRUPTION_MESSAGES.notOffered, undefined, DISRUPTION_REASONS.notOffered);

/** Kinds the job tells the traveller about and records (delays and gate changes: the flight watch's notices, unless they open a choice). */
const NOTIFIED_KINDS: ReadonlySet<Disruption['kind']> = new Set(['cancellation', 'retiming', 'aircraft-swap', 'terminal-change']);

/** Whether a case is worth a notice and a stored row. */
const material = (live: LiveCase) => NOTIFIED_KINDS.has(live.disruption.kind) || live.target.deadline !== null || live.missedLegs.length > 0;

const bookingLive = (row: BookingRow) => CHANGEABLE_STATUSES.includes(row.status);

/**
 * The cases of a loaded booking now. A booking no longer travelling (refunded, changed) keeps
 * its cases for the record: its fares are read as they were before it stopped.
 */
const casesOf = (world: World, loaded: Loaded, now: Date) =>
  liveCases(world, loaded.row.itinerary.legs, bookingLive(loaded.row) ? loaded.fares : loaded.fares.map((f) => ({ ...f, status: 'active' as const })), now);

interface Loaded {
  row: BookingRow;
  pax: PassengerRow[];
  fares: PassengerLegFare[];
  stored: Map<string, CaseRow>;
}

async function loadBooking(db: Db | Tx, bookingId: string, userId: string | null): Promise<Loaded> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(userId === null ? eq(bookings.id, bookingId) : and(eq(bookings.id, bookingId), eq(bookings.userId, userId)));
  if (!row) throw notFound();
  const [pax, fares, cases] = await Promise.all([
    db.select().from(passengers).where(eq(passengers.bookingId, row.id)).orderBy(asc(passengers.position)),
    db.select().from(bookingFares).where(eq(bookingFares.bookingId, row.id)).orderBy(asc(bookingFares.passengerPosition), asc(bookingFares.legIndex)),
    db.select().from(disruptionCases).where(eq(disruptionCases.bookingId, row.id)),
  ]);
  return { row, pax, fares: fares.map(fareOf), stored: new Map(cases.map((c) => [c.disruptionId, c])) };
}

const fareOf = (r: typeof bookingFares.$inferSelect): PassengerLegFare => ({
  passengerPosition: r.passengerPosition,
  passengerType: r.passengerType,
  legIndex: r.legIndex,
  familyCode: r.familyCode,
  lines: r.lines,
  totalPaise: r.totalPaise,
  status: r.status,
});

const seatsOf = (pax: readonly PassengerRow[]) => pax.filter((p) => p.cancelledAt === null && p.type !== 'infant').length;

/** The alternative as the wire carries it. */
function alternativeOf(flight: DatedFlight, cabin: Leg['cabin'], seatsLeft: number, isProtected: boolean): DisruptionAlternative {
  return {
    flightId: flight.flightId,
    flightNumber: flight.flightNumber,
    carrier: flight.carrier,
    carrierName: flight.carrierName,
    from: flight.from,
    to: flight.to,
    departure: flight.departureLocal,
    arrival: flight.arrivalLocal,
    durationMinutes: flight.durationMinutes,
    cabin,
    seatsLeft,
    protected: isProtected,
  };
}

/** Seats on sale per flight in a cabin, from the database (a flight nobody booked has its capacity). */
async function seatsLeft(db: Db | Tx, flights: readonly DatedFlight[], cabin: Leg['cabin']): Promise<Map<string, number>> {
  const out = new Map(flights.map((f) => [f.flightId, f.capacity[cabin]]));
  if (flights.length === 0) return out;
  const rows = await db
    .select({ flightId: flightInventory.flightId, available: flightInventory.available })
    .from(flightInventory)
    .where(
      and(
        eq(flightInventory.cabin, cabin),
        inArray(
          flightInventory.flightId,
          flights.map((f) => f.flightId),
        ),
      ),
    );
  for (const r of rows) out.set(r.flightId, r.available);
  return out;
}

/**
 * The case's alternatives: every flight inside the bounds (same city pair and cabin, ±24 h) with
 * enough seats for the booking, all free to switch to, the protected flight first.
 */
async function alternativesOf(deps: Pick<DisruptionDeps, 'world'>, db: Db | Tx, loaded: Loaded, live: LiveCase, now: Date): Promise<DisruptionAlternative[]> {
  const legs = loaded.row.itinerary.legs;
  const bounds = boundsOf(deps.world, legs, live, now);
  if (!bounds) return [];
  const cabin = bounds.leg.cabin;
  const flights = candidateFlights(deps.world, bounds, cabin, now);
  const seats = await seatsLeft(db, flights, cabin);
  const needed = Math.max(1, seatsOf(loaded.pax));
  const withSeats = flights.map((flight) => ({ flight, seats: seats.get(flight.flightId) ?? 0 })).filter((c) => c.seats >= needed);
  const chosen = protectedOf(withSeats, bounds.leg.carrier, bounds.originalDepartureUtc);
  const rest = withSeats.filter((c) => c !== chosen);
  return [...(chosen ? [alternativeOf(chosen.flight, cabin, chosen.seats, true)] : []), ...rest.map((c) => alternativeOf(c.flight, cabin, c.seats, false))];
}

/** How a stored case was settled, or null while it is not. */
function decisionOf(stored: CaseRow | null, state: DisruptionCaseState): DisruptionDecision | null {
  if (!stored?.decidedAt || !stored.decidedBy) return null;
  const outcome = state === 'rebooked' ? 'rebooked' : state === 'refunded' || state === 'auto-refunded' ? 'refunded' : state === 'kept' || state === 'auto-kept' ? 'kept' : null;
  if (outcome === null) return null;
  return { outcome, by: stored.decidedBy, at: stored.decidedAt.toISOString(), newBookingId: stored.newBookingId, cancellationId: stored.cancellationId };
}

/** The wire case from the live computation and what is stored. */
function caseOf(deps: Pick<DisruptionDeps, 'world'>, loaded: Loaded, live: LiveCase, protectedFlight: DisruptionAlternative | null, refundPaise: number): DisruptionCase {
  const stored = loaded.stored.get(live.disruption.id) ?? null;
  const state = caseState(stored?.state ?? null, live.target);
  const actions = caseActions(state, live.target, bookingLive(loaded.row));
  const leg = loaded.row.itinerary.legs[live.legIndex];
  const fromCity = leg?.from.city ?? live.disruption.from;
  const toCity = leg?.to.city ?? live.disruption.to;
  const list = live.entitlements.map((e) => e.entitlements);
  const deadline = live.target.deadline;
  return {
    id: live.disruption.id,
    legIndex: live.legIndex,
    disruption: live.disruption,
    fromCity,
    toCity,
    whatChanged: whatChanged(live.disruption, { from: fromCity, to: toCity }),
    rightsLine: noticeLine(list, protectedFlight),
    entitlements: live.entitlements,
    missedLegs: live.missedLegs,
    refundPaise: actions.includes('refund') ? refundPaise : 0,
    compensationPaise: list.reduce((sum, e) => sum + (e.compensation.due ? e.compensation.amountPaise : 0), 0),
    compensationLine: live.disruption.kind === 'gate-change' || live.disruption.kind === 'terminal-change' ? null : compensationWords(list, deps.world.airlineName(leg?.carrier ?? '')),
    protectedFlight,
    state,
    decision: decisionOf(stored, state),
    deadline: state === 'open' ? deadline : null,
    deadlineLine: state === 'open' ? deadlineWords(deadline, protectedFlight, live.disruption.kind) : null,
    actions,
  };
}

/** The live case a request names (default: the first one with something to answer). */
function pick(loaded: Loaded, cases: readonly LiveCase[], disruptionId: string | undefined): LiveCase {
  if (disruptionId !== undefined) {
    const found = cases.find((c) => c.disruption.id === disruptionId);
    if (!found) throw new AppError('not_found', DISRUPTION_MESSAGES.unknownCase);
    return found;
  }
  const open = cases.find((c) => caseActions(caseState(loaded.stored.get(c.disruption.id)?.state ?? null, c.target), c.target, bookingLive(loaded.row)).length > 0);
  if (!open) throw new AppError('conflict', DISRUPTION_MESSAGES.noCase);
  return open;
}

/** Refuses an action the case does not offer now (decided, closed or not offered). */
function assertAction(loaded: Loaded, live: LiveCase, action: 'rebook' | 'refund' | 'accept') {
  const state = caseState(loaded.stored.get(live.disruption.id)?.state ?? null, live.target);
  if (state !== 'open' && state !== 'information') throw decided();
  if (!caseActions(state, live.target, bookingLive(loaded.row)).includes(action)) throw notOffered();
}

interface Outcome {
  state: Extract<DisruptionCaseState, 'rebooked' | 'refunded' | 'kept' | 'auto-refunded' | 'auto-kept'>;
  by: 'traveller' | 'safar';
  newBookingId?: string | null;
  cancellationId?: string | null;
}

/**
 * Records the outcome of a case inside the transaction making it, only if the case is open (or
 * not yet stored); throws `decided()` otherwise, which rolls the caller's transaction back.
 */
async function settle(tx: Tx, booking: BookingRow, live: LiveCase, outcome: Outcome, now: Date): Promise<void> {
  const values = {
    state: outcome.state,
    decidedBy: outcome.by,
    decidedAt: now,
    newBookingId: outcome.newBookingId ?? null,
    cancellationId: outcome.cancellationId ?? null,
  };
  const deadline = live.target.deadline;
  const [written] = await tx
    .insert(disruptionCases)
    .values({
      bookingId: booking.id,
      userId: booking.userId,
      disruptionId: live.disruption.id,
      legIndex: live.legIndex,
      kind: live.disruption.kind,
      deadlineAt: deadline ? new Date(deadline.at) : null,
      deadlineAction: deadline?.action ?? null,
      createdAt: now,
      ...values,
    })
    .onConflictDoUpdate({ target: [disruptionCases.bookingId, disruptionCases.disruptionId], set: values, setWhere: sql`${disruptionCases.state} = 'open'` })
    .returning({ id: disruptionCases.id });
  if (!written) throw decided();
}

/** The new itinerary: the booking's legs with the target leg flown by `flight`. */
function rebookedItinerary(world: World, old: Itinerary, targetLeg: number, flight: DatedFlight): Itinerary {
  const legs = old.legs.map((leg, i) => (i === targetLeg ? legOf(world, flight, leg.cabin) : leg));
  const first = legs[0];
  const last = legs[legs.length - 1];
  if (!first || !last) throw new Error('An itinerary needs at least one leg');
  const layovers = legs.slice(1).map((leg, i) => {
    const inbound = legs[i];
    return { airport: leg.from.code, minutes: Math.round((Date.parse(leg.departure) - Date.parse(inbound?.arrival ?? leg.departure)) / 60_000), changeOfTerminal: inbound?.to.terminal !== leg.from.terminal };
  });
  return {
    ...old,
    id: formatItineraryId(legs, first.cabin),
    legs,
    layovers,
    durationMinutes: Math.round((Date.parse(last.arrival) - Date.parse(first.departure)) / 60_000),
    departure: first.departure,
    arrival: last.arrival,
    arrivalDayOffset: Math.round((Date.parse(last.arrival.slice(0, 10)) - Date.parse(first.departure.slice(0, 10))) / 86_400_000),
    seatsLeft: null,
    airlines: [...new Set(legs.map((l) => l.carrierName))],
  };
}

/** What a rebooking did: the new booking and the seats it moved. */
interface Rebooked {
  answer: DisruptionRebookAnswer['booking'];
  inventory: InventoryChange[];
}

/**
 * Moves the booking's travellers to `flight` on the case's target leg, nothing to pay (see the
 * rules above), and settles the case with `outcome` in the same transaction.
 */
async function rebookOnto(deps: DisruptionDeps, loaded: Loaded, live: LiveCase, flight: DatedFlight, email: string, outcome: Pick<Outcome, 'state' | 'by'>): Promise<Rebooked> {
  const { db, clock, world, catalog } = deps;
  const now = clock.now();
  const old = loaded.row;
  const travelling = loaded.pax.filter((p) => p.cancelledAt === null);
  const positions = new Set(travelling.map((p) => p.position));
  const fares = loaded.fares.filter((f) => f.status === 'active' && positions.has(f.passengerPosition));
  const seats = seatsOf(travelling);
  const itinerary = rebookedItinerary(world, old.itinerary, live.targetLeg, flight);
  const newLeg = itinerary.legs[live.targetLeg];
  // The legs flown alike before and after: their seats and seat numbers stay the travellers'.
  const carried = itinerary.legs.flatMap((leg, legIndex) => (leg.flightId === old.itinerary.legs[legIndex]?.flightId && leg.cabin === old.itinerary.legs[legIndex]?.cabin ? [legIndex] : []));
  if (newLeg) await catalog.ensureInventory(db, [newLeg]);

  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(bookings).where(eq(bookings.id, old.id)).for('no key update');
    if (!locked || !CHANGEABLE_STATUSES.includes(locked.status)) throw decided();
    const inventory = await clearDeadChange(tx, old.id, now);
    const row = await insertBooking(tx, {
      userId: old.userId,
      status: 'held',
      itineraryId: itinerary.id,
      cabin: old.cabin,
      itinerary,
      passengerCount: travelling.length,
      seatCount: seats,
      price: old.price,
      totalInr: old.totalInr,
      holdExpiresAt: new Date(now.getTime() + 10 * 60_000),
      createdAt: now,
      confirmedAt: null,
      paymentId: null,
      paymentMethod: null,
      fareFamily: old.fareFamily,
      // A whole trip keeps its journeys: one flight is swapped for one, so each journey's legs stay where they were.
      journeys: old.journeys,
      changedFrom: old.id,
      // Free: the whole value of the old booking is carried over.
      creditPaise: old.totalInr * 100,
    });
    const segments = itinerary.legs.map((leg, legIndex) => ({ bookingId: row.id, legIndex, flightId: leg.flightId, cabin: leg.cabin, seats }));
    await tx.insert(bookingSegments).values(segments);
    const pax: PassengerRow[] = travelling.map((p) => ({ ...p, id: randomUUID(), bookingId: row.id, ticketNumber: null, cancelledAt: null }));
    await tx.insert(passengers).values(pax);
    if (fares.length > 0) await tx.insert(bookingFares).values(fares.map((f) => ({ ...f, bookingId: row.id, status: 'active' as const })));
    // Every inventory row either booking touches, locked in lock order before any moves.
    const rows = [...old.itinerary.legs, ...itinerary.legs].map((leg) => q`(${leg.flightId}, ${leg.cabin})`);
    await queryRows(tx, q`select 1 from flight_inventory i where (i.flight_id, i.cabin) in (${joinStatements(rows, ', ')}) order by ${lockOrderSql('i')} for no key update`);
    // Only the new leg is held: the unchanged legs keep their sold seats (carried by the swap).
    for (const leg of inLockOrder(itinerary.legs.filter((_, legIndex) => !carried.includes(legIndex)))) {
      if (seats === 0) break;
      const [moved] = await queryRows<InventoryChange>(tx, moveSeats({ from: 'available', to: 'held', seats: q`${seats}::int`, where: q`i.flight_id = ${leg.flightId} and i.cabin = ${leg.cabin}` }));
      if (!moved) throw new AppError('conflict', BOOKING_ERROR_MESSAGES.soldOut, undefined, BOOKING_REASONS.soldOut);
      inventory.push(moved);
    }
    const swap = await swapChange(tx, catalog, { booking: row, pax, segments, email, paid: null, now, carried });
    if (swap.kind !== 'swapped') throw decided();
    await settle(tx, old, live, { ...outcome, newBookingId: row.id }, now);
    return { answer: swap.booking, inventory: [...inventory, ...swap.inventory] };
  });
}

export interface DisruptionService {
  /** The booking's trip changes now (404 for anyone but its traveller). */
  view(userId: string, bookingId: string): Promise<DisruptionAnswer>;
  alternatives(userId: string, bookingId: string, disruptionId?: string): Promise<DisruptionAlternativesAnswer>;
  rebook(request: DisruptionRebookRequest & { userId: string; email: string; bookingId: string }): Promise<DisruptionRebookAnswer>;
  refund(request: DisruptionDecideRequest & { userId: string; bookingId: string }): Promise<DisruptionRefundAnswer>;
  accept(request: DisruptionDecideRequest & { userId: string; bookingId: string }): Promise<DisruptionAcceptAnswer>;
  /** The traveller's bookings with trip changes, for badges (bookings flying from yesterday on, and any with stored cases). */
  summary(userId: string): Promise<DisruptionSummaryAnswer>;
  /** One pass of the job over bookings flying from yesterday to 62 days ahead: notices once per change, defaults when due. */
  pass(options?: { pageSize?: number }): Promise<PassReport>;
}

interface PassReport {
  checked: number;
  cases: number;
  notices: number;
  defaults: number;
}

/** Days ahead the job looks (retimings are announced up to 60 days ahead). */
const LOOK_AHEAD_DAYS = 62;

/**
 * Builds the disruption centre.
 * @example const centre = createDisruptionService({ db, clock, world, catalog, inventory, cancellations, logger })
 */
export function createDisruptionService(deps: DisruptionDeps): DisruptionService {
  const { db, clock, world } = deps;

  /** The full refund of a live booking now (airline-cancelled rule), 0 when it cannot be cancelled. */
  async function fullRefund(loaded: Loaded): Promise<number> {
    if (!bookingLive(loaded.row)) return 0;
    const answer = await deps.cancellations.quote(loaded.row.userId, loaded.row.id, undefined, { reason: 'airlineCancelled' });
    return answer.quote.refundPaise;
  }

  async function caseView(dbOrTx: Db | Tx, loaded: Loaded, live: LiveCase, now: Date, refund?: number): Promise<DisruptionCase> {
    const stateNow = caseState(loaded.stored.get(live.disruption.id)?.state ?? null, live.target);
    const actions = caseActions(stateNow, live.target, bookingLive(loaded.row));
    const protectedFlight = actions.includes('rebook') ? ((await alternativesOf(deps, dbOrTx, loaded, live, now)).find((a) => a.protected) ?? null) : null;
    const refundPaise = refund ?? (actions.includes('refund') ? await fullRefund(loaded) : 0);
    return caseOf(deps, loaded, live, protectedFlight, refundPaise);
  }

  async function reload(bookingId: string, live: LiveCase, now: Date): Promise<DisruptionCase> {
    const loaded = await loadBooking(db, bookingId, null);
    return caseView(db, loaded, live, now, 0);
  }

  /** A keep, a refund or a rebooking by Safar when nobody answered by the deadline. */
  async function applyDefault(bookingId: string, disruptionId: string): Promise<boolean> {
    const now = clock.now();
    const loaded = await loadBooking(db, bookingId, null);
    const live = casesOf(world, loaded, now).find((c) => c.disruption.id === disruptionId);
    const deadline = live?.target.deadline;
    if (!live || !deadline || Date.parse(deadline.at) > now.getTime()) return false;
    if (caseState(loaded.stored.get(disruptionId)?.state ?? null, live.target) !== 'open' || !bookingLive(loaded.row)) return false;
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, loaded.row.userId));
    const email = user?.email ?? '';
    const flight = `${live.disruption.flightNumber} ${live.disruption.from} → ${live.disruption.to}`;
    try {
      if (deadline.action === 'keep-protected-flight') {
        const chosen = (await alternativesOf(deps, db, loaded, live, now)).find((a) => a.protected);
        const target = chosen ? world.getFlight(chosen.flightId) : undefined;
        if (target) {
          const done = await rebookOnto(deps, loaded, live, target, email, { state: 'auto-kept', by: 'safar' });
          applyInventory(deps.inventory, done.inventory);
          await notify(db, clock, {
            to: { userId: loaded.row.userId },
            kind: 'flight-change',
            title: `You are on ${target.flightNumber} at ${target.departureLocal.slice(11, 16)}`,
            body: `${flight} was cancelled and you did not choose, so Safar kept your seat on the protected flight ${target.flightNumber} (${target.departureLocal.slice(0, 10)} ${target.departureLocal.slice(11, 16)}), free. New PNR ${done.answer.pnr}. You can still change it free or take a full refund until it leaves.`,
            url: `/ticket/${done.answer.id}`,
            dedupeKey: `disruption:${disruptionId}:${loaded.row.id}:default`,
          });
          return true;
        }
      }
      if (deadline.action === 'keep-booking') {
        await db.transaction((tx) => settle(tx, loaded.row, live, { state: 'auto-kept', by: 'safar' }, now));
        await notify(db, clock, {
          to: { userId: loaded.row.userId },
          kind: 'flight-change',
          title: `You keep ${live.disruption.flightNumber} as changed`,
          body: `You did not choose another flight or a refund for ${flight}, so your booking stays as the airline changed it.`,
          url: `/ticket/${loaded.row.id}/changed`,
          dedupeKey: `disruption:${disruptionId}:${loaded.row.id}:default`,
        });
        return true;
      }
      // A refund: a significant retiming left unanswered, or a cancellation with no protected flight.
      const quote = await deps.cancellations.quote(loaded.row.userId, loaded.row.id, undefined, { reason: 'airlineCancelled' });
      await deps.cancellations.cancel({
        userId: loaded.row.userId,
        bookingId: loaded.row.id,
        passengers: quote.passengers,
        destination: 'original',
        quotedRefundPaise: quote.quote.refundPaise,
        reason: 'airlineCancelled',
        within: (tx, answer) => settle(tx, loaded.row, live, { state: 'auto-refunded', by: 'safar', cancellationId: answer.cancellation.id }, now),
      });
      await notify(db, clock, {
        to: { userId: loaded.row.userId },
        kind: 'flight-change',
        title: `Refunded in full: ${live.disruption.flightNumber}`,
        body: `You did not answer the change to ${flight}, so Safar cancelled the booking and refunded everything you paid (₹${(quote.quote.refundPaise / 100).toLocaleString('en-IN')}) to your original payment method.`,
        url: `/ticket/${loaded.row.id}/changed`,
        dedupeKey: `disruption:${disruptionId}:${loaded.row.id}:default`,
      });
      return true;
    } catch (error) {
      // Another node or the traveller settled it first (or the booking changed meanwhile): their outcome stands.
      if (error instanceof AppError && error.code === 'conflict') return false;
      throw error;
    }
  }

  return {
    async view(userId, bookingId) {
      const now = clock.now();
      const loaded = await loadBooking(db, bookingId, userId);
      const live = casesOf(world, loaded, now);
      let refund: number | undefined;
      const cases: DisruptionCase[] = [];
      for (const c of live) {
        const stateNow = caseState(loaded.stored.get(c.disruption.id)?.state ?? null, c.target);
        if (refund === undefined && caseActions(stateNow, c.target, bookingLive(loaded.row)).includes('refund')) refund = await fullRefund(loaded);
        cases.push(await caseView(db, loaded, c, now, refund ?? 0));
      }
      return { bookingId: loaded.row.id, cases };
    },

    async alternatives(userId, bookingId, disruptionId) {
      const now = clock.now();
      const loaded = await loadBooking(db, bookingId, userId);
      const live = pick(loaded, casesOf(world, loaded, now), disruptionId);
      assertAction(loaded, live, 'rebook');
      return { disruptionId: live.disruption.id, alternatives: await alternativesOf(deps, db, loaded, live, now) };
    },

    async rebook(request) {
      const now = clock.now();
      const loaded = await loadBooking(db, request.bookingId, request.userId);
      const live = pick(loaded, casesOf(world, loaded, now), request.disruptionId);
      assertAction(loaded, live, 'rebook');
      const offered = await alternativesOf(deps, db, loaded, live, now);
      const flight = world.getFlight(request.flightId);
      const bounds = boundsOf(world, loaded.row.itinerary.legs, live, now);
      const inWindow = flight && bounds ? candidateFlights(world, bounds, bounds.leg.cabin, now).some((f) => f.flightId === flight.flightId) : false;
      if (!flight || !inWindow) throw new AppError('validation_failed', DISRUPTION_MESSAGES.notAnAlternative, { flightId: DISRUPTION_MESSAGES.notAnAlternative });
      const next = () => offered.find((a) => a.flightId !== request.flightId) ?? null;
      if (!offered.some((a) => a.flightId === request.flightId)) throw new SoldOutError(next());
      try {
        const done = await rebookOnto(deps, loaded, live, flight, request.email, { state: 'rebooked', by: 'traveller' });
        applyInventory(deps.inventory, done.inventory);
        return { booking: done.answer, case: await reload(loaded.row.id, live, now) };
      } catch (error) {
        if (error instanceof AppError && error.reason === BOOKING_REASONS.soldOut) {
          const again = await alternativesOf(deps, db, loaded, live, now);
          throw new SoldOutError(again.find((a) => a.flightId !== request.flightId) ?? null);
        }
        throw error;
      }
    },

    async refund(request) {
      const now = clock.now();
      const loaded = await loadBooking(db, request.bookingId, request.userId);
      const live = pick(loaded, casesOf(world, loaded, now), request.disruptionId);
      assertAction(loaded, live, 'refund');
      const quote = await deps.cancellations.quote(request.userId, loaded.row.id, undefined, { reason: 'airlineCancelled' });
      const answer = await deps.cancellations.cancel({
        userId: request.userId,
        bookingId: loaded.row.id,
        passengers: quote.passengers,
        destination: 'original',
        quotedRefundPaise: quote.quote.refundPaise,
        reason: 'airlineCancelled',
        within: (tx, cancelled) => settle(tx, loaded.row, live, { state: 'refunded', by: 'traveller', cancellationId: cancelled.cancellation.id }, now),
      });
      return { booking: answer.booking, case: await reload(loaded.row.id, live, now), refunds: answer.refunds };
    },

    async accept(request) {
      const now = clock.now();
      const loaded = await loadBooking(db, request.bookingId, request.userId);
      const live = pick(loaded, casesOf(world, loaded, now), request.disruptionId);
      if (loaded.stored.get(live.disruption.id)?.state === 'kept') return { case: await reload(loaded.row.id, live, now) };
      assertAction(loaded, live, 'accept');
      await db.transaction(async (tx) => {
        // The booking row first, as every path deciding a case: a refund or rebooking racing this one waits.
        const [locked] = await tx.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, loaded.row.id)).for('no key update');
        if (!locked || !CHANGEABLE_STATUSES.includes(locked.status)) throw decided();
        await settle(tx, loaded.row, live, { state: 'kept', by: 'traveller' }, now);
      });
      return { case: await reload(loaded.row.id, live, now) };
    },

    async summary(userId) {
      const now = clock.now();
      const first = isoDate(dayNumber(indiaToday(now)) - 1);
      const rows = await db
        .select()
        .from(bookings)
        .where(and(eq(bookings.userId, userId), inArray(bookings.status, ['confirmed', 'partly_cancelled', 'changed', 'cancelled'])))
        .orderBy(sql`${bookings.createdAt} desc`)
        .limit(200);
      const ids = rows.map((r) => r.id);
      if (ids.length === 0) return { bookings: [] };
      const [fareRows, caseRows] = await Promise.all([
        db.select().from(bookingFares).where(inArray(bookingFares.bookingId, ids)),
        db.select().from(disruptionCases).where(inArray(disruptionCases.bookingId, ids)),
      ]);
      const faresBy = groupBy(fareRows, (r) => r.bookingId);
      const casesBy = groupBy(caseRows, (r) => r.bookingId);
      const out: DisruptionSummaryAnswer['bookings'] = [];
      for (const row of rows) {
        const stored = casesBy.get(row.id) ?? [];
        // Past trips without a stored case are left out: nothing to show or answer.
        if (stored.length === 0 && (row.itinerary.legs.at(-1)?.departure.slice(0, 10) ?? '') < first) continue;
        const loaded: Loaded = { row, pax: [], fares: (faresBy.get(row.id) ?? []).map(fareOf), stored: new Map(stored.map((c) => [c.disruptionId, c])) };
        const cases = casesOf(world, loaded, now);
        if (cases.length === 0) continue;
        const open = cases.filter((c) => caseActions(caseState(loaded.stored.get(c.disruption.id)?.state ?? null, c.target), c.target, bookingLive(row)).length > 0).length;
        out.push({ bookingId: row.id, cases: cases.length, open });
      }
      return { bookings: out };
    },

    async pass(options = {}) {
      const pageSize = options.pageSize ?? 500;
      const now = clock.now();
      const today = dayNumber(indiaToday(now));
      const first = isoDate(today - 1);
      const last = isoDate(today + LOOK_AHEAD_DAYS);
      const report: PassReport = { checked: 0, cases: 0, notices: 0, defaults: 0 };
      const due: { bookingId: string; disruptionId: string }[] = [];
      // Each flight's disruptions once per pass, however many bookings it carries.
      const knownByFlight = new Map<string, Disruption[]>();
      const knownOf = (flight: DatedFlight) => {
        let known = knownByFlight.get(flight.flightId);
        if (!known) {
          known = disruptionsKnownAt(world, flight, now);
          knownByFlight.set(flight.flightId, known);
        }
        return known;
      };
      // The protected flight named in a one-leg booking's notice: the same for every booking of the flight and cabin.
      const protectedByFlight = new Map<string, DisruptionAlternative | null>();
      const protectedFor = async (tx: Tx, loaded: Loaded, live: LiveCase): Promise<DisruptionAlternative | null> => {
        const leg = loaded.row.itinerary.legs[live.targetLeg];
        if (!leg || loaded.row.itinerary.legs.length !== 1 || !caseActions('open', live.target, true).includes('rebook')) return null;
        const key = `${live.disruption.id}|${leg.cabin}`;
        let found = protectedByFlight.get(key);
        if (found === undefined) {
          found = (await alternativesOf(deps, tx, loaded, live, now)).find((a) => a.protected) ?? null;
          protectedByFlight.set(key, found);
        }
        return found;
      };
      let after = '';
      for (;;) {
        const page = await db.transaction(async (tx) => {
          const flightDate = sql<string>`split_part(${bookingSegments.flightId}, '@', 2)`;
          const candidates = tx
            .selectDistinct({ id: bookingSegments.bookingId })
            .from(bookingSegments)
            .where(and(sql`${flightDate} >= ${first}`, sql`${flightDate} <= ${last}`));
          const claimed = await tx
            .select()
            .from(bookings)
            .where(and(inArray(bookings.status, ['confirmed', 'partly_cancelled']), gt(bookings.id, after), inArray(bookings.id, candidates)))
            .orderBy(asc(bookings.id))
            .limit(pageSize)
            .for('update', { skipLocked: true });
          if (claimed.length === 0) return { size: 0, lastId: after };
          const ids = claimed.map((b) => b.id);
          const [fareRows, caseRows, userRows] = await Promise.all([
            tx.select().from(bookingFares).where(inArray(bookingFares.bookingId, ids)),
            tx.select().from(disruptionCases).where(inArray(disruptionCases.bookingId, ids)),
            tx
              .select({ id: users.id, email: users.email })
              .from(users)
              .where(
                inArray(
                  users.id,
                  claimed.map((b) => b.userId),
                ),
              ),
          ]);
          const faresBy = groupBy(fareRows, (r) => r.bookingId);
          const casesBy = groupBy(caseRows, (r) => r.bookingId);
          const emailOf = new Map(userRows.map((u) => [u.id, u.email]));
          const inserts: (typeof disruptionCases.$inferInsert)[] = [];
          const notices: { booking: BookingRow; live: LiveCase; loaded: Loaded }[] = [];
          for (const row of claimed) {
            const loaded: Loaded = {
              row,
              pax: [],
              fares: (faresBy.get(row.id) ?? []).map(fareOf).sort((a, b) => a.passengerPosition - b.passengerPosition || a.legIndex - b.legIndex),
              stored: new Map((casesBy.get(row.id) ?? []).map((c) => [c.disruptionId, c])),
            };
            for (const live of liveCases(world, row.itinerary.legs, loaded.fares, now, knownOf)) {
              if (!material(live)) continue;
              const stored = loaded.stored.get(live.disruption.id);
              const deadline = live.target.deadline;
              if (!stored) {
                inserts.push({
                  bookingId: row.id,
                  userId: row.userId,
                  disruptionId: live.disruption.id,
                  legIndex: live.legIndex,
                  kind: live.disruption.kind,
                  state: caseState(null, live.target),
                  noticedAt: now,
                  deadlineAt: deadline ? new Date(deadline.at) : null,
                  deadlineAction: deadline?.action ?? null,
                  createdAt: now,
                });
                notices.push({ booking: row, live, loaded });
              }
              const open = (stored?.state ?? caseState(null, live.target)) === 'open';
              if (open && deadline && Date.parse(deadline.at) <= now.getTime()) due.push({ bookingId: row.id, disruptionId: live.disruption.id });
            }
          }
          if (inserts.length > 0) {
            const written = await tx.insert(disruptionCases).values(inserts).onConflictDoNothing().returning({ bookingId: disruptionCases.bookingId, disruptionId: disruptionCases.disruptionId });
            const fresh = new Set(written.map((w) => `${w.bookingId}|${w.disruptionId}`));
            report.cases += written.length;
            const outgoing: TravellerNotice[] = [];
            for (const n of notices) {
              const email = emailOf.get(n.booking.userId);
              if (!fresh.has(`${n.booking.id}|${n.live.disruption.id}`) || email === undefined) continue;
              const leg = n.booking.itinerary.legs[n.live.legIndex];
              const cities = { from: leg?.from.city ?? n.live.disruption.from, to: leg?.to.city ?? n.live.disruption.to };
              const rights = noticeLine(
                n.live.entitlements.map((e) => e.entitlements),
                await protectedFor(tx, n.loaded, n.live),
              );
              outgoing.push({
                to: { userId: n.booking.userId, email },
                kind: 'flight-change',
                title: noticeTitle(n.live.disruption),
                body: `${whatChanged(n.live.disruption, cities)} ${rights}. PNR ${n.booking.pnr}.`,
                url: `/ticket/${n.booking.id}/changed`,
                data: { bookingId: n.booking.id, disruptionId: n.live.disruption.id, kind: n.live.disruption.kind, flightId: n.live.disruption.flightId },
                // One notice per traveller and change, whichever of their bookings or nodes gets there first.
                dedupeKey: `disruption:${n.live.disruption.id}`,
              });
            }
            report.notices += await notifyMany(tx, clock, outgoing);
          }
          return { size: claimed.length, lastId: claimed[claimed.length - 1]?.id ?? after };
        });
        report.checked += page.size;
        after = page.lastId;
        if (page.size < pageSize) break;
      }
      for (const d of due) if (await applyDefault(d.bookingId, d.disruptionId)) report.defaults += 1;
      return report;
    },
  };
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
}
