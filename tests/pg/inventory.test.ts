import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPostgres } from '../../src/db/client';
import { flightInventory } from '../../src/db/schema';
import { inventoryDatesFor, searchInMemory } from '../../src/domain/search/search-flights';
import { followInventoryChanges } from '../../src/server/inventory-feed';
import { silentLogger } from '../../src/server/logger';
import { quoteItinerary } from '../../src/domain/fares/quote';
import { simulateDemand } from '../../src/domain/inventory/demand';
import { ensureInventoryRows } from '../../src/domain/inventory/rows';
import { InventoryView } from '../../src/domain/inventory/view';
import { createWorld } from '../../src/domain/world/world';
import { TEST_DATABASE_URL, createScratchDatabase, openScratchPostgres } from '../support/postgres';

const NOW = new Date('2026-11-21T06:30:00Z');

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

describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL: inventory changes reach other processes', () => {
  it('a flight sold out through one node leaves the next search on another node without waiting for its refresh job', async () => {
    const world = createWorld();
    const scratch = await createScratchDatabase();
    const nodeA = await openPostgres(scratch.url, { poolSize: 2 });
    const nodeB = await openPostgres(scratch.url, { poolSize: 2, migrate: false });
    try {
      const query = { from: 'DEL', to: 'BOM', date: '2026-12-10', cabin: 'economy' as const, adults: 1, children: 0, infants: 0 };
      const viewB = new InventoryView();
      await viewB.ensureDates(nodeB.db, inventoryDatesFor(query.date));
      const stop = await followInventoryChanges(nodeB, viewB, silentLogger);
      const directIds = () => searchInMemory(world, viewB, query, NOW).list.filter((i) => i.legs.length === 1).map((i) => i.legs[0]?.flightId);
      const flightId = directIds()[0];
      if (!flightId) throw new Error('no direct flight');
      // Node A sells the flight's last economy seat (no refresh job runs anywhere in this test).
      await ensureInventoryRows(nodeA.db, world, [{ flightId, cabin: 'economy' }]);
      await nodeA.db.update(flightInventory).set({ available: 0, held: 0, sold: sql`${flightInventory.capacity}` }).where(and(eq(flightInventory.flightId, flightId), eq(flightInventory.cabin, 'economy')));
      await vi.waitFor(() => expect(directIds()).not.toContain(flightId), { timeout: 5_000, interval: 10 });
      // The notification carried the row's counts and version: node B holds exactly the stored row.
      const [stored] = await nodeA.db.select().from(flightInventory).where(and(eq(flightInventory.flightId, flightId), eq(flightInventory.cabin, 'economy')));
      expect(viewB.entries().find((e) => e.flightId === flightId && e.cabin === 'economy')).toEqual({
        flightId,
        cabin: 'economy',
        available: stored?.available,
        held: stored?.held,
        sold: stored?.sold,
        version: stored?.version,
      });
      await stop();
    } finally {
      await nodeA.close();
      await nodeB.close();
      await scratch.drop();
    }
  });
});
