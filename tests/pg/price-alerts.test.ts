import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixedClock } from '../../src/core/clock';
import { type Database, openPostgres } from '../../src/db/client';
import { notifications, outbox, priceAlerts, users } from '../../src/db/schema';
import { executeRows } from '../../src/db/rows';
import { pairAllowed, returnJourneyOf, specialReturn } from '../../src/core/round-trip';
import { createAlert } from '../../src/domain/alerts/alerts';
import { checkDueAlerts } from '../../src/domain/alerts/check';
import { InventoryView } from '../../src/domain/inventory/view';
import { searchInMemory } from '../../src/domain/search/search-flights';
import { createWorld } from '../../src/domain/world/world';
import { TEST_DATABASE_URL, createScratchDatabase } from '../support/postgres';

const ROUTES = [
  ['DEL', 'BOM'],
  ['BOM', 'BLR'],
  ['BLR', 'DEL'],
  ['HYD', 'MAA'],
  ['CCU', 'DEL'],
] as const;

// Two job runners (separate pools and in-memory inventory, like two nodes) on one database.
describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL: price-alert job on two runners at once', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let a: Database;
  let b: Database;
  const clock = createFixedClock('2026-11-21T06:30:00Z');
  const world = createWorld({ seed: 20261121 });

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    a = await openPostgres(scratch.url, { poolSize: 5 });
    b = await openPostgres(scratch.url, { poolSize: 5, migrate: false });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await scratch?.drop();
  });

  it('checks every alert once per pass and triggers each exactly once, with one message each', async () => {
    const [user] = await a.db.insert(users).values({ email: `alerts-${randomUUID()}@example.com`, passwordHash: 'x' }).returning();
    const rows = Array.from({ length: 240 }, (_, i) => {
      const [from, to] = ROUTES[i % ROUTES.length]!;
      const signedIn = i % 2 === 0;
      return {
        userId: signedIn ? user!.id : null,
        ownerTokenHash: signedIn ? null : randomBytes(32).toString('hex'),
        from,
        to,
        cabin: 'economy' as const,
        dateFrom: `2026-12-${String(10 + (i % 8)).padStart(2, '0')}`,
        dateTo: `2026-12-${String(10 + (i % 8)).padStart(2, '0')}`,
        adults: 1 + (i % 3),
        children: 0,
        infants: 0,
        // Three in four can only trigger; the rest never will.
        targetPrice: i % 4 === 3 ? 1 : 1_000_000,
        email: signedIn ? user!.email : `anon-${i}@example.com`,
        emailConfirmedAt: i % 3 === 0 ? null : clock.now(),
        mailToken: randomBytes(32).toString('base64url'),
        nextCheckAt: clock.now(),
      };
    });
    await a.db.insert(priceAlerts).values(rows);
    const expectedTriggers = rows.filter((r) => r.targetPrice > 1).length;
    const expectedMails = rows.filter((r) => r.targetPrice > 1 && r.emailConfirmedAt !== null).length;

    const pass = () =>
      Promise.all([
        checkDueAlerts({ db: a.db, clock, world, inventory: new InventoryView() }, { batch: 20 }),
        checkDueAlerts({ db: b.db, clock, world, inventory: new InventoryView() }, { batch: 20 }),
      ]);

    const [ra, rb] = await pass();
    expect(ra.checked + rb.checked).toBe(rows.length);
    // Both runners did part of the work.
    expect(ra.checked).toBeGreaterThan(0);
    expect(rb.checked).toBeGreaterThan(0);
    expect(ra.triggered + rb.triggered).toBe(expectedTriggers);

    const after = await a.db.select().from(priceAlerts);
    for (const alert of after) {
      expect(alert.priceHistory).toHaveLength(1);
      expect(alert.triggered).toBe(alert.targetPrice > 1);
      expect(alert.triggered && alert.armed).toBe(false);
    }
    const notices = await a.db.select().from(notifications).where(eq(notifications.kind, 'price-alert'));
    expect(notices.filter((n) => n.userId === user!.id)).toHaveLength(rows.filter((r) => r.userId && r.targetPrice > 1).length);
    const mails = await a.db.select().from(outbox).where(eq(outbox.kind, 'notice-mail'));
    expect(mails).toHaveLength(expectedMails);

    // Next hour: both runners again; every alert checked once more, nothing fires twice.
    clock.advance(61 * 60_000);
    const [sa, sb] = await pass();
    expect(sa.checked + sb.checked).toBe(rows.length);
    expect(sa.triggered + sb.triggered).toBe(0);
    const counts = await executeRows<{ n: number }>(a.db, sql`select count(*)::int as n from price_alerts where jsonb_array_length(price_history) <> 2`);
    expect(counts[0]?.n).toBe(0);
    expect(await a.db.select().from(outbox).where(eq(outbox.kind, 'notice-mail'))).toHaveLength(expectedMails);
  });

  it('prices a round-trip alert as the cheapest round trip (special return included), triggers it once and names both dates', async () => {
    const [user] = await a.db.insert(users).values({ email: `rt-alerts-${randomUUID()}@example.com`, passwordHash: 'x' }).returning();
    const owner = { userId: user!.id, email: user!.email };
    const now = clock.now();
    const passengers = { adults: 2, children: 1, infants: 0 };
    // The price the round-trip results show for the cheapest pair, by brute force over every pair.
    const inventory = new InventoryView();
    await inventory.ensureDates(a.db, ['2026-12-11', '2026-12-12', '2026-12-13', '2026-12-14', '2026-12-15', '2026-12-16', '2026-12-17', '2026-12-18', '2026-12-19']);
    const list = (from: string, to: string, date: string) => searchInMemory(world, inventory, { from, to, date, cabin: 'economy', ...passengers }, now).list;
    let expected: number | null = null;
    let specials = 0;
    for (const date of ['2026-12-12', '2026-12-13']) {
      for (const out of list('DEL', 'BOM', date)) {
        for (const back of list('BOM', 'DEL', '2026-12-17')) {
          const o = returnJourneyOf(out);
          const r = returnJourneyOf(back);
          if (!pairAllowed(o, r)) continue;
          const offer = specialReturn(o, r, passengers);
          if (offer) specials += 1;
          const total = out.price.total.total + back.price.total.total - (offer?.discountPaise ?? 0) / 100;
          if (expected === null || total < expected) expected = total;
        }
      }
    }
    expect(specials).toBeGreaterThan(0);
    expect(expected).not.toBeNull();

    const alert = await createAlert(a.db, clock, world, owner, { from: 'DEL', to: 'BOM', dateFrom: '2026-12-12', dateTo: '2026-12-13', returnDate: '2026-12-17', targetPrice: expected!, email: user!.email, cabin: 'economy', ...passengers });
    expect(alert.returnDate).toBe('2026-12-17');
    const oneWay = await createAlert(a.db, clock, world, owner, { from: 'DEL', to: 'BOM', dateFrom: '2026-12-12', dateTo: '2026-12-13', targetPrice: 1, email: user!.email, cabin: 'economy', ...passengers });
    const runs = await Promise.all([
      checkDueAlerts({ db: a.db, clock, world, inventory: new InventoryView() }, { batch: 1 }),
      checkDueAlerts({ db: b.db, clock, world, inventory: new InventoryView() }, { batch: 1 }),
    ]);
    expect(runs.reduce((n, r) => n + r.triggered, 0)).toBe(1);
    const [stored] = await a.db.select().from(priceAlerts).where(eq(priceAlerts.id, alert.id));
    expect(stored?.currentPrice).toBe(expected);
    expect(stored?.triggeredPrice).toBe(expected);
    // A round trip has no one-way verdict.
    expect(stored?.currentAdultFare).toBeNull();
    const [plain] = await a.db.select().from(priceAlerts).where(eq(priceAlerts.id, oneWay.id));
    expect(plain?.currentPrice).toBeLessThan(expected!);
    expect(plain?.triggered).toBe(false);
    const notices = await a.db.select().from(notifications).where(eq(notifications.userId, user!.id));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.body).toContain('2026-12-12 to 2026-12-13, returning 2026-12-17');
    expect(notices[0]?.url).toContain('tripType=roundTrip');
    expect(notices[0]?.url).toContain('returnDate=2026-12-17');

    // A return before the last departure day is refused on its field, and never stored.
    await expect(
      createAlert(a.db, clock, world, owner, { from: 'DEL', to: 'BOM', dateFrom: '2026-12-12', dateTo: '2026-12-14', returnDate: '2026-12-13', targetPrice: 100, email: user!.email }),
    ).rejects.toMatchObject({ fields: { returnDate: 'Return date cannot be before departure date' } });
    const refused = await a.db.execute(sql`update price_alerts set return_date = '2026-12-11' where id = ${alert.id}`).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(Error);
    expect(String(refused instanceof Error ? refused.cause : refused)).toContain('price_alerts_return_after_departure');
  });
});
