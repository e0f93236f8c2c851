import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { BOOKING_ERROR_MESSAGES, BOOKING_REASONS } from '../../core/booking';
import type { Clock } from '../../core/clock';
import { AppError } from '../../core/errors';
import type { ChangeQuote, PassengerLegFare } from '../../core/fares';
import { type Itinerary, searchQuerySchema } from '../../core/search';
import { type ChangeAnswer, type ChangeOptionsAnswer, TRIP_CHANGE_MESSAGES, TRIP_CHANGE_REASONS } from '../../core/trip-changes';
import type { Db } from '../../db/client';
import { joinStatements, q, queryRows } from '../../db/raw';
import { bookingFares, bookingSegments, bookings, passengers } from '../../db/schema';
import type { BookingCatalog, InventoryChange, PaxCounts, Tx } from '../booking/catalog';
import { CHANGEABLE_STATUSES, swapChange } from '../booking/change-swap';
import { refundPaymentsOf, releaseSeats } from '../booking/expire';
import { notBookable } from '../booking/holds';
import { newBookingId, newPnr } from '../booking/ids';
import { bookingView } from '../booking/views';
import type { InventoryView } from '../inventory/view';
import { inLockOrder, lockOrderSql, moveSeats } from '../inventory/moves';
import { parseItineraryId } from '../search/itinerary-id';
import { searchFlights } from '../search/search-flights';
import { getAirport } from '../world/airports';
import { indiaToday } from '../world/time';
import type { World } from '../world/world';
import { type PricedFamily, passengerLegFares, priceFamilyUpToTier } from '../fares/families/options';
import { familyByCode } from '../fares/families/lookup';
import { legFare } from '../fares/model';
import { storedFares } from '../fares/stored';
import { type FreeChangeWindow, carriedFares, freeChangeQuote, freeChangeWindowSql, windowFrom, windowOpen } from '../disruptions/free-changes';
import { type JourneyScope, changedJourney, inRange, journeyOrderProblem, movedLeg, replaceJourney, scopeItinerary } from './journey-change';

/**
 * Changing a confirmed booking to another flight on the same route: a new booking holds the new
 * flight (`changed_from` names the old one, `credit_paise` carries the old booking's value), paid
 * through the normal checkout for what is due; its confirmation swaps the two atomically
 * (`swapChange`). Until then the old booking is untouched.
 */

type BookingRow = typeof bookings.$inferSelect;
type PassengerRow = typeof passengers.$inferSelect;

export interface ChangeDeps {
  db: Db;
  clock: Clock;
  catalog: BookingCatalog;
  world: World;
  inventory: InventoryView;
}

/** The 409 a different amount due answers; carries the new quote. */
export class DueChangedError extends AppError {
  readonly quote: ChangeQuote;
  /** `quote-expired`: a remote supplier's change offer expired before it was confirmed (nothing changed). */
  constructor(quote: ChangeQuote, reason: typeof TRIP_CHANGE_REASONS.dueChanged | typeof TRIP_CHANGE_REASONS.quoteExpired = TRIP_CHANGE_REASONS.dueChanged, message: string = TRIP_CHANGE_MESSAGES.dueChanged) {
    super('conflict', message, undefined, reason);
    this.quote = quote;
  }
}

/**
 * A change goes ahead only on the amounts the traveller saw: a due other than the one quoted, or
 * money back other than the one quoted (when the client sent it), answers 409 due-changed with the new quote.
 */
export function assertQuoteSeen(quote: ChangeQuote, seen: Pick<ChangeRequestInput, 'quotedDuePaise' | 'quotedRefundPaise'>): void {
  if (quote.duePaise !== seen.quotedDuePaise) throw new DueChangedError(quote);
  if (seen.quotedRefundPaise !== undefined && quote.refundPaise !== seen.quotedRefundPaise) throw new DueChangedError(quote, TRIP_CHANGE_REASONS.dueChanged, TRIP_CHANGE_MESSAGES.moneyBackChanged);
}

const notFound = () => new AppError('not_found', 'Booking not found');
const notChangeable = (why: string) => new AppError('conflict', `${TRIP_CHANGE_MESSAGES.notChangeable}: ${why}`);

interface OldBooking {
  row: BookingRow;
  /** Passengers still travelling, by position. */
  travelling: PassengerRow[];
  /** Their fares on each leg. */
  fares: PassengerLegFare[];
  /** The booking's window of free changes after a disruption move, if it has one. */
  window: FreeChangeWindow | null;
}

const isInternational = (from: string, to: string) => getAirport(from)?.country !== 'IN' || getAirport(to)?.country !== 'IN';

function paxCounts(pax: readonly PassengerRow[]): PaxCounts {
  return { adults: pax.filter((p) => p.type === 'adult').length, children: pax.filter((p) => p.type === 'child').length, infants: pax.filter((p) => p.type === 'infant').length };
}

const seatsOf = (pax: readonly PassengerRow[]) => pax.filter((p) => p.type !== 'infant').length;

async function loadOld(db: Db | Tx, bookingId: string, userId: string): Promise<OldBooking> {
  const [row] = await db.select().from(bookings).where(and(eq(bookings.id, bookingId), eq(bookings.userId, userId)));
  if (!row) throw notFound();
  // A remote supplier's booking is changed through the seam (supplier.ts), never by the world's fare rules.
  if (row.supplier !== 'world') throw notChangeable('its airline changes it.');
  const pax = await db.select().from(passengers).where(eq(passengers.bookingId, row.id)).orderBy(asc(passengers.position));
  const travelling = pax.filter((p) => p.cancelledAt === null);
  const positions = new Set(travelling.map((p) => p.position));
  // A booking made before fare families has no fare rows: storedFares derives them from its price snapshot.
  const fares = (await storedFares(db, row.id)).filter((f) => f.status === 'active' && positions.has(f.passengerPosition));
  const [found] = await queryRows<{ w: unknown }>(db, q`select ${freeChangeWindowSql(q`${row.id}`)} as w`);
  return { row, travelling, fares, window: windowFrom(found?.w) };
}

/** The fares a change replaces: the changed journey's legs' (every leg's for a booking of one journey). */
const faresIn = (old: OldBooking, scope: JourneyScope | null) => old.fares.filter((f) => inRange(scope?.legs ?? null, f.legIndex));

/** The disruption window a change is priced in: a whole booking's; a journey of a whole trip follows that journey's fare rules. */
const windowOf = (old: OldBooking, scope: JourneyScope | null): FreeChangeWindow | null => (scope ? null : old.window);

/**
 * The rules before any change, in order: the booking is confirmed or partly cancelled, someone
 * still travels, the journey to change is one that may change (`changedJourney`: named for a trip
 * of several, not cancelled, not a special return that forbids it), and the change rule can price
 * its legs (no leg has departed; outside a disruption window its family allows changes and no leg
 * is inside the cutoff: `freeChangeQuote` throws NotChangeableError, a 409 saying why).
 */
function assertChangeable(old: OldBooking, now: Date, journey: number | undefined): JourneyScope | null {
  const { row } = old;
  if (!CHANGEABLE_STATUSES.includes(row.status)) throw notChangeable(row.status === 'held' ? 'it is not paid yet.' : `it is ${row.status === 'changed' ? 'already changed' : row.status}.`);
  if (old.travelling.length === 0 || old.fares.length === 0) throw notChangeable('nobody is travelling on it any more.');
  const scope = changedJourney(row, journey);
  const fares = faresIn(old, scope);
  freeChangeQuote({ bookedAt: row.createdAt, legs: familyLegs(old), oldFares: fares, newFares: fares, now }, windowOf(old, scope));
  return scope;
}

/** The old booking's legs with the family each was sold in (as valid on its booking date). */
function familyLegs(old: OldBooking) {
  const codes = old.row.fareFamily?.split('~') ?? [];
  return old.row.itinerary.legs.map((leg, legIndex) => {
    const code = old.fares.find((f) => f.legIndex === legIndex)?.familyCode ?? codes[legIndex] ?? '';
    const family = familyByCode(code, old.row.createdAt);
    if (!family) throw notChangeable('its fare is no longer sold.');
    return { legIndex, departureUtc: new Date(leg.departure), international: isInternational(leg.from.code, leg.to.code), family };
  });
}

/** The family tier the booking (or the journey changed) was sold in: the highest of its legs'. */
const tierOf = (old: OldBooking, scope: JourneyScope | null) =>
  Math.max(0, ...familyLegs(old).filter((l) => inRange(scope?.legs ?? null, l.legIndex)).map((l) => l.family.tier));

/**
 * The option of `families` at the booking's tier: the same tier where the new flight sells it,
 * else the highest tier below it (a connection's airlines may stop lower).
 */
function sameTier(families: readonly PricedFamily[], tier: number): PricedFamily | undefined {
  return [...families].filter((f) => f.option.tier <= tier).sort((a, b) => b.option.tier - a.option.tier)[0];
}

/**
 * What moving the booking (or its changed journey) to an itinerary in the family option `chosen`
 * costs now, and the new fare rows at the same passenger positions and at the journey's legs:
 * priced now, or inside a disruption window the fares paid, carried over (`carriedFares`), with
 * their families.
 */
function quoteFor(old: OldBooking, chosen: PricedFamily, now: Date, scope: JourneyScope | null) {
  const rows = passengerLegFares(chosen, old.travelling.map((p) => p.type));
  const first = scope?.legs.first ?? 0;
  const legCount = chosen.option.legs.length;
  const window = windowOf(old, scope);
  const carried = windowOpen(window, now);
  const newFares = carried
    ? carriedFares(old.fares, legCount)
    : rows.map((f) => ({ ...f, passengerPosition: old.travelling[f.passengerPosition]?.position ?? f.passengerPosition, legIndex: f.legIndex + first }));
  const quote = freeChangeQuote({ bookedAt: old.row.createdAt, legs: familyLegs(old), oldFares: faresIn(old, scope), newFares, now }, window);
  const familyId = carried ? Array.from({ length: legCount }, (_, legIndex) => newFares.find((f) => f.legIndex === legIndex)?.familyCode ?? '').join('~') : chosen.option.id;
  return { quote, familyId, newFares, carried };
}

/**
 * The family option of a search itinerary a change to it keeps (`sameTier` of its options),
 * priced as a quote would from the in-memory seats the search used; only that option is priced.
 */
function familyInMemory(deps: Pick<ChangeDeps, 'world' | 'inventory'>, itinerary: Itinerary, counts: PaxCounts, now: Date, tier: number): PricedFamily | undefined {
  const legs = [];
  for (const leg of itinerary.legs) {
    const flight = deps.world.getFlight(leg.flightId);
    if (!flight) return undefined;
    const seats = deps.inventory.countsOf(flight.pattern.key, flight.departureDate, leg.cabin, flight.capacity[leg.cabin]);
    const fare = legFare(flight, leg.cabin, seats, now, { soldOutPrice: true });
    if (!fare) return undefined;
    legs.push({ flight, airfare: fare.base });
  }
  return priceFamilyUpToTier(legs, itinerary.legs[0]?.cabin ?? 'economy', counts, now, tier, (code) => deps.world.airlineName(code));
}

const sameRoute = (a: Itinerary, b: Itinerary) =>
  a.legs[0]?.from.code === b.legs[0]?.from.code && a.legs[a.legs.length - 1]?.to.code === b.legs[b.legs.length - 1]?.to.code;

/**
 * Flights on the booking's route (or its journey's, `journey` of a whole trip) on `date` in its
 * cabin, each with what changing to it costs now for the passengers still travelling: every
 * itinerary the search finds (so sold-out and departed flights are left out), less the one booked
 * and, for a journey, those out of travel order with the trip's other journeys.
 * @example const { options } = await changeOptions(deps, userId, 'BK1732180000000', '2026-12-26')
 */
export async function changeOptions(deps: Omit<ChangeDeps, 'catalog'>, userId: string, bookingId: string, date: string, journey?: number): Promise<ChangeOptionsAnswer> {
  const now = deps.clock.now();
  const old = await loadOld(deps.db, bookingId, userId);
  const scope = assertChangeable(old, now, journey);
  const current = scopeItinerary(old.row.itinerary, scope);
  const first = current.legs[0];
  const last = current.legs[current.legs.length - 1];
  if (!first || !last) throw notChangeable('it has no flights.');
  const counts = paxCounts(old.travelling);
  const parsed = searchQuerySchema(indiaToday(now)).safeParse({ from: first.from.code, to: last.to.code, date, cabin: old.row.cabin, ...counts });
  if (!parsed.success) {
    const message = parsed.error.issues.find((i) => i.path[0] === 'date')?.message ?? TRIP_CHANGE_MESSAGES.changeDateRequired;
    throw new AppError('validation_failed', message, { date: message });
  }
  const found = await searchFlights(deps, parsed.data, now);
  const tier = tierOf(old, scope);
  const booked = scope?.journey.itineraryId ?? old.row.itineraryId;
  const options = found.itineraries
    .filter((itinerary) => itinerary.id !== booked && sameRoute(itinerary, current) && journeyOrderProblem(old.row, scope, itinerary) === null)
    .flatMap((itinerary) => {
      const chosen = familyInMemory(deps, itinerary, counts, now, tier);
      if (!chosen) return [];
      // The itinerary as the change would book it: in the family at the booking's tier, at its price (inside a disruption window, the price paid).
      const { quote, carried } = quoteFor(old, chosen, now, scope);
      return [{ itinerary: { ...itinerary, price: carried ? old.row.price : chosen.price }, quote }];
    });
  return { date: parsed.data.date, options };
}

export interface ChangeRequestInput {
  userId: string;
  email: string;
  bookingId: string;
  itineraryId: string;
  quotedDuePaise: number;
  /** The money back the traveller saw, when the client sent it. */
  quotedRefundPaise?: number | undefined;
  /** One journey of a whole-trip booking (0-based); required for a trip of several journeys. */
  journey?: number | undefined;
}

/**
 * Holds the new flight as a new booking and, when nothing is due, swaps it in at once:
 * - the old booking must be the traveller's (404 otherwise) and changeable (see assertChangeable);
 * - the new itinerary flies the same route in the same cabin (the changed journey's, for a whole
 *   trip, in travel order with the others), and is not the one booked;
 * - a whole trip's new booking carries the other journeys over as they are (journey-change.ts):
 *   their legs, fares and PNRs; only the new flight's seats are held here;
 * - it is re-priced from the database for the passengers still travelling; a due other than
 *   `quotedDuePaise` (or money back other than `quotedRefundPaise`) answers 409 due-changed with the new quote;
 * - in one transaction that locks the old booking first: one live change per booking (a held
 *   change still awaiting payment answers 409; one whose hold ran out is expired here), the new
 *   seats taken (available → held, lock order), the booking written with the same passengers at
 *   the same positions, the same family tier, `credit_paise` = new total − due and its fare rows;
 * - nothing due: the swap happens in the same transaction.
 * @example const { answer, inventory } = await requestChange(deps, { userId, email, bookingId, itineraryId, quotedDuePaise: 299900 })
 */
export async function requestChange(deps: Omit<ChangeDeps, 'world' | 'inventory'> & { holdMs: number }, input: ChangeRequestInput): Promise<{ answer: ChangeAnswer; inventory: InventoryChange[] }> {
  const { db, clock, catalog } = deps;
  const now = clock.now();
  const old = await loadOld(db, input.bookingId, input.userId);
  const scope = assertChangeable(old, now, input.journey);
  const current = scopeItinerary(old.row.itinerary, scope);
  const parsed = parseItineraryId(input.itineraryId);
  if (!parsed) throw notBookable();
  if (parsed.cabin !== old.row.cabin) throw new AppError('validation_failed', 'Choose a flight in the same cabin', { itineraryId: 'Choose a flight in the same cabin' });
  if (input.itineraryId === (scope?.journey.itineraryId ?? old.row.itineraryId)) throw new AppError('validation_failed', 'This is the flight already booked', { itineraryId: 'This is the flight already booked' });
  const priced = await catalog.quote(db, input.itineraryId, paxCounts(old.travelling), now);
  if (!priced) throw notBookable();
  const chosen = sameTier(priced.families, tierOf(old, scope));
  if (!chosen) throw notBookable();
  const { quote, familyId, newFares, carried } = quoteFor(old, chosen, now, scope);
  // The new booking carries the chosen family's price (tier 0's is the itinerary's own), or inside a disruption window the price paid.
  const itinerary: Itinerary = { ...priced.itinerary, price: carried ? old.row.price : chosen.price };
  if (!sameRoute(itinerary, current)) throw new AppError('validation_failed', 'Choose a flight on the same route', { itineraryId: 'Choose a flight on the same route' });
  const outOfOrder = journeyOrderProblem(old.row, scope, itinerary);
  if (outOfOrder) throw new AppError('validation_failed', outOfOrder, { itineraryId: outOfOrder });
  const seats = seatsOf(old.travelling);
  if (priced.seatsAvailable < seats) throw new AppError('conflict', BOOKING_ERROR_MESSAGES.soldOut, undefined, BOOKING_REASONS.soldOut);
  assertQuoteSeen(quote, input);
  const trip = scope ? tripAfter(old, scope, itinerary, familyId, chosen.option.totalInr, newFares) : null;
  if (priced.inventoryRowsExist !== true) await catalog.ensureInventory(db, itinerary.legs);

  return db.transaction(async (tx) => {
    const inventory: InventoryChange[] = [];
    const [locked] = await tx.select().from(bookings).where(eq(bookings.id, old.row.id)).for('no key update');
    if (!locked || !CHANGEABLE_STATUSES.includes(locked.status)) throw notChangeable(`it is ${locked?.status === 'changed' ? 'already changed' : (locked?.status ?? 'gone')}.`);
    inventory.push(...(await clearDeadChange(tx, old.row.id, now)));
    // The new booking first, the seats last: the inventory rows stay locked for as short a time as possible.
    const totalInr = trip?.totalInr ?? (carried ? old.row.totalInr : chosen.option.totalInr);
    const totalPaise = totalInr * 100;
    const booked = trip?.itinerary ?? itinerary;
    const inserted = await insertBooking(tx, {
      userId: input.userId,
      status: 'held',
      itineraryId: booked.id,
      cabin: parsed.cabin,
      itinerary: booked,
      passengerCount: old.travelling.length,
      seatCount: seats,
      price: booked.price,
      totalInr,
      holdExpiresAt: new Date(now.getTime() + deps.holdMs),
      createdAt: now,
      confirmedAt: null,
      paymentId: null,
      paymentMethod: null,
      fareFamily: trip?.fareFamily ?? familyId,
      changedFrom: old.row.id,
      creditPaise: Math.max(0, totalPaise - quote.duePaise),
      journeys: trip?.journeys ?? null,
    });
    // The first journey's PNR is the booking's, and the new booking's reference was just drawn.
    const row = trip ? await firstJourneyPnr(tx, inserted) : inserted;
    // Only the new flight's seats are held; a trip's other journeys keep theirs until the swap carries them over.
    const first = scope?.legs.first ?? 0;
    const segments = itinerary.legs.map((leg, k) => ({ bookingId: row.id, legIndex: first + k, flightId: leg.flightId, cabin: leg.cabin, seats }));
    await tx.insert(bookingSegments).values(segments);
    const pax: PassengerRow[] = old.travelling.map((p) => ({ ...p, id: randomUUID(), bookingId: row.id, ticketNumber: null, cancelledAt: null }));
    await tx.insert(passengers).values(pax);
    await tx.insert(bookingFares).values((trip?.fares ?? newFares).map((f) => ({ bookingId: row.id, passengerPosition: f.passengerPosition, legIndex: f.legIndex, passengerType: f.passengerType, familyCode: f.familyCode, lines: f.lines, totalPaise: f.totalPaise, status: f.status })));

    const swapNow = quote.duePaise === 0;
    if (swapNow) {
      // The swap below also releases the old legs: every row either moves is locked first, all in lock order.
      const rows = [...current.legs, ...itinerary.legs].map((leg) => q`(${leg.flightId}, ${leg.cabin})`);
      await queryRows(tx, q`select 1 from flight_inventory i where (i.flight_id, i.cabin) in (${joinStatements(rows, ', ')}) order by ${lockOrderSql('i')} for no key update`);
    }

    // The new seats, leg by leg in lock order.
    for (const leg of inLockOrder(itinerary.legs)) {
      const [moved] = await queryRows<InventoryChange>(tx, moveSeats({ from: 'available', to: 'held', seats: q`${seats}::int`, where: q`i.flight_id = ${leg.flightId} and i.cabin = ${leg.cabin}` }));
      if (!moved) throw new AppError('conflict', BOOKING_ERROR_MESSAGES.soldOut, undefined, BOOKING_REASONS.soldOut);
      inventory.push(moved);
    }

    if (!swapNow) return { answer: { booking: bookingView(row, pax), quote }, inventory };
    // Nothing due: swap now (the old booking is locked by this transaction, so it is still changeable).
    const swap = await swapChange(tx, catalog, { booking: row, pax, segments, email: input.email, paid: null, now });
    if (swap.kind !== 'swapped') throw notChangeable('it changed meanwhile.');
    return { answer: { booking: swap.booking, quote }, inventory: [...inventory, ...swap.inventory] };
  });
}

/**
 * A whole trip with one journey replaced: its itinerary, journeys and family string
 * (`replaceJourney`), every fare row (the other journeys' active rows at their new leg indexes,
 * then the new journey's) and its total.
 */
function tripAfter(old: OldBooking, scope: JourneyScope, next: Itinerary, familyId: string, journeyInr: number, newFares: PassengerLegFare[]) {
  const carried = old.fares.filter((f) => !inRange(scope.legs, f.legIndex)).map((f) => ({ ...f, legIndex: movedLeg(f.legIndex, scope.legs, next.legs.length) }));
  const fares = [...carried, ...newFares].sort((a, b) => a.passengerPosition - b.passengerPosition || a.legIndex - b.legIndex);
  const totalPaise = fares.reduce((n, f) => n + f.totalPaise, 0);
  const trip = replaceJourney(old.row, scope, next, { fareFamily: familyId, totalInr: journeyInr, pnr: newPnr() }, fares);
  return { ...trip, fares, totalInr: Math.round(totalPaise / 100) };
}

/** The booking with its first journey's PNR set to the booking's own. */
async function firstJourneyPnr(tx: Tx, row: BookingRow): Promise<BookingRow> {
  const journeys = row.journeys?.map((j, i) => (i === 0 ? { ...j, pnr: row.pnr } : j)) ?? null;
  await tx.update(bookings).set({ journeys }).where(eq(bookings.id, row.id));
  return { ...row, journeys };
}

/**
 * A change of this booking already under way: a held one whose hold ran out is expired here
 * (its seats and any money go back, as the sweeper would); one still live answers 409. The
 * change's row is locked without waiting (new before old is the lock order), so one being paid
 * right now answers 409 too.
 */
export async function clearDeadChange(tx: Tx, oldId: string, now: Date): Promise<InventoryChange[]> {
  const live = await tx.select().from(bookings).where(and(eq(bookings.changedFrom, oldId), inArray(bookings.status, ['held', 'confirmed', 'partly_cancelled', 'changed'])));
  const pending = () => new AppError('conflict', 'A change of this booking is already waiting for payment. Pay for it, or wait until its hold ends.');
  const inventory: InventoryChange[] = [];
  for (const change of live) {
    if (change.status !== 'held') throw notChangeable('it is already changed.');
    if (change.holdExpiresAt.getTime() > now.getTime()) throw pending();
    const [claimed] = await tx.select({ id: bookings.id }).from(bookings).where(and(eq(bookings.id, change.id), eq(bookings.status, 'held'))).for('no key update', { skipLocked: true });
    if (!claimed) throw pending();
    inventory.push(...(await releaseSeats(tx, change.id)));
    await tx.update(bookings).set({ status: 'expired' }).where(eq(bookings.id, change.id));
    await refundPaymentsOf(tx, [change.id], now);
  }
  return inventory;
}

/** The supplier columns of a booking row, which the world fills itself. */
type SupplierColumns = 'supplier' | 'supplierOrderId' | 'supplierOfferId' | 'supplierTotalMinor' | 'supplierCurrency' | 'supplierBookingReference' | 'supplierOrderState' | 'supplierOrderAt' | 'supplierSeats' | 'changeRefundPaise';

/**
 * Inserts a world booking row with a fresh id and reference (drawn again when taken); the world's
 * order is the booking itself: its id is the supplier order, its PNR the airline reference.
 */
export async function insertBooking(tx: Tx, values: Omit<BookingRow, 'id' | 'pnr' | SupplierColumns>): Promise<BookingRow> {
  for (let attempt = 1; attempt < 9; attempt += 1) {
    const id = newBookingId(values.createdAt, attempt);
    const pnr = newPnr();
    const row: BookingRow = { ...values, id, pnr, ...worldSupplierColumns(id, pnr) };
    const [written] = await tx.insert(bookings).values(row).onConflictDoNothing().returning({ id: bookings.id });
    if (written) return row;
  }
  throw new AppError('unavailable', 'Could not create a booking reference. Please try again.');
}

/** The supplier columns of a world booking: the booking is its own order. */
function worldSupplierColumns(id: string, pnr: string): Pick<BookingRow, SupplierColumns> {
  return { supplier: 'world', supplierOrderId: id, supplierOfferId: null, supplierTotalMinor: null, supplierCurrency: null, supplierBookingReference: pnr, supplierOrderState: null, supplierOrderAt: null, supplierSeats: null, changeRefundPaise: 0 };
}
