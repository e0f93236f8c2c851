// Multi-city planner in process on the default world: a 4-stop plan (DEL → 2 middle cities → final)
// in both modes, with and without the "better order" search; 40 plans over different routes and dates.
// Inventory comes from an empty view (every seat open), like the search-engine benchmark.
import type { Db } from '../../src/db/client';
import { InventoryView } from '../../src/domain/inventory/view';
import { planTrip, type PlanMode } from '../../src/domain/planner/multi-city';
import { createWorld } from '../../src/domain/world/world';
import { BENCH_NOW, percentile } from './search-lib/queries';

const world = createWorld();
const inventory = new InventoryView();
inventory.ensureDates = async () => undefined;
const deps = { db: undefined as unknown as Db, world, inventory };

const ROUTES = [
  ['DEL', 'JAI', 'GOI', 'BOM'],
  ['BOM', 'BLR', 'COK', 'MAA'],
  ['BLR', 'HYD', 'CCU', 'DEL'],
  ['DEL', 'DXB', 'BOM', 'BLR'],
  ['MAA', 'DEL', 'IXC', 'BOM'],
];
const day = (offset: number) => new Date(Date.parse('2026-12-01T00:00:00Z') + offset * 86_400_000).toISOString().slice(0, 10);

async function run(mode: PlanMode, optimizeOrder: boolean) {
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let failures = 0;
  for (let round = 0; round < 8; round++) {
    for (const [i, cities] of ROUTES.entries()) {
      const start = round * 3 + i;
      const stops = cities.map((city, j) => ({ city, date: day(start + j * 2) }));
      const t = performance.now();
      const cpu = process.cpuUsage();
      try {
        await planTrip(deps, { stops, mode, optimizeOrder, cabin: 'economy', adults: 1, children: 0, infants: 0 }, BENCH_NOW);
      } catch {
        failures += 1;
      }
      times.push(performance.now() - t);
      const used = process.cpuUsage(cpu);
      cpuTimes.push((used.user + used.system) / 1000);
    }
  }
  const f = (v: number) => v.toFixed(1);
  console.log(`4-stop plan, ${mode === 'price' ? 'best price   ' : 'shortest time'}${optimizeOrder ? ' + better order' : '               '}  p50 ${f(percentile(times, 50))} ms  p95 ${f(percentile(times, 95))} ms  max ${f(Math.max(...times))} ms  (${times.length} plans, ${failures} without a fitting combination); CPU p50 ${f(percentile(cpuTimes, 50))} ms p95 ${f(percentile(cpuTimes, 95))} ms`);
}

// Warm-up for the JIT and the world's day slices.
await run('price', false);
console.log('--- measured ---');
for (const mode of ['price', 'time'] as const) for (const optimizeOrder of [false, true]) await run(mode, optimizeOrder);
