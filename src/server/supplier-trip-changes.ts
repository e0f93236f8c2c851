import { type SupplierTripChanges, createSupplierTripChanges } from '../domain/changes/supplier';
import type { AppDeps } from './context';
import { supplierBookingDeps } from './deps';

const built = new WeakMap<AppDeps, SupplierTripChanges>();

/**
 * Changes of the supplier's bookings to another flight (decision 0070), built once per set of
 * dependencies; null when Safar sells the world's flights only (no DUFFEL_ACCESS_TOKEN).
 * @example const answer = (await supplierTripChanges(deps)?.options(userId, bookingId, '2027-02-20', undefined)) ?? worldOptions()
 */
export function supplierTripChanges(deps: AppDeps): SupplierTripChanges | null {
  const setup = deps.supplier;
  if (setup.id === 'world') return null;
  let service = built.get(deps);
  if (!service) {
    service = createSupplierTripChanges({ booking: supplierBookingDeps(deps, setup), holdMs: deps.checkout.holdMs });
    built.set(deps, service);
  }
  return service;
}
