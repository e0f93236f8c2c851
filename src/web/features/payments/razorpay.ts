/**
 * Razorpay Checkout in the browser. The script is fetched only when the server says Razorpay is
 * the configured provider, so the sandbox (and the home page) never load third-party code.
 */
import type { PaymentOrder } from '../../../core/booking';

const SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

export interface RazorpaySuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export interface RazorpayOptions {
  key: string;
  amount: number;
  currency: 'INR';
  name: string;
  description: string;
  order_id: string;
  prefill: { email: string; contact: string };
  theme: { color: string };
  handler(response: RazorpaySuccess): void;
  modal: { ondismiss(): void };
}

interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', listener: (response: { error?: { description?: string } }) => void): void;
}

type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

/** The accent colour Checkout is themed with. */
const CHECKOUT_THEME_COLOR = '#0b5cad';

/**
 * Checkout options: key, amount in paise, INR, the product name, the
 * 'Flight Booking: {source} to {destination}' description, the server's order id, and prefill
 * of the traveller's email and the first passenger's mobile.
 * @example checkoutOptions(order, 'rzp_test_123', onSuccess).amount // order.amountPaise
 */
export function checkoutOptions(
  order: Pick<PaymentOrder, 'orderId' | 'amountPaise' | 'description' | 'prefill'>,
  keyId: string,
  handler: (response: RazorpaySuccess) => void,
): Omit<RazorpayOptions, 'modal'> {
  return {
    key: keyId,
    amount: order.amountPaise,
    currency: 'INR',
    name: 'Safar',
    description: order.description,
    order_id: order.orderId,
    prefill: { email: order.prefill.email, contact: order.prefill.contact },
    theme: { color: CHECKOUT_THEME_COLOR },
    handler,
  };
}

let loading: Promise<RazorpayConstructor> | null = null;

/**
 * Loads checkout.js once and resolves with its constructor.
 * @example const Razorpay = await loadRazorpay()
 */
function loadRazorpay(): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => (window.Razorpay ? resolve(window.Razorpay) : reject(new Error('Razorpay did not load')));
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('Razorpay did not load'));
    };
    document.head.append(script);
  });
  return loading;
}

/**
 * Opens Razorpay Checkout with those options; exactly one of the callbacks is called.
 * @example await openRazorpayCheckout(options, { onFailed, onDismiss })
 */
export async function openRazorpayCheckout(
  options: Omit<RazorpayOptions, 'modal'>,
  callbacks: { onFailed(message: string): void; onDismiss(): void },
): Promise<void> {
  const Razorpay = await loadRazorpay();
  let settled = false;
  const checkout = new Razorpay({
    ...options,
    handler: (response) => {
      settled = true;
      options.handler(response);
    },
    modal: {
      ondismiss: () => {
        if (!settled) callbacks.onDismiss();
      },
    },
  });
  checkout.on('payment.failed', (response) => {
    settled = true;
    callbacks.onFailed(response.error?.description ?? '');
  });
  checkout.open();
}
