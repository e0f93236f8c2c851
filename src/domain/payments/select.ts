import type { PaymentProvider } from './provider';
import { createRazorpayProvider } from './razorpay';
import { createSandboxProvider } from './sandbox';

export interface PaymentSettings {
  RAZORPAY_KEY_ID?: string | undefined;
  RAZORPAY_KEY_SECRET?: string | undefined;
  RAZORPAY_WEBHOOK_SECRET?: string | undefined;
  /** Sandbox signing secret (configured, or the development default). */
  sandboxSecret: string;
}

const cache = new WeakMap<object, PaymentProvider>();

/**
 * The active provider: Razorpay when its keys are configured, else the sandbox.
 * Memoized per settings object (the app's config), so one app has one provider.
 * @example const provider = selectPaymentProvider(config, { sandboxSecret })
 */
export function selectPaymentProvider(key: object, settings: PaymentSettings): PaymentProvider {
  const cached = cache.get(key);
  if (cached) return cached;
  const provider =
    settings.RAZORPAY_KEY_ID && settings.RAZORPAY_KEY_SECRET && settings.RAZORPAY_WEBHOOK_SECRET
      ? createRazorpayProvider({ keyId: settings.RAZORPAY_KEY_ID, keySecret: settings.RAZORPAY_KEY_SECRET, webhookSecret: settings.RAZORPAY_WEBHOOK_SECRET })
      : createSandboxProvider({ secret: settings.sandboxSecret });
  cache.set(key, provider);
  return provider;
}
