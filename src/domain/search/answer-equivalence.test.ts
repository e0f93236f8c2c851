import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CABINS, type CompactSearchResponse, type SearchQuery } from '../../core/search';
import { expandSearchResponse } from '../../core/search-wire';
import { type Database, wrapPglite } from '../../db/client';
import { openFromTemplate } from '../../../tests/support/pglite-template';
import { InventoryView } from '../inventory/view';
import { createRng } from '../schedule/rng';
import { dayNumber, isoDate } from '../world/time';
import { createWorld } from '../world/world';
import { inventoryDatesFor, searchAnswerJson, searchFlights } from './search-flights';

const world = createWorld();
const NOW = new Date('2026-11-21T06:30:00Z');
let database: Database;
const inventory = new InventoryView();

/**
 * A few hundred reproducible queries: busy and quiet pairs, every cabin, mixed parties,
 * today to beyond the sale horizon, and unknown pairs.
 */
function queries(count: number): SearchQuery[] {
  const rng = createRng(1307);
  const departures = new Map<string, number>();
  for (const p of world.patterns) departures.set(p.from, (departures.get(p.from) ?? 0) + 1);
  const all = [...departures.keys()].sort();
  const busy = [...departures.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([code]) => code);
  const today = dayNumber('2026-11-21');
  const list: SearchQuery[] = [];
  while (list.length < count) {
    const pool = rng.next() < 0.6 ? busy : all;
    const from = rng.pick(pool);
    const to = rng.pick(pool);
    if (from === to) continue;
    const adults = rng.int(1, 4);
    const offset = rng.next() < 0.03 ? 335 : rng.int(0, 20);
    list.push({ from, to, date: isoDate(today + offset), cabin: rng.next() < 0.6 ? 'economy' : rng.pick(CABINS), adults, children: rng.int(0, 2), infants: rng.int(0, Math.min(adults, 1)) });
  }
  return list;
}

beforeAll(async () => {
  database = wrapPglite(await openFromTemplate());
  // Inventory that moves the answers: nearly full flights (fare buckets, "seats left") and sold-out ones.
  const rng = createRng(99);
  for (const q of queries(40)) {
    await inventory.ensureDates(database.db, inventoryDatesFor(q.date));
    const answer = await searchFlights({ db: database.db, world, inventory }, q, NOW);
    for (const itinerary of answer.itineraries.slice(0, 30)) {
      const leg = itinerary.legs[rng.int(0, itinerary.legs.length - 1)];
      if (!leg || rng.next() < 0.5) continue;
      const capacity = world.getFlight(leg.flightId)?.capacity[q.cabin] ?? 0;
      const available = rng.next() < 0.3 ? 0 : rng.int(1, Math.min(12, capacity));
      inventory.applyChange(leg.flightId, q.cabin, { available, held: 0, sold: capacity - available });
    }
  }
});
afterAll(async () => {
  await database.close();
});

describe('search answer: compact serialised path against the object path', () => {
  it('expands to the identical SearchResponse on 300 queries (itineraries, prices, order, empty reasons)', async () => {
    let withItineraries = 0;
    const reasons = new Set<string>();
    for (const q of queries(300)) {
      const old = JSON.stringify(await searchFlights({ db: database.db, world, inventory }, q, NOW));
      const compact = JSON.parse(searchAnswerJson(world, inventory, q, NOW)) as CompactSearchResponse;
      // Key order included: the expanded answer serialises to the object path's bytes.
      expect(JSON.stringify(expandSearchResponse(compact))).toBe(old);
      const parsed = compact;
      if (parsed.itineraries.length > 0) withItineraries++;
      if (parsed.reason) reasons.add(parsed.reason.replace(/between .*/, 'between …'));
    }
    // The sample covers full answers and the empty-answer reasons.
    expect(withItineraries).toBeGreaterThan(150);
    expect(reasons.size).toBeGreaterThanOrEqual(3);
  });
});
