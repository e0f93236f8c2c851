import type { Cabin } from '../../core/search';
import type { Db } from '../../db/client';
import type { InventoryView } from '../inventory/view';
import { dailyLowestFares, pauser } from '../search/lowest-fare';
import { dayNumber, indiaToday, isoDate } from '../world/time';
import type { World } from '../world/world';

export interface CalendarDay {
  date: string;
  /** Cheapest all-in adult price that day; null when nothing flies, the day is past or beyond the horizon. */
  lowestFare: number | null;
}

/** Days of one route and cabin whose lowest fares are wanted. */
export interface LowestFaresQuery {
  from: string;
  to: string;
  cabin: Cabin;
  dates: string[];
}

export interface CalendarDeps {
  db: Db;
  world: World;
  inventory: InventoryView;
  /** Computes lowest fares away from this thread (search workers); here when absent. */
  lowestFares?: (query: LowestFaresQuery, now: Date) => Promise<(number | null)[]>;
}

/**
 * Lowest all-in adult fare (any number of stops) for each date, in order; other work on the
 * thread runs between days. The caller has loaded the dates' inventory.
 * @example await lowestFaresByDate(world, inventory, { from: 'BOM', to: 'DEL', cabin: 'economy', dates: ['2026-12-24'] }, now) // [4875]
 */
export async function lowestFaresByDate(world: World, inventory: InventoryView, query: LowestFaresQuery, now: Date): Promise<(number | null)[]> {
  const daily = await dailyLowestFares(world, inventory, { from: query.from, to: query.to, cabin: query.cabin, maxStops: 2 }, query.dates, now, pauser());
  return daily.map((d) => d.fare);
}

const CACHE_MS = 60_000;
const cache = new Map<string, { at: number; lowest: number | null }>();

/**
 * Lowest all-in adult fare per day of a month, from the in-memory world and inventory
 * (one inventory load for the month; each route-day cached for a minute).
 * @example await fareCalendar({ db, world, inventory }, 'BOM', 'DEL', '2026-12', 'economy', now)
 */
export async function fareCalendar(deps: CalendarDeps, from: string, to: string, month: string, cabin: Cabin, now: Date): Promise<CalendarDay[]> {
  const first = dayNumber(`${month}-01`);
  const next = new Date(`${month}-01T00:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const last = dayNumber(next.toISOString().slice(0, 10)) - 1;
  const today = indiaToday(now);
  const lastSale = deps.world.lastSaleDate(today);
  const dates: string[] = [];
  for (let d = first; d <= last; d++) dates.push(isoDate(d));
  const keyOf = (date: string) => `${deps.world.seed}|${deps.world.scale}|${from}|${to}|${cabin}|${date}`;
  const known = new Map<string, number | null>();
  const missing: string[] = [];
  for (const date of dates) {
    if (date < today || date > lastSale) continue;
    const hit = cache.get(keyOf(date));
    if (hit && now.getTime() - hit.at < CACHE_MS && now.getTime() >= hit.at) known.set(date, hit.lowest);
    else missing.push(date);
  }
  if (missing.length > 0) {
    const around = new Set<string>();
    for (const d of missing) for (const k of [-1, 0, 1, 2]) around.add(isoDate(dayNumber(d) + k));
    await deps.inventory.ensureDates(deps.db, [...around]);
    const query = { from, to, cabin, dates: missing };
    const fares = deps.lowestFares ? await deps.lowestFares(query, now) : await lowestFaresByDate(deps.world, deps.inventory, query, now);
    if (cache.size > 50_000) cache.clear();
    missing.forEach((date, i) => {
      const lowest = fares[i] ?? null;
      cache.set(keyOf(date), { at: now.getTime(), lowest });
      known.set(date, lowest);
    });
  }
  return dates.map((date) => ({ date, lowestFare: known.get(date) ?? null }));
}
