import { and, asc, eq } from 'drizzle-orm';
import type { Clock } from '../../core/clock';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema';
import type { PaymentProvider } from '../payments/provider';
import { CREDIT, returnCredit } from '../credit/ledger';

/**
 * Sends refunds for payments marked `refunding` (a payment that landed on an expired hold,
 * a second payment for a paid booking); Safar credit spent on a hold that ended goes back to the ledger. Each row is claimed with SKIP LOCKED and marked
 * `refunded` only after the provider accepted, so a crash leaves it to be retried, never lost.
 * @example await settleRefunds(db, clock, provider, { paymentRowId })
 */
export async function settleRefunds(
  db: Db,
  clock: Clock,
  provider: PaymentProvider,
  options: { limit?: number; paymentRowId?: string } = {},
): Promise<{ refunded: string[]; failed: string[] }> {
  const limit = options.paymentRowId ? 1 : (options.limit ?? 20);
  const refunded: string[] = [];
  const failed: string[] = [];
  for (let i = 0; i < limit; i += 1) {
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(payments)
        .where(options.paymentRowId ? and(eq(payments.status, 'refunding'), eq(payments.id, options.paymentRowId)) : eq(payments.status, 'refunding'))
        .orderBy(asc(payments.updatedAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return null;
      if (row.provider === CREDIT) {
        // Spent Safar credit goes back to the ledger, in this transaction: no gateway involved.
        await returnCredit(tx, row.id, clock.now());
        refunded.push(row.id);
        return row.id;
      }
      if (row.provider !== provider.name || !row.providerPaymentId) {
        // Another provider's payment (configuration changed): leave it for an operator.
        failed.push(row.id);
        await tx.update(payments).set({ status: 'refund_blocked', updatedAt: clock.now() }).where(eq(payments.id, row.id));
        return row.id;
      }
      try {
        await provider.refund({ paymentId: row.providerPaymentId, amountPaise: row.amountPaise, reason: row.failureReason ?? 'booking not confirmed' });
        await tx.update(payments).set({ status: 'refunded', updatedAt: clock.now() }).where(eq(payments.id, row.id));
        refunded.push(row.id);
      } catch {
        // Push it to the back of the queue; the next sweep tries again.
        await tx.update(payments).set({ updatedAt: clock.now() }).where(eq(payments.id, row.id));
        failed.push(row.id);
      }
      return row.id;
    });
    if (done === null) break;
  }
  return { refunded, failed };
}
