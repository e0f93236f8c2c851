import { and, eq, inArray } from 'drizzle-orm';
import type { Clock } from '../../core/clock';
import type { Db } from '../../db/client';
import { bookings, payments } from '../../db/schema';
import type { OfferCache } from './offer-cache';
import type { FlightSupplier, SupplierError } from './supplier';

/** A remote supplier's part of the booking path (decision 0064). */
export interface SupplierBookingDeps {
  db: Db;
  clock: Clock;
  supplier: { id: 'duffel'; api: FlightSupplier; offers: OfferCache };
  logger: { info(msg: string, fields?: Record<string, unknown>): void; warn(msg: string, fields?: Record<string, unknown>): void };
  /** Sends refunds of these payment rows now (the checkout's refund path); a provider outage leaves them for the sweeper. */
  refundNow(paymentRowIds: readonly string[]): Promise<void>;
}

/** The errors after which no order was made: the airline said no. Anything else may have made one. */
export const REFUSED: ReadonlySet<SupplierError['kind']> = new Set(['offerExpired', 'soldOut', 'priceChanged', 'invalidRequest', 'notFound', 'notAllowed', 'unsupported', 'misconfigured']);

/** The airline refused: the booking is cancelled and every payment on it goes back through the refund path. */
export async function failOrder(deps: SupplierBookingDeps, bookingId: string, why: string): Promise<void> {
  const now = deps.clock.now();
  const refundRows = await deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(bookings)
      .set({ status: 'cancelled', supplierOrderState: 'failed', supplierOrderAt: now })
      .where(and(eq(bookings.id, bookingId), eq(bookings.supplierOrderState, 'ordering')))
      .returning({ id: bookings.id });
    if (updated.length === 0) return [];
    const rows = await tx
      .update(payments)
      .set({ status: 'refunding', failureReason: `supplier order failed: ${why}`.slice(0, 500), updatedAt: now })
      .where(and(eq(payments.bookingId, bookingId), inArray(payments.status, ['authorized', 'captured'])))
      .returning({ id: payments.id });
    return rows.map((r) => r.id);
  });
  deps.logger.warn('supplier order failed; payment refunded', { bookingId, why, refunds: refundRows.length });
  await deps.refundNow(refundRows);
}

