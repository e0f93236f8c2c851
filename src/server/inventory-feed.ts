import type { Cabin } from '../core/search';
import { isCabin } from '../domain/booking/seats';
import type { Database } from '../db/client';
import type { InventoryChange, InventoryView } from '../domain/inventory/view';
import { errorForLog } from './log-safety';
import type { Logger } from './logger';

/** Channel the flight_inventory triggers (migration 0012) notify on every committed change. */
export const INVENTORY_CHANNEL = 'safar_inventory';

/**
 * A row notification, "<flight id> <cabin> <available> <held> <sold> <version>", as a change;
 * anything else (the empty payload a delete sends) is undefined.
 * @example parseInventoryNotice('6E2134@2026-12-24 economy 170 4 6 12') // { flightId: '6E2134@2026-12-24', cabin: 'economy', change: {...} }
 */
export function parseInventoryNotice(payload: string): { flightId: string; cabin: Cabin; change: InventoryChange } | undefined {
  const parts = payload.split(' ');
  if (parts.length < 6) return undefined;
  const [available, held, sold, version] = parts.slice(-4).map(Number) as [number, number, number, number];
  const cabin = parts[parts.length - 5] ?? '';
  const flightId = parts.slice(0, -5).join(' ');
  if (!flightId || !isCabin(cabin) || ![available, held, sold, version].every(Number.isInteger)) return undefined;
  return { flightId, cabin, change: { available, held, sold, version } };
}

/**
 * Keeps this process's search view current with seat changes committed by any process: each
 * row notification carries the row's new counts and version, applied at once (the view ignores
 * news older than what it holds, such as this process's own commit arriving back); a
 * notification without counts, or a reconnection that may have missed some, re-reads what
 * changed. So a flight another node sells out leaves this node's searches as soon as the
 * notification arrives. A no-op on PGlite, where this process is the only writer. Returns the
 * stop function.
 * @example const stop = await followInventoryChanges(database, inventory, logger)
 */
export async function followInventoryChanges(database: Database, view: InventoryView, logger: Logger): Promise<() => Promise<void>> {
  if (!database.listen) return async () => {};
  return database.listen(INVENTORY_CHANNEL, (payload) => {
    const notice = payload ? parseInventoryNotice(payload) : undefined;
    if (notice) view.applyChange(notice.flightId, notice.cabin, notice.change);
    else view.refresh(database.db).catch((error: unknown) => logger.warn('inventory refresh after a change failed', { ...errorForLog(error) }));
  });
}
