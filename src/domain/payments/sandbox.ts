import { createHash, randomBytes } from 'node:crypto';
import { SANDBOX_TEST_VALUES, type SandboxPayBody } from '../../core/booking';
import type { PaymentProvider } from './provider';
import { hmacHex, signatureMatches, verifyCheckoutSignature } from './signatures';

/**
 * Safar Pay (sandbox): the embedded default gateway. It behaves like a real one — orders,
 * a checkout that answers with a signed payment id, signed webhooks, refunds — with test
 * cards and UPI handles instead of money. Its secret comes from configuration so every
 * node signs and checks alike.
 */

const SANDBOX_DISPLAY_NAME = 'Safar Pay (sandbox)';

const randomId = (prefix: string) => `${prefix}_${randomBytes(10).toString('base64url').replace(/[-_]/g, 'x').slice(0, 14)}`;

/** The sandbox's refund id for a refund sent with `reference` (the same reference, the same refund). */
const referenceRefundId = (reference: string) => `rfnd_${createHash('sha256').update(reference).digest('base64url').replace(/[-_]/g, 'x').slice(0, 14)}`;

/** Derived keys of the secrets in use (one per server, a few in tests), so each payment signs with one HMAC, not three. */
const derivedKeys = new Map<string, { checkout: string; webhook: string }>();

/** Keys derived from the one configured secret, so a leaked webhook key does not sign checkouts. */
function sandboxKeys(secret: string): { checkout: string; webhook: string } {
  let keys = derivedKeys.get(secret);
  if (!keys) {
    if (derivedKeys.size >= 16) derivedKeys.clear();
    keys = { checkout: hmacHex(secret, 'checkout'), webhook: hmacHex(secret, 'webhook') };
    derivedKeys.set(secret, keys);
  }
  return keys;
}

/**
 * The sandbox provider.
 * @example const sandbox = createSandboxProvider({ secret: 'dev', upiSuccessRate: 0.9 })
 */
export function createSandboxProvider(options: { secret: string }): PaymentProvider {
  const keys = sandboxKeys(options.secret);
  return {
    name: 'sandbox',
    displayName: SANDBOX_DISPLAY_NAME,
    createOrder: () => Promise.resolve({ orderId: randomId('order') }),
    newOrderId: () => randomId('order'),
    verifyPayment: ({ orderId, paymentId, signature }) => verifyCheckoutSignature(keys.checkout, orderId, paymentId, signature),
    verifyWebhook: (rawBody, signature) => signatureMatches(signature, hmacHex(keys.webhook, rawBody)),
    // Sandbox refunds are processed at once; a refund with a reference has an id fixed by it, so sending it again finds the first.
    refund: ({ reference }) => Promise.resolve({ refundId: reference ? referenceRefundId(reference) : randomId('rfnd'), status: 'processed' }),
    refundStatus: () => Promise.resolve('processed'),
    findRefund: () => Promise.resolve(null),
  };
}

/**
 * A number in [0, 1) fixed by the order id, so a given order always gets the same UPI outcome
 * (tests can rely on it) while different orders spread evenly.
 */
export function orderDraw(orderId: string): number {
  return createHash('sha256').update(orderId).digest().readUInt32BE(0) / 2 ** 32;
}

export type SandboxOutcome = { ok: true } | { ok: false; message: string };

/**
 * What the sandbox gateway answers a checkout attempt: the test values from SANDBOX_TEST_VALUES,
 * any other valid card succeeds, any other UPI id succeeds with probability `upiSuccessRate`.
 * @example decideSandboxPayment({ orderId: 'order_1', method: 'upi', upiId: 'failure@sandbox' }, 0.9) // { ok: false, … }
 */
export function decideSandboxPayment(body: SandboxPayBody, upiSuccessRate: number): SandboxOutcome {
  if (body.method === 'card') {
    const declined = SANDBOX_TEST_VALUES.declinedCard.replace(/\s/g, '');
    if (body.card.number === declined) return { ok: false, message: 'Your card was declined. Payment failed. Please try again.' };
    const [mm, yy] = body.card.expiry.split('/').map(Number);
    if (mm === undefined || yy === undefined) return { ok: false, message: 'Payment failed. Please try again.' };
    return { ok: true };
  }
  const upi = body.upiId.toLowerCase();
  if (upi === SANDBOX_TEST_VALUES.successUpi) return { ok: true };
  if (upi === SANDBOX_TEST_VALUES.failureUpi) return { ok: false, message: 'UPI payment failed. Please try again.' };
  return orderDraw(body.orderId) < upiSuccessRate ? { ok: true } : { ok: false, message: 'UPI payment failed. Please try again.' };
}

/**
 * Mints the payment id and checkout signature for a successful sandbox attempt.
 * @example signSandboxPayment('dev', 'order_1') // { paymentId: 'pay_…', orderId: 'order_1', signature: '…' }
 */
export function signSandboxPayment(secret: string, orderId: string): { paymentId: string; orderId: string; signature: string } {
  const paymentId = randomId('pay');
  return { paymentId, orderId, signature: hmacHex(sandboxKeys(secret).checkout, `${orderId}|${paymentId}`) };
}

/**
 * Signs a webhook body the way the sandbox gateway does (for the gateway itself and for tests).
 * @example signSandboxWebhook('dev', JSON.stringify(event))
 */
export function signSandboxWebhook(secret: string, rawBody: string): string {
  return hmacHex(sandboxKeys(secret).webhook, rawBody);
}
