import type { Job } from './runner';

/**
 * Releases expired seat holds (batches of 100, claimed with SKIP LOCKED so every node can
 * run it), marks the money they took for refund, and sends refunds the provider has not
 * accepted yet.
 */
export const holdSweeper: Job = {
  name: 'hold-sweeper',
  intervalMs: (config) => config.HOLD_SWEEP_SECONDS * 1000,
  async run({ checkout, logger }) {
    const { expired } = await checkout.sweepHolds();
    if (expired > 0) logger.info('holds expired', { count: expired });
    const refunds = await checkout.sendRefunds();
    if (refunds.refunded + refunds.failed > 0) logger.info('refunds settled', refunds);
  },
};
