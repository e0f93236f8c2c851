import type { Database } from '../db/client';
import type { InventoryView } from '../domain/inventory/view';
import { errorForLog } from './log-safety';
import type { Logger } from './logger';

/** Channel the flight_inventory trigger (migration 0010) notifies on every committed change. */
export const INVENTORY_CHANNEL = 'safar_inventory';

/**
 * Keeps this process's search view current with seat changes committed by any process: each
 * notification refreshes the view (the view folds a burst into one rerun), so a flight another
 * node sells out leaves this node's searches as soon as the notification arrives, not on the
 * next 5 s refresh. A no-op on PGlite, where this process is the only writer. Returns the stop function.
 * @example const stop = await followInventoryChanges(database, inventory, logger)
 */
export async function followInventoryChanges(database: Database, view: InventoryView, logger: Logger): Promise<() => Promise<void>> {
  if (!database.listen) return async () => {};
  return database.listen(INVENTORY_CHANNEL, () => {
    view.refresh(database.db).catch((error: unknown) => logger.warn('inventory refresh after a change failed', { ...errorForLog(error) }));
  });
}
