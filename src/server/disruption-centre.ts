import { worldCatalog } from '../domain/booking/world-catalog';
import { type DisruptionService, createDisruptionService } from '../domain/disruptions/centre';
import type { SupplierChangeService } from '../domain/disruptions/supplier-centre';
import type { AppDeps } from './context';
import { supplierChanges } from './supplier-changes';

const built = new WeakMap<AppDeps, DisruptionService>();

/**
 * The app's disruption centre, built once per set of dependencies (routes and the job share it).
 * Selling through a supplier, a booking the supplier sold is answered by the supplier's centre
 * (its airline's own changes), every other booking by the world's; the world alone, it is the world's.
 * @example await disruptionCentre(deps).view(userId, bookingId)
 */
export function disruptionCentre(deps: AppDeps): DisruptionService {
  let centre = built.get(deps);
  if (!centre) {
    const world = createDisruptionService({
      db: deps.database.db,
      clock: deps.clock,
      world: deps.world,
      catalog: worldCatalog(deps.world),
      inventory: deps.inventory,
      cancellations: deps.cancellations,
      logger: deps.logger,
    });
    const supplier = supplierChanges(deps);
    centre = supplier ? routed(world, supplier) : world;
    built.set(deps, centre);
  }
  return centre;
}

/** Each booking's questions to the centre of whoever sold it; badges from both. */
function routed(world: DisruptionService, supplier: SupplierChangeService): DisruptionService {
  return {
    view: async (userId, bookingId) => ((await supplier.owns(bookingId)) ? supplier.view(userId, bookingId) : world.view(userId, bookingId)),
    alternatives: async (userId, bookingId, disruptionId) => ((await supplier.owns(bookingId)) ? supplier.alternatives(userId, bookingId, disruptionId) : world.alternatives(userId, bookingId, disruptionId)),
    rebook: async (request) => ((await supplier.owns(request.bookingId)) ? supplier.rebook(request) : world.rebook(request)),
    refund: async (request) => ((await supplier.owns(request.bookingId)) ? supplier.refund(request) : world.refund(request)),
    accept: async (request) => ((await supplier.owns(request.bookingId)) ? supplier.accept(request) : world.accept(request)),
    summary: async (userId) => {
      const [fromWorld, fromSupplier] = await Promise.all([world.summary(userId), supplier.summary(userId)]);
      return { bookings: [...fromWorld.bookings, ...fromSupplier.bookings] };
    },
    pass: (options) => world.pass(options),
  };
}
