import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixedClock } from '../../src/core/clock';
import { type Database, openPostgres } from '../../src/db/client';
import { notifications, outbox, priceAlerts, users } from '../../src/db/schema';
import { executeRows } from '../../src/db/rows';
import { checkDueAlerts } from '../../src/domain/alerts/check';
import { InventoryView } from '../../src/domain/inventory/view';
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
});
