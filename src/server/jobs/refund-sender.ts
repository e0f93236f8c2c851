import type { Job } from './runner';

/**
 * Sends cancellation refunds the provider has not accepted yet (a failed or interrupted first
 * try, retried with back-off) and asks the provider about sent ones until they are processed.
 * Rows are claimed with SKIP LOCKED and leased, so every node can run it and none sends a refund
 * another is sending.
 */
export const refundSender: Job = {
  name: 'refund-sender',
  // As often as the hold sweeper sends the other refunds.
  intervalMs: (config) => config.HOLD_SWEEP_SECONDS * 1000,
  async run({ cancellations, logger }) {
    const report = await cancellations.sendRefunds();
    if (report.sent + report.completed + report.failed > 0) logger.info('cancellation refunds', { ...report });
  },
};
