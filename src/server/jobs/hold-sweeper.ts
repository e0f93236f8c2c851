import { applyInventory } from '../../domain/booking/catalog';
import { sweepExpiredHolds } from '../../domain/booking/expire';
import { settleRefunds } from '../../domain/booking/refunds';
import { providerFor } from '../routes/payments';
import type { Job } from './runner';

/**
 * Releases expired seat holds (batches of 100, claimed with SKIP LOCKED so every node can
 * run it) and retries refunds the provider has not accepted yet.
 */
export const holdSweeper: Job = {
  name: 'hold-sweeper',
  intervalMs: 15_000,
  async run(deps) {
    const db = deps.database.db;
    for (let batch = 0; batch < 20; batch += 1) {
      const { expired, inventory } = await sweepExpiredHolds(db, deps.clock);
      applyInventory(deps.inventory, inventory);
      if (expired.length > 0) deps.logger.info('holds expired', { count: expired.length });
      if (expired.length < 100) break;
    }
    const refunds = await settleRefunds(db, deps.clock, providerFor(deps.config));
    if (refunds.refunded.length + refunds.failed.length > 0) deps.logger.info('refunds settled', { refunded: refunds.refunded.length, failed: refunds.failed.length });
  },
};
