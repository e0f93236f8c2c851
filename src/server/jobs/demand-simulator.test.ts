import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/support/test-app';
import { InventoryView } from '../../domain/inventory/view';
import { demandSimulator, inventoryRefresh } from './demand-simulator';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('demand simulator', () => {
  it('sells seats through the database and updates the view; another node converges by refresh', async () => {
    const deps = ctx.deps;
    const otherNode = { ...deps, inventory: new InventoryView() };
    await inventoryRefresh.run(otherNode);
    for (let i = 0; i < 5; i++) {
      await demandSimulator.run(deps);
      ctx.clock.advance(60_000);
    }
    const rows = await ctx.database.db.query.flightInventory.findMany();
    expect(rows.length).toBeGreaterThan(100);
    for (const row of rows) {
      expect(row.sold).toBeGreaterThan(0);
      expect(row.available + row.held + row.sold).toBe(row.capacity);
      const seen = ctx.inventory.get(row.flightId, row.cabin === 'business' ? 'business' : 'economy', row.capacity);
      expect(seen.available).toBe(row.available);
    }
    await inventoryRefresh.run(otherNode);
    const sample = rows[0];
    if (!sample) throw new Error('no rows');
    expect(otherNode.inventory.get(sample.flightId, sample.cabin === 'business' ? 'business' : 'economy', sample.capacity).available).toBe(sample.available);
  });
});
