import { RECONCILE_AFTER_MS } from '../../domain/cancellations/supplier';
import type { Job } from './runner';

/**
 * Settles cancellations of supplier bookings whose confirmation answer was lost or whose node
 * died before recording them (domain/cancellations/supplier.ts): the order cancelled at the
 * supplier → the cancellation and the traveller's refund are recorded; not cancelled → the claim
 * is dropped. Does nothing in world mode.
 */
export const supplierCancellations: Job = {
  name: 'supplier-cancellations',
  intervalMs: RECONCILE_AFTER_MS / 3,
  async run({ cancellations, logger }) {
    const report = await cancellations.reconcileSupplier();
    if (report.recorded + report.dropped > 0) logger.info('supplier cancellations settled', { ...report });
  },
};
