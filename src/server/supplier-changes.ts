import { type SupplierChangeService, createSupplierChangeService } from '../domain/disruptions/supplier-centre';
import type { AppDeps } from './context';

const built = new WeakMap<AppDeps, SupplierChangeService>();

/**
 * The disruption centre of the supplier's bookings (airline-initiated changes), built once per set
 * of dependencies; null when Safar sells the world's flights only (no DUFFEL_ACCESS_TOKEN).
 * @example await supplierChanges(deps)?.syncOrder('ord_…')
 */
export function supplierChanges(deps: AppDeps): SupplierChangeService | null {
  const setup = deps.supplier;
  if (setup.id === 'world') return null;
  let service = built.get(deps);
  if (!service) {
    service = createSupplierChangeService({
      db: deps.database.db,
      clock: deps.clock,
      world: deps.world,
      supplierId: setup.id,
      supplier: setup.api,
      cancellations: deps.cancellations,
      logger: deps.logger,
    });
    built.set(deps, service);
  }
  return service;
}
