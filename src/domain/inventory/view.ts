import { gt, inArray, sql } from 'drizzle-orm';
import type { Cabin } from '../../core/search';
import type { Db } from '../../db/client';
import { flightInventory } from '../../db/schema/inventory';
import type { InventoryCounts } from './rows';

export interface InventoryChange {
  available: number;
  held: number;
  sold: number;
}

/**
 * Search's in-memory copy of seat inventory. Loaded once per departure date (one query,
 * never one per candidate flight); a flight-date without a row is at full capacity.
 * Kept current by the booking path (`applyChange` after commit) and by `refresh`, which
 * re-reads rows changed since the last refresh so several nodes converge.
 */
export class InventoryView {
  private readonly counts = new Map<string, InventoryChange>();
  /** Bumped on every change, so caches of priced results know when to drop them. */
  version = 0;
  private readonly loadedDates = new Set<string>();
  private readonly loading = new Map<string, Promise<void>>();
  /** Newest updated_at seen (database time, so node clocks do not matter). */
  private watermark: Date | null = null;

  /** Seats of a flight-date and cabin; full capacity when nobody touched it. */
  get(flightId: string, cabin: Cabin, capacity: number): InventoryCounts {
    const row = this.counts.get(`${flightId}|${cabin}`);
    if (!row) return { capacity, available: capacity, held: 0, sold: 0 };
    return { capacity: row.available + row.held + row.sold, ...row };
  }

  /** Called by the booking path after it commits a change to a row. */
  applyChange(flightId: string, cabin: Cabin, change: InventoryChange): void {
    this.counts.set(`${flightId}|${cabin}`, { available: change.available, held: change.held, sold: change.sold });
    this.version++;
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
        for (const row of rows) this.counts.set(`${row.flightId}|${row.cabin}`, { available: row.available, held: row.held, sold: row.sold });
        for (const d of missing) this.loadedDates.add(d);
        if (rows.length > 0) this.version++;
      })().finally(() => missing.forEach((d) => this.loading.delete(d)));
      missing.forEach((d) => this.loading.set(d, load));
      pending.push(load);
    }
    await Promise.all(pending);
  }

  /**
   * Re-reads rows changed since the last refresh (5 s overlap for transactions that
   * committed late). Writers set updated_at to the database's now().
   * @example await view.refresh(db)
   */
  async refresh(db: Db): Promise<number> {
    await this.initWatermark(db);
    const since = new Date((this.watermark ?? new Date(0)).getTime() - 5_000);
    const rows = await db.select().from(flightInventory).where(gt(flightInventory.updatedAt, since));
    let changed = false;
    for (const row of rows) {
      const key = `${row.flightId}|${row.cabin}`;
      const known = this.counts.get(key);
      if (!known || known.available !== row.available || known.held !== row.held || known.sold !== row.sold) {
        this.counts.set(key, { available: row.available, held: row.held, sold: row.sold });
        changed = true;
      }
      if (!this.watermark || row.updatedAt > this.watermark) this.watermark = row.updatedAt;
    }
    if (changed) this.version++;
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
