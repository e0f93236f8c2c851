import type { Tx } from '../booking/catalog';
import { q, queryRows } from '../../db/raw';
import type { PaymentShare } from './split';

/**
 * The captured payments a refund of a booking may go back to: the booking's own and those of the
 * bookings it was changed from, each with what was refunded from it before.
 */
export async function refundablePayments(tx: Tx, bookingId: string): Promise<(PaymentShare & { method: string })[]> {
  const rows = await queryRows<{ id: string; amount_paise: number; refunded: number | string; method: string }>(
    tx,
    q`with recursive chain(id) as (
        select ${bookingId}::text
        union select b.changed_from from bookings b join chain c on b.id = c.id where b.changed_from is not null)
      select p.id, p.amount_paise, p.method,
        coalesce((select sum(r.amount_paise) from refunds r where r.payment_id = p.id), 0) as refunded
      from payments p where p.booking_id in (select id from chain) and p.status = 'captured'`,
  );
  return rows.map((r) => ({ id: r.id, amountPaise: Number(r.amount_paise), refundedPaise: Number(r.refunded), method: r.method }));
}
