import { z } from 'zod';
import type { Db } from '../../db/client';
import { q, queryRows } from '../../db/raw';
import type { PaymentEvent } from './provider';

/**
 * Razorpay's webhook body (the sandbox sends the same shape). Only the fields booking uses
 * are read; anything else passes through untouched.
 */
const ProviderId = z.string().min(1).max(100).regex(/^[A-Za-z0-9_.:-]+$/);
const PaymentEntitySchema = z.object({
  id: ProviderId,
  order_id: ProviderId.nullish(),
  amount: z.number().int().nonnegative().nullish(),
  method: z.string().max(40).nullish(),
  error_description: z.string().max(500).transform((v) => v.split(String.fromCharCode(0)).join('')).nullish(),
});

const WebhookBodySchema = z.object({
  event: z.string().min(1).max(100),
  payload: z
    .object({
      payment: z.object({ entity: PaymentEntitySchema }).optional(),
      order: z.object({ entity: z.object({ id: ProviderId }) }).optional(),
      refund: z.object({ entity: z.object({ id: ProviderId, payment_id: ProviderId.nullish() }) }).optional(),
    })
    .default({}),
});

/**
 * Normalises a verified webhook body. `eventId` comes from the provider's event-id header.
 * @example parseWebhookEvent('evt_1', '{"event":"payment.captured","payload":{"payment":{"entity":{"id":"pay_1","order_id":"order_1","amount":500000,"method":"card"}}}}')
 */
export function parseWebhookEvent(eventId: string, rawBody: string): PaymentEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return null;
  }
  const parsed = WebhookBodySchema.safeParse(json);
  if (!parsed.success) return null;
  const { event, payload } = parsed.data;
  const payment = payload.payment?.entity;
  const refund = payload.refund?.entity;
  const kind =
    event === 'payment.captured' || event === 'order.paid'
      ? 'captured'
      : event === 'payment.failed'
        ? 'failed'
        : event === 'refund.processed' && refund
          ? 'refund-processed'
          : event === 'refund.failed' && refund
            ? 'refund-failed'
            : 'other';
  return {
    eventId,
    kind,
    orderId: payment?.order_id ?? payload.order?.entity.id ?? null,
    paymentId: payment?.id ?? refund?.payment_id ?? null,
    refundId: refund?.id ?? null,
    amountPaise: payment?.amount ?? null,
    method: payment?.method ?? null,
    failureReason: payment?.error_description ?? null,
  };
}

export type WebhookRecord = 'seen' | 'settled' | 'open';

/**
 * One statement for the usual webhook: the event is recorded when its payment has already
 * confirmed its booking (the browser's callback came first), so nothing is left to settle.
 * Answers `seen` when the event was recorded before (nothing written), `settled` when it was
 * recorded now, and `open` when the payment still needs settling: then nothing was written, and
 * the caller settles and records the event afterwards, so a failure mid-way is redelivered.
 * "Already confirmed" is the settlement's own rule: the booking was confirmed with this payment
 * (and may since be partly or wholly cancelled, or changed), or this payment's order is captured
 * with this payment id.
 * @example await recordIfSettled(db, { provider: 'sandbox', eventId: 'evt_1', orderId: 'order_1', paymentId: 'pay_1', now })
 */
export async function recordIfSettled(db: Db, event: { provider: string; eventId: string; orderId: string; paymentId: string; now: Date }): Promise<WebhookRecord> {
  const [row] = await queryRows<{ seen: boolean; settled: boolean }>(
    db,
    q`with seen as (
          select 1 from webhook_events where provider = ${event.provider} and event_id = ${event.eventId}),
        settled as (
          select 1 from payments p join bookings b on b.id = p.booking_id
          where p.provider = ${event.provider} and p.provider_order_id = ${event.orderId}
            and b.confirmed_at is not null and b.status in ('confirmed', 'partly_cancelled', 'cancelled', 'changed')
            and (b.payment_id = ${event.paymentId} or (p.status = 'captured' and p.provider_payment_id = ${event.paymentId}))),
        recorded as (
          insert into webhook_events (provider, event_id, received_at)
          select ${event.provider}, ${event.eventId}, ${event.now.toISOString()}::timestamptz
          where not exists (select 1 from seen) and exists (select 1 from settled)
          on conflict do nothing returning 1)
        select exists (select 1 from seen) as seen, exists (select 1 from settled) as settled`,
  );
  if (row?.seen) return 'seen';
  return row?.settled ? 'settled' : 'open';
}

/**
 * Records an event id after it was processed; false when it was already recorded.
 * @example await recordWebhookEvent(db, { provider: 'razorpay', eventId: 'evt_1', now })
 */
export async function recordWebhookEvent(db: Db, event: { provider: string; eventId: string; now: Date }): Promise<boolean> {
  const rows = await queryRows(
    db,
    q`insert into webhook_events (provider, event_id, received_at) values (${event.provider}, ${event.eventId}, ${event.now.toISOString()}::timestamptz)
        on conflict do nothing returning 1`,
  );
  return rows.length > 0;
}
