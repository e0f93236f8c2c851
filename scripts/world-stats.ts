// Prints the generated world's size: `npx tsx scripts/world-stats.ts [--seed N] [--scale S] [--date YYYY-MM-DD]`.
// `--scale 22` is the world-scale schedule (~100k flights a day) the benchmarks use.
import { parseArgs } from 'node:util';
import { dayNumber } from '../src/domain/world/time';
import { createWorld, DEFAULT_SEED } from '../src/domain/world/world';

const { values } = parseArgs({ options: { seed: { type: 'string' }, scale: { type: 'string' }, date: { type: 'string' } } });
const seed = values.seed === undefined ? DEFAULT_SEED : Number(values.seed);
const scale = values.scale === undefined ? 1 : Number(values.scale);
if (!Number.isInteger(seed) || !(scale > 0)) {
  console.error('Usage: --seed <whole number> --scale <positive number> --date YYYY-MM-DD');
  process.exit(1);
}
const date = values.date ?? '2026-12-10';
const started = performance.now();
const world = createWorld({ seed, scale });
const built = performance.now() - started;
const slice = world.daySlice(dayNumber(date));
const international = world.patterns.filter((p) => p.international).length;
const count = (from: string, to: string) => world.patterns.filter((p) => p.from === from && p.to === to).length;
console.log(`seed ${seed}, scale ${scale}: ${world.patterns.length} patterns (${international} international), built in ${Math.round(built)} ms`);
console.log(`${slice.departure.length} flights leave on ${date} (UTC day); DEL→BOM ${count('DEL', 'BOM')}, BOM→DEL ${count('BOM', 'DEL')} a day`);
console.log(`${world.servedAirports.size} airports with departures, ${new Set(world.patterns.map((p) => p.carrier)).size} carriers`);
