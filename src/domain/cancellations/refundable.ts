import type { Tx } from '../booking/catalog';
import { type Statement, fromJson, q, queryRows } from '../../db/raw';
import type { PaymentShare } from './split';

/** A payment a refund may go back to, with how it was made (the provider and its payment id a refund is sent with). */
export type RefundablePayment = PaymentShare & { method: string; provider: string; providerPaymentId: string | null; /** When the payment was made (ISO). */ createdAt: string };

/**
 * The captured payments a refund of a booking may go back to, as one json array: the booking's
 * own and those of the bookings it was changed from, each with what was refunded from it before.
 * A scalar subquery, so a larger read can take it in the same snapshot.
 */
export function refundablePaymentsJson(bookingId: string): Statement {
  return q`(with recursive chain(id) as (
          select ${bookingId}::text
          union select b.changed_from from bookings b join chain c on b.id = c.id where b.changed_from is not null)
        select coalesce(json_agg(json_build_object('id', p.id, 'amountPaise', p.amount_paise, 'method', p.method, 'provider', p.provider, 'providerPaymentId', p.provider_payment_id, 'createdAt', p.created_at,
          'refundedPaise', coalesce((select sum(r.amount_paise) from refunds r where r.payment_id = p.id), 0))), '[]'::json)
        from payments p where p.booking_id in (select id from chain) and p.status = 'captured')`;
}

/** Reads `refundablePaymentsJson`'s array (numbers as numbers). */
export function refundablePaymentsFrom(value: unknown): RefundablePayment[] {
  return fromJson<RefundablePayment[]>(value ?? []).map((p) => ({ ...p, amountPaise: Number(p.amountPaise), refundedPaise: Number(p.refundedPaise) }));
}

/** The captured payments a refund of a booking may go back to (see `refundablePaymentsJson`). */
export async function refundablePayments(tx: Tx, bookingId: string): Promise<RefundablePayment[]> {
  const [row] = await queryRows<{ payments: unknown }>(tx, q`select ${refundablePaymentsJson(bookingId)} as payments`);
  return refundablePaymentsFrom(row?.payments);
}
