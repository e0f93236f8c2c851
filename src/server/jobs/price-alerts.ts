import { checkDueAlerts } from '../../domain/alerts/check';
import type { Job } from './runner';

/**
 * Re-prices due price alerts (each active alert once an hour) and fires those whose price met
 * the target; claims alerts with FOR UPDATE SKIP LOCKED, so every node may run it.
 */
export const priceAlertChecker: Job = {
  name: 'price-alerts',
  intervalMs: (config) => config.PRICE_ALERT_JOB_SECONDS * 1000,
  async run(deps) {
    const { database, clock, world, inventory, logger } = deps;
    const started = performance.now();
    const result = await checkDueAlerts({ db: database.db, clock, world, inventory });
    if (result.checked > 0) logger.info('price alerts checked', { ...result, ms: Math.round(performance.now() - started) });
  },
};
