import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { Clock } from '../../core/clock';
import type { Db } from '../../db/client';
import { outbox, pushSubscriptions } from '../../db/schema';
import { PUSH_KIND, PushPayloadSchema } from './push-queue';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** `mailto:` or `https:` contact the push services may use. */
  subject: string;
}

/** Sends one HTTP request (global fetch in production; tests may pass their own). */
export type PushFetch = (url: string, init: { method: string; headers: Record<string, string>; body: Uint8Array<ArrayBuffer> | null }) => Promise<{ status: number }>;

const defaultFetch: PushFetch = async (url, init) => {
  const response = await fetch(url, { method: init.method, headers: init.headers, body: init.body, signal: AbortSignal.timeout(10_000) });
  await response.arrayBuffer().catch(() => undefined);
  return { status: response.status };
};

/** Minutes before retry n (1, 2, 4 … capped at an hour). */
const backoffMs = (attempts: number) => Math.min(60, 2 ** attempts) * 60_000;

/**
 * Delivers queued Web Push messages (outbox rows of kind `web-push`), claimed with FOR UPDATE
 * SKIP LOCKED so nodes never send the same row twice at once. The payload is encrypted for the
 * browser (aes128gcm) and signed with the VAPID keys by `web-push`; the request goes out with
 * fetch. A 404 or 410 from the push service means the browser unsubscribed: the subscription is
 * deleted. Other failures back off and are retried.
 * @example await sendPushes(db, clock, vapid)
 */
export async function sendPushes(
  db: Db,
  clock: Clock,
  vapid: VapidKeys,
  options: { limit?: number; send?: PushFetch } = {},
): Promise<{ sent: number; gone: number; failed: number }> {
  const now = clock.now();
  const send = options.send ?? defaultFetch;
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(outbox)
      .where(and(isNull(outbox.sentAt), lte(outbox.availableAt, now), eq(outbox.kind, PUSH_KIND)))
      .orderBy(asc(outbox.availableAt))
      .limit(options.limit ?? 50)
      .for('update', { skipLocked: true });
    let sent = 0;
    let gone = 0;
    let failed = 0;
    for (const row of due) {
      const [subscription] = await tx.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, row.recipient));
      const payload = PushPayloadSchema.safeParse(row.payload);
      if (!subscription || !payload.success) {
        await tx.update(outbox).set({ sentAt: now, lastError: subscription ? 'bad payload' : 'subscription gone' }).where(eq(outbox.id, row.id));
        continue;
      }
      let status: number;
      let error: string | null = null;
      try {
        const request = webpush.generateRequestDetails(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          JSON.stringify(payload.data),
          { vapidDetails: vapid, TTL: 24 * 60 * 60, contentEncoding: 'aes128gcm' },
        );
        const body = request.body ? Uint8Array.from(request.body) : null;
        status = (await send(request.endpoint, { method: request.method, headers: request.headers, body })).status;
      } catch (cause) {
        status = 0;
        error = (cause instanceof Error ? cause.message : String(cause)).slice(0, 500);
      }
      if (status >= 200 && status < 300) {
        await tx.update(outbox).set({ sentAt: now, attempts: sql`${outbox.attempts} + 1`, lastError: null }).where(eq(outbox.id, row.id));
        sent += 1;
      } else if (status === 404 || status === 410) {
        await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
        await tx.update(outbox).set({ sentAt: now, attempts: sql`${outbox.attempts} + 1`, lastError: `subscription gone (${status})` }).where(eq(outbox.id, row.id));
        gone += 1;
      } else {
        await tx
          .update(outbox)
          .set({
            attempts: sql`${outbox.attempts} + 1`,
            availableAt: new Date(now.getTime() + backoffMs(row.attempts + 1)),
            lastError: error ?? `push service answered ${status}`,
          })
          .where(eq(outbox.id, row.id));
        failed += 1;
      }
    }
    return { sent, gone, failed };
  });
}
