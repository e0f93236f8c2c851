import { pruneWebhookRecords } from '../../domain/payments/prune';
import type { Job } from './runner';

/** Forgets webhook event ids and delivered sandbox webhooks older than a week (hourly, on every node). */
export const webhookCleanup: Job = {
  name: 'webhook-cleanup',
  intervalMs: 60 * 60_000,
  async run({ database, clock, logger }) {
    const removed = await pruneWebhookRecords(database.db, clock);
    if (removed.events + removed.sandbox > 0) logger.debug('webhook records pruned', removed);
  },
};
