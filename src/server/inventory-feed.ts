import type { Cabin } from '../core/search';
import { isCabin } from '../domain/booking/seats';
import type { Database } from '../db/client';
import type { InventoryChange, InventoryEntry, InventoryView } from '../domain/inventory/view';
import { errorForLog } from './log-safety';
import type { Logger } from './logger';

/**
 * Channel of seat news between server processes: each process publishes the changes it commits
 * (one line per row, batched), and a delete of inventory rows pings it empty (migration 0010).
 */
export const INVENTORY_CHANNEL = 'safar_inventory';

/** How long a process gathers its own changes before publishing them in one notification. */
const PUBLISH_AFTER_MS = 50;

/** PostgreSQL refuses notification payloads of 8,000 bytes or more: batches stay under this. */
const MAX_PAYLOAD_BYTES = 7_500;

/**
 * One row's news as a notification line.
 * @example inventoryNotice({ flightId: '6E2134@2026-12-24', cabin: 'economy', available: 170, held: 4, sold: 6, version: 12 }) // '6E2134@2026-12-24 economy 170 4 6 12'
 */
export function inventoryNotice(entry: InventoryEntry): string {
  return `${entry.flightId} ${entry.cabin} ${entry.available} ${entry.held} ${entry.sold} ${entry.version ?? 0}`;
}

/**
 * Lines joined into payloads under PostgreSQL's size limit, in order.
 * @example noticePayloads(['a economy 1 2 3 4', 'b economy 1 2 3 4']) // ['a economy 1 2 3 4\nb economy 1 2 3 4']
 */
export function noticePayloads(lines: readonly string[]): string[] {
  const payloads: string[] = [];
  let current = '';
  for (const line of lines) {
    if (current && Buffer.byteLength(current) + 1 + Buffer.byteLength(line) > MAX_PAYLOAD_BYTES) {
      payloads.push(current);
      current = '';
    }
    current = current ? `${current}\n${line}` : line;
  }
  if (current) payloads.push(current);
  return payloads;
}

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
 * line of a notification carries a row's new counts and version, applied at once (the view
 * ignores news older than what it holds, such as this process's own news arriving back); an
 * unreadable line, an empty notification (a delete) or a reconnection that may have missed some
 * re-reads what changed. So a flight another node sells out leaves this node's searches as soon
 * as that node publishes it. A no-op on PGlite, where this process is the only writer. Returns
 * the stop function.
 * @example const stop = await followInventoryChanges(database, inventory, logger)
 */
export async function followInventoryChanges(database: Database, view: InventoryView, logger: Logger): Promise<() => Promise<void>> {
  if (!database.listen) return async () => {};
  const reread = () => view.refresh(database.db).catch((error: unknown) => logger.warn('inventory refresh after a change failed', { ...errorForLog(error) }));
  return database.listen(INVENTORY_CHANNEL, (payload) => {
    if (!payload) return void reread();
    let unreadable = false;
    for (const line of payload.split('\n')) {
      const notice = parseInventoryNotice(line);
      if (notice) view.applyChange(notice.flightId, notice.cabin, notice.change, 'elsewhere');
      else unreadable = true;
    }
    if (unreadable) void reread();
  });
}

/**
 * Publishes the seat changes this process commits to the other processes on the database
 * (`followInventoryChanges` there), gathered for PUBLISH_AFTER_MS into one notification, sent
 * outside the bookings' own transactions so no commit waits on the notification queue. A
 * notification that fails to go out is logged; the others' 5-second refresh still brings them
 * the change. A no-op on PGlite. Returns the stop function, which sends what is still gathered.
 * @example const stop = publishInventoryChanges(database, inventory, logger)
 */
export function publishInventoryChanges(database: Database, view: InventoryView, logger: Logger, afterMs = PUBLISH_AFTER_MS): () => Promise<void> {
  const notify = database.notify?.bind(database);
  if (!notify) return async () => {};
  let lines: string[] = [];
  let timer: NodeJS.Timeout | null = null;
  let sending: Promise<void> = Promise.resolve();
  const flush = () => {
    timer = null;
    const batch = lines;
    lines = [];
    // One batch after another, so news of a row never overtakes newer news of it.
    sending = sending.then(async () => {
      for (const payload of noticePayloads(batch)) {
        await notify(INVENTORY_CHANNEL, payload).catch((error: unknown) => logger.warn('inventory news not published', { ...errorForLog(error) }));
      }
    });
  };
  view.onChangeHere = (entry) => {
    lines.push(inventoryNotice(entry));
    timer ??= setTimeout(flush, afterMs);
  };
  return async () => {
    view.onChangeHere = null;
    if (timer) {
      clearTimeout(timer);
      flush();
    }
    await sending;
  };
}
