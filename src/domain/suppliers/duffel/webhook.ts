import { createHmac, timingSafeEqual } from 'node:crypto';
import { DuffelWebhookEventSchema } from './schemas';

export type SignatureCheck = { valid: true; timestamp: number } | { valid: false; reason: 'missing' | 'malformed' | 'mismatch' | 'stale' };

/**
 * Checks Duffel's `X-Duffel-Signature: t=<unix seconds>,v1=<hex>` over the raw body:
 * - the signature is lowercase hex HMAC-SHA256, keyed by the webhook secret, of `t + "." + raw body`;
 * - it is compared in constant time (lengths first), before the body is parsed;
 * - a header not of the form `t=…,v1=…` is malformed; a `t` further than `toleranceSeconds` from now is stale (a replay).
 */
export function verifyDuffelSignature(rawBody: string | Uint8Array, header: string | null | undefined, secret: string, nowMs: number, toleranceSeconds = 300): SignatureCheck {
  if (!header) return { valid: false, reason: 'missing' };
  const match = /^t=(\d+),v1=([0-9a-f]+)$/i.exec(header.trim());
  if (!match) return { valid: false, reason: 'malformed' };
  const [, t = '', v1 = ''] = match;
  const expected = createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest();
  const given = Buffer.from(v1.toLowerCase(), 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { valid: false, reason: 'mismatch' };
  const timestamp = Number(t);
  if (Math.abs(nowMs / 1000 - timestamp) > toleranceSeconds) return { valid: false, reason: 'stale' };
  return { valid: true, timestamp };
}

/** What a Duffel event means to Safar; the resource is always fetched again rather than trusted from the event. */
export type DuffelEvent =
  | { kind: 'airlineChangeDetected'; eventId: string; orderId: string; changeId: string | null }
  | { kind: 'orderCreated' | 'orderCreationFailed' | 'orderChanged'; eventId: string; orderId: string | null }
  | { kind: 'cancellationCreated' | 'cancellationConfirmed'; eventId: string; cancellationId: string; orderId: string | null }
  | { kind: 'paymentSucceeded' | 'paymentFailed' | 'paymentPending' | 'paymentCancelled'; eventId: string; paymentId: string; orderId: string | null }
  | { kind: 'ping' | 'other'; eventId: string; type: string };

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

const PAYMENTS = { 'air.payment.succeeded': 'paymentSucceeded', 'air.payment.failed': 'paymentFailed', 'air.payment.pending': 'paymentPending', 'air.payment.cancelled': 'paymentCancelled' } as const;
const ORDERS = { 'order.created': 'orderCreated', 'order.creation_failed': 'orderCreationFailed', 'air.order.changed': 'orderChanged' } as const;
const CANCELLATIONS = { 'order_cancellation.created': 'cancellationCreated', 'order_cancellation.confirmed': 'cancellationConfirmed' } as const;

const isKey = <T extends object>(table: T, key: string): key is Extract<keyof T, string> => Object.hasOwn(table, key);

/**
 * Reads a verified event body. An airline-initiated change names the order (`data.object.id`) and the
 * change (`data.object.aic_id`, when present); unknown event types are `other`, never an error. Null: not a Duffel event.
 */
export function parseDuffelEvent(rawBody: string): DuffelEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return null;
  }
  const parsed = DuffelWebhookEventSchema.safeParse(json);
  if (!parsed.success) return null;
  const { id: eventId, type, data } = parsed.data;
  const object = data.object;
  if (type === 'order.airline_initiated_change_detected') {
    const orderId = str(object.id) ?? str(object.order_id);
    return orderId ? { kind: 'airlineChangeDetected', eventId, orderId, changeId: str(object.aic_id) } : null;
  }
  if (isKey(ORDERS, type)) return { kind: ORDERS[type], eventId, orderId: str(object.id) };
  if (isKey(CANCELLATIONS, type)) {
    const id = str(object.id);
    return id ? { kind: CANCELLATIONS[type], eventId, cancellationId: id, orderId: str(object.order_id) } : null;
  }
  if (isKey(PAYMENTS, type)) {
    const id = str(object.id);
    return id ? { kind: PAYMENTS[type], eventId, paymentId: id, orderId: str(object.order_id) } : null;
  }
  return { kind: type === 'ping.triggered' ? 'ping' : 'other', eventId, type };
}
