import { sweepIdempotencyKeys } from '../idempotency';
import type { Job } from './runner';

/**
 * Removes Idempotency-Keys past their replay window (24 h) and in-progress keys whose request
 * died with its node. A plain delete, so it may run on every node at once.
 */
export const idempotencyCleanup: Job = {
  name: 'idempotency-cleanup',
  intervalMs: 5 * 60_000,
  async run({ database, clock, logger }) {
    const removed = await sweepIdempotencyKeys(database.db, clock);
    if (removed > 0) logger.debug('idempotency keys swept', { removed });
  },
};
