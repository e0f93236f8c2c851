import { z } from 'zod';
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

export const WebhookBodySchema = z.object({
  event: z.string().min(1).max(100),
  payload: z
    .object({
      payment: z.object({ entity: PaymentEntitySchema }).optional(),
      order: z.object({ entity: z.object({ id: ProviderId }) }).optional(),
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
  const kind = event === 'payment.captured' || event === 'order.paid' ? 'captured' : event === 'payment.failed' ? 'failed' : 'other';
  return {
    eventId,
    kind,
    orderId: payment?.order_id ?? payload.order?.entity.id ?? null,
    paymentId: payment?.id ?? null,
    amountPaise: payment?.amount ?? null,
    method: payment?.method ?? null,
    failureReason: payment?.error_description ?? null,
  };
}
