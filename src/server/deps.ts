import type { Clock } from '../core/clock';
import type { Database } from '../db/client';
import { worldCatalog } from '../domain/booking/world-catalog';
import { createCancellationService } from '../domain/cancellations/service';
import { createCheckInService } from '../domain/check-in/service';
import { type CheckoutService, createCheckoutService } from '../domain/checkout/service';
import { createSeatService } from '../domain/seats/service';
import type { InventoryView } from '../domain/inventory/view';
import type { World } from '../domain/world/world';
import { createSupplierSetup } from '../domain/suppliers/setup';
import { type SupplierBookingDeps, settleSupplierPayment } from '../domain/suppliers/bookings';
import type { OfferCache } from '../domain/suppliers/offer-cache';
import type { FlightSupplier } from '../domain/suppliers/supplier';
import { type Config, DEV_SANDBOX_SECRET } from './config';
import { documentsKey } from './documents-key';
import type { AppDeps } from './context';
import type { Logger } from './logger';

/**
 * The app's dependencies, with the services built once from them (checkout, cancellations on its provider, check-in).
 * main.ts and the tests build the app from this.
 * @example const deps = createAppDeps({ database, clock, config, logger, world, inventory })
 */
export function createAppDeps(base: { database: Database; clock: Clock; config: Config; logger: Logger; world: World; inventory: InventoryView }): AppDeps {
  const { config } = base;
  // The Duffel token never reaches a log: the adapter logs method, path, status and timing only.
  const supplier = createSupplierSetup(config, {
    now: () => base.clock.now().getTime(),
    log: (entry) => base.logger.debug('duffel request', { method: entry.method, path: entry.path, status: entry.status, ms: entry.ms, outcome: entry.outcome, requestId: entry.requestId }),
  });
  const remote = supplier.id === 'world' ? undefined : supplier;
  const checkout: CheckoutService = createCheckoutService({
    supplierPayments: remote && ((notice) => settleSupplierPayment(supplierBookingDeps({ database: base.database, clock: base.clock, logger: base.logger, checkout }, remote), notice)),
    db: base.database.db,
    clock: base.clock,
    catalog: worldCatalog(base.world),
    inventory: base.inventory,
    logger: base.logger,
    settings: {
      RAZORPAY_KEY_ID: config.RAZORPAY_KEY_ID,
      RAZORPAY_KEY_SECRET: config.RAZORPAY_KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: config.RAZORPAY_WEBHOOK_SECRET,
      // The sandbox signing secret: configured, else the public development default (production refuses payments then).
      sandboxSecret: config.PAYMENT_SANDBOX_SECRET ?? DEV_SANDBOX_SECRET,
      sandboxSecretConfigured: config.PAYMENT_SANDBOX_SECRET !== undefined,
      production: config.NODE_ENV === 'production',
      upiSuccessRate: config.SANDBOX_UPI_SUCCESS_RATE,
      holdMs: config.BOOKING_HOLD_SECONDS * 1000,
      reconcileAfterMs: config.PAYMENT_RECONCILE_AFTER_SECONDS * 1000,
    },
  });
  const cancellations = createCancellationService({
    db: base.database.db,
    clock: base.clock,
    provider: checkout.provider,
    inventory: base.inventory,
    facts: { international: (flightId) => base.world.getFlight(flightId)?.international ?? false },
    logger: base.logger,
    // Duffel's bookings are cancelled through the seam (decision 0065); the world's as before.
    supplier: supplier.id === 'duffel' ? supplier.api : undefined,
  });
  const seats = createSeatService({ db: base.database.db, clock: base.clock, world: base.world, freeShare: config.SEAT_FREE_SHARE });
  const checkIn = createCheckInService({
    db: base.database.db,
    clock: base.clock,
    international: (flightId) => base.world.getFlight(flightId)?.international ?? false,
    documentsKey: () => documentsKey(config),
    moveSeats: seats.moveAtCheckIn,
  });
  return { ...base, checkout, cancellations, seats, checkIn, supplier };
}

/**
 * What a remote supplier's booking path needs from the app: its database, clock, supplier and log, and the
 * checkout's refund path (refunds sent now; an outage leaves them for the refund sweeper).
 */
export function supplierBookingDeps(
  deps: Pick<AppDeps, 'database' | 'clock' | 'logger' | 'checkout'>,
  supplier: { id: 'duffel'; api: FlightSupplier; offers: OfferCache },
): SupplierBookingDeps {
  return {
    db: deps.database.db,
    clock: deps.clock,
    supplier,
    logger: deps.logger,
    refundNow: async (ids) => {
      for (const id of ids) {
        await deps.checkout.sendRefunds(id).catch(() => deps.logger.warn('refund deferred to the sweeper', { paymentRowId: id }));
      }
    },
  };
}
