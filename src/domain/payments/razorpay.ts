import { z } from 'zod';
import { AppError } from '../../core/errors';
import type { PaymentProvider } from './provider';
import { hmacHex, signatureMatches, verifyCheckoutSignature } from './signatures';

/**
 * Razorpay through its REST API (no SDK: the official package compares signatures with `===`
 * and pulls in a large HTTP client). Orders and refunds go to api.razorpay.com with basic auth;
 * signatures are checked in constant time.
 */

const RAZORPAY_API = 'https://api.razorpay.com/v1';

export interface RazorpayOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Injected for tests, which mock only Razorpay's HTTP. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const OrderResponseSchema = z.object({ id: z.string().min(1), amount: z.number(), currency: z.string() });
const RefundStateSchema = z.enum(['pending', 'processed', 'failed']).catch('pending');
const RefundResponseSchema = z.object({ id: z.string().min(1), status: RefundStateSchema.optional(), notes: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional() });
const RefundListSchema = z.object({ items: z.array(RefundResponseSchema) });

/**
 * The Razorpay provider.
 * @example const rp = createRazorpayProvider({ keyId: 'rzp_test_x', keySecret: 's', webhookSecret: 'w' })
 */
export function createRazorpayProvider(options: RazorpayOptions): PaymentProvider {
  // Looked up per call so a test can stub the global fetch (mocking only Razorpay's HTTP).
  const doFetch: typeof fetch = (input, init) => (options.fetch ?? globalThis.fetch)(input, init);
  const auth = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;

  /** POST with a body, GET without. */
  async function post(path: string, body?: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await doFetch(`${RAZORPAY_API}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { Authorization: auth, 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch {
      throw new AppError('unavailable', 'The payment provider did not answer. Please try again.');
    }
    const json: unknown = await response.json().catch(() => null);
    if (!response.ok) throw new AppError('unavailable', 'The payment provider could not take this payment right now. Please try again.');
    return json;
  }

  return {
    name: 'razorpay',
    displayName: 'Razorpay',
    publicKeyId: options.keyId,
    async createOrder({ amountPaise, receipt, notes }) {
      // Razorpay limits receipt to 40 characters.
      const parsed = OrderResponseSchema.safeParse(await post('/orders', { amount: amountPaise, currency: 'INR', receipt: receipt.slice(0, 40), notes }));
      if (!parsed.success || parsed.data.amount !== amountPaise) throw new AppError('unavailable', 'The payment provider answered unexpectedly. Please try again.');
      return { orderId: parsed.data.id };
    },
    verifyPayment: ({ orderId, paymentId, signature }) => verifyCheckoutSignature(options.keySecret, orderId, paymentId, signature),
    verifyWebhook: (rawBody, signature) => signatureMatches(signature, hmacHex(options.webhookSecret, rawBody)),
    async refund({ paymentId, amountPaise, reason, reference }) {
      const parsed = RefundResponseSchema.safeParse(
        await post(`/payments/${encodeURIComponent(paymentId)}/refund`, {
          amount: amountPaise,
          speed: 'normal',
          ...(reference ? { receipt: reference.slice(0, 40) } : {}),
          notes: { reason: reason.slice(0, 250), ...(reference ? { safar_refund: reference } : {}) },
        }),
      );
      if (!parsed.success) throw new AppError('unavailable', 'The payment provider answered unexpectedly.');
      return { refundId: parsed.data.id, status: parsed.data.status ?? 'pending' };
    },
    async refundStatus({ paymentId, refundId }) {
      const parsed = RefundResponseSchema.safeParse(await post(`/payments/${encodeURIComponent(paymentId)}/refunds/${encodeURIComponent(refundId)}`));
      if (!parsed.success) throw new AppError('unavailable', 'The payment provider answered unexpectedly.');
      return parsed.data.status ?? 'pending';
    },
    async findRefund({ paymentId, reference }) {
      const parsed = RefundListSchema.safeParse(await post(`/payments/${encodeURIComponent(paymentId)}/refunds?count=100`));
      if (!parsed.success) throw new AppError('unavailable', 'The payment provider answered unexpectedly.');
      const found = parsed.data.items.find((r) => r.notes && !Array.isArray(r.notes) && r.notes.safar_refund === reference);
      return found ? { refundId: found.id, status: found.status ?? 'pending' } : null;
    },
  };
}
