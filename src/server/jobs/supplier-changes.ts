import { supplierChanges } from '../supplier-changes';
import type { Job } from './runner';

/**
 * Selling through a supplier (Duffel): the fallback for missed webhooks. Runs every quarter of
 * SUPPLIER_CHANGE_POLL_SECONDS (at least every second, at most every minute) and asks the supplier
 * about the airline-initiated changes of each confirmed order still to fly whose last check is
 * SUPPLIER_CHANGE_POLL_SECONDS old or more (100 a pass, oldest first) — so no order is asked more
 * often than that, however many nodes run it. A new change becomes a case and one notice, as from a webhook.
 * Then each open case whose deadline passed unanswered gets its default (the airline's change accepted, or
 * a full refund where the entitlements say so), as the world's disruption job does.
 */
export const supplierChangePoll: Job = {
  name: 'supplier-change-poll',
  intervalMs: (config) => Math.min(60, Math.max(1, Math.floor(config.SUPPLIER_CHANGE_POLL_SECONDS / 4))) * 1000,
  async run(deps) {
    const service = supplierChanges(deps);
    if (!service) return;
    const report = await service.poll({ everySeconds: deps.config.SUPPLIER_CHANGE_POLL_SECONDS });
    // Cases nobody answered by their deadline get the default, as the world's disruption job gives them.
    const defaults = await service.defaults();
    if (report.cases > 0 || report.failed > 0 || defaults > 0) deps.logger.info('supplier changes polled', { ...report, defaults });
  },
};
