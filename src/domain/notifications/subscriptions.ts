import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../core/clock';
import type { Db } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';

export type PushOwner = { userId: string } | { alertOwnerHash: string };

/**
 * Saves a browser's push subscription for its owner. The endpoint is unique: a browser that
 * subscribes again (or changes hands, e.g. after sign-in) moves to the new owner.
 * @example await savePushSubscription(db, clock, { userId }, { endpoint, keys: { p256dh, auth } })
 */
export async function savePushSubscription(db: Db, clock: Clock, owner: PushOwner, sub: { endpoint: string; keys: { p256dh: string; auth: string } }): Promise<void> {
  const who = 'userId' in owner ? { userId: owner.userId, alertOwnerHash: null } : { userId: null, alertOwnerHash: owner.alertOwnerHash };
  await db
    .insert(pushSubscriptions)
    .values({ endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth, ...who, createdAt: clock.now() })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { p256dh: sub.keys.p256dh, auth: sub.keys.auth, ...who } });
}

/** Removes the owner's subscription with this endpoint; another owner's is left alone. */
export async function removePushSubscription(db: Db, owner: PushOwner, endpoint: string): Promise<boolean> {
  const mine = 'userId' in owner ? eq(pushSubscriptions.userId, owner.userId) : eq(pushSubscriptions.alertOwnerHash, owner.alertOwnerHash);
  const removed = await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.endpoint, endpoint), mine)).returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}
