import { watchBookedFlights } from '../../domain/tracking/watch';
import type { Job } from './runner';

/**
 * Every minute: material changes (delay steps, late gate changes) of the flights signed-in
 * travellers booked become one in-app notice and one email each; cancellations, retimings,
 * aircraft swaps and terminal changes are the disruption job's (jobs/disruptions.ts).
 */
export const flightWatch: Job = {
  name: 'flight-watch',
  intervalMs: 60_000,
  async run(deps) {
    const { checked, notices } = await watchBookedFlights(deps.database.db, deps.world, deps.clock);
    if (notices > 0) deps.logger.info('flight changes notified', { checked, notices });
  },
};
