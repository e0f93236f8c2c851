import type { Cabin } from '../../core/search';
import type { InventoryView } from '../inventory/view';
import type { World } from '../world/world';
import { rankInMemory } from './search-flights';

/**
 * Lowest all-in fare for one adult on one date with at most `maxStops` stops, from the same
 * engine, inventory and pricing a search uses (without building the itineraries); null when
 * nothing is on sale that day.
 * @example lowestAdultFare(world, inventory, 'DEL', 'GOI', '2026-12-24', now, 1)
 */
function lowestAdultFare(world: World, inventory: InventoryView, from: string, to: string, date: string, now: Date, maxStops: 0 | 1 | 2, cabin: Cabin = 'economy'): number | null {
  const { ranked } = rankInMemory(world, inventory, { from, to, date, cabin, adults: 1, children: 0, infants: 0 }, now, maxStops);
  let lowest: number | null = null;
  for (const r of ranked) {
    const fare = r.price.price.perPassenger.adult?.total;
    if (fare !== undefined && (lowest === null || fare < lowest)) lowest = fare;
  }
  return lowest;
}

/** A route, cabin and stop limit whose daily lowest fares are wanted. */
export interface FareRoute {
  from: string;
  to: string;
  cabin: Cabin;
  maxStops: 0 | 1 | 2;
}

/**
 * The lowest adult fare on each date, in order (see lowestAdultFare), pausing between dates so
 * other work on the thread keeps its turn.
 * @example await dailyLowestFares(world, inventory, { from: 'DEL', to: 'GOI', cabin: 'economy', maxStops: 1 }, ['2026-12-24'], now, pauser())
 */
export async function dailyLowestFares(world: World, inventory: InventoryView, route: FareRoute, dates: readonly string[], now: Date, pause: () => Promise<void>): Promise<{ date: string; fare: number | null }[]> {
  const daily: { date: string; fare: number | null }[] = [];
  for (const date of dates) {
    daily.push({ date, fare: lowestAdultFare(world, inventory, route.from, route.to, date, now, route.maxStops, route.cabin) });
    await pause();
  }
  return daily;
}

/**
 * Resolves after other work queued on this thread (requests, worker messages) has had its turn,
 * at most every `sliceMs` of computing: long pricing loops call it between steps so no
 * answer waits behind them for more than a slice.
 * @example const pause = pauser(); for (const d of dates) { work(d); await pause(); }
 */
export function pauser(sliceMs = 2): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}
