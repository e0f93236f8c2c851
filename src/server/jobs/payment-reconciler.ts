import type { Job } from './runner';

/**
 * Every authorized payment ends in a confirmed booking or a refund: payments the gateway took
 * but nobody confirmed (closed tab, lost callback and webhook) are settled after
 * PAYMENT_RECONCILE_AFTER_SECONDS (30 s by default) — captured and confirmed while the hold lives, refunded once it is gone.
 * Settling locks the booking row, so nodes running this at once serialise harmlessly.
 */
export const paymentReconciler: Job = {
  name: 'payment-reconciler',
  intervalMs: (config) => config.PAYMENT_RECONCILE_SECONDS * 1000,
  async run({ checkout }) {
    await checkout.reconcile();
  },
};
