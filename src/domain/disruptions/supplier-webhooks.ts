import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../core/clock';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import { webhookEvents } from '../../db/schema';
import { SupplierError } from '../suppliers/supplier';
import { parseDuffelEvent, verifyDuffelSignature } from '../suppliers/duffel/webhook';
import type { SupplierChangeService } from './supplier-centre';

/**
 * Receiving Duffel's webhooks (POST /api/suppliers/duffel/webhooks). The rules:
 * - no secret configured (or Safar not selling through Duffel): 404, nothing is read;
 * - the `X-Duffel-Signature` over the raw body is checked before anything else: missing, malformed,
 *   wrong or older than 5 minutes (a replay) is 401;
 * - a signed body that is not a Duffel event is 400;
 * - an event already processed (its id recorded) is answered 200 again and not processed twice;
 * - an airline-initiated change (or an order changed) makes Safar fetch the order's changes again
 *   through the supplier and record the cases and notices; the event's own content is never trusted;
 * - other events are acknowledged (the booking path and reconciliation read orders themselves);
 * - the event id is recorded after processing, so a crash or a supplier outage mid-way (answered
 *   503) is delivered again by Duffel (at-least-once, for 72 hours) rather than lost.
 */

export interface DuffelWebhookDeps {
  db: Db;
  clock: Clock;
  /** DUFFEL_WEBHOOK_SECRET; null when unset. */
  secret: string | null;
  /** Null when Safar does not sell through Duffel. */
  changes: SupplierChangeService | null;
}

export interface DuffelWebhookAnswer {
  received: true;
  duplicate: boolean;
  /** The event's type as Safar reads it ("airlineChangeDetected", "ping", "other"…). */
  kind: string;
}

const SIGNATURE_MESSAGES = {
  missing: 'Missing X-Duffel-Signature header',
  malformed: 'Malformed X-Duffel-Signature header',
  mismatch: 'Invalid webhook signature',
  stale: 'Webhook signature too old (replayed?)',
} as const;

/**
 * Checks, dedupes and processes one delivery.
 * @example await receiveDuffelWebhook(deps, { rawBody: await c.req.text(), signature: c.req.header('x-duffel-signature') })
 */
export async function receiveDuffelWebhook(deps: DuffelWebhookDeps, delivery: { rawBody: string; signature: string | undefined }): Promise<DuffelWebhookAnswer> {
  const { db, clock, secret, changes } = deps;
  if (!secret || !changes) throw new AppError('not_found', 'No Duffel webhooks here: this server does not sell through Duffel.');
  const check = verifyDuffelSignature(delivery.rawBody, delivery.signature, secret, clock.now().getTime());
  if (!check.valid) throw new AppError('unauthorized', SIGNATURE_MESSAGES[check.reason], undefined, `signature-${check.reason}`);
  const event = parseDuffelEvent(delivery.rawBody);
  if (!event) throw new AppError('bad_request', 'Unreadable webhook body: not a Duffel event');
  const seen = await db
    .select({ id: webhookEvents.eventId })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.provider, 'duffel'), eq(webhookEvents.eventId, event.eventId)));
  if (seen.length > 0) return { received: true, duplicate: true, kind: event.kind };
  const orderId = event.kind === 'airlineChangeDetected' || event.kind === 'orderChanged' ? event.orderId : null;
  if (orderId) {
    try {
      await changes.syncOrder(orderId);
    } catch (error) {
      // The supplier cannot be asked now: Duffel delivers the event again later (and polling also finds the change).
      if (error instanceof SupplierError) throw new AppError('unavailable', 'Could not fetch the order from Duffel; deliver again later.', undefined, error.kind);
      throw error;
    }
  }
  const recorded = await db.insert(webhookEvents).values({ provider: 'duffel', eventId: event.eventId, receivedAt: clock.now() }).onConflictDoNothing().returning({ id: webhookEvents.eventId });
  return { received: true, duplicate: recorded.length === 0, kind: event.kind };
}
