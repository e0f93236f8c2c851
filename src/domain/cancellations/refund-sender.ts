import type { Clock } from '../../core/clock';
import type { Db } from '../../db/client';
import { q, queryRows } from '../../db/raw';
import type { PaymentProvider, RefundState } from '../payments/provider';

/**
 * Sending a cancellation's refunds through the payment provider.
 *
 * - A refund is requested (written with its cancellation) → sent (the provider accepted it) →
 *   completed (the provider processed it). A failed attempt leaves it requested, with the error
 *   and a back-off, and it is tried again: never dropped.
 * - Rows are claimed with FOR UPDATE SKIP LOCKED and leased (the next attempt moves into the
 *   future and the attempt count goes up) before the provider is called, so two nodes never send
 *   the same refund at once, and a node that dies mid-call leaves it to be retried after the lease.
 * - A retry (attempts > 1) first asks the provider for a refund made with the row's id as its
 *   reference: a first attempt that reached the provider before the crash is found, not repeated.
 * - Sent refunds are asked about again until processed; a refund the provider failed goes back to requested.
 *   The provider's refund webhooks (refund.processed / refund.failed) move them at once (`recordRefundWebhook`).
 * - A cancellation that sends its refunds at once writes them already leased (attempt 1, the lease
 *   running), so the send right after its commit claims nothing: the rows are this node's.
 */

/** How long a claimed refund is left alone before another node may try it (longer than a provider call's timeout). */
export const LEASE_SECONDS = 60;
/** Seconds before attempt n+1 of a failed refund: 30 s, 60 s, 120 s … capped at an hour. */
const backoffSql = q`least(3600, 30 * power(2, least(r.attempts, 12)))`;
/** How often a sent refund is asked about. */
const POLL_SECONDS = 300;

/** A requested refund this node holds the lease of, with the payment it goes back to. */
export interface Claimed {
  id: string;
  amount_paise: number;
  attempts: number;
  provider: string | null;
  provider_payment_id: string | null;
  provider_refund_id: string | null;
}

/** Claims due rows in `status` (all, or the ones named) and leases them. */
async function claim(db: Db, now: Date, status: 'requested' | 'sent', limit: number, ids?: readonly string[]): Promise<Claimed[]> {
  const at = now.toISOString();
  return queryRows<Claimed>(
    db,
    q`with due as (
        select id from refunds
        where status = ${status} and destination = 'original' and available_at <= ${at}::timestamptz
          ${ids ? q`and id = any(${`{${ids.join(',')}}`}::uuid[])` : q``}
        order by available_at limit ${limit}::int
        for update skip locked)
      update refunds r set attempts = r.attempts + ${status === 'requested' ? 1 : 0}::int,
          available_at = ${at}::timestamptz + make_interval(secs => ${status === 'requested' ? LEASE_SECONDS : POLL_SECONDS}::int)
      from due where r.id = due.id
      returning r.id, r.amount_paise, r.attempts, r.provider_refund_id,
        (select p.provider from payments p where p.id = r.payment_id) as provider,
        (select p.provider_payment_id from payments p where p.id = r.payment_id) as provider_payment_id`,
  );
}

/** Records what the provider said about a refund (only while it is still in the state it was claimed in). */
async function record(db: Db, now: Date, id: string, from: 'requested' | 'sent', refundId: string, state: RefundState): Promise<void> {
  const at = q`${now.toISOString()}::timestamptz`;
  if (state === 'failed') {
    await queryRows(db, q`update refunds r set status = 'requested', provider_refund_id = null, last_error = 'The provider could not process the refund', available_at = ${at} + make_interval(secs => ${backoffSql}::int) where id = ${id}::uuid and status = ${from}`);
    return;
  }
  await queryRows(
    db,
    q`update refunds set status = ${state === 'processed' ? 'completed' : 'sent'}, provider_refund_id = ${refundId},
        sent_at = coalesce(sent_at, ${at}), completed_at = ${state === 'processed' ? at : q`null`}, last_error = null,
        available_at = ${at} + make_interval(secs => ${POLL_SECONDS}::int)
      where id = ${id}::uuid and status = ${from}`,
  );
}

/**
 * The provider's webhook about a refund it was sent: processed → completed; failed → requested again,
 * sent anew after the back-off. Only a refund still `sent` under that provider refund id changes (one the
 * poll already settled is left alone). Answers how many refunds changed.
 * @example await recordRefundWebhook(db, now, { provider: 'razorpay', refundId: 'rfnd_1', state: 'processed' })
 */
export async function recordRefundWebhook(db: Db, now: Date, input: { provider: string; refundId: string; state: 'processed' | 'failed' }): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    q`select r.id from refunds r join payments p on p.id = r.payment_id
      where r.provider_refund_id = ${input.refundId} and r.status = 'sent' and p.provider = ${input.provider}`,
  );
  for (const row of rows) await record(db, now, row.id, 'sent', input.refundId, input.state);
  return rows.length;
}

async function noteFailure(db: Db, now: Date, id: string, error: string): Promise<void> {
  await queryRows(
    db,
    q`update refunds r set last_error = ${error.slice(0, 500)}, available_at = ${now.toISOString()}::timestamptz + make_interval(secs => ${backoffSql}::int)
      where id = ${id}::uuid and status = 'requested'`,
  );
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export interface SendReport {
  sent: number;
  completed: number;
  failed: number;
}

/**
 * Sends requested refunds (those named, or any due), then asks about sent ones.
 * @example await sendCancellationRefunds(db, clock, provider, { ids: outcome.refundIds })
 */
export async function sendCancellationRefunds(db: Db, clock: Clock, provider: PaymentProvider, options: { ids?: readonly string[]; limit?: number } = {}): Promise<SendReport> {
  const report: SendReport = { sent: 0, completed: 0, failed: 0 };
  const limit = options.limit ?? 50;
  const requested = await claim(db, clock.now(), 'requested', limit, options.ids);
  await sendClaimed(db, clock, provider, requested, report);
  if (options.ids) return report;
  const sent = await claim(db, clock.now(), 'sent', limit);
  for (const row of sent) {
    if (row.provider !== provider.name || !row.provider_payment_id || !row.provider_refund_id) continue;
    try {
      const state = await provider.refundStatus({ paymentId: row.provider_payment_id, refundId: row.provider_refund_id });
      if (state !== 'pending') await record(db, clock.now(), row.id, 'sent', row.provider_refund_id, state);
      if (state === 'processed') report.completed += 1;
    } catch {
      // Asked again after the poll interval.
    }
  }
  return report;
}

/**
 * Sends refunds this node already leased: those `claim` took, or those a cancellation wrote leased.
 * @example await sendLeasedRefunds(db, clock, provider, outcome.leased)
 */
export async function sendLeasedRefunds(db: Db, clock: Clock, provider: PaymentProvider, leased: readonly Claimed[]): Promise<SendReport> {
  const report: SendReport = { sent: 0, completed: 0, failed: 0 };
  await sendClaimed(db, clock, provider, leased, report);
  return report;
}

/** Asks the provider for each leased refund (or finds an earlier attempt's) and records the answer in `report`. */
async function sendClaimed(db: Db, clock: Clock, provider: PaymentProvider, requested: readonly Claimed[], report: SendReport): Promise<void> {
  for (const row of requested) {
    if (row.provider !== provider.name || !row.provider_payment_id) {
      // Paid through another provider (configuration changed): the error says so and it waits for an operator.
      await noteFailure(db, clock.now(), row.id, `Paid through ${row.provider ?? 'no provider'}; this server uses ${provider.name}`);
      report.failed += 1;
      continue;
    }
    try {
      const earlier = row.attempts > 1 ? await provider.findRefund({ paymentId: row.provider_payment_id, reference: row.id }) : null;
      const done = earlier ?? (await provider.refund({ paymentId: row.provider_payment_id, amountPaise: Number(row.amount_paise), reason: 'booking cancelled', reference: row.id }));
      await record(db, clock.now(), row.id, 'requested', done.refundId, done.status);
      if (done.status === 'processed') report.completed += 1;
      else if (done.status === 'pending') report.sent += 1;
      else report.failed += 1;
    } catch (error) {
      await noteFailure(db, clock.now(), row.id, messageOf(error));
      report.failed += 1;
    }
  }
}
