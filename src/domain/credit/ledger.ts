import { randomUUID } from 'node:crypto';
import { type CreditAnswer, CREDIT_MESSAGES, type CreditEntry } from '../../core/credit';
import type { Clock } from '../../core/clock';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import { type DbTx, type Statement, q, queryRows, toDate } from '../../db/raw';
import { creditToSpend } from './rule';

/**
 * Safar credit's ledger (`credit_ledger`): a refund the traveller chose to keep as credit adds to
 * it (written by the cancellation's transaction), a spend at checkout takes from it, and a spend
 * whose hold ended unpaid comes back once. The balance is the sum and never goes below zero:
 * every spend locks the traveller's `users` row before it reads the balance, so two spends of the
 * same credit (two tabs) run one after the other and the second sees what the first left.
 */

/** The payment provider (and method) of money spent from Safar credit. */
export const CREDIT = 'credit';

/**
 * The traveller's balance and entries, newest first.
 * @example const { balancePaise, entries } = await creditAccount(db, userId)
 */
export async function creditAccount(db: Db, userId: string): Promise<CreditAnswer> {
  const rows = await queryRows<{ id: string; amount_paise: number; refund_id: string | null; booking_id: string | null; pnr: string | null; created_at: unknown }>(
    db,
    q`select l.id, l.amount_paise, l.refund_id, l.booking_id, b.pnr, l.created_at
      from credit_ledger l left join bookings b on b.id = l.booking_id
      where l.user_id = ${userId}::uuid order by l.created_at desc, l.id`,
  );
  const entries = rows.map(
    (r): CreditEntry => ({
      id: r.id,
      kind: r.refund_id !== null ? 'refund' : Number(r.amount_paise) < 0 ? 'spend' : 'return',
      amountPaise: Number(r.amount_paise),
      bookingId: r.booking_id,
      pnr: r.pnr,
      createdAt: toDate(r.created_at).toISOString(),
    }),
  );
  return { balancePaise: entries.reduce((n, e) => n + e.amountPaise, 0), entries };
}

export interface CreditSpend {
  /** The `credit` payment row's order and payment ids, to settle like any payment. */
  orderId: string;
  paymentId: string;
  amountPaise: number;
  /** The balance the spend leaves. */
  balancePaise: number;
}

/**
 * Spends Safar credit on a held booking of the traveller, in one transaction: the traveller's
 * row locked, then the booking's; a `credit` payment row (authorized, to be settled like any
 * payment: it captures as a share of the total, or confirms the booking when it covers it) and
 * its negative ledger entry. One spend per booking; the same spend again answers the first one.
 * @example const spend = await spendCredit(db, clock, { userId, bookingId, amountPaise: 50000 })
 */
export async function spendCredit(db: Db, clock: Clock, request: { userId: string; bookingId: string; amountPaise: number }): Promise<CreditSpend> {
  const { userId, bookingId } = request;
  return db.transaction(async (tx) => {
    const now = clock.now();
    // The traveller's row first: concurrent spends of the same credit queue here.
    await queryRows(tx, q`select 1 from users where id = ${userId}::uuid for no key update`);
    const [booking] = await queryRows<{ status: string; hold_expires_at: unknown; total_inr: number; credit_paise: number; changed_from: string | null; captured: number; balance: number; spent_id: string | null; spent_paise: number | null }>(
      tx,
      q`select b.status, b.hold_expires_at, b.total_inr, b.credit_paise, b.changed_from,
          (select coalesce(sum(p.amount_paise), 0) from payments p where p.booking_id = b.id and p.status = 'captured')::int as captured,
          (select coalesce(sum(l.amount_paise), 0) from credit_ledger l where l.user_id = ${userId}::uuid)::int as balance,
          c.id as spent_id, c.amount_paise as spent_paise
        from bookings b
        left join lateral (select p.id, p.amount_paise from payments p where p.booking_id = b.id and p.provider = ${CREDIT} and p.status in ('authorized', 'captured') limit 1) c on true
        where b.id = ${bookingId} and b.user_id = ${userId}::uuid
        for no key update of b`,
    );
    if (!booking) throw new AppError('not_found', 'Booking not found');
    const balancePaise = Number(booking.balance);
    if (booking.spent_id !== null) {
      // A retry of the same spend answers it again; another amount is a second spend.
      if (Number(booking.spent_paise) !== request.amountPaise) throw new AppError('conflict', CREDIT_MESSAGES.alreadyApplied);
      const [paid] = await queryRows<{ provider_order_id: string; provider_payment_id: string }>(tx, q`select provider_order_id, provider_payment_id from payments where id = ${booking.spent_id}::uuid`);
      return { orderId: paid?.provider_order_id ?? '', paymentId: paid?.provider_payment_id ?? '', amountPaise: request.amountPaise, balancePaise };
    }
    if (booking.status !== 'held' || toDate(booking.hold_expires_at).getTime() <= now.getTime()) throw new AppError('conflict', CREDIT_MESSAGES.notHeld);
    if (booking.changed_from !== null) throw new AppError('validation_failed', CREDIT_MESSAGES.changeNotSupported, { amountPaise: CREDIT_MESSAGES.changeNotSupported });
    const duePaise = Number(booking.total_inr) * 100 - Number(booking.credit_paise) - Number(booking.captured);
    const spend = creditToSpend({ balancePaise, duePaise, askedPaise: request.amountPaise });
    if (!spend.ok) {
      const message = spend.why === 'nothing' ? CREDIT_MESSAGES.nothingToApply : CREDIT_MESSAGES.amountTooLarge;
      throw new AppError('validation_failed', message, { amountPaise: message });
    }
    const ref = `credit_${randomUUID()}`;
    await queryRows(tx, spendStatement({ userId, bookingId, ref, amountPaise: spend.amountPaise, now }));
    return { orderId: ref, paymentId: ref, amountPaise: spend.amountPaise, balancePaise: balancePaise - spend.amountPaise };
  });
}

/** The spend's two rows in one statement: the credit payment and its negative ledger twin. */
function spendStatement(s: { userId: string; bookingId: string; ref: string; amountPaise: number; now: Date }): Statement {
  const at = q`${s.now.toISOString()}::timestamptz`;
  return q`with paid as (
      insert into payments (booking_id, provider, method, provider_order_id, provider_payment_id, amount_paise, status, created_at, updated_at)
      values (${s.bookingId}, ${CREDIT}, ${CREDIT}, ${s.ref}, ${s.ref}, ${s.amountPaise}::int, 'authorized', ${at}, ${at}) returning id)
    insert into credit_ledger (user_id, booking_id, payment_id, amount_paise, created_at)
    select ${s.userId}::uuid, ${s.bookingId}, paid.id, ${-s.amountPaise}::int, ${at} from paid returning id`;
}

/**
 * Gives a `credit` payment marked for refund back to the ledger and marks it refunded, in the
 * caller's transaction (which holds the payment row): once, whoever runs it again.
 * @example await returnCredit(tx, paymentRowId, now)
 */
export async function returnCredit(tx: DbTx, paymentRowId: string, now: Date): Promise<void> {
  const at = q`${now.toISOString()}::timestamptz`;
  await queryRows(
    tx,
    q`with back as (
        insert into credit_ledger (user_id, booking_id, payment_id, amount_paise, created_at)
        select b.user_id, b.id, p.id, p.amount_paise, ${at} from payments p join bookings b on b.id = p.booking_id
        where p.id = ${paymentRowId}::uuid and p.provider = ${CREDIT} and p.status = 'refunding'
        on conflict do nothing returning 1)
      update payments set status = 'refunded', updated_at = ${at} where id = ${paymentRowId}::uuid and provider = ${CREDIT} and status = 'refunding' returning 1`,
  );
}
