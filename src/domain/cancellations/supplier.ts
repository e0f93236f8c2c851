import { and, asc, eq, lt } from 'drizzle-orm';
import type { Clock } from '../../core/clock';
import { AppError } from '../../core/errors';
import { type PassengerLegFare, REFUND_DESTINATIONS, type RefundQuote, RefundQuoteSchema } from '../../core/fares';
import { faresOfLoaded } from '../fares/stored';
import { z } from '../../core/zod';
import { type CancellationAnswer, type CancellationQuoteAnswer, TRIP_CHANGE_MESSAGES, TRIP_CHANGE_REASONS } from '../../core/trip-changes';
import type { Db } from '../../db/client';
import { bookings, idempotencyKeys, passengers } from '../../db/schema';
import type { InventoryChange, Tx } from '../booking/catalog';
import { SupplierError, type CancellationQuote, type FlightSupplier } from '../suppliers/supplier';
import { getAirport } from '../world/airports';
import { type CancelRequest, type FlightFacts, type QuoteOptions, RefundChangedError, cancelPassengers } from './cancel';
import type { Claimed } from './refund-sender';
import { SUPPLIER_CANCEL_MESSAGES, supplierRefundQuote } from './supplier-quote';

type BookingRow = typeof bookings.$inferSelect;
type PassengerRow = typeof passengers.$inferSelect;

/**
 * Cancelling a booking a remote supplier sold (Duffel), through the supplier seam.
 *
 * - The quote is the supplier's (`quoteCancellation`), turned into Safar's refund quote by
 *   `supplierRefundQuote` (converted to INR, the conversion named, Safar's fee by its rule). The
 *   supplier cancels whole orders only: asking for some passengers or one journey is a 400 tied
 *   to the field.
 * - Confirming asks the supplier for a fresh quote (only the latest quote of an order can be
 *   confirmed), checks that its refund is the one the traveller saw (else 409 refund-changed with
 *   the new quote), confirms it with the supplier outside any database transaction, then records
 *   the cancellation and its refunds like any other (one transaction) and sends the refunds.
 * - One supplier cancellation per booking at a time: a claim row (scope `supplier-cancellation`,
 *   key the booking id, in the Idempotency-Key table) is taken before the supplier is asked and
 *   removed by the transaction that records the cancellation; a second cancel meanwhile is a 409.
 * - The supplier says its quote expired (or is no longer its latest): 409 quote-expired with a
 *   fresh quote; nothing is cancelled.
 * - The supplier's answer to the confirmation is lost (a time-out or a 500): the order is read
 *   again; cancelled → recorded as above; otherwise the claim stays and the traveller is told we
 *   are checking (503). `reconcile` (a job) settles claims older than `RECONCILE_AFTER_MS`:
 *   the order cancelled at the supplier → the cancellation and its refund are recorded from the
 *   claim's quote; not cancelled → the claim is dropped. So a crash between the supplier's
 *   confirmation and Safar's commit loses no refund, and nothing is ever cancelled twice.
 */

/** Claims older than this are settled by `reconcile` (above the supplier's own 130 s deadline). */
export const RECONCILE_AFTER_MS = 3 * 60_000;
const CLAIM_SCOPE = 'supplier-cancellation';

/** What a claim row remembers while the supplier is asked. */
const ClaimSchema = z.object({
  state: z.enum(['quoting', 'confirming']),
  orderId: z.string(),
  userId: z.string(),
  quote: RefundQuoteSchema.nullable(),
  destination: z.enum(REFUND_DESTINATIONS),
  reason: z.enum(['voluntary', 'airlineCancelled']),
});
type Claim = z.infer<typeof ClaimSchema>;

/** The 409 of a supplier quote that expired before it was confirmed; carries a fresh quote. */
class QuoteExpiredError extends RefundChangedError {
  constructor(quote: CancellationQuoteAnswer) {
    super(quote, TRIP_CHANGE_REASONS.quoteExpired, SUPPLIER_CANCEL_MESSAGES.quoteExpired);
  }
}

interface Logger {
  warn(msg: string, fields?: Record<string, unknown>): void;
}

export interface SupplierCancellationDeps {
  db: Db;
  clock: Clock;
  supplier: FlightSupplier;
  facts: FlightFacts;
  logger: Logger;
}

interface SupplierCancelResult {
  answer: CancellationAnswer;
  inventory: InventoryChange[];
  leased: Claimed[];
}

export interface SupplierCancellations {
  /** The quote of a supplier's booking, or null when the booking is the world's (or not this traveller's). */
  quote(userId: string, bookingId: string, positions?: readonly number[], options?: QuoteOptions): Promise<CancellationQuoteAnswer | null>;
  /** Cancels a supplier's booking (see above), or null when the booking is the world's (or not this traveller's). */
  cancel(request: CancelRequest): Promise<SupplierCancelResult | null>;
  /** Settles claims left by a lost answer or a crash; returns how many were settled. */
  reconcile(): Promise<{ recorded: SupplierCancelResult[]; dropped: number }>;
}

const asAppError = (error: unknown) => (error instanceof SupplierError ? error.toAppError() : error);

/** Every leg's airports in India (the world's airport list); any other airport makes the trip international. */
function internationalTrip(booking: BookingRow): boolean {
  return booking.itinerary.legs.some((leg) => getAirport(leg.from.code)?.country !== 'IN' || getAirport(leg.to.code)?.country !== 'IN');
}

/**
 * Builds the supplier cancellations.
 * @example const remote = createSupplierCancellations({ db, clock, supplier: setup.api, facts, logger })
 */
export function createSupplierCancellations(deps: SupplierCancellationDeps): SupplierCancellations {
  const { db, clock, supplier, facts, logger } = deps;

  const claimMatch = (userId: string, bookingId: string) => and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.scope, CLAIM_SCOPE), eq(idempotencyKeys.key, bookingId));

  /** The traveller's booking when a remote supplier sold it, with its passengers and stored fares; null otherwise. */
  async function load(userId: string, bookingId: string): Promise<{ booking: BookingRow; pax: PassengerRow[]; fares: PassengerLegFare[] } | null> {
    const [booking] = await db.select().from(bookings).where(and(eq(bookings.id, bookingId), eq(bookings.userId, userId)));
    if (!booking || booking.supplier === 'world') return null;
    // Its fares as the ticket shows them: per passenger and flight, the airline's fare, Safar's fee and any seat bought.
    const pax = await db.select().from(passengers).where(eq(passengers.bookingId, bookingId)).orderBy(asc(passengers.position));
    return { booking, pax, fares: await faresOfLoaded(db, booking, pax) };
  }

  /** The positions cancelled: every passenger still travelling (the supplier cancels whole orders). */
  function wholeOrder(booking: BookingRow, pax: readonly PassengerRow[], asked: readonly number[] | undefined, journey: number | undefined): { positions: number[]; orderId: string } {
    if (booking.status !== 'confirmed' || !booking.supplierOrderId) throw new AppError('conflict', TRIP_CHANGE_MESSAGES.notCancellable);
    if (journey !== undefined) {
      // A round trip the airline sold as one ticket: one journey alone cannot be cancelled (a conflict, not a bad field).
      if ((booking.journeys?.length ?? 0) > 1) throw new AppError('conflict', SUPPLIER_CANCEL_MESSAGES.oneTicket);
      throw new AppError('validation_failed', SUPPLIER_CANCEL_MESSAGES.noJourney, { journey: SUPPLIER_CANCEL_MESSAGES.noJourney });
    }
    const positions = pax.filter((p) => p.cancelledAt === null).map((p) => p.position);
    if (positions.length === 0) throw new AppError('conflict', TRIP_CHANGE_MESSAGES.notCancellable);
    if (asked !== undefined && [...new Set(asked)].sort((a, b) => a - b).join(',') !== positions.join(',')) {
      throw new AppError('validation_failed', SUPPLIER_CANCEL_MESSAGES.wholeOnly, { passengers: SUPPLIER_CANCEL_MESSAGES.wholeOnly });
    }
    return { positions, orderId: booking.supplierOrderId };
  }

  /** Safar's refund quote from the supplier's. */
  function priced(booking: BookingRow, fares: readonly PassengerLegFare[], positions: readonly number[], quote: CancellationQuote, reason: Claim['reason']): RefundQuote {
    if (booking.supplierTotalMinor === null || booking.supplierCurrency === null) throw new AppError('conflict', TRIP_CHANGE_MESSAGES.notCancellable);
    const departures = booking.itinerary.legs.map((leg) => Date.parse(leg.departure));
    return supplierRefundQuote({
      bookedAt: booking.createdAt,
      firstDepartureUtc: new Date(Math.min(...departures)),
      international: internationalTrip(booking),
      fares: fares.filter((f) => f.status === 'active' && positions.includes(f.passengerPosition)),
      supplier: booking.supplier,
      airline: booking.itinerary.legs[0]?.carrierName ?? 'The airline',
      total: { amountMinor: booking.supplierTotalMinor, currency: booking.supplierCurrency },
      quote,
      now: clock.now(),
      reason,
    });
  }

  async function freshQuote(loaded: NonNullable<Awaited<ReturnType<typeof load>>>, positions: number[], orderId: string, reason: Claim['reason']): Promise<CancellationQuoteAnswer> {
    const quote = await supplier.quoteCancellation(orderId).catch((error: unknown) => {
      throw asAppError(error);
    });
    return { passengers: positions, quote: priced(loaded.booking, loaded.fares, positions, quote, reason), creditOffered: true };
  }

  /** Records the cancellation the supplier confirmed (one transaction, which also drops the claim). */
  async function record(request: CancelRequest, userId: string, positions: number[], quote: RefundQuote, fares: PassengerLegFare[]): Promise<SupplierCancelResult> {
    const outcome = await cancelPassengers(db, clock, facts, {
      ...request,
      passengers: positions,
      quotedRefundPaise: quote.refundPaise,
      journey: undefined,
      priced: { quote, fares },
      leaseRefunds: true,
      within: async (tx: Tx, answer) => {
        await tx.delete(idempotencyKeys).where(claimMatch(userId, request.bookingId));
        if (request.within) await request.within(tx, answer);
      },
    });
    return { answer: outcome.answer, inventory: outcome.inventory, leased: outcome.leased };
  }

  const release = (userId: string, bookingId: string) => db.delete(idempotencyKeys).where(claimMatch(userId, bookingId));

  /** The order is cancelled at the supplier (read again after a lost answer); null when that cannot be known now. */
  async function cancelledAtSupplier(orderId: string): Promise<boolean | null> {
    try {
      return (await supplier.getOrder(orderId)).status === 'cancelled';
    } catch {
      return null;
    }
  }

  return {
    async quote(userId, bookingId, positions, options = {}) {
      const loaded = await load(userId, bookingId);
      if (!loaded) return null;
      const whole = wholeOrder(loaded.booking, loaded.pax, positions, options.journey);
      return freshQuote(loaded, whole.positions, whole.orderId, options.reason ?? 'voluntary');
    },

    async cancel(request) {
      const loaded = await load(request.userId, request.bookingId);
      if (!loaded) return null;
      const reason = request.reason ?? 'voluntary';
      const { positions, orderId } = wholeOrder(loaded.booking, loaded.pax, request.passengers, request.journey);
      const userId = request.userId;
      const claim: Claim = { state: 'quoting', orderId, userId, quote: null, destination: request.destination, reason };
      const claimed = await db
        .insert(idempotencyKeys)
        .values({ userId, scope: CLAIM_SCOPE, key: request.bookingId, requestHash: orderId, status: 'done', responseStatus: 202, responseBody: claim, createdAt: clock.now() })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length === 0) throw new AppError('conflict', SUPPLIER_CANCEL_MESSAGES.underWay, undefined, 'supplier-cancellation-in-progress');

      let answer: CancellationQuoteAnswer;
      try {
        answer = await freshQuote(loaded, positions, orderId, reason);
      } catch (error) {
        await release(userId, request.bookingId);
        throw error;
      }
      if (answer.quote.refundPaise !== request.quotedRefundPaise) {
        await release(userId, request.bookingId);
        throw new RefundChangedError(answer);
      }
      const supplierQuoteId = answer.quote.supplier?.quoteId ?? '';
      await db
        .update(idempotencyKeys)
        .set({ responseBody: { ...claim, state: 'confirming', quote: answer.quote } satisfies Claim, createdAt: clock.now() })
        .where(claimMatch(userId, request.bookingId));

      try {
        await supplier.confirmCancellation(supplierQuoteId);
      } catch (error) {
        if (!(error instanceof SupplierError)) throw error;
        if (error.kind === 'offerExpired') {
          await release(userId, request.bookingId);
          throw new QuoteExpiredError(await freshQuote(loaded, positions, orderId, reason));
        }
        if (error.kind === 'outcomeUnknown' || error.kind === 'timeout' || error.kind === 'notAllowed') {
          // It may have happened (or an earlier attempt did): the order says.
          const cancelled = await cancelledAtSupplier(orderId);
          if (cancelled === false && error.kind === 'notAllowed') {
            await release(userId, request.bookingId);
            throw error.toAppError();
          }
          if (cancelled !== true) {
            logger.warn('supplier cancellation outcome unknown; the reconciler will settle it', { bookingId: request.bookingId, code: error.supplierCode });
            throw new SupplierError('outcomeUnknown', error.message).toAppError();
          }
        } else {
          await release(userId, request.bookingId);
          throw error.toAppError();
        }
      }
      return record(request, userId, positions, answer.quote, loaded.fares);
    },

    async reconcile() {
      const due = new Date(clock.now().getTime() - RECONCILE_AFTER_MS);
      const claims = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.scope, CLAIM_SCOPE), lt(idempotencyKeys.createdAt, due)))
        .orderBy(asc(idempotencyKeys.createdAt))
        .limit(50);
      const recorded: SupplierCancelResult[] = [];
      let dropped = 0;
      for (const row of claims) {
        const claim = ClaimSchema.safeParse(row.responseBody);
        if (!claim.success) {
          await release(row.userId, row.key);
          dropped++;
          continue;
        }
        try {
          const done = await settle(row.userId, row.key, claim.data);
          if (done === 'dropped') dropped++;
          else if (done) recorded.push(done);
        } catch (error) {
          // Another node settled it first (the booking is cancelled now), or the database is away: the next run sees.
          logger.warn('supplier cancellation not settled yet', { bookingId: row.key, error: error instanceof Error ? error.message : 'unknown' });
        }
      }
      return { recorded, dropped };
    },
  };

  /** One claim: recorded, dropped, or null (the supplier cannot say now). */
  async function settle(userId: string, bookingId: string, claim: Claim): Promise<SupplierCancelResult | 'dropped' | null> {
    const cancelled = await cancelledAtSupplier(claim.orderId);
    if (cancelled === null) return null;
    if (!cancelled || claim.quote === null) {
      // Nothing was cancelled at the supplier (or it was before Safar kept what it would refund: settled by hand).
      if (cancelled && claim.quote === null) logger.warn('order cancelled at the supplier before a quote was kept', { bookingId });
      await release(userId, bookingId);
      return 'dropped';
    }
    const loaded = await load(userId, bookingId);
    if (!loaded || loaded.booking.status !== 'confirmed') {
      await release(userId, bookingId);
      return 'dropped';
    }
    const positions = [...new Set(claim.quote.lines.map((l) => l.passengerPosition))];
    return record(
      { userId, bookingId, passengers: positions, destination: claim.destination, quotedRefundPaise: claim.quote.refundPaise, reason: claim.reason },
      userId,
      positions,
      claim.quote,
      loaded.fares,
    );
  }
}
