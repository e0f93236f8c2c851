import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { OutboxKind } from '../../core/notifications';
import type { Db } from '../../db/client';
import { outbox, pushSubscriptions } from '../../db/schema';
import type { Tx } from '../booking/catalog';

/** What the service worker shows: title and body, and the in-app url a click opens. */
export const PushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string().optional(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;

/** The outbox row of one push to one subscription (kind `web-push`, recipient = subscription id). */
export const PUSH_KIND: OutboxKind = 'web-push';

/**
 * Queues one push per subscribed browser of a traveller or of an anonymous alert owner; the
 * push-sender job delivers them. Nothing is queued when there is no subscription.
 * @example await queuePush(tx, now, { userId }, { title: 'Price drop', body: '…', url: '/alerts' })
 */
export async function queuePush(db: Db | Tx, now: Date, to: { userId: string } | { alertOwnerHash: string }, payload: PushPayload): Promise<number> {
  const where = 'userId' in to ? eq(pushSubscriptions.userId, to.userId) : eq(pushSubscriptions.alertOwnerHash, to.alertOwnerHash);
  const subscriptions = await db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(where);
  if (subscriptions.length === 0) return 0;
  await db.insert(outbox).values(subscriptions.map((s) => ({ kind: PUSH_KIND, recipient: s.id, payload, availableAt: now })));
  return subscriptions.length;
}
