import type { PaymentConfig, PaymentOrder } from '../../../core/booking';
import { checkoutOptions, openRazorpayCheckout } from './razorpay';

/** What a provider's checkout hands back for the server to verify. */
export interface CheckoutResult {
  orderId: string;
  paymentId: string;
  signature: string;
}

/**
 * Opens the checkout of the provider that created the order: the sandbox's own dialog (shown by
 * the caller through `showSandbox`) or Razorpay Checkout. Exactly one handler runs.
 * @example await openProviderCheckout(order, config, { showSandbox: setSandboxOrder, onPaid: confirm, onFailed, onDismiss })
 */
export async function openProviderCheckout(
  order: PaymentOrder,
  config: Pick<PaymentConfig, 'razorpayKeyId'>,
  handlers: { showSandbox(order: PaymentOrder): void; onPaid(result: CheckoutResult): void; onFailed(): void; onDismiss(): void },
): Promise<void> {
  if (order.provider === 'sandbox') {
    handlers.showSandbox(order);
    return;
  }
  const keyId = order.razorpayKeyId ?? config.razorpayKeyId;
  if (!keyId) {
    handlers.onFailed();
    return;
  }
  try {
    await openRazorpayCheckout(
      checkoutOptions(order, keyId, (response) => {
        handlers.onPaid({ orderId: response.razorpay_order_id, paymentId: response.razorpay_payment_id, signature: response.razorpay_signature });
      }),
      { onFailed: () => handlers.onFailed(), onDismiss: () => handlers.onDismiss() },
    );
  } catch {
    handlers.onFailed();
  }
}
