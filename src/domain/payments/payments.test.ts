import { describe, expect, it } from 'vitest';
import { SandboxPayBodySchema } from '../../core/booking';
import { createRazorpayProvider } from './razorpay';
import { decideSandboxPayment, orderDraw, signSandboxPayment, createSandboxProvider, signSandboxWebhook } from './sandbox';
import { hmacHex, signatureMatches, verifyCheckoutSignature } from './signatures';

const body = (value: unknown) => SandboxPayBodySchema.parse(value);
const card = (number: string) => body({ orderId: 'order_1', method: 'card', card: { number, expiry: '12/30', cvv: '123', name: 'R S' } });

describe('signatures', () => {
  it('checks HMAC-SHA256(order|payment) and rejects anything else', () => {
    const sig = hmacHex('secret', 'order_1|pay_1');
    expect(verifyCheckoutSignature('secret', 'order_1', 'pay_1', sig)).toBe(true);
    expect(verifyCheckoutSignature('secret', 'order_1', 'pay_2', sig)).toBe(false);
    expect(verifyCheckoutSignature('other', 'order_1', 'pay_1', sig)).toBe(false);
    expect(signatureMatches('not-hex', sig)).toBe(false);
    expect(signatureMatches(sig.slice(0, 10), sig)).toBe(false);
    expect(signatureMatches(sig.toUpperCase(), sig)).toBe(true);
  });
});

describe('sandbox gateway', () => {
  it('answers the test cards and UPI handles', () => {
    expect(decideSandboxPayment(card('4111 1111 1111 1111'), 0.9)).toEqual({ ok: true });
    expect(decideSandboxPayment(card('4000 0000 0000 0002'), 0.9).ok).toBe(false);
    expect(decideSandboxPayment(body({ orderId: 'o', method: 'upi', upiId: 'success@sandbox' }), 0).ok).toBe(true);
    expect(decideSandboxPayment(body({ orderId: 'o', method: 'upi', upiId: 'failure@sandbox' }), 1).ok).toBe(false);
  });

  it('other UPI ids succeed at the configured rate, deterministically per order', () => {
    const orders = Array.from({ length: 2000 }, (_, i) => `order_${i}`);
    const ok = orders.filter((orderId) => decideSandboxPayment(body({ orderId, method: 'upi', upiId: 'rahul@okicici' }), 0.9).ok).length;
    expect(ok / orders.length).toBeGreaterThan(0.87);
    expect(ok / orders.length).toBeLessThan(0.93);
    expect(orderDraw('order_7')).toBe(orderDraw('order_7'));
    expect(decideSandboxPayment(body({ orderId: 'order_7', method: 'upi', upiId: 'a.b@upi' }), 0).ok).toBe(false);
    expect(decideSandboxPayment(body({ orderId: 'order_7', method: 'upi', upiId: 'a.b@upi' }), 1).ok).toBe(true);
  });

  it('signs checkouts and webhooks the provider verifies', () => {
    const provider = createSandboxProvider({ secret: 's3cret' });
    const signed = signSandboxPayment('s3cret', 'order_9');
    expect(provider.verifyPayment(signed)).toBe(true);
    expect(createSandboxProvider({ secret: 'other' }).verifyPayment(signed)).toBe(false);
    expect(provider.verifyWebhook('{"a":1}', signSandboxWebhook('s3cret', '{"a":1}'))).toBe(true);
    expect(provider.verifyWebhook('{"a":2}', signSandboxWebhook('s3cret', '{"a":1}'))).toBe(false);
  });

  it('rejects bad card numbers at the schema', () => {
    expect(SandboxPayBodySchema.safeParse({ orderId: 'o', method: 'card', card: { number: '4111 1111 1111 1112', expiry: '12/30', cvv: '123', name: 'x' } }).success).toBe(false);
  });
});

describe('Razorpay adapter', () => {
  it('maps a provider outage to a 503, not a 500', async () => {
    const provider = createRazorpayProvider({ keyId: 'rzp_test_x', keySecret: 'secret123', webhookSecret: 'whsecret1', fetch: () => Promise.resolve(new Response('{"error":{}}', { status: 500 })) });
    await expect(provider.createOrder({ amountPaise: 100, receipt: 'BK1', notes: {} })).rejects.toMatchObject({ status: 503 });
    const down = createRazorpayProvider({ keyId: 'rzp_test_x', keySecret: 'secret123', webhookSecret: 'whsecret1', fetch: () => Promise.reject(new Error('ECONNRESET')) });
    await expect(down.refund({ paymentId: 'pay_1', amountPaise: 100, reason: 'x' })).rejects.toMatchObject({ status: 503 });
  });

  it('refuses an order whose amount differs from what was asked', async () => {
    const provider = createRazorpayProvider({ keyId: 'rzp_test_x', keySecret: 'secret123', webhookSecret: 'whsecret1', fetch: () => Promise.resolve(Response.json({ id: 'order_1', amount: 1, currency: 'INR' })) });
    await expect(provider.createOrder({ amountPaise: 100, receipt: 'BK1', notes: {} })).rejects.toMatchObject({ status: 503 });
  });
});
