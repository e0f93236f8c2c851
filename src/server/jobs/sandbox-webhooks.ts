import type { Job } from './runner';

/**
 * The sandbox gateway delivering the signed webhooks it queued when it took a payment, at
 * least once with back-off, as a real gateway does. Rows are claimed with SKIP LOCKED under a
 * lease, so several nodes deliver disjoint batches. A no-op when Razorpay is the provider.
 */
export const sandboxWebhooks: Job = {
  name: 'sandbox-webhooks',
  intervalMs: 2_000,
  async run({ checkout, logger }) {
    for (let batch = 0; batch < 10; batch += 1) {
      const { delivered, failed } = await checkout.deliverSandboxWebhooks(100);
      if (failed > 0) logger.warn('sandbox webhooks failed', { delivered, failed });
      if (delivered + failed < 100) break;
    }
  },
};
