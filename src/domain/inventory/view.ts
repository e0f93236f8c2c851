import { gt, inArray, sql } from 'drizzle-orm';
import type { Cabin } from '../../core/search';
import type { Db } from '../../db/client';
import { flightInventory } from '../../db/schema/inventory';
import type { InventoryCounts } from './rows';

export interface InventoryChange {
  available: number;
  held: number;
  sold: number;
  /** The row's version (every write bumps it); a change older than the row held is ignored. */
  version?: number | undefined;
}

/** One row of the view, as copies of it (search workers) receive it. */
export interface InventoryEntry extends InventoryChange {
  flightId: string;
  cabin: Cabin;
}

/** A stored row: its counts and the flight id it belongs to. */
interface Row extends InventoryChange {
  flightId: string;
}

/** A row as copies of the view receive it. */
function entryOf(flightId: string, cabin: Cabin, counts: InventoryChange): InventoryEntry {
  return { flightId, cabin, available: counts.available, held: counts.held, sold: counts.sold, version: counts.version };
}

/** A flight id "<pattern key>@<date>" as its two keys (an id without "@" is all key). */
function splitFlightId(flightId: string): [key: string, date: string] {
  const at = flightId.lastIndexOf('@');
  return at < 0 ? [flightId, ''] : [flightId.slice(0, at), flightId.slice(at + 1)];
}

/**
 * Search's in-memory copy of seat inventory. Loaded once per departure date (one query,
 * never one per candidate flight); a flight-date without a row is at full capacity.
 * Kept current by the booking path (`applyChange` after commit) and by `refresh`, which
 * re-reads rows changed since the last refresh so several nodes converge.
 */
export class InventoryView {
  /**
   * Rows by cabin, then local departure date, then pattern key (a flight id is
   * "<pattern key>@<date>"): search asks about thousands of flight-dates per query, and these
   * keys are strings it already holds, so a lookup builds no new string.
   */
  private readonly rows = new Map<Cabin, Map<string, Map<string, Row>>>();
  /** Bumped on every change, so caches of priced results know when to drop them. */
  version = 0;
  private readonly loadedDates = new Set<string>();
  private readonly loading = new Map<string, Promise<void>>();
  /** Newest updated_at seen (database time, so node clocks do not matter). */
  private watermark: Date | null = null;
  private readonly listeners = new Set<(entries: readonly InventoryEntry[]) => void>();
  /** The refresh in progress, and whether another was asked for meanwhile. */
  private refreshing: Promise<number> | null = null;
  private refreshWanted = false;

  /** Seats of a flight-date and cabin; full capacity when nobody touched it. */
  get(flightId: string, cabin: Cabin, capacity: number): InventoryCounts {
    const [key, date] = splitFlightId(flightId);
    return this.countsOf(key, date, cabin, capacity);
  }

  /**
   * Seats of the flight "<patternKey>@<date>" in a cabin, without building its flight id; full
   * capacity when nobody touched it.
   * @example view.countsOf('6E2134', '2026-12-24', 'economy', 186)
   */
  countsOf(patternKey: string, date: string, cabin: Cabin, capacity: number): InventoryCounts {
    const row = this.row(patternKey, date, cabin);
    if (!row) return { capacity, available: capacity, held: 0, sold: 0 };
    return { capacity: row.available + row.held + row.sold, available: row.available, held: row.held, sold: row.sold };
  }

  /**
   * The rows of one cabin and local departure date by pattern key (undefined when none was
   * touched), for a search that asks about hundreds of flights of the same few dates.
   */
  rowsOn(cabin: Cabin, date: string): ReadonlyMap<string, Readonly<InventoryChange>> | undefined {
    return this.rows.get(cabin)?.get(date);
  }

  /**
   * Seats on sale on the flight "<patternKey>@<date>" in a cabin (`capacity` when nobody touched it),
   * without building its flight id.
   * @example view.availableOf('6E2134', '2026-12-24', 'economy', 186)
   */
  availableOf(patternKey: string, date: string, cabin: Cabin, capacity: number): number {
    const row = this.row(patternKey, date, cabin);
    return row ? row.available : capacity;
  }

  private row(patternKey: string, date: string, cabin: Cabin): Row | undefined {
    return this.rows.get(cabin)?.get(date)?.get(patternKey);
  }

  /**
   * Stores a row's counts unless they are no news: the same counts, or a version older than the
   * one held (a notification that arrives after this process already applied a newer commit).
   * Returns whether the row changed.
   */
  private set(flightId: string, cabin: Cabin, change: InventoryChange): boolean {
    const [key, date] = splitFlightId(flightId);
    let byDate = this.rows.get(cabin);
    if (!byDate) this.rows.set(cabin, (byDate = new Map<string, Map<string, Row>>()));
    let byKey = byDate.get(date);
    if (!byKey) byDate.set(date, (byKey = new Map<string, Row>()));
    const known = byKey.get(key);
    if (known) {
      if (known.version !== undefined && change.version !== undefined && change.version < known.version) return false;
      if (known.available === change.available && known.held === change.held && known.sold === change.sold) {
        if (change.version !== undefined) known.version = change.version;
        return false;
      }
    }
    byKey.set(key, { flightId, available: change.available, held: change.held, sold: change.sold, version: change.version });
    return true;
  }

  /**
   * Told of every change this process commits (`applyChange` from here), so it can pass the news
   * on to other processes (src/server/inventory-feed.ts). Unset: nobody else needs to know.
   */
  onChangeHere: ((entry: InventoryEntry) => void) | null = null;

  /**
   * A committed change to a row: from this process's booking path after its commit (`here`), or
   * from another process's news (`elsewhere`). Older or identical news changes nothing here;
   * every change made here is passed to `onChangeHere` all the same.
   */
  applyChange(flightId: string, cabin: Cabin, change: InventoryChange, from: 'here' | 'elsewhere' = 'here'): void {
    const entry = entryOf(flightId, cabin, change);
    if (from === 'here') this.onChangeHere?.(entry);
    if (!this.set(flightId, cabin, change)) return;
    this.version++;
    this.notify([entry]);
  }

  /**
   * Calls `listener` with every row the view takes in from now on (booking changes, loaded
   * dates, refreshes), synchronously and in order, so a copy fed by it (a search worker) is
   * current before the next search is handed to it. Returns the unsubscribe function.
   * @example const stop = view.subscribe((entries) => worker.postMessage(entries))
   */
  subscribe(listener: (entries: readonly InventoryEntry[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Every row the view holds (to seed a copy before subscribing). */
  entries(): InventoryEntry[] {
    const all: InventoryEntry[] = [];
    for (const [cabin, byDate] of this.rows) {
      for (const byKey of byDate.values()) {
        for (const row of byKey.values()) all.push(entryOf(row.flightId, cabin, row));
      }
    }
    return all;
  }

  private notify(entries: readonly InventoryEntry[]): void {
    if (entries.length === 0) return;
    for (const listener of this.listeners) listener(entries);
  }

  /**
   * Loads the rows of these local departure dates if not loaded yet (one query for all).
   * @example await view.ensureDates(db, ['2026-12-24'])
   */
  async ensureDates(db: Db, dates: readonly string[]): Promise<void> {
    const pending = dates.map((d) => this.loading.get(d)).filter((p): p is Promise<void> => p !== undefined);
    const missing = dates.filter((d) => !this.loadedDates.has(d) && !this.loading.has(d));
    if (missing.length > 0) {
      const load = (async () => {
        await this.initWatermark(db);
        const rows = await db.select().from(flightInventory).where(inArray(flightInventory.departureDate, missing));
        const loaded: InventoryEntry[] = [];
        for (const row of rows) {
          if (this.set(row.flightId, row.cabin, row)) loaded.push(entryOf(row.flightId, row.cabin, row));
        }
        for (const d of missing) this.loadedDates.add(d);
        if (rows.length > 0) this.version++;
        this.notify(loaded);
      })().finally(() => missing.forEach((d) => this.loading.delete(d)));
      missing.forEach((d) => this.loading.set(d, load));
      pending.push(load);
    }
    await Promise.all(pending);
  }

  /**
   * Re-reads rows changed since the last refresh (5 s overlap for transactions that
   * committed late). Writers set updated_at to the database's now(). Calls never overlap: one
   * asked for while another runs is folded into a rerun after it, so an older read can never
   * overwrite a newer one and every caller's promise covers commits made before its call.
   * @example await view.refresh(db)
   */
  refresh(db: Db): Promise<number> {
    this.refreshWanted = true;
    this.refreshing ??= (async () => {
      let rows = 0;
      try {
        while (this.refreshWanted) {
          this.refreshWanted = false;
          rows += await this.refreshOnce(db);
        }
      } finally {
        this.refreshing = null;
      }
      return rows;
    })();
    return this.refreshing;
  }

  private async refreshOnce(db: Db): Promise<number> {
    await this.initWatermark(db);
    const since = new Date((this.watermark ?? new Date(0)).getTime() - 5_000);
    const rows = await db.select().from(flightInventory).where(gt(flightInventory.updatedAt, since));
    const changed: InventoryEntry[] = [];
    for (const row of rows) {
      if (this.set(row.flightId, row.cabin, row)) changed.push(entryOf(row.flightId, row.cabin, row));
      if (!this.watermark || row.updatedAt > this.watermark) this.watermark = row.updatedAt;
    }
    if (changed.length > 0) this.version++;
    this.notify(changed);
    return rows.length;
  }

  private async initWatermark(db: Db): Promise<void> {
    if (this.watermark) return;
    const rows = await db.select({ at: sql<string>`coalesce(max(${flightInventory.updatedAt}), now())` }).from(flightInventory);
    const at = rows[0]?.at;
    this.watermark = at ? new Date(at) : new Date();
  }

  /** Whether a date's rows are in memory (tests and the calendar's cache). */
  isLoaded(date: string): boolean {
    return this.loadedDates.has(date);
  }
}
