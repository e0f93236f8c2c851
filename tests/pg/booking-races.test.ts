import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BookingView } from '../../src/core/booking';
import { createFixedClock } from '../../src/core/clock';
import type { Itinerary } from '../../src/core/search';
import type { Db } from '../../src/db/client';
import { q, queryRows } from '../../src/db/raw';
import { boardingPasses, bookings, flightInventory, outbox, payments, users } from '../../src/db/schema';
import { sweepExpiredHolds } from '../../src/domain/booking/expire';
import { createHold } from '../../src/domain/booking/holds';
import { RECONCILE_AFTER_MS, moneyInFlight } from '../../src/domain/checkout/service';
import { worldCatalog } from '../../src/domain/booking/world-catalog';
import { inLockOrder } from '../../src/domain/inventory/moves';
import { signSandboxWebhook } from '../../src/domain/payments/sandbox';
import { DEV_SANDBOX_SECRET } from '../../src/server/config';
import { signUpAndLogin } from '../support/auth';
import { ADULT, CHILD, INFANT, authed, confirmBooking, findItinerary, payOrder, postBooking, sandboxPay } from '../support/booking';
import { expectCreditBalanced, expectInventoryBalanced } from '../support/books';
import { TEST_DATABASE_URL, openScratchPostgres } from '../support/postgres';
import { createTestApp } from '../support/test-app';

type Scratch = Awaited<ReturnType<typeof openScratchPostgres>>;

async function insertUser(db: Db): Promise<string> {
  const [row] = await db.insert(users).values({ email: `race-${randomUUID()}@example.com`, passwordHash: 'x' }).returning({ id: users.id });
  if (!row) throw new Error('no user');
  return row.id;
}

/** Leaves exactly `seats` available on every leg of an itinerary (the rest counted as sold). */
async function leaveSeats(db: Db, itinerary: Itinerary, seats: number, catalog: ReturnType<typeof worldCatalog>) {
  await db.transaction((tx) => catalog.ensureInventory(tx, itinerary.legs));
  for (const leg of itinerary.legs) {
    await db
      .update(flightInventory)
      .set({ available: seats, held: 0, sold: sql`${flightInventory.capacity} - ${seats}` })
      .where(and(eq(flightInventory.flightId, leg.flightId), eq(flightInventory.cabin, leg.cabin)));
  }
}

/** Every booking's fare rows were written with its hold: one per passenger and leg, adding up to its total. */
async function expectFaresAddUp(db: Db) {
  const rows = await queryRows<{ id: string; total_inr: number; expected: number; n: number; paise: string }>(
    db,
    q`select b.id, b.total_inr, b.passenger_count * jsonb_array_length(b.itinerary->'legs') as expected, count(f.booking_id)::int as n, coalesce(sum(f.total_paise), 0)::text as paise
      from bookings b left join booking_fares f on f.booking_id = b.id group by b.id`,
  );
  for (const row of rows) {
    expect(Number(row.n), row.id).toBe(Number(row.expected));
    expect(Number(row.paise), row.id).toBe(Number(row.total_inr) * 100);
  }
}

// Skipped only where no PostgreSQL is configured; .ci/run fails if this suite did not run.
describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL: booking races', () => {
  let database: Scratch;
  let node: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    database = await openScratchPostgres(20);
    node = await createTestApp({ database });
  });
  afterAll(async () => {
    await database?.drop();
  });
  afterEach(async () => {
    await expectInventoryBalanced(database.db);
    await expectCreditBalanced(database.db);
    await expectFaresAddUp(database.db);
  });

  it('200 concurrent clients racing for the last 10 seats: exactly 10 held, never negative', async () => {
    const itinerary = await findItinerary(node.app, { from: 'DEL', to: 'BOM', date: '2026-12-28' });
    const catalog = worldCatalog(node.world);
    await leaveSeats(database.db, itinerary, 10, catalog);
    const userId = await insertUser(database.db);
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, () =>
        createHold(database.db, node.clock, catalog, { userId, itineraryId: itinerary.id, passengers: [ADULT], quotedTotal: 0, acceptPriceChange: true }),
      ),
    );
    const held = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(held).toHaveLength(10);
    expect(refused).toHaveLength(190);
    for (const r of refused) expect(String((r.reason as Error).message)).toBe('Sorry, these seats have just sold out.');
    const [row] = await database.db.select().from(flightInventory).where(eq(flightInventory.flightId, itinerary.legs[0]?.flightId ?? ''));
    expect(row?.available).toBe(0);
    expect(row?.held).toBe(10);
  });

  it('the first holds on flights nobody has touched create each inventory row once and take exactly the seats held', async () => {
    // A connection: both legs start without inventory rows.
    const itinerary = await findItinerary(node.app, { from: 'IXM', to: 'IXJ', date: '2026-12-27', stops: 1 });
    const catalog = worldCatalog(node.world);
    const userId = await insertUser(database.db);
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, () =>
        createHold(database.db, node.clock, catalog, { userId, itineraryId: itinerary.id, passengers: [ADULT, CHILD], quotedTotal: 0, acceptPriceChange: true }),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    for (const leg of itinerary.legs) {
      const rows = await database.db.select().from(flightInventory).where(and(eq(flightInventory.flightId, leg.flightId), eq(flightInventory.cabin, leg.cabin)));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.held).toBe(80);
      expect(rows[0]?.available).toBe((rows[0]?.capacity ?? 0) - 80);
    }
  });

  it('a connection whose last leg sells out while holds wait for it: every hold fails and gives the first leg back', async () => {
    const itinerary = await findItinerary(node.app, { from: 'IXM', to: 'IXJ', date: '2026-12-28', stops: 1 });
    const catalog = worldCatalog(node.world);
    await leaveSeats(database.db, itinerary, 5, catalog);
    // Seats are taken leg by leg in (flight, cabin) order. The leg taken last is locked here while
    // the holds (whose quotes still see 5 seats) queue for it, then sold out: each hold has already
    // taken its seat on the earlier leg when it finds none, and must give it back.
    const last = inLockOrder(itinerary.legs).at(-1);
    const lastRow = and(eq(flightInventory.flightId, last?.flightId ?? ''), eq(flightInventory.cabin, last?.cabin ?? 'economy'));
    const userId = await insertUser(database.db);
    let holds: Promise<PromiseSettledResult<unknown>[]> = Promise.resolve([]);
    await database.db.transaction(async (tx) => {
      await tx.select().from(flightInventory).where(lastRow).for('update');
      holds = Promise.allSettled(
        Array.from({ length: 8 }, () =>
          createHold(database.db, node.clock, catalog, { userId, itineraryId: itinerary.id, passengers: [ADULT], quotedTotal: 0, acceptPriceChange: true }),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      await tx.update(flightInventory).set({ available: 0, sold: sql`${flightInventory.capacity}` }).where(lastRow);
    });
    const results = await holds;
    expect(results).toHaveLength(8);
    for (const r of results) {
      expect(r.status).toBe('rejected');
      if (r.status === 'rejected') expect(String((r.reason as Error).message)).toBe('Sorry, these seats have just sold out.');
    }
    for (const leg of itinerary.legs) {
      const [row] = await database.db.select().from(flightInventory).where(and(eq(flightInventory.flightId, leg.flightId), eq(flightInventory.cabin, leg.cabin)));
      expect(row?.held).toBe(0);
      expect(row?.available).toBe(leg === last ? 0 : 5);
    }
  });

  it('a family of 3 (one infant on a lap) takes 2 seats; multi-seat holds never overshoot', async () => {
    const itinerary = await findItinerary(node.app, { from: 'BOM', to: 'DEL', date: '2026-12-28' });
    const catalog = worldCatalog(node.world);
    await leaveSeats(database.db, itinerary, 9, catalog);
    const userId = await insertUser(database.db);
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, () =>
        createHold(database.db, node.clock, catalog, { userId, itineraryId: itinerary.id, passengers: [ADULT, CHILD, INFANT], quotedTotal: 0, acceptPriceChange: true }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(4);
    const [row] = await database.db.select().from(flightInventory).where(eq(flightInventory.flightId, itinerary.legs[0]?.flightId ?? ''));
    expect(row?.held).toBe(8);
    expect(row?.available).toBe(1);
  });

  it('the same Idempotency-Key sent 20 times at once makes one booking', async () => {
    const itinerary = await findItinerary(node.app, { from: 'DEL', to: 'BLR', date: '2026-12-28' });
    const { cookie, user } = await signUpAndLogin(node.app);
    const key = randomUUID();
    const body = { itineraryId: itinerary.id, passengers: [ADULT], quotedTotal: itinerary.price.total.total, acceptPriceChange: true };
    const answers = await Promise.all(Array.from({ length: 20 }, () => postBooking(node.app, cookie, body, key)));
    const created = answers.filter((a) => a.status === 201);
    const inProgress = answers.filter((a) => a.status === 409);
    expect(created.length + inProgress.length).toBe(20);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const a of inProgress) expect(a.body.error?.code).toBe('idempotency_in_progress');
    expect(new Set(created.map((a) => a.body.booking.id)).size).toBe(1);
    const rows = await database.db.select().from(bookings).where(eq(bookings.userId, user.id));
    expect(rows).toHaveLength(1);
    // After the dust settles the key replays the one booking.
    const replay = await postBooking(node.app, cookie, body, key);
    expect(replay.body.booking.id).toBe(rows[0]?.id);
  });

  it('callback + webhook + duplicate webhooks in any order: one confirmation, one payment row', async () => {
    const itinerary = await findItinerary(node.app, { from: 'BLR', to: 'DEL', date: '2026-12-28' });
    const { cookie } = await signUpAndLogin(node.app);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom('callback', 'webhook-a', 'webhook-b', 'webhook-a'), { minLength: 2, maxLength: 6 }), async (order) => {
        const hold = await postBooking(node.app, cookie, { itineraryId: itinerary.id, passengers: [ADULT, CHILD], quotedTotal: 0, acceptPriceChange: true });
        const bookingId = hold.body.booking.id;
        const orderInfo = await payOrder(node.app, cookie, bookingId);
        const pay = await sandboxPay(node.app, orderInfo.orderId);
        const raw = JSON.stringify({ event: 'payment.captured', payload: { payment: { entity: { id: pay.body.paymentId, order_id: orderInfo.orderId, amount: orderInfo.amountPaise, method: 'card' } } } });
        const webhook = async (eventId: string) =>
          await node.app.request('/api/webhooks/sandbox', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'X-Sandbox-Signature': signSandboxWebhook(DEV_SANDBOX_SECRET, raw), 'X-Sandbox-Event-Id': `${eventId}-${bookingId}` },
            body: raw,
          });
        const calls = [...order, 'callback'].map((step) => (step === 'callback' ? confirmBooking(node.app, cookie, bookingId, pay.body).then((r) => r.status) : webhook(step).then((r) => r.status)));
        const statuses = await Promise.all(calls);
        expect(statuses.every((s) => s === 200)).toBe(true);
        const paid = await database.db.select().from(payments).where(eq(payments.bookingId, bookingId));
        expect(paid).toHaveLength(1);
        expect(paid[0]?.status).toBe('captured');
        const [booking] = await database.db.select().from(bookings).where(eq(bookings.id, bookingId));
        expect(booking?.status).toBe('confirmed');
        expect(booking?.paymentId).toBe(pay.body.paymentId);
        const passes = await database.db.select().from(boardingPasses).where(eq(boardingPasses.bookingId, bookingId));
        expect(passes).toHaveLength(2 * itinerary.legs.length);
        const mails = await database.db.select().from(outbox).where(sql`${outbox.payload}->>'bookingId' = ${bookingId}`);
        expect(mails).toHaveLength(1);
      }),
      { numRuns: 8 },
    );
  });

  it('concurrent confirmations on one flight never give a seat twice', async () => {
    const itinerary = await findItinerary(node.app, { from: 'DEL', to: 'HYD', date: '2026-12-28' });
    const { cookie } = await signUpAndLogin(node.app);
    const held = await Promise.all(
      Array.from({ length: 12 }, () => postBooking(node.app, cookie, { itineraryId: itinerary.id, passengers: [ADULT, CHILD], quotedTotal: 0, acceptPriceChange: true })),
    );
    const paid = await Promise.all(
      held.map(async (h) => {
        const o = await payOrder(node.app, cookie, h.body.booking.id);
        return { id: h.body.booking.id, pay: (await sandboxPay(node.app, o.orderId)).body };
      }),
    );
    const confirmed = await Promise.all(paid.map((p) => confirmBooking(node.app, cookie, p.id, p.pay)));
    expect(confirmed.every((c) => c.status === 200)).toBe(true);
    const seats = await database.db.select().from(boardingPasses).where(eq(boardingPasses.flightId, itinerary.legs[0]?.flightId ?? ''));
    expect(seats).toHaveLength(24);
    expect(new Set(seats.map((s) => s.seat)).size).toBe(24);
  });

  it('concurrent confirmations of connections, with holds queueing for the same legs: no deadlock, no seat given twice on any leg', async () => {
    const itinerary = await findItinerary(node.app, { from: 'IXM', to: 'IXJ', date: '2026-12-29', stops: 1 });
    expect(itinerary.legs.length).toBe(2);
    const { cookie } = await signUpAndLogin(node.app);
    const hold = () => postBooking(node.app, cookie, { itineraryId: itinerary.id, passengers: [ADULT, CHILD], quotedTotal: 0, acceptPriceChange: true });
    const held = await Promise.all(Array.from({ length: 8 }, hold));
    expect(held.every((h) => h.status === 201)).toBe(true);
    const paid = await Promise.all(
      held.map(async (h) => {
        const o = await payOrder(node.app, cookie, h.body.booking.id);
        return { id: h.body.booking.id, pay: (await sandboxPay(node.app, o.orderId)).body };
      }),
    );
    // Confirmations move held → sold on both legs while new holds take seats on them: all lock legs in one order.
    const [confirmed, more] = await Promise.all([Promise.all(paid.map((p) => confirmBooking(node.app, cookie, p.id, p.pay))), Promise.all(Array.from({ length: 8 }, hold))]);
    expect(confirmed.map((c) => c.status)).toEqual(Array(8).fill(200));
    expect(more.every((h) => h.status === 201)).toBe(true);
    for (const leg of itinerary.legs) {
      const seats = await database.db.select().from(boardingPasses).where(eq(boardingPasses.flightId, leg.flightId));
      expect(seats).toHaveLength(16);
      expect(new Set(seats.map((s) => s.seat)).size).toBe(16);
      const [row] = await database.db.select().from(flightInventory).where(and(eq(flightInventory.flightId, leg.flightId), eq(flightInventory.cabin, leg.cabin)));
      expect(row?.sold).toBe(16);
      expect(row?.held).toBe(16);
    }
  });

  it('an expired hold releases its seats; two sweepers at once expire each hold exactly once', async () => {
    const itinerary = await findItinerary(node.app, { from: 'HYD', to: 'DEL', date: '2026-12-28' });
    const catalog = worldCatalog(node.world);
    await leaveSeats(database.db, itinerary, 30, catalog);
    const userId = await insertUser(database.db);
    const clock = createFixedClock('2026-11-21T06:30:00Z');
    const mine = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const { booking } = await createHold(database.db, clock, catalog, { userId, itineraryId: itinerary.id, passengers: [ADULT, CHILD], quotedTotal: 0, acceptPriceChange: true });
      mine.add(booking.id);
    }
    const flightId = itinerary.legs[0]?.flightId ?? '';
    const before = (await database.db.select().from(flightInventory).where(eq(flightInventory.flightId, flightId)))[0];
    expect(before?.held).toBe(24);
    // Nothing expires early.
    expect((await sweepExpiredHolds(database.db, clock)).expired).toHaveLength(0);
    clock.advance(10 * 60_000 + 1);
    const [a, b] = await Promise.all([sweepExpiredHolds(database.db, clock, 5), sweepExpiredHolds(database.db, clock, 100)]);
    const rest = await sweepExpiredHolds(database.db, clock);
    // Holds left by earlier tests expire too; count this test's.
    const all = [...(a?.expired ?? []), ...(b?.expired ?? []), ...rest.expired].filter((id) => mine.has(id));
    expect(all).toHaveLength(12);
    expect(new Set(all).size).toBe(12);
    const after = (await database.db.select().from(flightInventory).where(eq(flightInventory.flightId, flightId)))[0];
    expect(after?.held).toBe(0);
    expect(after?.available).toBe(30);
  });

  it('a confirmation racing the sweeper either confirms or refunds, never both, never lost', async () => {
    const itinerary = await findItinerary(node.app, { from: 'DEL', to: 'CCU', date: '2026-12-28' });
    const { cookie } = await signUpAndLogin(node.app);
    for (let i = 0; i < 6; i++) {
      const hold = await postBooking(node.app, cookie, { itineraryId: itinerary.id, passengers: [ADULT], quotedTotal: 0, acceptPriceChange: true });
      const o = await payOrder(node.app, cookie, hold.body.booking.id);
      const pay = await sandboxPay(node.app, o.orderId);
      // Exactly at the edge: the hold dies as both run.
      node.clock.advance(10 * 60_000);
      const [confirm] = await Promise.all([confirmBooking(node.app, cookie, hold.body.booking.id, pay.body), sweepExpiredHolds(database.db, node.clock)]);
      node.clock.advance(-10 * 60_000);
      const [row] = await database.db.select().from(payments).where(eq(payments.providerOrderId, o.orderId));
      const [booking] = await database.db.select().from(bookings).where(eq(bookings.id, hold.body.booking.id));
      if (confirm.status === 200) {
        expect(booking?.status).toBe('confirmed');
        expect(row?.status).toBe('captured');
      } else {
        expect(confirm.body.error?.reason).toBe('hold-expired');
        expect(booking?.status).toBe('expired');
        expect(row?.status).toBe('refunded');
      }
    }
  });

  it('callback, gateway webhook and reconciler racing on abandoned-looking payments: one confirmation each, no money in flight', async () => {
    const itinerary = await findItinerary(node.app, { from: 'BOM', to: 'BLR', date: '2026-12-28' });
    const { cookie } = await signUpAndLogin(node.app);
    const paid = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const hold = await postBooking(node.app, cookie, { itineraryId: itinerary.id, passengers: [ADULT], quotedTotal: 0, acceptPriceChange: true });
        const o = await payOrder(node.app, cookie, hold.body.booking.id);
        return { id: hold.body.booking.id, pay: (await sandboxPay(node.app, o.orderId)).body };
      }),
    );
    // Everything is due at once: the gateway's webhooks and the reconciler's grace period.
    node.clock.advance(RECONCILE_AFTER_MS + 1);
    const confirms = await Promise.all([
      ...paid.map((p) => confirmBooking(node.app, cookie, p.id, p.pay)),
      node.checkout.deliverSandboxWebhooks(),
      node.checkout.reconcile(),
      node.checkout.reconcile(),
    ]);
    node.clock.advance(-(RECONCILE_AFTER_MS + 1));
    for (const c of confirms.slice(0, paid.length)) expect((c as { status: number }).status).toBe(200);
    for (const p of paid) {
      const rows = await database.db.select().from(payments).where(eq(payments.bookingId, p.id));
      expect(rows.map((r) => r.status)).toEqual(['captured']);
      const passes = await database.db.select().from(boardingPasses).where(eq(boardingPasses.bookingId, p.id));
      expect(passes).toHaveLength(itinerary.legs.length);
    }
    expect(await moneyInFlight(database.db)).toMatchObject({ authorized: 0 });
  });

  it("user B cannot read user A's booking over PostgreSQL either", async () => {
    const itinerary = await findItinerary(node.app, { from: 'DEL', to: 'BOM', date: '2026-12-29' });
    const a = await signUpAndLogin(node.app);
    const b = await signUpAndLogin(node.app);
    const hold = await postBooking(node.app, a.cookie, { itineraryId: itinerary.id, passengers: [ADULT], quotedTotal: 0, acceptPriceChange: true });
    const res = await node.app.request(`/api/bookings/${hold.body.booking.id}`, { headers: authed(b.cookie) });
    expect(res.status).toBe(404);
    const own = (await (await node.app.request(`/api/bookings/${hold.body.booking.id}`, { headers: authed(a.cookie) })).json()) as { booking: BookingView };
    expect(own.booking.id).toBe(hold.body.booking.id);
  });
});
