import type { PaymentProviderName } from '../../core/booking';

/**
 * What booking needs from a payment gateway. The sandbox and Razorpay implement it;
 * nothing outside src/domain/payments knows which one is active.
 */
export interface PaymentProvider {
  name: PaymentProviderName;
  /** Shown on the pay button: 'Pay with {displayName}'. */
  displayName: string;
  /** Public key id the browser checkout needs (Razorpay only). */
  publicKeyId?: string;
  /** Creates a server-side order for an amount the server computed. */
  createOrder(input: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<{ orderId: string }>;
  /**
   * A gateway whose order ids are drawn here, with no call (the sandbox), offers this: an order is
   * then its id, so the order row can be written by the statement that checks the booking.
   */
  newOrderId?(): string;
  /** Checks the signature the browser callback carries. */
  verifyPayment(input: { orderId: string; paymentId: string; signature: string }): boolean;
  /** Checks a webhook's signature header against its raw body. */
  verifyWebhook(rawBody: string, signature: string): boolean;
  /**
   * Returns money, all of a payment or part of it (a payment that cannot be honoured, a
   * cancellation's refund). `reference` (our refund row's id) goes with the refund so a retry can
   * find it (`findRefund`) instead of refunding twice. `processed`: the provider says the money
   * has left for the bank; `pending`: accepted, ask `refundStatus` later.
   */
  refund(input: { paymentId: string; amountPaise: number; reason: string; reference?: string }): Promise<{ refundId: string; status: RefundState }>;
  /** Where a refund the provider accepted is now. */
  refundStatus(input: { paymentId: string; refundId: string }): Promise<RefundState>;
  /** The refund made earlier with this `reference`, if any: asked before retrying a refund whose first attempt may have reached the provider. */
  findRefund(input: { paymentId: string; reference: string }): Promise<{ refundId: string; status: RefundState } | null>;
}

/** A refund at the provider: accepted and on its way, processed (sent to the bank), or failed (the money stays with us: send it again). */
export type RefundState = 'pending' | 'processed' | 'failed';

/** A captured-payment notification, normalised from a provider's webhook. */
export interface PaymentEvent {
  eventId: string;
  /** `refund-processed` / `refund-failed`: the provider's word on a refund Safar sent (`refundId`). */
  kind: 'captured' | 'failed' | 'refund-processed' | 'refund-failed' | 'other';
  orderId: string | null;
  paymentId: string | null;
  refundId: string | null;
  amountPaise: number | null;
  method: string | null;
  failureReason: string | null;
}
