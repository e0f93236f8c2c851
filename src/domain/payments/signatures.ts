import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-SHA256 of a message as lowercase hex (the form Razorpay sends).
 * @example hmacHex('secret', 'order_1|pay_1')
 */
export function hmacHex(secret: string, message: string | Uint8Array): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

/**
 * Compares a received hex signature with the expected one in constant time.
 * (The official razorpay package uses `===`, which leaks timing.)
 * @example signatureMatches(hmacHex('s', 'm'), hmacHex('s', 'm')) // true
 */
export function signatureMatches(received: string, expected: string): boolean {
  if (!/^[0-9a-f]+$/i.test(received)) return false;
  const a = Buffer.from(received.toLowerCase(), 'hex');
  const b = Buffer.from(expected, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Checks a checkout signature: HMAC-SHA256(`orderId|paymentId`, secret).
 * @example verifyCheckoutSignature('s', 'order_1', 'pay_1', hmacHex('s', 'order_1|pay_1')) // true
 */
export function verifyCheckoutSignature(secret: string, orderId: string, paymentId: string, signature: string): boolean {
  return signatureMatches(signature, hmacHex(secret, `${orderId}|${paymentId}`));
}
