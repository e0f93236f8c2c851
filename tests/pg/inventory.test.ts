import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteItinerary } from '../../src/domain/fares/quote';
import { simulateDemand } from '../../src/domain/inventory/demand';
import { ensureInventoryRows } from '../../src/domain/inventory/rows';
import { InventoryView } from '../../src/domain/inventory/view';
import { createWorld } from '../../src/domain/world/world';
import { TEST_DATABASE_URL, openScratchPostgres } from '../support/postgres';

// Skipped only where no PostgreSQL is configured (see tests/support/postgres.ts).
describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL: seat inventory', () => {
  const world = createWorld();
  let database: Awaited<ReturnType<typeof openScratchPostgres>>;
  beforeAll(async () => {
    database = await openScratchPostgres(5);
  });
  afterAll(async () => {
    await database.drop();
  });

  it('creates rows once under concurrency, sells through the simulator and converges two views', async () => {
    const pattern = world.patterns.find((p) => p.from === 'DEL' && p.to === 'BOM');
    const flightId = `${pattern?.key}@2026-12-10`;
    await Promise.all(Array.from({ length: 8 }, () => ensureInventoryRows(database.db, world, [{ flightId, cabin: 'economy' }])));
    const rows = await database.db.query.flightInventory.findMany();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.available).toBe(rows[0]?.capacity);

    const nodeA = new InventoryView();
    const nodeB = new InventoryView();
    await nodeB.refresh(database.db);
    const ticks = await simulateDemand(database.db, world, new Date('2026-11-21T06:30:00Z'), { flights: 50 });
    expect(ticks.length).toBeGreaterThan(20);
    for (const t of ticks) nodeA.applyChange(t.flightId, t.cabin, t.change);
    await nodeB.refresh(database.db);
    for (const t of ticks) {
      const capacity = t.change.available + t.change.held + t.change.sold;
      expect(nodeB.get(t.flightId, t.cabin, capacity)).toEqual(nodeA.get(t.flightId, t.cabin, capacity));
    }
    const sample = ticks.find((t) => (t.flightId.split('@')[1] ?? '') > '2026-11-22');
    if (!sample) throw new Error('no ticks');
    const quote = await quoteItinerary(database.db, world, `${sample.flightId}:${sample.cabin}`, { adults: 1, children: 0, infants: 0 }, new Date('2026-11-21T06:30:00Z'));
    expect(quote?.seatsAvailable).toBe(sample.change.available);
  });
});
