import { and, asc, eq, inArray, isNotNull, isNull, like, lt, lte, or, sql } from 'drizzle-orm';
import type { Clock } from '../../core/clock';
import {
  DISRUPTION_MESSAGES,
  DISRUPTION_REASONS,
  type Disruption,
  type DisruptionAcceptAnswer,
  type DisruptionAction,
  type DisruptionAlternative,
  type DisruptionAlternativesAnswer,
  type DisruptionAnswer,
  type DisruptionCase,
  type DisruptionCaseState,
  type DisruptionDecideRequest,
  type DisruptionDecision,
  type DisruptionRebookAnswer,
  type DisruptionRebookRequest,
  type DisruptionRefundAnswer,
  type DisruptionSummaryAnswer,
} from '../../core/disruptions';
import { AppError } from '../../core/errors';
import type { PassengerLegFare } from '../../core/fares';
import type { Leg } from '../../core/search';
import type { Cabin } from '../../core/search-options';
import type { SupplierId } from '../../core/suppliers';
import type { Db } from '../../db/client';
import { bookingFares, bookings, disruptionCases, passengers, supplierChangeChecks, users } from '../../db/schema';
import type { Tx } from '../booking/catalog';
import { CHANGEABLE_STATUSES } from '../booking/change-swap';
import { loadBooking as loadBookingView } from '../booking/views';
import type { CancellationService } from '../cancellations/service';
import { type TravellerNotice, notify, notifyMany } from '../notifications/notify';
import { type AirlineChange, type CabinClass, type ChangeOffer, type FlightSupplier, SupplierError, type SupplierSlice } from '../suppliers/supplier';
import { distanceKm } from '../world/geo';
import type { World } from '../world/world';
import type { PassengerEntitlements } from './booking';
import { caseActions, caseState } from './cases';
import { entitlements, passengerLegOf } from './entitlements';
import { seatsAfterLegChange } from '../suppliers/seats';
import { acceptedItinerary, airlineChangeDisruption, cabinOfSupplier, legOfSegment, localWithOffset, parseSupplierDisruptionId, withLegs } from './supplier-changes';
import { compensationWords, deadlineWords, noticeLine, noticeTitle, whatChanged } from './words';

/**
 * The disruption centre for bookings sold by a remote supplier (Duffel): the airline's own changes
 * to an order (airline-initiated changes) become cases of the booking, on the same screen and wire
 * shapes as the world's, with the same entitlement rule. The rules:
 * - A change is learnt from a signed webhook or from polling; either way the order's changes are
 *   fetched again from the supplier, never trusted from the event.
 * - Each pending change that moves, cancels or re-terminals a flight of the booking is recorded
 *   once as a case (unique booking × change) with one notice (in-app, mail, push; one per
 *   traveller and change), however many deliveries, polls or nodes see it.
 * - A newer change of the same order supersedes an older open one: the older becomes information
 *   (the supplier accepts only its latest change).
 * - A case is computed when shown from the stored row and the change as the supplier lists it now;
 *   a booking without a stored supplier case asks the supplier nothing.
 * - The traveller's answers go through the seam: keep the airline's new plan (accept the change),
 *   move to another flight the supplier offers for that part of the trip (a change request, then
 *   confirming the chosen offer; the traveller pays nothing, Safar owes the supplier its change
 *   total), or a full refund (the cancellation path, which cancels the supplier order, with the
 *   airline-cancelled rule: everything paid comes back). Each is offered only when the entitlements
 *   offer it and the supplier lists it among the change's actions.
 * - One outcome per case: before calling the supplier, a decider claims the open case (a
 *   conditional update: of two deciders exactly one claims it, the other gets 409 already-decided);
 *   the outcome is written in the transaction changing the booking, only while the case is open;
 *   a supplier refusal releases the claim; an unknown outcome keeps it (someone must look).
 */

type BookingRow = typeof bookings.$inferSelect;
type CaseRow = typeof disruptionCases.$inferSelect;

interface Logger {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
}

export interface SupplierChangeDeps {
  db: Db;
  clock: Clock;
  world: World;
  /** The supplier's id as bookings record it. */
  supplierId: Exclude<SupplierId, 'world'>;
  supplier: FlightSupplier;
  cancellations: CancellationService;
  logger: Logger;
}

interface SyncReport {
  cases: number;
  notices: number;
}

interface PollReport extends SyncReport {
  orders: number;
  failed: number;
}

export interface SupplierChangeService {
  /** Whether this booking was sold by the supplier (its trip changes are the supplier's). */
  owns(bookingId: string): Promise<boolean>;
  /** Fetches an order's changes again and records a case and one notice per new change of a live booking of it. */
  syncOrder(orderId: string): Promise<SyncReport>;
  /** Asks about the live orders departing in future whose last check is `everySeconds` old or more (oldest first). */
  poll(options: { everySeconds: number; limit?: number }): Promise<PollReport>;
  view(userId: string, bookingId: string): Promise<DisruptionAnswer>;
  alternatives(userId: string, bookingId: string, disruptionId?: string): Promise<DisruptionAlternativesAnswer>;
  rebook(request: DisruptionRebookRequest & { userId: string; email: string; bookingId: string }): Promise<DisruptionRebookAnswer>;
  refund(request: DisruptionDecideRequest & { userId: string; bookingId: string }): Promise<DisruptionRefundAnswer>;
  accept(request: DisruptionDecideRequest & { userId: string; bookingId: string }): Promise<DisruptionAcceptAnswer>;
  summary(userId: string): Promise<DisruptionSummaryAnswer>;
  /** Applies the default of every open case whose deadline has passed unanswered (a job); returns how many were applied. */
  defaults(options?: { limit?: number }): Promise<number>;
}

const notFound = () => new AppError('not_found', 'Booking not found');
const decided = () => new AppError('conflict', DISRUPTION_MESSAGES.decided, undefined, DISRUPTION_REASONS.decided);
const notOffered = () => new AppError('conflict', DISRUPTION_MESSAGES.notOffered, undefined, DISRUPTION_REASONS.notOffered);
const notAnAlternative = () => new AppError('validation_failed', DISRUPTION_MESSAGES.notAnAlternative, { flightId: DISRUPTION_MESSAGES.notAnAlternative });

const bookingLive = (row: BookingRow) => CHANGEABLE_STATUSES.includes(row.status);

/** A flight offered leaves at least this long after now (as the world's alternatives). */
const LEAD_MINUTES = 45;

/** The supplier's cabin for Safar's. */
const CABIN_OF: Record<Cabin, CabinClass> = { economy: 'economy', premium: 'premium_economy', business: 'business', first: 'first' };

/** A case as computed now: the stored row, the supplier's change and what it did to the booking. */
interface SupplierCase {
  stored: CaseRow;
  change: AirlineChange;
  disruption: Disruption;
  legIndex: number;
  entitlements: PassengerEntitlements[];
  state: DisruptionCaseState;
  actions: DisruptionAction[];
  /** The booking's stored fares (its passenger-legs as paid). */
  fares: PassengerLegFare[];
}

/**
 * Each passenger's fare on each leg: the stored fare rows, or (a booking without them) the
 * booking's total split evenly over its passengers and legs as one fare line.
 */
async function faresOf(db: Db | Tx, row: BookingRow): Promise<PassengerLegFare[]> {
  const stored = await db.select().from(bookingFares).where(eq(bookingFares.bookingId, row.id)).orderBy(asc(bookingFares.passengerPosition), asc(bookingFares.legIndex));
  if (stored.length > 0) return stored.map((f) => ({ passengerPosition: f.passengerPosition, passengerType: f.passengerType, legIndex: f.legIndex, familyCode: f.familyCode, lines: f.lines, totalPaise: f.totalPaise, status: f.status }));
  const pax = await db.select().from(passengers).where(eq(passengers.bookingId, row.id)).orderBy(asc(passengers.position));
  const legs = row.itinerary.legs.length;
  const share = Math.floor((row.totalInr * 100) / Math.max(1, pax.length * legs));
  return pax.flatMap((p) =>
    row.itinerary.legs.map((_, legIndex) => ({
      passengerPosition: p.position,
      passengerType: p.type,
      legIndex,
      familyCode: row.fareFamily ?? 'supplier',
      lines: [{ code: 'base' as const, kind: 'fare' as const, label: 'Fare', paise: share }],
      totalPaise: share,
      status: p.cancelledAt === null ? ('active' as const) : ('cancelled' as const),
    })),
  );
}

/**
 * Every passenger's entitlements on the changed leg: domestic when both airports are in India;
 * distance great-circle when the world knows both airports (else 0: only downgrades use it).
 */
function entitlementsOf(world: World, disruption: Disruption, legs: readonly Leg[], legIndex: number, fares: readonly PassengerLegFare[], now: Date): PassengerEntitlements[] {
  const leg = legs[legIndex];
  if (!leg) return [];
  const from = world.getAirport(leg.from.code);
  const to = world.getAirport(leg.to.code);
  const facts = {
    flightId: leg.flightId,
    cabin: leg.cabin,
    blockMinutes: leg.durationMinutes,
    domestic: from?.country === 'IN' && to?.country === 'IN',
    distanceKm: from && to ? Math.round(distanceKm(from.lat, from.lon, to.lat, to.lon)) : 0,
  };
  return fares
    .filter((f) => f.legIndex === legIndex && f.status === 'active')
    .map((fare) => ({ passengerPosition: fare.passengerPosition, legIndex, entitlements: entitlements(disruption, passengerLegOf(fare, facts), now) }));
}

/** What the supplier lets Safar do about a change, as the centre's actions (keeping a cancelled flight is not keeping anything). */
function supplierAllows(change: AirlineChange, disruption: Disruption, action: DisruptionAction): boolean {
  if (change.actionTaken !== null) return false;
  if (action === 'accept') return change.availableActions.includes('accept') && disruption.kind !== 'cancellation';
  if (action === 'rebook') return change.availableActions.includes('change');
  return change.availableActions.includes('cancel');
}

function decisionOf(stored: CaseRow, state: DisruptionCaseState): DisruptionDecision | null {
  if (!stored.decidedAt || !stored.decidedBy) return null;
  const outcome = state === 'rebooked' ? 'rebooked' : state === 'refunded' || state === 'auto-refunded' ? 'refunded' : state === 'kept' || state === 'auto-kept' ? 'kept' : null;
  if (outcome === null) return null;
  return { outcome, by: stored.decidedBy, at: stored.decidedAt.toISOString(), newBookingId: stored.newBookingId, cancellationId: stored.cancellationId };
}

/** A supplier's flights of one part of the trip as one alternative (first departure, last arrival). */
function alternativeOf(offer: ChangeOffer, cabin: Cabin, seatsNeeded: number): DisruptionAlternative | null {
  const segments = offer.add.flatMap((s) => s.segments);
  const first = segments[0];
  const last = segments.at(-1);
  if (!first || !last) return null;
  return {
    flightId: alternativeId(offer.add),
    flightNumber: segments.map((s) => `${s.marketing.carrier.code ?? ''} ${s.marketing.flightNumber}`.trim()).join(' + '),
    carrier: first.marketing.carrier.code ?? '',
    carrierName: first.marketing.carrier.name,
    from: first.origin.code,
    to: last.destination.code,
    departure: localWithOffset(first.departing),
    arrival: localWithOffset(last.arriving),
    durationMinutes: Math.round((Date.parse(last.arriving.utc) - Date.parse(first.departing.utc)) / 60_000),
    cabin: cabinOfSupplier(first.passengers[0]?.cabin, cabin),
    // The supplier offers a change only with seats for everyone on the order.
    seatsLeft: seatsNeeded,
    protected: false,
  };
}

/** An alternative's id: its route and departure instant, the same in every change request (offer ids are not). */
function alternativeId(slices: readonly SupplierSlice[]): string {
  const segments = slices.flatMap((s) => s.segments);
  const first = segments[0];
  const last = segments.at(-1);
  return first && last ? `${first.origin.code}-${last.destination.code}@${new Date(first.departing.utc).toISOString()}` : '';
}

/**
 * Builds the supplier's disruption centre.
 * @example const changes = createSupplierChangeService({ db, clock, world, supplierId: 'duffel', supplier, cancellations, logger })
 */
export function createSupplierChangeService(deps: SupplierChangeDeps): SupplierChangeService {
  const { db, clock, world, supplier, supplierId } = deps;
  const prefix = `${supplierId}:`;

  async function loadRow(bookingId: string, userId: string | null): Promise<BookingRow> {
    const [row] = await db
      .select()
      .from(bookings)
      .where(userId === null ? eq(bookings.id, bookingId) : and(eq(bookings.id, bookingId), eq(bookings.userId, userId)));
    if (!row) throw notFound();
    return row;
  }

  const supplierCall = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (error instanceof SupplierError) throw error.toAppError();
      throw error;
    }
  };

  /** The booking's supplier cases now (newest first); the supplier is asked only when one is stored. */
  async function casesOf(row: BookingRow): Promise<SupplierCase[]> {
    const stored = await db
      .select()
      .from(disruptionCases)
      .where(and(eq(disruptionCases.bookingId, row.id), like(disruptionCases.disruptionId, `${prefix}%`)))
      .orderBy(sql`${disruptionCases.createdAt} desc`);
    if (stored.length === 0 || !row.supplierOrderId) return [];
    const orderId = row.supplierOrderId;
    // The order carries its changes and what it still allows (a change of flight needs the order's own `change`).
    const [order, fares] = await Promise.all([supplierCall(() => supplier.getOrder(orderId)), faresOf(db, row)]);
    const changes = order.airlineChanges;
    const now = clock.now();
    const out: SupplierCase[] = [];
    for (const c of stored) {
      const change = changes.find((ch) => ch.id === parseSupplierDisruptionId(c.disruptionId)?.changeId);
      if (!change) continue;
      const found = airlineChangeDisruption(supplierId, change, row.itinerary.legs);
      if (!found) continue;
      const ents = entitlementsOf(world, found.disruption, row.itinerary.legs, found.legIndex, bookingLive(row) ? fares : fares.map((f) => ({ ...f, status: 'active' as const })), now);
      const target = ents[0]?.entitlements;
      if (!target) continue;
      const state = caseState(c.state, target);
      const claimed = c.supplierAction !== null;
      const actions = claimed ? [] : caseActions(state, target, bookingLive(row)).filter((a) => supplierAllows(change, found.disruption, a) && (a !== 'rebook' || order.availableActions.includes('change')));
      out.push({ stored: c, change, disruption: found.disruption, legIndex: found.legIndex, entitlements: ents, state, actions, fares });
    }
    return out;
  }

  /**
   * The full refund shown on a case: everything the traveller paid for the booking's passenger-legs
   * still travelling (fare, taxes, Safar's fee, add-ons; the booking's total without fare rows).
   * The supplier cancels whole orders, so this is the whole booking; the refund itself is the
   * cancellation path's, under the airline-cancelled rule.
   */
  const fullRefund = (row: BookingRow, fares: readonly PassengerLegFare[]) =>
    fares.length > 0 ? fares.filter((f) => f.status === 'active').reduce((sum, f) => sum + f.totalPaise, 0) : row.totalInr * 100;

  function caseView(row: BookingRow, c: SupplierCase): DisruptionCase {
    const leg = row.itinerary.legs[c.legIndex];
    const fromCity = leg?.from.city ?? c.disruption.from;
    const toCity = leg?.to.city ?? c.disruption.to;
    const list = c.entitlements.map((e) => e.entitlements);
    const deadline = c.entitlements[0]?.entitlements.deadline ?? null;
    const open = c.state === 'open';
    return {
      id: c.disruption.id,
      legIndex: c.legIndex,
      disruption: c.disruption,
      fromCity,
      toCity,
      whatChanged: whatChanged(c.disruption, { from: fromCity, to: toCity }),
      rightsLine: noticeLine(list, null),
      entitlements: c.entitlements,
      missedLegs: [],
      refundPaise: c.actions.includes('refund') ? fullRefund(row, c.fares) : 0,
      compensationPaise: list.reduce((sum, e) => sum + (e.compensation.due ? e.compensation.amountPaise : 0), 0),
      compensationLine: c.disruption.kind === 'terminal-change' ? null : compensationWords(list, leg?.carrierName ?? ''),
      protectedFlight: null,
      state: c.state,
      decision: decisionOf(c.stored, c.state),
      deadline: open ? deadline : null,
      deadlineLine: open ? deadlineWords(deadline, null, c.disruption.kind) : null,
      actions: c.actions,
    };
  }

  /** The case a request names (default: the first with something to answer). */
  function pick(cases: readonly SupplierCase[], disruptionId: string | undefined): SupplierCase {
    if (disruptionId !== undefined) {
      const found = cases.find((c) => c.disruption.id === disruptionId);
      if (!found) throw new AppError('not_found', DISRUPTION_MESSAGES.unknownCase);
      return found;
    }
    const open = cases.find((c) => c.actions.length > 0);
    if (!open) throw new AppError('conflict', DISRUPTION_MESSAGES.noCase);
    return open;
  }

  function assertAction(c: SupplierCase, action: DisruptionAction) {
    if (c.stored.supplierAction !== null || (c.state !== 'open' && c.state !== 'information')) throw decided();
    if (!c.actions.includes(action)) throw notOffered();
  }

  /** Claims an open case for one supplier call; 409 already-decided when another decider holds or settled it. */
  async function claim(c: SupplierCase, action: 'accept' | 'rebook' | 'refund'): Promise<void> {
    const now = clock.now();
    const [claimed] = await db
      .update(disruptionCases)
      .set({ supplierAction: action, supplierActionAt: now })
      .where(and(eq(disruptionCases.id, c.stored.id), eq(disruptionCases.state, 'open'), sql`${disruptionCases.supplierAction} is null`))
      .returning({ id: disruptionCases.id });
    if (!claimed) throw decided();
  }

  /** Gives a claim back after the supplier refused (nothing happened there). */
  async function release(c: SupplierCase): Promise<void> {
    await db.update(disruptionCases).set({ supplierAction: null, supplierActionAt: null }).where(and(eq(disruptionCases.id, c.stored.id), eq(disruptionCases.state, 'open')));
  }

  /** Runs a claimed supplier action; a refusal releases the claim, an unknown outcome keeps it. */
  async function claimed<T>(c: SupplierCase, action: 'accept' | 'rebook' | 'refund', run: () => Promise<T>): Promise<T> {
    await claim(c, action);
    try {
      return await run();
    } catch (error) {
      const unknown = error instanceof SupplierError ? error.kind === 'outcomeUnknown' || error.kind === 'timeout' : false;
      if (!unknown) await release(c);
      else deps.logger.warn('supplier change action outcome unknown', { caseId: c.stored.id, action });
      if (error instanceof SupplierError) throw error.toAppError();
      throw error;
    }
  }

  /** Writes the outcome in the caller's transaction, only while the case is open. */
  async function settle(tx: Tx, c: SupplierCase, outcome: { state: 'kept' | 'rebooked' | 'refunded' | 'auto-refunded' | 'auto-kept'; by: 'traveller' | 'safar'; newBookingId?: string; cancellationId?: string }) {
    const [written] = await tx
      .update(disruptionCases)
      .set({ state: outcome.state, decidedBy: outcome.by, decidedAt: clock.now(), newBookingId: outcome.newBookingId ?? null, cancellationId: outcome.cancellationId ?? null, supplierAction: null, supplierActionAt: null })
      .where(and(eq(disruptionCases.id, c.stored.id), eq(disruptionCases.state, 'open')))
      .returning({ id: disruptionCases.id });
    if (!written) throw decided();
  }

  async function lockLive(tx: Tx, bookingId: string): Promise<BookingRow> {
    const [locked] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('no key update');
    if (!locked || !CHANGEABLE_STATUSES.includes(locked.status)) throw decided();
    return locked;
  }

  async function reload(bookingId: string, disruptionId: string): Promise<DisruptionCase> {
    const row = await loadRow(bookingId, null);
    const found = (await casesOf(row)).find((c) => c.disruption.id === disruptionId);
    if (!found) throw new AppError('not_found', DISRUPTION_MESSAGES.unknownCase);
    return caseView(row, found);
  }

  /** The supplier's change offers for the changed part of the trip, inside the entitlements' window, leaving ≥ 45 min from now. */
  async function offersFor(row: BookingRow, c: SupplierCase): Promise<{ offer: ChangeOffer; alternative: DisruptionAlternative }[]> {
    const orderId = row.supplierOrderId;
    const leg = row.itinerary.legs[c.legIndex];
    if (!orderId || !leg) return [];
    const order = await supplierCall(() => supplier.getOrder(orderId));
    const slice = order.slices.find((s) => s.segments.some((seg) => seg.origin.code === leg.from.code && Date.parse(seg.departing.utc) === Date.parse(c.disruption.scheduled.departure))) ?? order.slices[0];
    if (!slice) return [];
    const request = await supplierCall(() => supplier.requestChange({ orderId, removeSliceIds: [slice.id], add: [{ origin: slice.origin, destination: slice.destination, departureDate: c.disruption.scheduled.departure.slice(0, 10), cabin: CABIN_OF[leg.cabin] }] }));
    const another = c.entitlements[0]?.entitlements.options.find((o) => o.kind === 'another-flight');
    const window = (another?.kind === 'another-flight' ? another.withinMinutes : 24 * 60) * 60_000;
    const centre = Date.parse(c.disruption.scheduled.departure);
    const earliest = clock.now().getTime() + LEAD_MINUTES * 60_000;
    const seats = row.seatCount;
    return request.offers
      .map((offer) => ({ offer, alternative: alternativeOf(offer, leg.cabin, seats) }))
      .filter((o): o is { offer: ChangeOffer; alternative: DisruptionAlternative } => o.alternative !== null)
      .filter(({ alternative }) => {
        const departure = Date.parse(alternative.departure);
        return Math.abs(departure - centre) <= window && departure >= earliest;
      })
      .sort((a, b) => Date.parse(a.alternative.departure) - Date.parse(b.alternative.departure));
  }

  /** Records a case and one notice for each pending change of a live booking not yet recorded. */
  async function record(row: BookingRow, changes: readonly AirlineChange[]): Promise<SyncReport> {
    const report: SyncReport = { cases: 0, notices: 0 };
    if (!bookingLive(row)) return report;
    const now = clock.now();
    const fares = await faresOf(db, row);
    const pending = changes.filter((c) => c.actionTaken === null);
    const latest = pending.reduce<AirlineChange | null>((best, c) => (best === null || Date.parse(c.detectedAt) >= Date.parse(best.detectedAt) ? c : best), null);
    const fresh: { disruption: Disruption; legIndex: number; ents: PassengerEntitlements[] }[] = [];
    await db.transaction(async (tx) => {
      for (const change of pending) {
        const found = airlineChangeDisruption(supplierId, change, row.itinerary.legs);
        if (!found) continue;
        const ents = entitlementsOf(world, found.disruption, row.itinerary.legs, found.legIndex, fares, now);
        const target = ents[0]?.entitlements;
        if (!target) continue;
        const superseded = change !== latest;
        const deadline = target.deadline;
        const written = await tx
          .insert(disruptionCases)
          .values({
            bookingId: row.id,
            userId: row.userId,
            disruptionId: found.disruption.id,
            legIndex: found.legIndex,
            kind: found.disruption.kind,
            state: superseded ? 'information' : caseState(null, target),
            noticedAt: now,
            deadlineAt: !superseded && deadline ? new Date(deadline.at) : null,
            deadlineAction: !superseded ? (deadline?.action ?? null) : null,
            createdAt: now,
          })
          .onConflictDoNothing()
          .returning({ id: disruptionCases.id });
        if (written.length > 0 && !superseded) fresh.push({ ...found, ents });
        report.cases += written.length;
      }
      // A newer change supersedes the older open ones: the supplier accepts only its latest change.
      if (latest) {
        await tx
          .update(disruptionCases)
          .set({ state: 'information', deadlineAt: null, deadlineAction: null })
          .where(and(eq(disruptionCases.bookingId, row.id), like(disruptionCases.disruptionId, `${prefix}%`), eq(disruptionCases.state, 'open'), sql`${disruptionCases.supplierAction} is null`, sql`${disruptionCases.disruptionId} <> ${`${prefix}${latest.id}`}`));
      }
      if (fresh.length === 0) return;
      const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
      const notices: TravellerNotice[] = fresh.map(({ disruption, legIndex, ents }) => {
        const leg = row.itinerary.legs[legIndex];
        const cities = { from: leg?.from.city ?? disruption.from, to: leg?.to.city ?? disruption.to };
        return {
          to: { userId: row.userId, email: user?.email ?? '' },
          kind: 'flight-change',
          title: noticeTitle(disruption),
          body: `${whatChanged(disruption, cities)} ${noticeLine(ents.map((e) => e.entitlements), null)}. PNR ${row.pnr}.`,
          url: `/ticket/${row.id}/changed`,
          data: { bookingId: row.id, disruptionId: disruption.id, kind: disruption.kind, flightId: disruption.flightId },
          // One notice per traveller and change, whichever delivery, poll or node gets there first.
          dedupeKey: `disruption:${disruption.id}`,
        };
      });
      report.notices += await notifyMany(tx, clock, notices);
    });
    return report;
  }

  /**
   * The default of an unanswered case at its deadline, as the world's: the booking kept as the
   * airline changed it (the airline's change accepted, when it lists `accept`), or where the
   * entitlements say refund (a significant retiming) a full refund through the cancellation path,
   * when it lists `cancel`. Whatever the supplier does not list is left for the traveller and support.
   */
  async function applyDefault(bookingId: string, disruptionId: string): Promise<boolean> {
    const row = await loadRow(bookingId, null);
    if (!bookingLive(row)) return false;
    const c = (await casesOf(row)).find((found) => found.disruption.id === disruptionId);
    const deadlineAt = c?.stored.deadlineAt;
    if (!c || c.state !== 'open' || c.stored.supplierAction !== null || !deadlineAt || deadlineAt.getTime() > clock.now().getTime()) return false;
    const flight = `${c.disruption.flightNumber} ${c.disruption.from} → ${c.disruption.to}`;
    const dedupeKey = `disruption:${c.disruption.id}:${row.id}:default`;
    if (c.stored.deadlineAction === 'refund' && supplierAllows(c.change, c.disruption, 'refund')) {
      const answer = await claimed(c, 'refund', async () => {
        const quote = await deps.cancellations.quote(row.userId, row.id, undefined, { reason: 'airlineCancelled' });
        return deps.cancellations.cancel({
          userId: row.userId,
          bookingId: row.id,
          passengers: quote.passengers,
          destination: 'original',
          quotedRefundPaise: quote.quote.refundPaise,
          reason: 'airlineCancelled',
          within: (tx, cancelled) => settle(tx, c, { state: 'auto-refunded', by: 'safar', cancellationId: cancelled.cancellation.id }),
        });
      });
      await notify(db, clock, {
        to: { userId: row.userId },
        kind: 'flight-change',
        title: `Refunded in full: ${c.disruption.flightNumber}`,
        body: `You did not answer the change to ${flight}, so Safar cancelled the booking with the airline and refunded everything you paid (₹${(answer.cancellation.refundPaise / 100).toLocaleString('en-IN')}) to your original payment method.`,
        url: `/ticket/${row.id}/changed`,
        dedupeKey,
      });
      return true;
    }
    if (!supplierAllows(c.change, c.disruption, 'accept')) return false;
    await claimed(c, 'accept', async () => {
      const accepted = await supplier.acceptAirlineChange(c.change.id);
      await db.transaction(async (tx) => {
        const locked = await lockLive(tx, row.id);
        await tx
          .update(bookings)
          .set({ itinerary: acceptedItinerary(locked.itinerary, accepted) })
          .where(eq(bookings.id, row.id));
        await settle(tx, c, { state: 'auto-kept', by: 'safar' });
      });
    });
    await notify(db, clock, {
      to: { userId: row.userId },
      kind: 'flight-change',
      title: `You keep ${c.disruption.flightNumber} as changed`,
      body: `You did not choose another flight or a refund for ${flight}, so Safar accepted the airline's new plan and your booking stays as the airline changed it.`,
      url: `/ticket/${row.id}/changed`,
      dedupeKey,
    });
    return true;
  }

  return {
    async defaults({ limit = 50 } = {}) {
      const due = await db
        .select({ bookingId: disruptionCases.bookingId, disruptionId: disruptionCases.disruptionId })
        .from(disruptionCases)
        .where(and(like(disruptionCases.disruptionId, `${prefix}%`), eq(disruptionCases.state, 'open'), isNull(disruptionCases.supplierAction), lte(disruptionCases.deadlineAt, clock.now())))
        .orderBy(asc(disruptionCases.deadlineAt))
        .limit(limit);
      let applied = 0;
      for (const d of due) {
        try {
          if (await applyDefault(d.bookingId, d.disruptionId)) applied += 1;
        } catch (error) {
          // The traveller or another node answered first (409), or the supplier cannot be reached now: the next pass sees.
          if (!(error instanceof AppError && error.code === 'conflict')) deps.logger.warn('supplier disruption default not applied yet', { bookingId: d.bookingId, error: error instanceof Error ? error.message : 'unknown' });
        }
      }
      return applied;
    },

    async owns(bookingId) {
      const [row] = await db.select({ supplier: bookings.supplier }).from(bookings).where(eq(bookings.id, bookingId));
      return row?.supplier === supplierId;
    },

    async syncOrder(orderId) {
      const rows = await db
        .select()
        .from(bookings)
        .where(and(eq(bookings.supplier, supplierId), eq(bookings.supplierOrderId, orderId), inArray(bookings.status, ['confirmed', 'partly_cancelled'])));
      const report: SyncReport = { cases: 0, notices: 0 };
      if (rows.length === 0) return report;
      const changes = await supplier.airlineChanges(orderId);
      for (const row of rows) {
        const one = await record(row, changes);
        report.cases += one.cases;
        report.notices += one.notices;
      }
      return report;
    },

    async poll({ everySeconds, limit = 100 }) {
      const now = clock.now();
      const due = new Date(now.getTime() - everySeconds * 1000);
      // Claim the due orders for this pass: a node checking them stamps them in the same transaction, so no node asks again before `everySeconds`.
      const claimedRows = await db.transaction(async (tx) => {
        const rows = await tx
          .select({ booking: bookings })
          .from(bookings)
          .leftJoin(supplierChangeChecks, eq(supplierChangeChecks.bookingId, bookings.id))
          .where(
            and(
              eq(bookings.supplier, supplierId),
              isNotNull(bookings.supplierOrderId),
              inArray(bookings.status, ['confirmed', 'partly_cancelled']),
              sql`(${bookings.itinerary}->>'arrival')::timestamptz > ${now.toISOString()}::timestamptz`,
              or(isNull(supplierChangeChecks.checkedAt), lt(supplierChangeChecks.checkedAt, due)),
            ),
          )
          .orderBy(sql`${supplierChangeChecks.checkedAt} asc nulls first`, asc(bookings.id))
          .limit(limit)
          .for('update', { of: bookings, skipLocked: true });
        if (rows.length > 0) {
          await tx
            .insert(supplierChangeChecks)
            .values(rows.map((r) => ({ bookingId: r.booking.id, checkedAt: now })))
            .onConflictDoUpdate({ target: supplierChangeChecks.bookingId, set: { checkedAt: now } });
        }
        return rows.map((r) => r.booking);
      });
      const report: PollReport = { orders: 0, cases: 0, notices: 0, failed: 0 };
      for (const row of claimedRows) {
        const orderId = row.supplierOrderId;
        if (!orderId) continue;
        try {
          const one = await record(row, await supplier.airlineChanges(orderId));
          report.orders += 1;
          report.cases += one.cases;
          report.notices += one.notices;
        } catch (error) {
          // A rate limit or outage: the next pass asks again; the others in this pass still go.
          report.failed += 1;
          deps.logger.warn('supplier changes poll failed', { bookingId: row.id, kind: error instanceof SupplierError ? error.kind : 'error' });
          if (error instanceof SupplierError && error.kind === 'rateLimited') break;
        }
      }
      return report;
    },

    async view(userId, bookingId) {
      const row = await loadRow(bookingId, userId);
      const cases = await casesOf(row);
      return { bookingId: row.id, cases: cases.map((c) => caseView(row, c)) };
    },

    async alternatives(userId, bookingId, disruptionId) {
      const row = await loadRow(bookingId, userId);
      const c = pick(await casesOf(row), disruptionId);
      assertAction(c, 'rebook');
      return { disruptionId: c.disruption.id, alternatives: (await offersFor(row, c)).map((o) => o.alternative) };
    },

    async rebook(request) {
      const row = await loadRow(request.bookingId, request.userId);
      const c = pick(await casesOf(row), request.disruptionId);
      assertAction(c, 'rebook');
      const chosen = (await offersFor(row, c)).find((o) => o.alternative.flightId === request.flightId);
      if (!chosen) throw notAnAlternative();
      await claimed(c, 'rebook', async () => {
        const confirmed = await supplier.confirmChange(chosen.offer.id, chosen.offer.changeTotal);
        await db.transaction(async (tx) => {
          const locked = await lockLive(tx, row.id);
          const removed = new Set(chosen.offer.remove.flatMap((s) => s.segments.map((seg) => Date.parse(seg.departing.utc))));
          const kept = locked.itinerary.legs.filter((leg) => !removed.has(Date.parse(leg.departure)));
          const added = chosen.offer.add.flatMap((s) => s.segments).map((seg) => legOfSegment(seg, locked.cabin));
          const legs = [...kept, ...added].sort((a, b) => Date.parse(a.departure) - Date.parse(b.departure));
          const owed = locked.supplierTotalMinor !== null && locked.supplierCurrency === confirmed.changeTotal.currency ? locked.supplierTotalMinor + confirmed.changeTotal.amountMinor : locked.supplierTotalMinor;
          await tx
            .update(bookings)
            .set({ itinerary: withLegs(locked.itinerary, legs), supplierTotalMinor: owed, supplierSeats: seatsAfterLegChange(locked.supplierSeats, locked.itinerary.legs, legs) })
            .where(eq(bookings.id, row.id));
          // The order keeps its booking: the booking is its own rebooking (the supplier changed the order in place).
          await settle(tx, c, { state: 'rebooked', by: 'traveller', newBookingId: row.id });
        });
      });
      const booking = await loadBookingView(db, row.id, request.userId);
      if (!booking) throw notFound();
      return { booking, case: await reload(row.id, c.disruption.id) };
    },

    async refund(request) {
      const row = await loadRow(request.bookingId, request.userId);
      const c = pick(await casesOf(row), request.disruptionId);
      assertAction(c, 'refund');
      const answer = await claimed(c, 'refund', async () => {
        const quote = await deps.cancellations.quote(request.userId, row.id, undefined, { reason: 'airlineCancelled' });
        return deps.cancellations.cancel({
          userId: request.userId,
          bookingId: row.id,
          passengers: quote.passengers,
          destination: 'original',
          quotedRefundPaise: quote.quote.refundPaise,
          reason: 'airlineCancelled',
          within: (tx, cancelled) => settle(tx, c, { state: 'refunded', by: 'traveller', cancellationId: cancelled.cancellation.id }),
        });
      });
      return { booking: answer.booking, case: await reload(row.id, c.disruption.id), refunds: answer.refunds };
    },

    async accept(request) {
      const row = await loadRow(request.bookingId, request.userId);
      const cases = await casesOf(row);
      const c = pick(cases, request.disruptionId);
      if (c.state === 'kept') return { case: caseView(row, c) };
      assertAction(c, 'accept');
      await claimed(c, 'accept', async () => {
        const accepted = await supplier.acceptAirlineChange(c.change.id);
        await db.transaction(async (tx) => {
          const locked = await lockLive(tx, row.id);
          const itinerary = acceptedItinerary(locked.itinerary, accepted);
          await tx
            .update(bookings)
            .set({ itinerary, supplierSeats: seatsAfterLegChange(locked.supplierSeats, locked.itinerary.legs, itinerary.legs) })
            .where(eq(bookings.id, row.id));
          await settle(tx, c, { state: 'kept', by: 'traveller' });
        });
      });
      return { case: await reload(row.id, c.disruption.id) };
    },

    async summary(userId) {
      const rows = await db
        .select({ bookingId: disruptionCases.bookingId, state: disruptionCases.state, claimed: disruptionCases.supplierAction })
        .from(disruptionCases)
        .where(and(eq(disruptionCases.userId, userId), like(disruptionCases.disruptionId, `${prefix}%`)));
      const byBooking = new Map<string, { cases: number; open: number }>();
      for (const r of rows) {
        const entry = byBooking.get(r.bookingId) ?? { cases: 0, open: 0 };
        entry.cases += 1;
        if (r.state === 'open' && r.claimed === null) entry.open += 1;
        byBooking.set(r.bookingId, entry);
      }
      return { bookings: [...byBooking.entries()].map(([bookingId, counts]) => ({ bookingId, ...counts })) };
    },
  };
}
