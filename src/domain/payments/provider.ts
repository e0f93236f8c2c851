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
  /** Returns money for a payment that cannot be honoured (hold expired, double payment). */
  refund(input: { paymentId: string; amountPaise: number; reason: string }): Promise<{ refundId: string }>;
}

/** A captured-payment notification, normalised from a provider's webhook. */
export interface PaymentEvent {
  eventId: string;
  kind: 'captured' | 'failed' | 'other';
  orderId: string | null;
  paymentId: string | null;
  amountPaise: number | null;
  method: string | null;
  failureReason: string | null;
}
