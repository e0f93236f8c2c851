import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxWebhooks, webhookEvents } from '../../db/schema';
import { KEEP_WEBHOOK_RECORDS_MS } from '../../domain/payments/prune';
import { createTestApp } from '../../../tests/support/test-app';
import { webhookCleanup } from './webhook-cleanup';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('webhook cleanup job', () => {
  it('forgets event ids and delivered sandbox webhooks older than a week, keeping newer ones and undelivered ones', async () => {
    const { db } = ctx.database;
    const now = ctx.clock.now().getTime();
    const old = new Date(now - KEEP_WEBHOOK_RECORDS_MS - 60_000);
    const recent = new Date(now - 60_000);
    await db.insert(webhookEvents).values([
      { provider: 'sandbox', eventId: 'evt_old', receivedAt: old },
      { provider: 'sandbox', eventId: 'evt_recent', receivedAt: recent },
    ]);
    await db.insert(sandboxWebhooks).values([
      { eventId: 'evt_old_delivered', body: '{}', delivered: true, createdAt: old },
      { eventId: 'evt_old_pending', body: '{}', delivered: false, createdAt: old },
      { eventId: 'evt_recent_delivered', body: '{}', delivered: true, createdAt: recent },
    ]);
    await webhookCleanup.run(ctx.deps);
    const events = await db.select({ id: webhookEvents.eventId }).from(webhookEvents);
    expect(events.map((e) => e.id).sort()).toEqual(['evt_recent']);
    const hooks = await db.select({ id: sandboxWebhooks.eventId }).from(sandboxWebhooks);
    expect(hooks.map((h) => h.id).sort()).toEqual(['evt_old_pending', 'evt_recent_delivered']);
    // A second run has nothing left to do.
    await webhookCleanup.run(ctx.deps);
    expect(await db.select().from(sandboxWebhooks).where(eq(sandboxWebhooks.delivered, false))).toHaveLength(1);
  });
});
