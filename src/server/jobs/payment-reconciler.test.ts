import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingView } from '../../core/booking';
import type { Itinerary } from '../../core/search';
import { bookings, payments, sandboxWebhooks } from '../../db/schema';
import { RECONCILE_AFTER_MS, moneyInFlight } from '../../domain/checkout/service';
import { holdSweeper } from './hold-sweeper';
import { paymentReconciler } from './payment-reconciler';
import { sandboxWebhooks as sandboxWebhookJob } from './sandbox-webhooks';
import { signUpAndLogin } from '../../../tests/support/auth';
import { ADULT, authed, confirmBooking, findItinerary, payOrder, postBooking, sandboxPay } from '../../../tests/support/booking';
import { createTestApp } from '../../../tests/support/test-app';

/**
 * Money is never left behind: a payment the gateway took ends in a confirmed booking or a refund
 * even when the browser never calls confirm, and the sandbox gateway tells the server itself.
 */

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
let userId: string;
let itinerary: Itinerary;

beforeAll(async () => {
  ctx = await createTestApp();
  const signedIn = await signUpAndLogin(ctx.app);
  cookie = signedIn.cookie;
  userId = signedIn.user.id;
  itinerary = await findItinerary(ctx.app, { from: 'DEL', to: 'BOM', date: '2026-12-24' });
});
afterAll(async () => {
  await ctx.close();
});

/** Hold → order → sandbox card payment, and then the browser goes away (no confirm). */
async function payAndVanish() {
  const hold = await postBooking(ctx.app, cookie, { itineraryId: itinerary.id, passengers: [ADULT], quotedTotal: itinerary.price.total.total, acceptPriceChange: true });
  expect(hold.status).toBe(201);
  const order = await payOrder(ctx.app, cookie, hold.body.booking.id);
  const pay = await sandboxPay(ctx.app, order.orderId);
  expect(pay.status).toBe(200);
  const [row] = await ctx.database.db.select().from(payments).where(eq(payments.providerOrderId, order.orderId));
  expect(row?.status).toBe('authorized');
  return { bookingId: hold.body.booking.id, orderId: order.orderId, pay: pay.body };
}

const paymentOf = async (orderId: string) => (await ctx.database.db.select().from(payments).where(eq(payments.providerOrderId, orderId)))[0];
const bookingOf = async (id: string) => (await ctx.database.db.select().from(bookings).where(eq(bookings.id, id)))[0];

describe('checkout: no money left behind', () => {
  it('a paid booking whose confirmation never arrives and whose hold expires is refunded', async () => {
    const { bookingId, orderId } = await payAndVanish();
    // Nothing delivered the gateway's webhook in time (say the server was down): the hold dies.
    await ctx.database.db.update(sandboxWebhooks).set({ delivered: true });
    ctx.clock.advance(ctx.checkout.holdMs + 1_000);
    await holdSweeper.run(ctx.deps);
    await paymentReconciler.run(ctx.deps);
    await holdSweeper.run(ctx.deps);
    expect((await bookingOf(bookingId))?.status).toBe('expired');
    const row = await paymentOf(orderId);
    expect(row?.status).toBe('refunded');
    expect(row?.failureReason).toBe('hold-expired');
    expect(await moneyInFlight(ctx.database.db)).toEqual({ authorized: 0, refunding: 0 });
  });

  it("the sandbox gateway delivers its signed webhook, so the booking is confirmed without the browser", async () => {
    const { bookingId, orderId, pay } = await payAndVanish();
    // The gateway waits a moment (the browser's callback usually wins), then delivers.
    await sandboxWebhookJob.run(ctx.deps);
    expect((await bookingOf(bookingId))?.status).toBe('held');
    ctx.clock.advance(5_000);
    await sandboxWebhookJob.run(ctx.deps);
    const booking = await bookingOf(bookingId);
    expect(booking?.status).toBe('confirmed');
    expect(booking?.paymentId).toBe(pay.paymentId);
    expect((await paymentOf(orderId))?.status).toBe('captured');
    const queued = (await ctx.database.db.select().from(sandboxWebhooks)).filter((w) => w.body.includes(orderId));
    expect(queued.map((w) => w.delivered)).toEqual([true]);
    // The browser coming back later gets the same confirmed booking.
    const late = await confirmBooking(ctx.app, cookie, bookingId, pay);
    expect(late.status).toBe(200);
    expect(late.body.booking.status).toBe('confirmed');
    // Delivering again (at-least-once) changes nothing.
    await ctx.database.db.update(sandboxWebhooks).set({ delivered: false, availableAt: ctx.clock.now() });
    await sandboxWebhookJob.run(ctx.deps);
    expect(await ctx.database.db.select().from(payments).where(eq(payments.bookingId, bookingId))).toHaveLength(1);
  });

  it('when both the callback and the webhook are lost, the reconciler captures and confirms a live hold', async () => {
    const { bookingId, orderId } = await payAndVanish();
    await ctx.database.db.update(sandboxWebhooks).set({ delivered: true });
    await paymentReconciler.run(ctx.deps);
    expect((await paymentOf(orderId))?.status).toBe('authorized'); // too early: the browser may still come back
    ctx.clock.advance(RECONCILE_AFTER_MS + 1);
    await paymentReconciler.run(ctx.deps);
    expect((await bookingOf(bookingId))?.status).toBe('confirmed');
    expect((await paymentOf(orderId))?.status).toBe('captured');
    const view = (await (await ctx.app.request(`/api/bookings/${bookingId}`, { headers: authed(cookie) })).json()) as { booking: BookingView };
    expect(view.booking.passengers[0]?.ticketNumber).toMatch(/^\d{13}$/);
  });

  it('a payment taken at the gateway after its hold was swept is refunded by the reconciler', async () => {
    const hold = await postBooking(ctx.app, cookie, { itineraryId: itinerary.id, passengers: [ADULT], quotedTotal: 0, acceptPriceChange: true });
    const order = await payOrder(ctx.app, cookie, hold.body.booking.id);
    ctx.clock.advance(ctx.checkout.holdMs + 1_000);
    await holdSweeper.run(ctx.deps);
    expect((await bookingOf(hold.body.booking.id))?.status).toBe('expired');
    // The traveller pays in a tab left open: the gateway takes the money anyway.
    expect((await sandboxPay(ctx.app, order.orderId)).status).toBe(200);
    await ctx.database.db.update(sandboxWebhooks).set({ delivered: true });
    ctx.clock.advance(RECONCILE_AFTER_MS + 1);
    await paymentReconciler.run(ctx.deps);
    expect((await paymentOf(order.orderId))?.status).toBe('refunded');
    expect(await moneyInFlight(ctx.database.db)).toEqual({ authorized: 0, refunding: 0 });
  });

  it('a booking paid in two shares is confirmed by the second; an unpaid share lets the hold expire and refunds the first', async () => {
    const held = await ctx.checkout.hold({ userId, itineraryId: itinerary.id, passengers: [ADULT, ADULT], quotedTotal: 0, acceptPriceChange: true, holdMs: 30 * 60_000 });
    expect(new Date(held.holdExpiresAt).getTime() - ctx.clock.now().getTime()).toBe(30 * 60_000);
    const total = held.totalInr * 100;
    const payShare = async (bookingId: string, amountPaise: number) => {
      const { order } = await ctx.checkout.createOrder({ bookingId, email: 'member@example.com', method: 'upi', amountPaise });
      expect(order.amountPaise).toBe(amountPaise);
      const paid = await ctx.checkout.sandboxPay({ orderId: order.orderId, method: 'upi', upiId: 'success@sandbox' });
      if (!paid.ok) throw new Error(paid.message);
      return ctx.checkout.settle({ provider: 'sandbox', orderId: order.orderId, paymentId: paid.result.paymentId });
    };
    const first = await payShare(held.id, Math.ceil(total / 2));
    expect(first).toMatchObject({ kind: 'share-captured', duePaise: total - Math.ceil(total / 2) });
    await expect(ctx.checkout.createOrder({ bookingId: held.id, email: 'x@example.com', method: 'card', amountPaise: total })).rejects.toMatchObject({ status: 400 });
    const second = await payShare(held.id, total - Math.ceil(total / 2));
    expect(second.kind).toBe('confirmed');
    expect((await bookingOf(held.id))?.status).toBe('confirmed');

    const other = await ctx.checkout.hold({ userId, itineraryId: itinerary.id, passengers: [ADULT, ADULT], quotedTotal: 0, acceptPriceChange: true, holdMs: 20 * 60_000 });
    const share = await payShare(other.id, 1000);
    expect(share.kind).toBe('share-captured');
    ctx.clock.advance(20 * 60_000 + 1);
    await holdSweeper.run(ctx.deps);
    expect((await bookingOf(other.id))?.status).toBe('expired');
    const rows = await ctx.database.db.select().from(payments).where(eq(payments.bookingId, other.id));
    expect(rows.map((r) => r.status)).toEqual(['refunded']);
  });
});
