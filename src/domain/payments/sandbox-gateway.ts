import { randomBytes } from 'node:crypto';
import type { SandboxPayBody, SandboxPayResult } from '../../core/booking';
import type { Clock } from '../../core/clock';
import type { Db } from '../../db/client';
import { q, queryRows } from '../../db/raw';
import { decideSandboxPayment, signSandboxPayment } from './sandbox';

/**
 * The sandbox gateway's own books: it takes a checkout attempt, marks the order `authorized`
 * (one payment per order, like real gateways) and, in the same statement, queues the signed
 * `payment.captured` webhook it owes the merchant. The queue is delivered at least once with
 * back-off (the checkout service's delivery job), so the server learns of every sandbox payment
 * even when the browser never calls confirm.
 */

/** A real gateway delivers its webhook a moment after the checkout answers; the browser's callback usually arrives first. */
const SANDBOX_WEBHOOK_DELAY_MS = 2_000;

export type SandboxAttempt =
  | { kind: 'paid'; result: SandboxPayResult }
  | { kind: 'declined'; message: string }
  | { kind: 'unknown-order' }
  | { kind: 'already-paid' };

/**
 * One checkout attempt at the sandbox gateway.
 * @example const attempt = await sandboxCheckout(db, clock, { secret, upiSuccessRate: 0.9 }, body)
 */
export async function sandboxCheckout(db: Db, clock: Clock, settings: { secret: string; upiSuccessRate: number }, body: SandboxPayBody): Promise<SandboxAttempt> {
  // The outcome depends on the card or UPI id alone, so it is decided before touching the order;
  // each path is then one statement on an open order, and only a miss asks why.
  const decision = decideSandboxPayment(body, settings.upiSuccessRate);
  const now = clock.now();
  if (!decision.ok) {
    const noted = await queryRows<{ id: string }>(
      db,
      q`update payments set failure_reason = ${decision.message}, updated_at = ${now.toISOString()}::timestamptz
          where provider = 'sandbox' and provider_order_id = ${body.orderId} and status = 'created'
          returning id`,
    );
    return noted.length > 0 ? { kind: 'declined', message: decision.message } : whyNotOpen(db, body.orderId);
  }
  const signed = signSandboxPayment(settings.secret, body.orderId);
  const eventId = `evt_${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}`;
  // Authorize the order and queue the signed webhook the gateway owes the merchant, its body
  // (Razorpay's payment.captured shape) built from the authorized row's amount.
  const rows = await queryRows<{ id: string }>(
    db,
    q`with authorized as (
          update payments set status = 'authorized', provider_payment_id = ${signed.paymentId}, failure_reason = null, updated_at = ${now.toISOString()}::timestamptz
          where provider = 'sandbox' and provider_order_id = ${body.orderId} and status = 'created'
          returning amount_paise)
        insert into sandbox_webhooks (event_id, body, available_at, created_at)
        select ${eventId},
               json_build_object('entity', 'event', 'event', 'payment.captured',
                 'payload', json_build_object('payment', json_build_object('entity', json_build_object(
                   'id', ${signed.paymentId}::text, 'order_id', ${body.orderId}::text, 'amount', amount_paise,
                   'currency', 'INR', 'method', ${body.method}::text, 'status', 'captured'))),
                 'created_at', ${Math.floor(now.getTime() / 1000)}::bigint)::text,
               ${new Date(now.getTime() + SANDBOX_WEBHOOK_DELAY_MS).toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
        from authorized
        returning id`,
  );
  return rows.length > 0 ? { kind: 'paid', result: signed } : whyNotOpen(db, body.orderId);
}

/** An order that could not be touched: unknown, or no longer open (paid, or another attempt won the race). */
async function whyNotOpen(db: Db, orderId: string): Promise<SandboxAttempt> {
  const [order] = await queryRows<{ status: string }>(db, q`select status from payments where provider = 'sandbox' and provider_order_id = ${orderId}`);
  return order ? { kind: 'already-paid' } : { kind: 'unknown-order' };
}

export interface QueuedWebhook {
  id: string;
  eventId: string;
  body: string;
  attempts: number;
}

/**
 * Claims due webhooks: each claimed row's next attempt moves into the future first (a lease),
 * so a node that dies mid-delivery leaves it to be delivered again, and nodes never take the same row.
 * Back-off before attempt n+1: 5 s, 10 s, 20 s … capped at 10 minutes.
 */
export async function claimSandboxWebhooks(db: Db, clock: Clock, limit: number): Promise<QueuedWebhook[]> {
  const now = clock.now();
  const rows = await queryRows<{ id: string; event_id: string; body: string; attempts: number }>(
    db,
    q`update sandbox_webhooks w set attempts = w.attempts + 1,
          available_at = ${now.toISOString()}::timestamptz + make_interval(secs => least(600, 5 * power(2, w.attempts)))
        where w.id in (select id from sandbox_webhooks where not delivered and available_at <= ${now.toISOString()}::timestamptz
                       order by available_at limit ${limit} for update skip locked)
        returning w.id, w.event_id, w.body, w.attempts`,
  );
  return rows.map((r) => ({ id: r.id, eventId: r.event_id, body: r.body, attempts: Number(r.attempts) }));
}

/**
 * Marks webhooks the merchant acknowledged: one statement for the batch, its ids one array
 * literal, so every batch size shares one prepared statement.
 */
export async function markSandboxWebhooksDelivered(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await queryRows(db, q`update sandbox_webhooks set delivered = true, last_error = null where id = any(${`{${ids.join(',')}}`}::uuid[])`);
}

/** Notes why a delivery failed (it is retried after its back-off). */
export async function noteSandboxWebhookFailure(db: Db, id: string, error: string): Promise<void> {
  await queryRows(db, q`update sandbox_webhooks set last_error = ${error.slice(0, 500)} where id = ${id}::uuid`);
}
