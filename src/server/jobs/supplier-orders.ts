import { reconcileSupplierOrders } from '../../domain/suppliers/bookings';
import { supplierBookingDeps } from '../deps';
import type { Job } from './runner';

/**
 * Every paid booking of a remote supplier ends ordered or refunded: one whose order outcome is unknown (a time-out,
 * a crash between payment and order) is checked with the supplier (the order made for this booking, found by its
 * reference) and recorded, or failed and refunded when none was made. Never a second order. A paid change of a booking
 * whose confirmation outcome is unknown is settled the same way: the order flies the new flights → recorded; else
 * failed and refunded (decision 0070). Nothing to do with the world supplier.
 */
export const supplierOrders: Job = {
  name: 'supplier-orders',
  intervalMs: (config) => config.PAYMENT_RECONCILE_SECONDS * 1000,
  async run(deps) {
    if (deps.supplier.id === 'world') return;
    await reconcileSupplierOrders(supplierBookingDeps(deps, deps.supplier));
  },
};
