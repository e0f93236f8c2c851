import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flightInventory } from '../../db/schema/inventory';
import { createTestApp } from '../../../tests/support/test-app';
import { ensureInventoryRows } from '../inventory/rows';
import { createWorld } from '../world/world';
import { quoteItinerary } from './quote';

const world = createWorld();
const now = new Date('2026-11-21T06:30:00Z');
const pax = { adults: 2, children: 1, infants: 1 };
let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

function delBom() {
  const pattern = world.patterns.find((p) => p.from === 'DEL' && p.to === 'BOM' && p.carrier === '6E');
  if (!pattern) throw new Error('no DEL-BOM');
  return `${pattern.key}@2026-12-10`;
}

describe('quoteItinerary', () => {
  it('prices a flight from full capacity when no row exists', async () => {
    const quote = await quoteItinerary(ctx.database.db, world, `${delBom()}:economy`, pax, now);
    expect(quote).not.toBeNull();
    expect(quote?.seatsAvailable).toBe(186);
    const price = quote?.itinerary.price;
    expect(price?.perPassenger.infant?.baseFare).toBe(1500);
    expect(price?.total.total).toBe((price?.perPassenger.adult?.total ?? 0) * 2 + (price?.perPassenger.child?.total ?? 0) + (price?.perPassenger.infant?.total ?? 0));
    expect(quote?.itinerary.legs[0]?.departure).toMatch(/^2026-12-10T\d\d:\d\d:00\+05:30$/);
  });

  it('reads the database rows and moves the fare with the load factor', async () => {
    const id = delBom();
    const before = await quoteItinerary(ctx.database.db, world, `${id}:economy`, pax, now);
    await ensureInventoryRows(ctx.database.db, world, [{ flightId: id, cabin: 'economy' }]);
    await ctx.database.db.update(flightInventory).set({ available: 6, sold: 180 });
    const after = await quoteItinerary(ctx.database.db, world, `${id}:economy`, pax, now);
    expect(after?.seatsAvailable).toBe(6);
    expect(after?.itinerary.seatsLeft).toBe(6);
    expect(after?.itinerary.price.total.total ?? 0).toBeGreaterThan(before?.itinerary.price.total.total ?? 0);
  });

  it('returns null for malformed or unknown ids', async () => {
    for (const id of ['', 'nonsense', 'ZZ9999@2026-12-10:economy', `${delBom()}:cattle`, `${delBom().replace('2026-12-10', '2026-02-30')}:economy`]) {
      expect(await quoteItinerary(ctx.database.db, world, id, pax, now)).toBeNull();
    }
  });

  it('returns null when a cabin is absent on the aircraft', async () => {
    expect(await quoteItinerary(ctx.database.db, world, `${delBom()}:first`, pax, now)).toBeNull();
  });
});
