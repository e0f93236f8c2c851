import type { RefundDestination } from '../../core/fares';
import { type Statement, q } from '../../db/raw';

/**
 * Where each refund row's money goes.
 *
 * - To Safar credit when the traveller chose credit for the refund (never by default).
 * - To Safar credit for the share of a payment that was Safar credit: credit comes back as credit.
 * - Otherwise to the original payment method.
 * - A refund to credit is completed at once (no gateway); one to the original method starts requested.
 */
export function refundDestination(chosen: RefundDestination, paymentMethod: string | null | undefined): { destination: RefundDestination; status: 'completed' | 'requested' } {
  return chosen === 'credit' || paymentMethod === 'credit' ? { destination: 'credit', status: 'completed' } : { destination: 'original', status: 'requested' };
}

/**
 * A CTE body adding every refund to credit among `rows` to the traveller's ledger, once per
 * refund (`credit_ledger_refund_unique`): run it in the transaction that writes the refunds.
 * @example q`with ..., credited as (${creditRefundEntries(userId, bookingId, rows, now)}) select 1`
 */
export function creditRefundEntries(userId: string, bookingId: string, rows: readonly { id: string; destination: RefundDestination; amountPaise: number }[], now: Date): Statement {
  const credited = rows.filter((r) => r.destination === 'credit').map((r) => ({ id: r.id, amount: r.amountPaise }));
  return q`insert into credit_ledger (user_id, booking_id, refund_id, amount_paise, created_at)
    select ${userId}::uuid, ${bookingId}, r.id, r.amount, ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(credited)}::jsonb) as r(id uuid, amount int)
    on conflict do nothing returning 1`;
}
