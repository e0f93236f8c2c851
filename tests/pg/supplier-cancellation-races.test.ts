import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CancellationQuoteAnswer } from '../../src/core/trip-changes';
import { executeRows } from '../../src/db/rows';
import { bookings, cancellations, idempotencyKeys, refunds } from '../../src/db/schema';
import { RECONCILE_AFTER_MS, createSupplierCancellations } from '../../src/domain/cancellations/supplier';
import { SupplierError, type FlightSupplier } from '../../src/domain/suppliers/supplier';
import { overriding } from '../support/supplier-override';
import { signUpAndLogin } from '../support/auth';
import { authed } from '../support/booking';
import { expectCreditBalanced } from '../support/books';
import { seedDuffelBooking } from '../support/duffel-booking';
import { type DuffelFake, startDuffelFake } from '../support/duffel-fake/server';
import { TEST_DATABASE_URL, openScratchPostgres } from '../support/postgres';
import { createTestApp } from '../support/test-app';

type Scratch = Awaited<ReturnType<typeof openScratchPostgres>>;

const START = '2026-11-21T06:30:00Z';

// Skipped only where no PostgreSQL is configured; .ci/run fails if this suite did not run.
describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL: cancellations of Duffel bookings', () => {
  let database: Scratch;
  let fake: DuffelFake;
  let node: Awaited<ReturnType<typeof createTestApp>>;
  const facts = { international: () => false };

  beforeAll(async () => {
    database = await openScratchPostgres(20);
    fake = await startDuffelFake({ now: Date.parse(START) });
    node = await createTestApp({ database, now: START, env: { DUFFEL_ACCESS_TOKEN: fake.token, DUFFEL_API_URL: fake.url } });
  });
  afterAll(async () => {
    await fake?.close();
    await database?.drop();
  });

  const api = (): FlightSupplier => {
    if (node.deps.supplier.id !== 'duffel') throw new Error('not in Duffel mode');
    return node.deps.supplier.api;
  };
  /** Refund rows add up to each cancellation's refund; refund + retained = paid; no payment refunded beyond its amount; credit books balance. */
  async function expectBooks() {
    await expectCreditBalanced(database.db);
    const [bad] = await executeRows<{ lost: number; quotes: number; overpaid: number }>(
      database.db,
      sql`select
        (select count(*) from cancellations c where c.refund_paise <> coalesce((select sum(r.amount_paise) from refunds r where r.cancellation_id = c.id), 0))::int as lost,
        (select count(*) from cancellations c where c.refund_paise + c.retained_paise <> (c.quote->>'paidPaise')::int)::int as quotes,
        (select count(*) from payments p where p.amount_paise < coalesce((select sum(r.amount_paise) from refunds r where r.payment_id = p.id), 0))::int as overpaid`,
    );
    expect(bad).toEqual({ lost: 0, quotes: 0, overpaid: 0 });
  }

  it('two cancels of the same Duffel booking at once: one supplier cancellation, one refund', async () => {
    const { cookie, user } = await signUpAndLogin(node.app);
    for (let round = 0; round < 4; round += 1) {
      const seeded = await seedDuffelBooking(database.db, api(), user.id);
      const quoteRes = await node.app.request(`/api/bookings/${seeded.bookingId}/cancellation-quote`, { headers: authed(cookie) });
      const quote = (await quoteRes.json()) as CancellationQuoteAnswer;
      const body = JSON.stringify({ passengers: [0], quotedRefundPaise: quote.quote.refundPaise });
      const send = () => node.app.request(`/api/bookings/${seeded.bookingId}/cancellations`, { method: 'POST', headers: authed(cookie, { 'Idempotency-Key': randomUUID() }), body });
      const before = fake.requests.filter((r) => /actions\/confirm/.test(r.path)).length;
      const answers = await Promise.all([send(), send()]);
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
      expect(fake.requests.filter((r) => /actions\/confirm/.test(r.path)).length - before).toBe(1);
      expect(await database.db.select().from(cancellations).where(eq(cancellations.bookingId, seeded.bookingId))).toHaveLength(1);
      expect(await database.db.select().from(refunds).where(eq(refunds.bookingId, seeded.bookingId))).toHaveLength(1);
      await expectBooks();
    }
  });

  it('a lost answer the order cannot settle: 503 and the claim stays; two reconcilers record it once; then nothing is left', async () => {
    const { user } = await signUpAndLogin(node.app);
    const seeded = await seedDuffelBooking(database.db, api(), user.id);
    // The supplier as seen through a confirmation whose answer is lost, and an order that cannot be read just then.
    let orderReadable = false;
    const flaky = overriding(api(), {
      confirmCancellation: async (id: string) => {
        await api().confirmCancellation(id);
        throw new SupplierError('outcomeUnknown', 'lost answer');
      },
      getOrder: async (id: string) => {
        if (!orderReadable) throw new SupplierError('unavailable', 'down');
        return api().getOrder(id);
      },
    });
    const logger = { warn: () => {} };
    const remote = createSupplierCancellations({ db: database.db, clock: node.clock, supplier: flaky, facts, logger });
    const quote = await remote.quote(user.id, seeded.bookingId);
    if (!quote) throw new Error('not a supplier booking');
    await expect(remote.cancel({ userId: user.id, bookingId: seeded.bookingId, passengers: [0], destination: 'original', quotedRefundPaise: quote.quote.refundPaise })).rejects.toMatchObject({ status: 503 });
    expect(fake.order(seeded.orderId)?.cancelled_at).not.toBeNull();
    expect(await database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, seeded.bookingId))).toHaveLength(1);
    const [still] = await database.db.select().from(bookings).where(eq(bookings.id, seeded.bookingId));
    expect(still?.status).toBe('confirmed');

    // Too early for the reconciler; then the order is readable and two nodes settle at once.
    expect(await remote.reconcile()).toEqual({ recorded: [], dropped: 0 });
    orderReadable = true;
    node.clock.advance(RECONCILE_AFTER_MS + 1000);
    const other = createSupplierCancellations({ db: database.db, clock: node.clock, supplier: flaky, facts, logger });
    const settled = await Promise.all([remote.reconcile(), other.reconcile()]);
    expect(settled.reduce((n, s) => n + s.recorded.length, 0)).toBe(1);
    const [after] = await database.db.select().from(bookings).where(eq(bookings.id, seeded.bookingId));
    expect(after?.status).toBe('cancelled');
    expect(await database.db.select().from(refunds).where(eq(refunds.bookingId, seeded.bookingId))).toHaveLength(1);
    expect(await database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, seeded.bookingId))).toHaveLength(0);
    expect(await remote.reconcile()).toEqual({ recorded: [], dropped: 0 });
    await expectBooks();
  });

  it('a claim whose confirmation never reached the supplier is dropped by the reconciler; the booking stays confirmed', async () => {
    const { user } = await signUpAndLogin(node.app);
    const seeded = await seedDuffelBooking(database.db, api(), user.id);
    const lost = overriding(api(), {
      confirmCancellation: () => Promise.reject(new SupplierError('outcomeUnknown', 'no answer')),
      getOrder: () => Promise.reject(new SupplierError('timeout', 'slow')),
    });
    const remote = createSupplierCancellations({ db: database.db, clock: node.clock, supplier: lost, facts, logger: { warn: () => {} } });
    const quote = await remote.quote(user.id, seeded.bookingId);
    if (!quote) throw new Error('not a supplier booking');
    await expect(remote.cancel({ userId: user.id, bookingId: seeded.bookingId, passengers: [0], destination: 'original', quotedRefundPaise: quote.quote.refundPaise })).rejects.toMatchObject({ status: 503 });
    node.clock.advance(RECONCILE_AFTER_MS + 1000);
    const honest = createSupplierCancellations({ db: database.db, clock: node.clock, supplier: api(), facts, logger: { warn: () => {} } });
    expect(await honest.reconcile()).toMatchObject({ recorded: [], dropped: 1 });
    const [row] = await database.db.select().from(bookings).where(eq(bookings.id, seeded.bookingId));
    expect(row?.status).toBe('confirmed');
    expect(fake.order(seeded.orderId)?.cancelled_at).toBeNull();
  });
});
