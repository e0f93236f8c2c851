import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { AppError } from '../../core/errors';
import type { ChangeQuote, PassengerLegFare } from '../../core/fares';
import { searchQuerySchema } from '../../core/search';
import type { Itinerary } from '../../core/search';
import { TRIP_MESSAGES, journeyItinerary } from '../../core/trip';
import { type ChangeAnswer, type ChangeOptionsAnswer, TRIP_CHANGE_MESSAGES, TRIP_CHANGE_REASONS } from '../../core/trip-changes';
import { bookingFares, bookings, passengers } from '../../db/schema';
import type { Tx } from '../booking/catalog';
import { CHANGEABLE_STATUSES } from '../booking/change-swap';
import { newBookingId, newPnr } from '../booking/ids';
import { bookingView, loadBooking } from '../booking/views';
import { faresOfLoaded } from '../fares/stored';
import { supplierJourneys } from '../suppliers/bookings';
import { placeSupplierChange } from '../suppliers/order-changes';
import type { SupplierBookingDeps } from '../suppliers/order-failure';
import { type CabinClass, type ChangeOffer, SupplierError, type SupplierOrder } from '../suppliers/supplier';
import { indiaToday } from '../world/time';
import { DueChangedError, type ChangeRequestInput, assertQuoteSeen } from './changes';
import { SUPPLIER_CHANGE_MESSAGES, changeOptionId, changedItinerary, changedTrip, journeySlice, offerable, supplierChangeQuote } from './supplier-quote';

/**
 * Changing a booking a remote supplier sold (Duffel) to another flight, through the supplier seam
 * (decision 0070), on the same screens and wire shapes as the world's changes:
 * - options: a change request for the order (the changed journey's slice removed, the same route
 *   added on the date asked, in the booking's cabin); each change offer the airline answers becomes
 *   an option with Safar's quote (`supplierChangeQuote`); the flight already booked is left out, and
 *   so are offers Safar cannot take online (another currency, or money back above what was paid);
 * - a round trip sold as one order of two slices changes one journey at a time (`journey`, 0 the
 *   outbound, 1 the return; required): only that journey's slice is removed and added again; an
 *   option is the whole trip as it will be (the new journey and the one kept, in travel order); a
 *   date out of travel order with the journey kept is a 400 on `date`, a flight out of it is no option;
 * - money back: an offer the airline pays back to the original payment is offered with its refund
 *   in INR (the conversion named); the change booking keeps it (`change_refund_paise`), and the
 *   transaction that records the change as confirmed refunds it to the booking's payments;
 * - a change: the offers are asked again (offer ids change with every request; the option id is
 *   the flight's route and departure instant) and the chosen one re-quoted: a due other than the
 *   one seen answers 409 due-changed with the new quote; an option gone answers 409 saying so;
 * - one change at a time: in one transaction that locks the booking, a change booking (held,
 *   `changed_from` the booking, same passengers at the same positions, the same supplier order and
 *   booking reference, what Safar will owe the supplier after the change) is written unless another
 *   change is live (held and unpaid, or being confirmed with the airline): 409 then;
 * - something due: the change booking is held until the offer expires (at most the hold time) and
 *   paid through the normal checkout; its payment confirms the change with the airline (the
 *   supplier-payment path, `placeSupplierChange`): payment and change are one outcome;
 * - nothing due: the change is confirmed with the airline at once; an offer that expired meanwhile
 *   answers 409 quote-expired with a fresh quote, and nothing changes.
 * The booking then shows the new flights: the change booking replaces the old one (`changed`).
 */

type BookingRow = typeof bookings.$inferSelect;
type PassengerRow = typeof passengers.$inferSelect;

export interface SupplierTripChangeDeps {
  booking: SupplierBookingDeps;
  holdMs: number;
}

export interface SupplierTripChanges {
  /** The options of a supplier's booking, or null when the booking is the world's (or not this traveller's). */
  options(userId: string, bookingId: string, date: string, journey: number | undefined): Promise<ChangeOptionsAnswer | null>;
  /** Holds (or, nothing due, makes) a change of a supplier's booking, or null when the booking is the world's (or not this traveller's). */
  request(input: ChangeRequestInput): Promise<ChangeAnswer | null>;
}

const notChangeable = (why: string) => new AppError('conflict', `${TRIP_CHANGE_MESSAGES.notChangeable}: ${why}`);
const asAppError = (error: unknown) => (error instanceof SupplierError ? error.toAppError() : error);

/** What a change applies to: the whole booking (`index` null, a booking of one journey), or one journey of a round trip. */
interface Scope {
  index: number | null;
  itinerary: Itinerary;
}

/**
 * The journey a change applies to, checked: a booking of one journey changes whole (a journey other than
 * 0 is a 400 on `journey`); a round trip one journey at a time (none named, or one it does not have: 400).
 */
function scopeOf(row: Pick<BookingRow, 'itinerary' | 'journeys'>, journey: number | undefined): Scope {
  const journeys = row.journeys ?? [];
  if (journeys.length < 2) {
    if (journey !== undefined && journey !== 0) throw new AppError('validation_failed', SUPPLIER_CHANGE_MESSAGES.wholeOnly, { journey: SUPPLIER_CHANGE_MESSAGES.wholeOnly });
    return { index: null, itinerary: row.itinerary };
  }
  if (journey === undefined) throw new AppError('validation_failed', TRIP_MESSAGES.chooseJourney, { journey: TRIP_MESSAGES.chooseJourney });
  const chosen = journeys[journey];
  if (!chosen) throw new AppError('validation_failed', TRIP_CHANGE_MESSAGES.unknownJourney, { journey: TRIP_CHANGE_MESSAGES.unknownJourney });
  return { index: journey, itinerary: journeyItinerary(row.itinerary, chosen, journey) };
}

const SUPPLIER_CABIN: Record<BookingRow['cabin'], CabinClass> = { economy: 'economy', premium: 'premium_economy', business: 'business', first: 'first' };

/**
 * Builds the supplier's trip changes.
 * @example const remote = createSupplierTripChanges({ booking: supplierBookingDeps(deps, setup), holdMs })
 */
export function createSupplierTripChanges(deps: SupplierTripChangeDeps): SupplierTripChanges {
  const { db, clock } = deps.booking;
  const api = deps.booking.supplier.api;
  const supplierId = deps.booking.supplier.id;

  async function load(userId: string, bookingId: string): Promise<{ row: BookingRow; pax: PassengerRow[]; fares: PassengerLegFare[] } | null> {
    const [row] = await db.select().from(bookings).where(and(eq(bookings.id, bookingId), eq(bookings.userId, userId)));
    if (!row || row.supplier === 'world') return null;
    const all = await db.select().from(passengers).where(eq(passengers.bookingId, row.id)).orderBy(asc(passengers.position));
    const pax = all.filter((p) => p.cancelledAt === null);
    const positions = new Set(pax.map((p) => p.position));
    // Its fares as the ticket shows them (stored once changed, else from its price snapshot): seats bought included.
    const fares = await faresOfLoaded(db, row, all);
    return { row, pax, fares: fares.filter((f) => f.status === 'active' && positions.has(f.passengerPosition)) };
  }

  /**
   * The rules before any change: confirmed with its order made, someone travelling, the journey changed
   * not departed; a booking of one journey changes whole, a round trip one named journey at a time.
   */
  function assertChangeable(row: BookingRow, pax: readonly PassengerRow[], journey: number | undefined): { orderId: string; currency: string; totalMinor: number; scope: Scope } {
    if (!CHANGEABLE_STATUSES.includes(row.status)) throw notChangeable(row.status === 'held' ? 'it is not paid yet.' : `it is ${row.status === 'changed' ? 'already changed' : row.status}.`);
    if (row.supplierOrderId === null || row.supplierOrderState !== 'ordered' || row.supplierCurrency === null || row.supplierTotalMinor === null) throw notChangeable('the airline has not confirmed it yet.');
    const scope = scopeOf(row, journey);
    if (pax.length === 0) throw notChangeable('nobody is travelling on it any more.');
    if (Date.parse(scope.itinerary.departure) <= clock.now().getTime()) throw notChangeable('its flight has left.');
    return { orderId: row.supplierOrderId, currency: row.supplierCurrency, totalMinor: row.supplierTotalMinor, scope };
  }

  /** The date asked, checked as a search date of the journey changed and in travel order with the journeys kept (400 tied to `date`). */
  function checkedDate(row: BookingRow, pax: readonly PassengerRow[], scope: Scope, date: string): string {
    const first = scope.itinerary.legs[0];
    const last = scope.itinerary.legs.at(-1);
    const count = (type: PassengerRow['type']) => pax.filter((p) => p.type === type).length;
    const parsed = searchQuerySchema(indiaToday(clock.now())).safeParse({ from: first?.from.code, to: last?.to.code, date, cabin: row.cabin, adults: count('adult'), children: count('child'), infants: count('infant') });
    if (!parsed.success) {
      const message = parsed.error.issues.find((i) => i.path[0] === 'date')?.message ?? TRIP_CHANGE_MESSAGES.changeDateRequired;
      throw new AppError('validation_failed', message, { date: message });
    }
    const day = parsed.data.date;
    if (scope.index !== null) {
      const journeys = row.journeys ?? [];
      const before = journeys[scope.index - 1];
      const after = journeys[scope.index + 1];
      // A journey's date is its local departure date: the one before must leave no later, the one after no earlier.
      const message = before && day < before.date ? SUPPLIER_CHANGE_MESSAGES.returnBeforeOutbound(before.date) : after && day > after.date ? SUPPLIER_CHANGE_MESSAGES.outboundAfterReturn(after.date) : null;
      if (message) throw new AppError('validation_failed', message, { date: message });
    }
    return day;
  }

  /** The airline's change offers for the changed journey's slice on `date`, those Safar can take online (and in travel order), each quoted with the whole trip it makes. */
  async function offersOn(row: BookingRow, fares: readonly PassengerLegFare[], order: { orderId: string; currency: string; totalMinor: number; scope: Scope }, date: string): Promise<{ offer: ChangeOffer; quote: ChangeQuote; itinerary: Itinerary }[]> {
    const current: SupplierOrder = await api.getOrder(order.orderId).catch((error: unknown) => {
      throw asAppError(error);
    });
    if (!current.availableActions.includes('change')) throw new SupplierError('notAllowed', 'The order no longer allows changes').toAppError();
    const { scope } = order;
    const slice = scope.index === null ? (current.slices.length === 1 ? current.slices[0] : undefined) : journeySlice(current.slices, scope.itinerary.legs);
    if (!slice) throw notChangeable('the airline changes this trip only through us: contact us.');
    const request = await api
      .requestChange({ orderId: order.orderId, removeSliceIds: [slice.id], add: [{ origin: slice.origin, destination: slice.destination, departureDate: date, cabin: SUPPLIER_CABIN[row.cabin] }] })
      .catch((error: unknown) => {
        throw asAppError(error);
      });
    const booked = Date.parse(scope.itinerary.departure);
    const airline = row.itinerary.supplier?.owner ?? row.itinerary.legs[0]?.carrierName ?? 'The airline';
    const whole = (offer: ChangeOffer) => {
      const total = order.totalMinor + offer.changeTotal.amountMinor;
      return scope.index === null ? changedItinerary(supplierId, row.itinerary, offer, row.cabin, total) : changedTrip(supplierId, row.itinerary, scope.index, offer, row.cabin, total);
    };
    return request.offers
      .filter((offer) => offerable(offer, order.currency))
      .flatMap((offer) => {
        const itinerary = whole(offer);
        return itinerary ? [{ offer, itinerary, quote: supplierChangeQuote({ supplier: supplierId, airline, fares, offer }) }] : [];
      })
      // Money back goes to what the traveller paid: never more than that.
      .filter(({ offer, quote }) => quote.refundPaise <= row.totalInr * 100 && Date.parse(offer.add[0]?.segments[0]?.departing.utc ?? '') !== booked)
      .sort((a, b) => Date.parse(a.offer.add[0]?.segments[0]?.departing.utc ?? '') - Date.parse(b.offer.add[0]?.segments[0]?.departing.utc ?? ''));
  }

  /** A live change of this booking (held and unpaid, or being confirmed with the airline), if any. */
  async function liveChange(tx: Tx, oldId: string, now: Date): Promise<BookingRow | undefined> {
    const rows = await tx.select().from(bookings).where(eq(bookings.changedFrom, oldId));
    return rows.find((r) => (r.status === 'held' && r.holdExpiresAt.getTime() > now.getTime()) || r.supplierOrderState === 'ordering');
  }

  return {
    async options(userId, bookingId, date, journey) {
      const loaded = await load(userId, bookingId);
      if (!loaded) return null;
      const order = assertChangeable(loaded.row, loaded.pax, journey);
      const day = checkedDate(loaded.row, loaded.pax, order.scope, date);
      const offers = await offersOn(loaded.row, loaded.fares, order, day);
      return { date: day, options: offers.map(({ itinerary, quote }) => ({ itinerary, quote })) };
    },

    async request(input) {
      const loaded = await load(input.userId, input.bookingId);
      if (!loaded) return null;
      const { row, pax, fares } = loaded;
      const order = assertChangeable(row, pax, input.journey);
      // The option id carries the new flight's local departure date: the offers are asked for that date again.
      const when = /^[a-z]+-change:[A-Z]{3}-[A-Z]{3}:(\d{4}-\d{2}-\d{2})@/.exec(input.itineraryId)?.[1];
      if (!input.itineraryId.startsWith(`${supplierId}-change:`) || !when) throw new AppError('validation_failed', SUPPLIER_CHANGE_MESSAGES.noLongerOffered, { itineraryId: SUPPLIER_CHANGE_MESSAGES.noLongerOffered });
      const find = async () => (await offersOn(row, fares, order, checkedDate(row, pax, order.scope, when))).find((o) => changeOptionId(supplierId, o.offer) === input.itineraryId) ?? null;
      const chosen = await find();
      if (!chosen) throw new AppError('conflict', SUPPLIER_CHANGE_MESSAGES.noLongerOffered);
      assertQuoteSeen(chosen.quote, input);

      const now = clock.now();
      const due = chosen.quote.duePaise;
      const itinerary = chosen.itinerary;
      // What the traveller has paid carries over as credit; the new booking's total is it plus what is due, in whole rupees.
      const paidPaise = row.totalInr * 100;
      const totalInr = Math.ceil((paidPaise + due) / 100);
      const holdExpiresAt = new Date(Math.min(now.getTime() + deps.holdMs, Date.parse(chosen.offer.expiresAt)));
      const inserted = await db.transaction(async (tx) => {
        const [locked] = await tx.select().from(bookings).where(eq(bookings.id, row.id)).for('update');
        if (!locked || !CHANGEABLE_STATUSES.includes(locked.status)) throw notChangeable(`it is ${locked?.status === 'changed' ? 'already changed' : (locked?.status ?? 'gone')}.`);
        const live = await liveChange(tx, row.id, now);
        if (live) throw live.status === 'held' ? new AppError('conflict', 'A change of this booking is already waiting for payment. Pay for it, or wait until its hold ends.') : new AppError('conflict', SUPPLIER_CHANGE_MESSAGES.underWay);
        for (let attempt = 1; attempt < 9; attempt += 1) {
          const pnr = newPnr();
          const next: BookingRow = {
            ...row,
            id: newBookingId(now, attempt),
            pnr,
            status: due === 0 ? 'confirmed' : 'held',
            itineraryId: itinerary.id,
            itinerary,
            passengerCount: pax.length,
            seatCount: pax.filter((p) => p.type !== 'infant').length,
            totalInr,
            holdExpiresAt,
            createdAt: now,
            confirmedAt: null,
            paymentId: null,
            paymentMethod: null,
            changedFrom: row.id,
            creditPaise: totalInr * 100 - due,
            // A round trip stays one ticket of its journeys, in travel order, under the new booking's reference.
            // Their shares add up to the new booking's total (the pair has one price).
            journeys: order.scope.index === null ? null : supplierJourneys({ ...itinerary, price: { ...itinerary.price, total: { ...itinerary.price.total, total: totalInr } } }, pnr),
            supplierOfferId: chosen.offer.id,
            supplierTotalMinor: order.totalMinor + chosen.offer.changeTotal.amountMinor,
            supplierOrderState: due === 0 ? 'ordering' : null,
            supplierOrderAt: due === 0 ? now : null,
            changeRefundPaise: chosen.quote.refundPaise,
          };
          const [written] = await tx.insert(bookings).values(next).onConflictDoNothing().returning({ id: bookings.id });
          if (!written) continue;
          const copied = pax.map((p) => ({ ...p, id: randomUUID(), bookingId: next.id }));
          await tx.insert(passengers).values(copied);
          // The fares paid carry over, what the change cost added to (what the airline pays back taken from) the first passenger's airline fare (what a cancellation refunds from).
          const moved = due - chosen.quote.refundPaise;
          const rows = fares.map((f, i) => {
            const base = f.lines.findIndex((l) => l.kind === 'fare');
            const lines = i === 0 && moved !== 0 && base >= 0 ? f.lines.map((l, k) => (k === base ? { ...l, paise: l.paise + moved } : l)) : f.lines;
            return { bookingId: next.id, passengerPosition: f.passengerPosition, legIndex: f.legIndex, passengerType: f.passengerType, familyCode: f.familyCode, lines, totalPaise: lines.reduce((n, l) => n + l.paise, 0), status: f.status };
          });
          if (rows.length > 0) await tx.insert(bookingFares).values(rows);
          return { row: next, pax: copied };
        }
        throw new AppError('unavailable', 'Could not create a booking reference. Please try again.');
      });
      if (due > 0) return { booking: bookingView(inserted.row, inserted.pax), quote: chosen.quote };

      // Nothing due: confirmed with the airline now.
      const placed = await placeSupplierChange(deps.booking, inserted.row.id);
      if (placed.outcome === 'failed') {
        if (placed.refused && (placed.refused.kind === 'soldOut' || placed.refused.kind === 'offerExpired' || placed.refused.kind === 'priceChanged')) {
          const fresh = await find().catch(() => null);
          if (fresh) throw new DueChangedError(fresh.quote, TRIP_CHANGE_REASONS.quoteExpired, SUPPLIER_CHANGE_MESSAGES.offerExpired);
          throw new AppError('conflict', SUPPLIER_CHANGE_MESSAGES.noLongerOffered);
        }
        throw placed.refused ? placed.refused.toAppError() : notChangeable('the airline refused it.');
      }
      if (placed.outcome === 'unknown') throw new SupplierError('outcomeUnknown', 'change outcome unknown').toAppError();
      const booking = await loadBooking(db, inserted.row.id, input.userId);
      if (!booking) throw new AppError('not_found', 'Booking not found');
      return { booking, quote: chosen.quote };
    },
  };
}
