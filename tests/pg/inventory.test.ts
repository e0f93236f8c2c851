import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPostgres } from '../../src/db/client';
import { flightInventory } from '../../src/db/schema';
import { inventoryDatesFor, searchInMemory } from '../../src/domain/search/search-flights';
import { followInventoryChanges, publishInventoryChanges } from '../../src/server/inventory-feed';
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
      const viewA = new InventoryView();
      const viewB = new InventoryView();
      await viewB.ensureDates(nodeB.db, inventoryDatesFor(query.date));
      const stopPublishing = publishInventoryChanges(nodeA, viewA, silentLogger);
      const stop = await followInventoryChanges(nodeB, viewB, silentLogger);
      const directIds = () => searchInMemory(world, viewB, query, NOW).list.filter((i) => i.legs.length === 1).map((i) => i.legs[0]?.flightId);
      const [flightId] = directIds();
      if (!flightId) throw new Error('no direct flight');
      // Node A sells the flight's last economy seats and, as its booking path does after every
      // commit, tells its own view, which publishes the news (no refresh job runs in this test).
      await ensureInventoryRows(nodeA.db, world, [{ flightId, cabin: 'economy' }]);
      const [sold] = await nodeA.db
        .update(flightInventory)
        .set({ available: 0, held: 0, sold: sql`${flightInventory.capacity}`, version: sql`${flightInventory.version} + 1` })
        .where(and(eq(flightInventory.flightId, flightId), eq(flightInventory.cabin, 'economy')))
        .returning();
      if (!sold) throw new Error('no row');
      viewA.applyChange(flightId, 'economy', sold);
      await vi.waitFor(() => expect(directIds()).not.toContain(flightId), { timeout: 5_000, interval: 10 });
      // The news carried the row's counts and version: node B holds exactly the stored row.
      expect(viewB.entries().find((e) => e.flightId === flightId && e.cabin === 'economy')).toEqual({ flightId, cabin: 'economy', available: 0, held: 0, sold: sold.sold, version: sold.version });

      // Many changes at once travel in batches under PostgreSQL's payload limit, all of them.
      const many = world.patterns.slice(0, 400).map((p) => ({ flightId: `${p.key}@2026-12-11`, cabin: 'economy' as const }));
      for (const [i, row] of many.entries()) viewA.applyChange(row.flightId, row.cabin, { available: 100 - (i % 50), held: 1, sold: 2, version: 7 });
      await vi.waitFor(() => expect(many.filter((row) => viewB.get(row.flightId, row.cabin, 999).held === 1)).toHaveLength(many.length), { timeout: 5_000, interval: 20 });
      await stopPublishing();
      await stop();
    } finally {
      await nodeA.close();
      await nodeB.close();
      await scratch.drop();
    }
  });
});
