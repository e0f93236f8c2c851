import type { Clock } from '../../core/clock';
import { AppError } from '../../core/errors';
import type { CancellationAnswer, CancellationQuoteAnswer, CancellationRequest, RefundsAnswer } from '../../core/trip-changes';
import type { Db } from '../../db/client';
import { type InventoryListener, applyInventory } from '../booking/catalog';
import type { KeyedAnswer } from '../booking/keyed-answer';
import type { PaymentProvider } from '../payments/provider';
import { type CancelRequest, type FlightFacts, type QuoteOptions, cancelPassengers, cancellationQuote } from './cancel';
import { type Claimed, type SendReport, sendCancellationRefunds, sendLeasedRefunds } from './refund-sender';
import type { FlightSupplier } from '../suppliers/supplier';
import { createSupplierCancellations } from './supplier';
import { loadRefunds } from './views';

/**
 * The cancellation service: quotes, cancels and refunds through the checkout service's payment
 * provider. Routes and the refund job call it; built once with the app's dependencies
 * (`createAppDeps`), next to the checkout service whose provider it shares.
 */

interface CancellationLogger {
  warn(msg: string, fields?: Record<string, unknown>): void;
}

export interface CancellationDeps {
  db: Db;
  clock: Clock;
  /** The checkout service's provider: refunds go back the way the money came. */
  provider: PaymentProvider;
  /** Search's in-memory seat view, told about the seats a cancellation gives back. */
  inventory: InventoryListener;
  facts: FlightFacts;
  logger: CancellationLogger;
  /** A remote supplier (Duffel) whose bookings are cancelled through the seam (supplier.ts); absent: the world only. */
  supplier?: FlightSupplier | undefined;
}

export interface CancellationService {
  /** What cancelling these passengers (default: all still travelling), or one journey of a whole trip, refunds now (a voluntary cancellation unless the airline cancelled). */
  quote(userId: string, bookingId: string, positions?: readonly number[], options?: QuoteOptions): Promise<CancellationQuoteAnswer>;
  /** Cancels passengers (one transaction), gives their seats back to search and sends the refunds at once. */
  cancel(request: CancellationRequest & Pick<CancelRequest, 'reason' | 'within'> & { userId: string; bookingId: string; idempotency?: KeyedAnswer<CancellationAnswer> | undefined }): Promise<CancellationAnswer>;
  /** The refund tracker of a booking (404 for anyone but its traveller). */
  refunds(userId: string, bookingId: string): Promise<RefundsAnswer>;
  /** Sends due refunds and asks about sent ones (the refund job; also right after a cancellation). */
  sendRefunds(ids?: readonly string[]): Promise<SendReport>;
  /** Settles supplier cancellations whose answer was lost or whose node died (the supplier-cancellations job); how many were recorded and dropped. */
  reconcileSupplier(): Promise<{ recorded: number; dropped: number }>;
}

/**
 * Builds the cancellation service.
 * @example const cancellations = createCancellationService({ db, clock, provider: checkout.provider, inventory, facts, logger })
 */
export function createCancellationService(deps: CancellationDeps): CancellationService {
  const { db, clock, provider, facts, logger } = deps;
  const sendRefunds = (ids?: readonly string[]) => sendCancellationRefunds(db, clock, provider, ids ? { ids } : {});
  // With a remote supplier, its bookings go through the seam; the world's (and world mode) as before.
  const remote = deps.supplier ? createSupplierCancellations({ db, clock, supplier: deps.supplier, facts, logger }) : null;
  const send = async (bookingId: string, leased: Claimed[]) => {
    if (leased.length === 0) return;
    // The refund is recorded (leased to this node): a provider outage or a crash here only delays it to the refund job.
    await sendLeasedRefunds(db, clock, provider, leased).catch((error: unknown) => {
      logger.warn('refund deferred to the refund job', { bookingId, error: error instanceof AppError ? error.message : error instanceof Error ? error.name : 'unknown' });
    });
  };
  return {
    quote: async (userId, bookingId, positions, options) =>
      (remote ? await remote.quote(userId, bookingId, positions, options) : null) ?? cancellationQuote(db, clock, facts, userId, bookingId, positions, options),

    async cancel(request) {
      const viaSupplier = remote ? await remote.cancel(request) : null;
      if (viaSupplier) {
        applyInventory(deps.inventory, viaSupplier.inventory);
        await send(request.bookingId, viaSupplier.leased);
        return viaSupplier.answer;
      }
      const { answer, inventory, leased } = await cancelPassengers(db, clock, facts, { ...request, leaseRefunds: true });
      applyInventory(deps.inventory, inventory);
      await send(request.bookingId, leased);
      return answer;
    },

    async refunds(userId, bookingId) {
      const answer = await loadRefunds(db, bookingId, userId);
      if (!answer) throw new AppError('not_found', 'Booking not found');
      return answer;
    },

    sendRefunds,

    async reconcileSupplier() {
      if (!remote) return { recorded: 0, dropped: 0 };
      const { recorded, dropped } = await remote.reconcile();
      for (const done of recorded) {
        applyInventory(deps.inventory, done.inventory);
        await send(done.answer.booking.id, done.leased);
      }
      return { recorded: recorded.length, dropped };
    },
  };
}
