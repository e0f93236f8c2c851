import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_ERROR_MESSAGES } from '../../src/core/booking';
import type { Itinerary } from '../../src/core/search';
import type { Db } from '../../src/db/client';
import { bookingSegments, bookings, flightInventory, users } from '../../src/db/schema';
import { createHold } from '../../src/domain/booking/holds';
import { worldCatalog } from '../../src/domain/booking/world-catalog';
import { sellSeats, simulateDemand } from '../../src/domain/inventory/demand';
import { inLockOrder } from '../../src/domain/inventory/moves';
import { ADULT, findItinerary } from '../support/booking';
import { expectInventoryBalanced } from '../support/books';
import { TEST_DATABASE_URL, openScratchPostgres } from '../support/postgres';
import { createTestApp } from '../support/test-app';

type Scratch = Awaited<ReturnType<typeof openScratchPostgres>>;

/**
 * Leaves exactly `seats` available on every leg of an itinerary (the rest counted as sold), with
 * no holds. The rows are written against the lock order, so a statement that visits them in
 * table order would lock them against it too.
 */
async function leaveSeats(db: Db, itinerary: Itinerary, seats: number, catalog: ReturnType<typeof worldCatalog>) {
  await db.transaction((tx) => catalog.ensureInventory(tx, itinerary.legs));
  for (const leg of inLockOrder(itinerary.legs).reverse()) {
    await db
      .update(flightInventory)
      .set({ available: seats, held: 0, sold: sql`${flightInventory.capacity} - ${seats}` })
      .where(and(eq(flightInventory.flightId, leg.flightId), eq(flightInventory.cabin, leg.cabin)));
  }
}

/**
 * The books of the itinerary's legs after a step: balanced, never negative, and each leg's held
 * seats exactly the seats of the live holds on it; sold only grows.
 */
async function expectBooks(db: Db, itinerary: Itinerary, soldBefore: Map<string, number>) {
  await expectInventoryBalanced(db);
  for (const leg of itinerary.legs) {
    const [row] = await db.select().from(flightInventory).where(and(eq(flightInventory.flightId, leg.flightId), eq(flightInventory.cabin, leg.cabin)));
    const [held] = await db
      .select({ seats: sql<number>`coalesce(sum(${bookingSegments.seats}), 0)::int` })
      .from(bookingSegments)
      .innerJoin(bookings, eq(bookings.id, bookingSegments.bookingId))
      .where(and(eq(bookingSegments.flightId, leg.flightId), eq(bookingSegments.cabin, leg.cabin), eq(bookings.status, 'held')));
    expect(row?.available).toBeGreaterThanOrEqual(0);
    expect(row?.held, `${leg.flightId} held`).toBe(held?.seats);
    expect(row?.sold ?? 0).toBeGreaterThanOrEqual(soldBefore.get(leg.flightId) ?? 0);
    soldBefore.set(leg.flightId, row?.sold ?? 0);
  }
}

// Skipped only where no PostgreSQL is configured; .ci/run fails if this suite did not run.
describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL: the demand simulator against holds', () => {
  let database: Scratch;
  let node: Awaited<ReturnType<typeof createTestApp>>;
  let userId: string;
  beforeAll(async () => {
    database = await openScratchPostgres(20);
    node = await createTestApp({ database });
    const [user] = await database.db.insert(users).values({ email: `demand-${randomUUID()}@example.com`, passwordHash: 'x' }).returning({ id: users.id });
    userId = user!.id;
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('holds and demand batches racing for the last seats of a connection: no deadlock, never oversold, held seats = live holds', async () => {
    const itinerary = await findItinerary(node.app, { from: 'IXM', to: 'IXJ', date: '2026-12-29', stops: 1 });
    expect(itinerary.legs.length).toBeGreaterThan(1);
    const catalog = worldCatalog(node.world);
    // The legs against the lock order: a batch that locked rows in the order given would deadlock with the holds.
    const reversed = inLockOrder(itinerary.legs).reverse();
    await fc.assert(
      fc.asyncProperty(
        fc.record({ start: fc.integer({ min: 2, max: 8 }), holds: fc.integer({ min: 8, max: 24 }), batches: fc.array(fc.integer({ min: 1, max: 2 }), { minLength: 4, maxLength: 12 }) }),
        async ({ start, holds, batches }) => {
          await database.db.delete(bookings).where(inArray(bookings.itineraryId, [itinerary.id]));
          await leaveSeats(database.db, itinerary, start, catalog);
          const soldBefore = new Map<string, number>();
          await expectBooks(database.db, itinerary, soldBefore);
          const results = await Promise.allSettled([
            ...Array.from({ length: holds }, () =>
              createHold(database.db, node.clock, catalog, { userId, itineraryId: itinerary.id, passengers: [ADULT], quotedTotal: 0, acceptPriceChange: true }),
            ),
            ...batches.map((seats) => sellSeats(database.db, reversed.map((leg) => ({ flightId: leg.flightId, cabin: leg.cabin, seats })))),
          ]);
          // A hold either got its seats or found them sold out; a batch always completes.
          for (const r of results) if (r.status === 'rejected') expect(String((r.reason as Error).message)).toBe(BOOKING_ERROR_MESSAGES.soldOut);
          const batchResults = results.slice(holds);
          expect(batchResults.every((r) => r.status === 'fulfilled')).toBe(true);
          await expectBooks(database.db, itinerary, soldBefore);
          const held = results.slice(0, holds).filter((r) => r.status === 'fulfilled').length;
          expect(held).toBeLessThanOrEqual(start);
        },
      ),
      { numRuns: 10 },
    );
  }, 180_000);

  it('the whole simulator runs beside holds on its own flights and keeps the books', async () => {
    const itinerary = await findItinerary(node.app, { from: 'DEL', to: 'BOM', date: '2026-11-24' });
    const catalog = worldCatalog(node.world);
    await leaveSeats(database.db, itinerary, 3, catalog);
    const soldBefore = new Map<string, number>();
    for (let step = 0; step < 4; step += 1) {
      const at = new Date(node.clock.now().getTime() + step * 10_000);
      const results = await Promise.allSettled([
        ...Array.from({ length: 4 }, () =>
          createHold(database.db, node.clock, catalog, { userId, itineraryId: itinerary.id, passengers: [ADULT], quotedTotal: 0, acceptPriceChange: true }),
        ),
        simulateDemand(database.db, node.world, at, { flights: 300, horizonDays: 5 }),
        simulateDemand(database.db, node.world, new Date(at.getTime() + 5_000), { flights: 300, horizonDays: 5 }),
      ]);
      for (const r of results.slice(0, 4)) if (r.status === 'rejected') expect(String((r.reason as Error).message)).toBe(BOOKING_ERROR_MESSAGES.soldOut);
      expect(results.slice(4).every((r) => r.status === 'fulfilled')).toBe(true);
      await expectBooks(database.db, itinerary, soldBefore);
    }
  });
});
