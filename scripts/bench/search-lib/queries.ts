// Shared by the search benchmarks (a folder, so the bench runner does not run it).
import { createRng } from '../../../src/domain/schedule/rng';
import { dayNumber, isoDate } from '../../../src/domain/world/time';
import type { World } from '../../../src/domain/world/world';

export interface BenchQuery {
  from: string;
  to: string;
  date: string;
}

/**
 * Reproducible queries: half between the 30 busiest airports, half between any two served
 * airports, on `dates` days starting tomorrow (the bench's fixed today is 2026-11-21).
 */
export function benchQueries(world: World, count: number, dates: number, seed = 7): BenchQuery[] {
  const rng = createRng(seed);
  const departures = new Map<string, number>();
  for (const p of world.patterns) departures.set(p.from, (departures.get(p.from) ?? 0) + 1);
  const all = [...departures.keys()].sort();
  const busy = [...departures.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([code]) => code);
  const first = dayNumber('2026-11-22');
  const queries: BenchQuery[] = [];
  while (queries.length < count) {
    const pool = rng.next() < 0.5 ? busy : all;
    const from = rng.pick(pool);
    const to = rng.pick(pool);
    if (from === to) continue;
    queries.push({ from, to, date: isoDate(first + rng.int(0, dates - 1)) });
  }
  return queries;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? NaN;
}

export const BENCH_NOW = new Date('2026-11-21T06:30:00Z');
