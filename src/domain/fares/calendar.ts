import type { Cabin } from '../../core/search';
import type { Db } from '../../db/client';
import type { InventoryView } from '../inventory/view';
import { searchInMemory } from '../search/search-flights';
import { dayNumber, indiaToday, isoDate } from '../world/time';
import type { World } from '../world/world';

export interface CalendarDay {
  date: string;
  /** Cheapest all-in adult price that day; null when nothing flies, the day is past or beyond the horizon. */
  lowestFare: number | null;
}

const CACHE_MS = 60_000;
const cache = new Map<string, { at: number; lowest: number | null }>();

/**
 * Lowest all-in adult fare per day of a month, from the in-memory world and inventory
 * (one inventory load for the month; each route-day cached for a minute).
 * @example await fareCalendar({ db, world, inventory }, 'BOM', 'DEL', '2026-12', 'economy', now)
 */
export async function fareCalendar(
  deps: { db: Db; world: World; inventory: InventoryView },
  from: string,
  to: string,
  month: string,
  cabin: Cabin,
  now: Date,
): Promise<CalendarDay[]> {
  const first = dayNumber(`${month}-01`);
  const next = new Date(`${month}-01T00:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const last = dayNumber(next.toISOString().slice(0, 10)) - 1;
  const today = indiaToday(now);
  const lastSale = deps.world.lastSaleDate(today);
  const dates: string[] = [];
  for (let d = first; d <= last; d++) dates.push(isoDate(d));
  const open = dates.filter((d) => d >= today && d <= lastSale);
  if (open.length > 0) {
    const around = new Set<string>();
    for (const d of open) for (const k of [-1, 0, 1, 2]) around.add(isoDate(dayNumber(d) + k));
    await deps.inventory.ensureDates(deps.db, [...around]);
  }
  return dates.map((date) => {
    if (date < today || date > lastSale) return { date, lowestFare: null };
    const key = `${deps.world.seed}|${deps.world.scale}|${from}|${to}|${cabin}|${date}`;
    const hit = cache.get(key);
    if (hit && now.getTime() - hit.at < CACHE_MS && now.getTime() >= hit.at) return { date, lowestFare: hit.lowest };
    const result = searchInMemory(deps.world, deps.inventory, { from, to, date, cabin, adults: 1, children: 0, infants: 0 }, now);
    let lowest: number | null = null;
    for (const itinerary of result.list) {
      const fare = itinerary.price.perPassenger.adult?.total;
      if (fare !== undefined && (lowest === null || fare < lowest)) lowest = fare;
    }
    if (cache.size > 50_000) cache.clear();
    cache.set(key, { at: now.getTime(), lowest });
    return { date, lowestFare: lowest };
  });
}
