import { checkDueAlerts } from '../../domain/alerts/check';
import { knownFareSource } from '../../domain/alerts/known-pricing';
import type { Job } from './runner';

/**
 * Re-prices due price alerts (each active alert once an hour) and fires those whose price met
 * the target; claims alerts with FOR UPDATE SKIP LOCKED, so every node may run it. With a remote
 * supplier its searches stay within SUPPLIER_SEARCHES_PER_MINUTE (decision 0071).
 */
export const priceAlertChecker: Job = {
  name: 'price-alerts',
  intervalMs: (config) => config.PRICE_ALERT_JOB_SECONDS * 1000,
  async run(deps) {
    const { database, clock, world, inventory, logger, supplier } = deps;
    const started = performance.now();
    const result = await checkDueAlerts({ db: database.db, clock, world, inventory, ...(supplier.id === 'duffel' ? { known: knownFareSource(supplier) } : {}) });
    if (result.checked > 0) logger.info('price alerts checked', { ...result, ms: Math.round(performance.now() - started) });
  },
};
