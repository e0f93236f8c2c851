import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../db/schema';
import { signUpAndLogin } from '../../tests/support/auth';
import { ADULT, authed, confirmBooking, findItinerary, payOrder, postBooking, sandboxPay } from '../../tests/support/booking';
import { createTestApp } from '../../tests/support/test-app';
import { ABANDONED_AFTER_MS, KEEP_KEYS_MS, requestHash, sweepIdempotencyKeys } from './idempotency';
import { idempotencyCleanup } from './jobs/idempotency-cleanup';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
let userId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const signedIn = await signUpAndLogin(ctx.app);
  cookie = signedIn.cookie;
  userId = signedIn.user.id;
});
afterAll(async () => {
  await ctx.close();
});

/** 5,000 arrays nested in one another (~10 kB of JSON). */
const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('idempotency hash', () => {
  it('hashes deeply nested input without recursion (no stack overflow) and ignores key order', () => {
    const nested = JSON.parse(deep(200_000)) as unknown;
    expect(requestHash(nested)).toMatch(/^[0-9a-f]{64}$/);
    expect(requestHash({ a: 1, b: [1, { c: 'x', d: null }] })).toBe(requestHash({ b: [1, { d: null, c: 'x' }], a: 1 }));
    expect(requestHash({ a: [1, 2] })).not.toBe(requestHash({ a: [2, 1] }));
    expect(requestHash({ a: undefined, b: 1 })).toBe(requestHash({ b: 1 }));
  });

  it('a hold whose passengers are 5,000 nested arrays is a 400 field error, not a 500', async () => {
    const res = await ctx.app.request('/api/bookings', {
      method: 'POST',
      headers: authed(cookie, { 'Idempotency-Key': randomUUID() }),
      body: `{"itineraryId":"6E1035@2026-12-24:economy","quotedTotal":0,"passengers":[${deep(5000)}]}`,
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; fields?: Record<string, string> } };
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.fields?.passengers).toBe('Each passenger must be an object of text fields');
  });
});

describe('abandoned Idempotency-Keys', () => {
  it('a confirm interrupted by a crash is retried with the same key within seconds, not refused for a minute', async () => {
    const itinerary = await findItinerary(ctx.app, { from: 'DEL', to: 'BLR', date: '2026-12-24' });
    const hold = await postBooking(ctx.app, cookie, { itineraryId: itinerary.id, passengers: [ADULT], quotedTotal: 0, acceptPriceChange: true });
    const order = await payOrder(ctx.app, cookie, hold.body.booking.id);
    const pay = await sandboxPay(ctx.app, order.orderId);
    const key = randomUUID();
    // The node that claimed the key died mid-request: its row stays in progress.
    await ctx.database.db.insert(idempotencyKeys).values({
      userId,
      scope: 'confirm-payment',
      key,
      requestHash: requestHash({ id: hold.body.booking.id, body: { orderId: pay.body.orderId, paymentId: pay.body.paymentId, signature: pay.body.signature } }),
      status: 'in_progress',
      createdAt: ctx.clock.now(),
    });
    expect((await confirmBooking(ctx.app, cookie, hold.body.booking.id, pay.body, key)).body.error?.code).toBe('idempotency_in_progress');
    ctx.clock.advance(ABANDONED_AFTER_MS + 1);
    const retry = await confirmBooking(ctx.app, cookie, hold.body.booking.id, pay.body, key);
    expect(retry.status).toBe(200);
    expect(retry.body.booking.status).toBe('confirmed');
    expect(ABANDONED_AFTER_MS).toBeLessThanOrEqual(15_000);
  });

  it('old keys and abandoned in-progress keys are swept; fresh ones stay', async () => {
    const db = ctx.database.db;
    const at = (ms: number) => new Date(ctx.clock.now().getTime() - ms);
    await db.insert(idempotencyKeys).values([
      { userId, scope: 'create-booking', key: 'old-done-key', requestHash: 'h', status: 'done', responseStatus: 201, responseBody: {}, createdAt: at(KEEP_KEYS_MS + 1000) },
      { userId, scope: 'create-booking', key: 'fresh-done-key', requestHash: 'h', status: 'done', responseStatus: 201, responseBody: {}, createdAt: at(1000) },
      { userId, scope: 'create-booking', key: 'dead-running-key', requestHash: 'h', status: 'in_progress', createdAt: at(ABANDONED_AFTER_MS + 1000) },
      { userId, scope: 'create-booking', key: 'live-running-key', requestHash: 'h', status: 'in_progress', createdAt: at(100) },
    ]);
    await idempotencyCleanup.run(ctx.deps);
    const left = (await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(eq(idempotencyKeys.scope, 'create-booking'))).map((r) => r.key);
    expect(left).toContain('fresh-done-key');
    expect(left).toContain('live-running-key');
    expect(left).not.toContain('old-done-key');
    expect(left).not.toContain('dead-running-key');
    expect(await sweepIdempotencyKeys(db, ctx.clock)).toBe(0);
  });
});
