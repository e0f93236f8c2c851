import { and, eq, lt } from 'drizzle-orm';
import type { Clock } from '../../core/clock';
import type { Db } from '../../db/client';
import { sandboxWebhooks, webhookEvents } from '../../db/schema';

/**
 * How long processed webhook event ids and delivered sandbox webhooks are kept: well past the
 * longest provider redelivery window (Razorpay retries for 24 hours). A redelivery after that is
 * still harmless — settling a payment is idempotent — it just costs a booking-row lock.
 */
export const KEEP_WEBHOOK_RECORDS_MS = 7 * 24 * 60 * 60_000;

/**
 * Deletes webhook event ids and delivered sandbox webhooks older than `keepMs`; undelivered
 * sandbox webhooks stay until delivered. A plain delete, so every node may run it.
 * @example const { events, sandbox } = await pruneWebhookRecords(db, clock)
 */
export async function pruneWebhookRecords(db: Db, clock: Clock, keepMs: number = KEEP_WEBHOOK_RECORDS_MS): Promise<{ events: number; sandbox: number }> {
  const before = new Date(clock.now().getTime() - keepMs);
  const events = await db.delete(webhookEvents).where(lt(webhookEvents.receivedAt, before)).returning({ id: webhookEvents.eventId });
  const sandbox = await db
    .delete(sandboxWebhooks)
    .where(and(eq(sandboxWebhooks.delivered, true), lt(sandboxWebhooks.createdAt, before)))
    .returning({ id: sandboxWebhooks.id });
  return { events: events.length, sandbox: sandbox.length };
}
