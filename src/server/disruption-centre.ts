import { worldCatalog } from '../domain/booking/world-catalog';
import { type DisruptionService, createDisruptionService } from '../domain/disruptions/centre';
import type { AppDeps } from './context';

const built = new WeakMap<AppDeps, DisruptionService>();

/**
 * The app's disruption centre, built once per set of dependencies (routes and the job share it).
 * @example await disruptionCentre(deps).view(userId, bookingId)
 */
export function disruptionCentre(deps: AppDeps): DisruptionService {
  let centre = built.get(deps);
  if (!centre) {
    centre = createDisruptionService({
      db: deps.database.db,
      clock: deps.clock,
      world: deps.world,
      catalog: worldCatalog(deps.world),
      inventory: deps.inventory,
      cancellations: deps.cancellations,
      logger: deps.logger,
    });
    built.set(deps, centre);
  }
  return centre;
}
