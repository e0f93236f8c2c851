import { and, asc, eq } from 'drizzle-orm';
import type { CancellationView, RefundView, RefundsAnswer } from '../../core/trip-changes';
import type { Db } from '../../db/client';
import { bookings, cancellations, payments, refunds } from '../../db/schema';

type CancellationRow = typeof cancellations.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;

/**
 * A cancellation as the API returns it.
 * @example cancellationView(row).refundPaise
 */
export function cancellationView(row: CancellationRow): CancellationView {
  return {
    id: row.id,
    passengers: row.passengerPositions,
    quote: row.quote,
    refundPaise: row.refundPaise,
    retainedPaise: row.retainedPaise,
    destination: row.destination,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A refund as the tracker shows it; `methodLabel` names where the money goes ("Card", "UPI", "Safar credit").
 * @example refundView(row, 'Card').status
 */
export function refundView(row: RefundRow, methodLabel: string): RefundView {
  return {
    id: row.id,
    amountPaise: row.amountPaise,
    destination: row.destination,
    status: row.status,
    methodLabel,
    requestedAt: row.requestedAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    dueBy: row.dueBy.toISOString(),
  };
}

/**
 * The refund tracker of one booking of one traveller, or null (another traveller's booking is simply not found).
 * @example (await loadRefunds(db, 'BK1732180000000', userId))?.refunds[0]?.status
 */
export async function loadRefunds(db: Db, bookingId: string, userId: string): Promise<RefundsAnswer | null> {
  const [booking] = await db.select({ id: bookings.id }).from(bookings).where(and(eq(bookings.id, bookingId), eq(bookings.userId, userId)));
  if (!booking) return null;
  const cancelled = await db.select().from(cancellations).where(eq(cancellations.bookingId, bookingId)).orderBy(asc(cancellations.createdAt), asc(cancellations.id));
  const rows = await db
    .select({ refund: refunds, method: payments.method })
    .from(refunds)
    .leftJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.bookingId, bookingId))
    .orderBy(asc(refunds.requestedAt), asc(refunds.id));
  return {
    cancellations: cancelled.map(cancellationView),
    refunds: rows.map(({ refund, method }) => refundView(refund, refund.destination === 'credit' ? 'Safar credit' : method === 'upi' ? 'UPI' : 'Card')),
  };
}
