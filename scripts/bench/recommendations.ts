// Smart recommendations in process on the default world: the cold computation per origin (every
// destination's daily lowest fare over 60 days: wall time and this process's CPU time) and the
// warm query the Home panel makes (cached destinations, filtered by budget and picked).
// Inventory comes from an empty view (every seat open), like the search-engine benchmark.
import type { Db } from '../../src/db/client';
import { InventoryView } from '../../src/domain/inventory/view';
import { DESTINATIONS, priceDestinations, recommend } from '../../src/domain/recommendations/recommendations';
import { createWorld } from '../../src/domain/world/world';
import { BENCH_NOW, percentile } from './search-lib/queries';

const world = createWorld();
const inventory = new InventoryView();
inventory.ensureDates = async () => undefined;
const deps = { db: undefined as unknown as Db, world, inventory };
const ORIGINS = ['DEL', 'BOM', 'BLR', 'MAA', 'CCU'];
const f = (v: number) => v.toFixed(1);

console.log(`${DESTINATIONS.length} destinations × 60 days per origin`);
const cold: number[] = [];
for (const origin of ORIGINS) {
  const cpu = process.cpuUsage();
  const t = performance.now();
  const priced = await priceDestinations(deps, origin, BENCH_NOW);
  const wall = performance.now() - t;
  const used = process.cpuUsage(cpu);
  cold.push(wall);
  console.log(`cold ${origin}: ${f(wall)} ms wall, ${f((used.user + used.system) / 1000)} ms CPU, ${priced.length} destinations priced`);
}

// Warm: the panel's query with the destinations cached (computed above for each origin).
for (const origin of ORIGINS) await recommend(deps, origin, 20_000, BENCH_NOW);
const warm: number[] = [];
const budgets = [5_000, 10_000, 20_000, 40_000, 100_000];
const cpu = process.cpuUsage();
for (let round = 0; round < 200; round++) {
  const t = performance.now();
  await recommend(deps, ORIGINS[round % ORIGINS.length] ?? 'DEL', budgets[round % budgets.length] ?? 20_000, BENCH_NOW);
  warm.push(performance.now() - t);
}
const used = process.cpuUsage(cpu);
console.log(`warm query (cached origin, any budget): p50 ${f(percentile(warm, 50))} ms  p95 ${f(percentile(warm, 95))} ms  max ${f(Math.max(...warm))} ms  CPU ${((used.user + used.system) / warm.length).toFixed(0)} µs per query (${warm.length} queries)`);
console.log(`cold computation per origin: p50 ${f(percentile(cold, 50))} ms  max ${f(Math.max(...cold))} ms (at most every 5 minutes per origin, in the background once cached)`);
