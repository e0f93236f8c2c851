import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BookingView } from '../../core/booking';
import type { CancellationQuoteAnswer, RefundsAnswer } from '../../core/trip-changes';
import type { Itinerary } from '../../core/search';
import { hmacHex } from '../../domain/payments/signatures';
import { signUpAndLogin } from '../../../tests/support/auth';
import { ADULT, authed, confirmBooking, findItinerary, postBooking } from '../../../tests/support/booking';
import { createTestApp } from '../../../tests/support/test-app';
import { loadConfig } from '../config';

const RAZORPAY_ENV = { RAZORPAY_KEY_ID: 'rzp_test_SafarKey123', RAZORPAY_KEY_SECRET: 'key-secret-for-tests', RAZORPAY_WEBHOOK_SECRET: 'webhook-secret-for-tests' };

describe('payment configuration', () => {
  it('needs all three Razorpay variables or none', () => {
    expect(() => loadConfig({ RAZORPAY_KEY_ID: 'rzp_test_abc' })).toThrow(
      'Invalid configuration: RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET must be set together (or none of them)',
    );
    expect(loadConfig(RAZORPAY_ENV).RAZORPAY_KEY_ID).toBe('rzp_test_SafarKey123');
    expect(() => loadConfig({ SANDBOX_UPI_SUCCESS_RATE: '1.5' })).toThrow(/SANDBOX_UPI_SUCCESS_RATE must be a number from 0 to 1/);
    expect(loadConfig({}).SANDBOX_UPI_SUCCESS_RATE).toBe(0.9);
  });

  it('in production the sandbox takes no payment without PAYMENT_SANDBOX_SECRET', async () => {
    const prod = await createTestApp({ env: { NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://safar.example' } });
    try {
      const res = await prod.app.request('/api/webhooks/sandbox', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Sandbox-Signature': 'aa' }, body: '{}' });
      expect(res.status).toBe(503);
    } finally {
      await prod.close();
    }
  });
});

describe('Razorpay (only its HTTP API mocked)', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let cookie: string;
  let itinerary: Itinerary;
  const calls: { url: string; body: unknown; auth: string | null }[] = [];

  beforeAll(async () => {
    ctx = await createTestApp({ env: RAZORPAY_ENV });
    ({ cookie } = await signUpAndLogin(ctx.app));
    itinerary = await findItinerary(ctx.app, { from: 'DEL', to: 'BLR', date: '2026-12-22' });
  });
  afterAll(async () => {
    await ctx.close();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function stubRazorpay() {
    const real = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if (!url.startsWith('https://api.razorpay.com/')) return real(input, init);
      const body: unknown = JSON.parse(typeof init?.body === 'string' ? init.body : '{}');
      calls.push({ url, body, auth: new Headers(init?.headers).get('authorization') });
      if (url.endsWith('/orders')) {
        const amount = (body as { amount: number }).amount;
        return Response.json({ id: `order_${randomUUID().slice(0, 14)}`, entity: 'order', amount, currency: 'INR', status: 'created' });
      }
      if (url.includes('/refund')) return Response.json({ id: 'rfnd_test1', entity: 'refund' });
      return new Response('{}', { status: 404 });
    });
  }

  async function holdAndOrder() {
    const hold = await postBooking(ctx.app, cookie, { itineraryId: itinerary.id, passengers: [ADULT], quotedTotal: itinerary.price.total.total, acceptPriceChange: true });
    const res = await ctx.app.request(`/api/bookings/${hold.body.booking.id}/payments`, { method: 'POST', headers: authed(cookie), body: JSON.stringify({ method: 'card' }) });
    expect(res.status).toBe(201);
    const { payment } = (await res.json()) as { payment: { orderId: string; amountPaise: number; razorpayKeyId?: string; provider: string } };
    return { booking: hold.body.booking, payment };
  }

  it('advertises Razorpay and opens the CSP for Checkout', async () => {
    const res = await ctx.app.request('/api/payments/config');
    const text = await res.text();
    expect(text).not.toContain('key-secret-for-tests');
    expect(JSON.parse(text)).toEqual({ provider: 'razorpay', providerName: 'Razorpay', upiEnabled: true, razorpayKeyId: 'rzp_test_SafarKey123' });
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain('script-src \'self\' https://checkout.razorpay.com');
    expect(csp).toContain('https://api.razorpay.com');
  });

  it('creates a server-side order in paise with basic auth, and confirms a correctly signed checkout', async () => {
    stubRazorpay();
    const { booking, payment } = await holdAndOrder();
    const orderCall = calls.find((c) => c.url === 'https://api.razorpay.com/v1/orders');
    expect(orderCall?.body).toMatchObject({ amount: booking.totalInr * 100, currency: 'INR', receipt: booking.id });
    expect(orderCall?.auth).toBe(`Basic ${Buffer.from(`${RAZORPAY_ENV.RAZORPAY_KEY_ID}:${RAZORPAY_ENV.RAZORPAY_KEY_SECRET}`).toString('base64')}`);
    expect(payment.razorpayKeyId).toBe('rzp_test_SafarKey123');

    const paymentId = 'pay_TESTabc123';
    const forged = await confirmBooking(ctx.app, cookie, booking.id, { orderId: payment.orderId, paymentId, signature: hmacHex('wrong-secret', `${payment.orderId}|${paymentId}`) });
    expect(forged.status).toBe(400);
    expect(forged.body.error?.reason).toBe('payment-failed');
    const signature = hmacHex(RAZORPAY_ENV.RAZORPAY_KEY_SECRET, `${payment.orderId}|${paymentId}`);
    const ok = await confirmBooking(ctx.app, cookie, booking.id, { orderId: payment.orderId, paymentId, signature });
    expect(ok.status).toBe(200);
    expect(ok.body.booking.status).toBe('confirmed');
    expect(ok.body.booking.paymentId).toBe(paymentId);
  });

  it('confirms from a signed webhook alone (browser closed), dedupes by event id, rejects a forged one', async () => {
    stubRazorpay();
    const { booking, payment } = await holdAndOrder();
    const raw = JSON.stringify({
      entity: 'event',
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_WEBHOOK1', order_id: payment.orderId, amount: payment.amountPaise, method: 'upi', status: 'captured' } } },
    });
    const send = (secret: string, eventId: string) =>
      ctx.app.request('/api/webhooks/razorpay', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Razorpay-Signature': hmacHex(secret, raw), 'X-Razorpay-Event-Id': eventId },
        body: raw,
      });
    expect((await send('not-the-webhook-secret', 'evt_forged1')).status).toBe(400);
    const first = await send(RAZORPAY_ENV.RAZORPAY_WEBHOOK_SECRET, 'evt_RZP1');
    expect(await first.json()).toEqual({ received: true, duplicate: false });
    const again = await send(RAZORPAY_ENV.RAZORPAY_WEBHOOK_SECRET, 'evt_RZP1');
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    const view = (await (await ctx.app.request(`/api/bookings/${booking.id}`, { headers: authed(cookie) })).json()) as { booking: BookingView };
    expect(view.booking.status).toBe('confirmed');
    expect(view.booking.paymentId).toBe('pay_WEBHOOK1');
  });

  it('a webhook whose amount differs from the order does not confirm and is refunded', async () => {
    stubRazorpay();
    const { booking, payment } = await holdAndOrder();
    const raw = JSON.stringify({ event: 'payment.captured', payload: { payment: { entity: { id: 'pay_SHORT1', order_id: payment.orderId, amount: 100, method: 'card' } } } });
    const res = await ctx.app.request('/api/webhooks/razorpay', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Razorpay-Signature': hmacHex(RAZORPAY_ENV.RAZORPAY_WEBHOOK_SECRET, raw), 'X-Razorpay-Event-Id': 'evt_short' },
      body: raw,
    });
    expect(res.status).toBe(200);
    const view = (await (await ctx.app.request(`/api/bookings/${booking.id}`, { headers: authed(cookie) })).json()) as { booking: BookingView };
    expect(view.booking.status).toBe('held');
    expect(calls.some((c) => c.url === 'https://api.razorpay.com/v1/payments/pay_SHORT1/refund')).toBe(true);
  });

  it('refund webhooks: processed completes a sent refund on the tracker, failed sends it again; nothing else moves', async () => {
    stubRazorpay();
    const tracker = async (bookingId: string) => ((await (await ctx.app.request(`/api/bookings/${bookingId}/refunds`, { headers: authed(cookie) })).json()) as RefundsAnswer).refunds;
    /** A booking paid by card, then cancelled: its refund is sent to Razorpay, which answers `rfnd_test1`, pending. */
    const cancelledBooking = async (paymentId: string) => {
      const { booking, payment } = await holdAndOrder();
      const paid = await confirmBooking(ctx.app, cookie, booking.id, { orderId: payment.orderId, paymentId, signature: hmacHex(RAZORPAY_ENV.RAZORPAY_KEY_SECRET, `${payment.orderId}|${paymentId}`) });
      expect(paid.status).toBe(200);
      const quote = (await (await ctx.app.request(`/api/bookings/${booking.id}/cancellation-quote`, { headers: authed(cookie) })).json()) as CancellationQuoteAnswer;
      expect(quote.quote.refundPaise).toBeGreaterThan(0);
      const cancelled = await ctx.app.request(`/api/bookings/${booking.id}/cancellations`, {
        method: 'POST',
        headers: authed(cookie, { 'Idempotency-Key': randomUUID() }),
        body: JSON.stringify({ passengers: [0], quotedRefundPaise: quote.quote.refundPaise }),
      });
      expect(cancelled.status).toBe(201);
      expect((await tracker(booking.id)).map((r) => r.status)).toEqual(['sent']);
      return booking.id;
    };
    const hook = (event: 'refund.processed' | 'refund.failed', eventId: string, paymentId: string) => {
      const raw = JSON.stringify({ entity: 'event', event, payload: { refund: { entity: { id: 'rfnd_test1', entity: 'refund', payment_id: paymentId, status: event === 'refund.processed' ? 'processed' : 'failed' } } } });
      return ctx.app.request('/api/webhooks/razorpay', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Razorpay-Signature': hmacHex(RAZORPAY_ENV.RAZORPAY_WEBHOOK_SECRET, raw), 'X-Razorpay-Event-Id': eventId },
        body: raw,
      });
    };

    const first = await cancelledBooking('pay_REFUND1');
    expect(await (await hook('refund.processed', 'evt_rfnd_ok', 'pay_REFUND1')).json()).toEqual({ received: true, duplicate: false });
    const [done] = await tracker(first);
    expect(done).toMatchObject({ status: 'completed', completedAt: expect.any(String) });
    expect(await (await hook('refund.processed', 'evt_rfnd_ok', 'pay_REFUND1')).json()).toEqual({ received: true, duplicate: true });

    // The provider reuses no refund id in truth; here the second refund has the same one, so "only refunds still sent" is seen.
    const second = await cancelledBooking('pay_REFUND2');
    expect((await hook('refund.failed', 'evt_rfnd_fail', 'pay_REFUND2')).status).toBe(200);
    expect((await tracker(second)).map((r) => r.status)).toEqual(['requested']);
    expect((await tracker(first)).map((r) => r.status)).toEqual(['completed']);
  });

  it('the sandbox gateway is off when Razorpay is on', async () => {
    const res = await ctx.app.request('/api/payments/sandbox/pay', {
      method: 'POST',
      headers: authed(cookie),
      body: JSON.stringify({ orderId: 'order_x', method: 'upi', upiId: 'success@sandbox' }),
    });
    expect(res.status).toBe(404);
  });
});
