import { simulateDemand } from '../../domain/inventory/demand';
import type { Job } from './runner';

/**
 * Other travellers buying seats (seeded): fares move and some flights sell out. Runs on
 * every node; each node's run sells different seats, which only adds to realism.
 */
export const demandSimulator: Job = {
  name: 'demand-simulator',
  // Small batches often: on PGlite the database work runs on the server's own thread, so a big
  // batch would stall searches for a few hundred milliseconds.
  intervalMs: 20_000,
  async run(deps) {
    const ticks = await simulateDemand(deps.database.db, deps.world, deps.clock.now(), { flights: 50 });
    for (const tick of ticks) deps.inventory.applyChange(tick.flightId, tick.cabin, tick.change);
    deps.logger.debug('demand simulated', { flights: ticks.length });
  },
};

/** Re-reads inventory rows changed by other nodes (bookings, the simulator) into search's view. */
export const inventoryRefresh: Job = {
  name: 'inventory-refresh',
  intervalMs: 5_000,
  async run(deps) {
    await deps.inventory.refresh(deps.database.db);
  },
};
